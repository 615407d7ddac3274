"""Identifiers TypeScript itself rejects: a format character (a bidi override such as
U+202E, a zero-width space, a soft hyphen) inside a name.

tree-sitter-typescript reads ``interface A\\u202eB`` as one identifier; TypeScript's scanner
says "Invalid character". Such a name would display as something else than it is
(Trojan Source), so it stays a located error even though naming could derive a Python name
for it. ZWNJ and ZWJ (U+200C, U+200D) are legal identifier parts in ECMAScript.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import tree_sitter

__all__ = ["invalid_identifier"]

_ALLOWED_FORMAT = frozenset("\u200c\u200d")
_NAME_NODES = frozenset(
    {"identifier", "type_identifier", "property_identifier", "shorthand_property_identifier"}
)


def _format_chars(text: str) -> frozenset[str]:
    return frozenset(
        c for c in set(text) if unicodedata.category(c) == "Cf" and c not in _ALLOWED_FORMAT
    )


def _decode(data: bytes) -> str:
    # a lone surrogate in the text (encoded with "surrogatepass") must not raise
    return data.decode(errors="replace")


def _names(node: tree_sitter.Node) -> Iterator[tree_sitter.Node]:
    stack = [node]
    while stack:  # iterative: a deep tree must not exhaust Python's stack
        current = stack.pop()
        if current.type in _NAME_NODES:
            yield current
        else:
            stack.extend(reversed(current.children))


def invalid_identifier(
    root: tree_sitter.Node, source: bytes
) -> tuple[tree_sitter.Node, str] | None:
    """The first name node holding a format character, and that character; None when
    there is none (the common case costs one pass over the text's distinct characters)."""
    bad = _format_chars(_decode(source))
    if not bad:
        return None
    for node in _names(root):
        text = _decode(source[node.start_byte : node.end_byte])
        for char in text:
            if char in bad:
                return node, char
    return None
