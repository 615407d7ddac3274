"""JSDoc comments (``/** ... */``) to ``ir.Doc``: a description, then block tags in order.

Line breaks are kept exactly as written (the official JSON Schema keeps them), inline tags
such as ``{@link X | y}`` stay verbatim, and a ``@`` at the start of a line inside a
fenced code block is text, not a tag.
"""

from __future__ import annotations

import re

from codegen.ir import EMPTY_DOC, Doc, DocTag

_TAG_LINE = re.compile(r"@([A-Za-z][\w-]*)(?:\s+(.*))?$", re.DOTALL)
_FENCE = "```"


def is_jsdoc(comment: str) -> bool:
    """Only ``/** ... */`` is documentation; ``/**/`` and ``/***`` banners are not."""
    return comment.startswith("/**") and not comment.startswith("/***") and len(comment) > 4


def _body_lines(comment: str) -> list[str]:
    body = comment[3:]
    if body.endswith("*/"):
        body = body[:-2]
    lines = []
    for raw in body.split("\n"):
        line = raw.rstrip("\r").lstrip()
        if line.startswith("*"):
            # Drop the gutter star and exactly one space so indentation inside stays.
            line = line[1:]
            if line.startswith(" "):
                line = line[1:]
        lines.append(line.rstrip())
    return lines


def _trim(lines: list[str]) -> str:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end])


def parse_jsdoc(comment: str) -> Doc:
    """Split a ``/** */`` comment into its description and its block tags."""
    if not is_jsdoc(comment):
        return EMPTY_DOC
    description: list[str] = []
    tags: list[tuple[str, list[str]]] = []
    in_fence = False
    for line in _body_lines(comment):
        stripped = line.lstrip()
        match = None if in_fence else _TAG_LINE.match(stripped)
        if stripped.startswith(_FENCE):
            in_fence = not in_fence
        if match:
            tags.append((match.group(1), [match.group(2) or ""]))
        elif tags:
            tags[-1][1].append(line)
        else:
            description.append(line)
    return Doc(
        description=_trim(description),
        tags=tuple(DocTag(name, _trim(text)) for name, text in tags),
    )
