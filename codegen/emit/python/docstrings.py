"""The prose of a JSDoc comment for a generated docstring, as every Python target writes it
(links as text, known values, deprecation last); ``escape.docstring`` then makes it safe."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from ... import ir

_LINK = re.compile(r"\{@link\s+([^}|]+?)\s*(?:\|\s*([^}]+?)\s*)?\}")


def doc_text(doc: ir.Doc, known_values: Sequence[str] | None = None) -> str:
    """The prose of a JSDoc comment for a docstring: links as text, deprecation last."""
    text = doc.description
    if not text and not doc.tags and not known_values:
        return ""  # most properties: no comment (#37)
    if "{@link" in text:  # most descriptions have no link: no regex pass
        text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    text = text.strip()
    if known_values:
        values = ", ".join(f"``{json.dumps(v)}``" for v in known_values)
        text = (text + "\n\n" if text else "") + f"Known values: {values} (others allowed)."
    deprecated = doc.get("deprecated")
    if deprecated is not None:
        note = "Deprecated" + (": " + deprecated.strip() if deprecated.strip() else ".")
        text = (text + "\n\n" if text else "") + note
    return text
