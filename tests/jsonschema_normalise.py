"""Normalise a JSON Schema document for comparison, changing nothing it means.

Only spellings that validate identically are unified (see docs/jsonschema-deviations.md):

* draft-07 ``definitions`` / ``#/definitions/X`` become 2020-12 ``$defs`` / ``#/$defs/X``;
  draft-07 array-form ``items`` + ``additionalItems`` become ``prefixItems`` + ``items``;
* ``$schema`` is dropped (it names the dialect, which the rules above already unified),
  and so are an empty ``properties`` and ``additionalProperties: true`` (they constrain
  nothing);
* ``type`` beside an ``enum`` whose every value has one of its types is dropped (``enum``
  alone says as much; ``integer`` is kept, the values' JSON kind is ``number``);
* set-like arrays are sorted: ``required``, ``enum``, ``type`` (their order means
  nothing), and ``anyOf`` / ``allOf`` members (by their canonical JSON text);
* key order and whitespace vanish because the result is plain dicts compared by value.

Descriptions, keywords and values are left exactly as they are.
"""

from __future__ import annotations

import json
from typing import Any

SET_LIKE = ("required", "enum", "type")
COMBINATORS = ("anyOf", "allOf")
_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def normalise_document(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The document's definitions, normalised, keyed by definition name."""
    defs = document.get("$defs", document.get("definitions", {}))
    return {name: normalise_schema(schema) for name, schema in defs.items()}


def normalise_schema(schema: Any) -> Any:
    if not isinstance(schema, dict):
        return schema  # ``true`` / ``false`` schemas
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "$schema":
            continue
        if key == "$ref" and isinstance(value, str):
            out[key] = value.replace("#/definitions/", "#/$defs/")
        elif (key, value) in (("properties", {}), ("additionalProperties", True)):
            continue  # constrains nothing (an empty interface, the default)
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            name = "$defs" if key == "definitions" else key
            out[name] = {k: normalise_schema(v) for k, v in value.items()}
        elif key in COMBINATORS and isinstance(value, list):
            out[key] = sorted((normalise_schema(v) for v in value), key=canonical)
        elif key == "items" and isinstance(value, list):
            out["prefixItems"] = [normalise_schema(v) for v in value]
        elif key == "additionalItems":
            if isinstance(schema.get("items"), list):
                out["items"] = normalise_schema(value)
            # draft-07 ignores additionalItems unless items is an array
        elif key in {"items", "additionalProperties", "not", "contains", "propertyNames"}:
            out[key] = normalise_schema(value)
        elif key in SET_LIKE and isinstance(value, list):
            out[key] = sorted(value, key=canonical)
        else:
            out[key] = value
    if "type" in out and isinstance(out.get("enum"), list):
        if _types_of(out["enum"]) <= _listed(out["type"]):
            del out["type"]  # each listed value already has one of the types
    return out


def _types_of(values: list[Any]) -> set[str]:
    kinds = {bool: "boolean", str: "string", int: "number", float: "number", type(None): "null"}
    return {kinds.get(type(v), "object") for v in values}


def _listed(kinds: Any) -> set[str]:
    return set(kinds) if isinstance(kinds, list) else {kinds}


def differences(oracle: Any, ours: Any, pointer: str = "") -> list[str]:
    """JSON pointers (relative to the definition) where two normalised schemas differ.

    Dicts are compared key by key and equally long schema lists element by element; any
    other difference is reported at the smallest enclosing value.
    """
    if isinstance(oracle, dict) and isinstance(ours, dict):
        found: list[str] = []
        for key in sorted(set(oracle) | set(ours)):
            here = f"{pointer}/{_escape(key)}"
            if key not in oracle or key not in ours:
                found.append(here)
            else:
                found.extend(differences(oracle[key], ours[key], here))
        return found
    if (
        isinstance(oracle, list)
        and isinstance(ours, list)
        and len(oracle) == len(ours)
        and pointer.rsplit("/", 1)[-1] in (*COMBINATORS, "prefixItems")
    ):
        return [
            d
            for i, (a, b) in enumerate(zip(oracle, ours, strict=True))
            for d in differences(a, b, f"{pointer}/{i}")
        ]
    return [] if oracle == ours else [pointer]


def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at ``pointer``, or ``MISSING``."""
    value = document
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return MISSING
    return value


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


MISSING: Any = _Missing()


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
