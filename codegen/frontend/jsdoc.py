"""JSDoc comments (``/** ... */``) to ``ir.Doc``: a description, then block tags in order.

Line breaks are kept exactly as written (the official JSON Schema keeps them), inline tags
such as ``{@link X | y}`` stay verbatim, and a ``@`` at the start of a line inside a
fenced code block is text, not a tag.
"""

from __future__ import annotations

import re

from ..ir import EMPTY_DOC, Doc, DocTag

# TypeScript's tag name is an identifier; whatever follows it is the tag's text
# (``(@media or @import) header`` ends the description at ``@import``).
_TAG_LINE = re.compile(r"@([A-Za-z][\w-]*)\s*(.*)$", re.DOTALL)
_FENCE = "```"


def is_jsdoc(comment: str) -> bool:
    """Only ``/** ... */`` is documentation; ``/**/`` and ``/***`` banners are not."""
    return comment.startswith("/**") and not comment.startswith("/***") and len(comment) > 4


def _body_lines(comment: str) -> list[str]:
    body = comment[3:]
    if body.endswith("*/"):
        body = body[:-2]
    # Trailing spaces inside the text are kept (TypeScript keeps them); ``_trim`` drops
    # those at the very end.
    return [_body_line(raw) for raw in body.split("\n")]


def _body_line(raw: str) -> str:
    line = raw.rstrip("\r").lstrip()
    if line.startswith("*"):
        # Drop the gutter star and exactly one space so indentation inside stays.
        line = line[1:]
        if line.startswith(" "):
            line = line[1:]
    return line


def _trim(lines: list[str]) -> str:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end]).rstrip()


def _split_inline_tags(line: str) -> list[str]:
    """TypeScript starts a tag at any ``@name`` after whitespace (``Text @minimum 3``),
    except inside backticks or an inline ``{@link ...}``."""
    if "@" not in line:  # most lines: no character by character scan (#37)
        return [line]
    pieces: list[str] = []
    start = 0
    ticks = braces = 0
    for i, char in enumerate(line):
        if char == "`":
            ticks ^= 1
        elif char == "{":
            braces += 1
        elif char == "}" and braces:
            braces -= 1
        elif (
            char == "@"
            and i > 0
            and line[i - 1] in " \t"
            and not ticks
            and not braces
            and line[:i].strip()
            and _TAG_LINE.match(line[i:])
        ):
            pieces.append(line[start:i])
            start = i
    pieces.append(line[start:])
    return pieces


def parse_jsdoc(comment: str) -> Doc:
    """Split a ``/** */`` comment into its description and its block tags."""
    if not is_jsdoc(comment):
        return EMPTY_DOC
    if "\n" not in comment and "@" not in comment and "`" not in comment:
        # ``/** One line. */``, most comments: no fence, no tag, one line of description,
        # what the loop below gives it (#37)
        return Doc(description=_body_lines(comment)[0].rstrip(), tags=())
    description: list[str] = []
    tags: list[tuple[str, list[str]]] = []
    in_fence = False
    for whole in _body_lines(comment):
        stripped_whole = whole.lstrip()
        if stripped_whole.startswith(_FENCE):
            in_fence = not in_fence
            pieces = [whole]
        else:
            pieces = [whole] if in_fence else _split_inline_tags(whole)
        for i, line in enumerate(pieces):
            stripped = line.lstrip()
            match = None if in_fence else _TAG_LINE.match(stripped)
            if match:
                tags.append((match.group(1), [match.group(2) or ""]))
            elif tags:
                tags[-1][1].append(line)
            else:
                description.append(line if i + 1 == len(pieces) else line.rstrip())
    text = _trim(description)
    kept: list[DocTag] = []
    for name, lines in tags:
        if name == "description":  # ``@description X`` is the description (typescript-json-schema)
            text = _trim(lines)
        else:
            kept.append(DocTag(name, _trim(lines)))
    return Doc(description=text, tags=tuple(kept))
