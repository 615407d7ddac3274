"""Find every RFC 2119 requirement statement in the spec documents.

A statement is a sentence that contains MUST, MUST NOT, REQUIRED, SHALL, SHALL NOT,
SHOULD or SHOULD NOT in capitals. A sentence that ends in a colon ("the server MUST:")
takes in the list items that follow it. Texts are compared after :func:`normalise`:
TypeScript comment leaders (`` * ``) removed and whitespace runs collapsed to one space,
so a statement wrapped over several lines still matches the spec verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["KEYWORD", "Statement", "extract", "level_of", "normalise"]

KEYWORD = re.compile(r"\b(MUST NOT|MUST|REQUIRED|SHALL NOT|SHALL|SHOULD NOT|SHOULD)\b")
_COMMENT_LEADER = re.compile(r"^[ \t]*(/\*\*|\*/|\*(?=[ \t]|$))[ \t]?", re.MULTILINE)
_LIST_ITEM = re.compile(r"^([ \t]*)(?:[-*]|\d+\.)[ \t]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*`\"(\[])")
# protocol-versioning.md is plain text: its section headings are these bare lines.
_PLAIN_HEADINGS = frozenset(
    {
        "Terminology",
        "Protocol Version Negotiation",
        "Extension Negotiation",
        "Backward Compatibility with Initialization-Based Versions",
        "Compatibility Matrix",
    }
)


@dataclass(frozen=True, slots=True)
class Statement:
    spec: str
    section: str
    text: str

    @property
    def level(self) -> str:
        return level_of(self.text)


def level_of(text: str) -> str:
    """MUST when any absolute keyword occurs (MUST, REQUIRED, SHALL), else SHOULD."""
    keywords = {m.group(1).split()[0] for m in KEYWORD.finditer(text)}
    return "MUST" if keywords & {"MUST", "REQUIRED", "SHALL"} else "SHOULD"


def normalise(text: str) -> str:
    return " ".join(_COMMENT_LEADER.sub("", text).split())


@dataclass(frozen=True, slots=True)
class _Block:
    section: str
    text: str
    indent: int  # the list item's indentation; -1 for a paragraph
    marker: str = ""  # the list item's marker ("-", "2."), kept for verbatim joins


def _blocks(text: str) -> list[_Block]:
    """Paragraphs, list items and table rows, each with its section heading.

    Inside a code fence only comment lines count: code lines separate blocks.
    """
    section = ""
    blocks: list[_Block] = []
    current: list[str] = []
    indent = -1
    marker = ""
    in_fence = False

    def flush() -> None:
        nonlocal current
        if current:
            blocks.append(_Block(section, normalise("\n".join(current)), indent, marker))
        current = []

    for raw in text.splitlines():
        if raw.lstrip().startswith("```"):
            flush()
            in_fence = not in_fence
            continue
        is_comment = _COMMENT_LEADER.match(raw) is not None
        line = _COMMENT_LEADER.sub("", raw, count=1).rstrip()
        stripped = line.strip()
        if in_fence and not is_comment:
            flush()
            continue
        heading = None if in_fence else re.match(r"^#{1,6}\s+(.*)$", stripped)
        if heading or (not in_fence and stripped in _PLAIN_HEADINGS):
            flush()
            section = heading.group(1).strip() if heading else stripped
            continue
        if not stripped or stripped.startswith("|"):
            flush()
            if stripped.startswith("|"):
                blocks.append(_Block(section, normalise(stripped), -1))
            continue
        item = _LIST_ITEM.match(line)
        if item:
            flush()
            indent = len(item.group(1).expandtabs())
            marker = line[item.start(1) + len(item.group(1)) : item.end()].strip()
            current = [line[item.end() :]]
            continue
        if not current:
            indent, marker = -1, ""
        current.append(stripped)
    flush()
    return blocks


def extract(path: Path) -> list[Statement]:
    """Every requirement statement of one spec file, in document order."""
    blocks = _blocks(path.read_text(encoding="utf-8"))
    statements: list[Statement] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        index += 1
        for sentence in _SENTENCE_END.split(block.text):
            if not KEYWORD.search(sentence):
                continue
            if sentence.endswith(":"):
                # A lead-in: the deeper list items that follow belong to the statement.
                parts = [sentence]
                while index < len(blocks) and blocks[index].indent > block.indent:
                    parts.append(f"{blocks[index].marker} {blocks[index].text}")
                    index += 1
                sentence = " ".join(parts)
            statements.append(Statement(path.name, block.section, sentence))
    return statements
