"""``json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)``, the same text, in
time linear in its length.

With ``indent``, the standard library encodes in Python through nested generators: each
piece of text is yielded up through every level above it, so a document nested ``d``
deep costs ``d`` times its size (a large typing's ``schema.json`` is ~100 MB, nested tens
of levels). Here each piece is appended once; strings are escaped by the standard
library's own (C) escaper, numbers spelled as it spells them. A value it does not know
(a non-string key, a type JSON has no word for) is left to ``json.dumps`` itself.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

_escape = json.encoder.encode_basestring  # what ``ensure_ascii=False`` escapes with


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON value")


def loads_strict(text: str) -> Any:
    """``text`` as JSON, strictly: ``NaN``, ``Infinity`` and ``-Infinity``, which Python's
    reader accepts, are no JSON (``@default Infinity`` is a word, as JSON.parse reads it)."""
    return json.loads(text, parse_constant=_no_constant)


class _Unusual(Exception):
    """A value this writer does not spell: ``json.dumps`` does, or says why not."""


def dumps_indented(value: Any) -> str:
    """``value`` as ``json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)``."""
    out: list[str] = []
    try:
        _writer(out)(value, "\n")
    except (_Unusual, RecursionError):
        return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
    return "".join(out)


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:  # spelled as json spells them (allow_nan)
            return "NaN"
        if value in (math.inf, -math.inf):
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    raise _Unusual


def _writer(out: list[str]) -> Callable[[Any, str], None]:
    """The writer of one document into ``out``: a closure, so the hot loop reads its
    helpers from cells, not globals, and keeps its caches across the document (#37)."""
    append = out.append
    escape = _escape
    # A member's key as written, ``"key": ``: a schema repeats few keys ("type",
    # "description", property names) over and over, so each is escaped once (#37).
    key_texts: dict[str, str] = {}
    # Per indent: the deeper line break, the separator, an object's and an array's
    # opening and closing, each made once, not per object or array (#37).
    indents: dict[str, tuple[str, str, str, str, str, str]] = {}

    def indent(newline: str) -> tuple[str, str, str, str, str, str]:
        inner = newline + "  "
        made = (inner, "," + inner, "{" + inner, newline + "}", "[" + inner, newline + "]")
        indents[newline] = made
        return made

    def write(value: Any, newline: str) -> None:
        """Append ``value``'s text; ``newline`` is a line break and the current indent.

        A string member or item, and a member that is a one-string object (most of a
        JSON Schema: ``{"type": "string"}``, ``{"$ref": ...}``), is written in its
        parent's loop, not by a call of its own (#37)."""
        if isinstance(value, dict):  # what the loops below leave to a call: mostly objects
            if not value:
                append("{}")
                return
            if len(value) == 1:
                keys: Any = value  # one key: nothing to sort, nothing of mixed types
            else:
                try:
                    keys = sorted(value)
                except TypeError:  # keys of several types: json converts them first
                    raise _Unusual from None
            inner, comma, lead, close, _, _ = indents.get(newline) or indent(newline)
            for key in keys:
                text = key_texts.get(key)
                if text is None:
                    if not isinstance(key, str):
                        raise _Unusual  # json converts other keys to strings, then sorts
                    text = key_texts[key] = escape(key) + ": "
                item = value[key]
                kind = type(item)
                if kind is str:
                    append(f"{lead}{text}{escape(item)}")
                    lead = comma
                    continue
                if kind is dict and len(item) == 1:
                    ((one, only),) = item.items()
                    if type(one) is str and type(only) is str:
                        append(f"{lead}{text}{{{inner}  {escape(one)}: {escape(only)}{inner}}}")
                        lead = comma
                        continue
                append(f"{lead}{text}")
                write(item, inner)
                lead = comma
            append(close)
        elif isinstance(value, (list, tuple)):
            if not value:
                append("[]")
                return
            inner, comma, _, _, lead, close = indents.get(newline) or indent(newline)
            try:  # most arrays hold only strings (``required``, ``enum``): one join (#37)
                append(f"{lead}{comma.join(map(escape, value))}{close}")
                return
            except TypeError:  # something else than a string: item by item, below
                pass
            for item in value:
                if type(item) is str:
                    append(lead + escape(item))
                else:
                    append(lead)
                    write(item, inner)
                lead = comma
            append(close)
        elif isinstance(value, str):
            append(escape(value))
        else:
            append(_scalar(value))

    return write
