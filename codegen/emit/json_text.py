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
        _write(value, out, "\n")
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


def _write(value: Any, out: list[str], newline: str) -> None:
    """Append ``value``'s text; ``newline`` is a line break and the current indent.

    A string member or item, and a member that is a one-string object (most of a JSON
    Schema: ``{"type": "string"}``, ``{"$ref": ...}``), is written in its parent's loop,
    not by a call of its own (#37)."""
    if isinstance(value, str):
        out.append(_escape(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        try:
            keys = sorted(value)
        except TypeError:  # keys of several types: json converts them to strings first
            raise _Unusual from None
        inner = newline + "  "
        lead = "{" + inner
        for key in keys:
            if not isinstance(key, str):
                raise _Unusual  # json converts other keys to strings first, then sorts
            item = value[key]
            kind = type(item)
            if kind is str:
                out.append(lead + _escape(key) + ": " + _escape(item))
                lead = "," + inner
                continue
            if kind is dict and len(item) == 1:
                ((one, text),) = item.items()
                if type(one) is str and type(text) is str:
                    out.append(
                        f"{lead}{_escape(key)}: {{{inner}  {_escape(one)}: {_escape(text)}{inner}}}"
                    )
                    lead = "," + inner
                    continue
            out.append(lead + _escape(key) + ": ")
            _write(item, out, inner)
            lead = "," + inner
        out.append(newline + "}")
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        lead = "[" + inner
        for item in value:
            if isinstance(item, str):
                out.append(lead + _escape(item))
            else:
                out.append(lead)
                _write(item, out, inner)
            lead = "," + inner
        out.append(newline + "]")
    else:
        out.append(_scalar(value))
