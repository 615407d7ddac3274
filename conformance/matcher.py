"""The fixtures' small matcher language, and the references it shares with requests.

A matcher is JSON. A scalar must equal the value (type-exact: ``1`` is not ``true``).
An object whose keys do not start with ``$`` matches an object that has every listed
key, each matching (other keys are ignored); ``{"$absent": true}`` as a member's matcher
requires the key to be missing. A list matches a list of the same length, element by
element. An object whose keys all start with ``$`` is an operator; with several
operators, all must hold:

``$type`` (a name or a list: string, number, integer, boolean, object, array, null),
``$present``/``$absent``, ``$eq`` (deep equality), ``$in`` (one of the values),
``$oneOf``/``$allOf`` (lists of matchers), ``$not``, ``$contains`` (some element
matches), ``$each`` (every element matches), ``$subsetOf``/``$sameSet`` (as sets),
``$distinct`` (``true``, or the key whose values must be distinct), ``$uniform`` (keys
whose values agree across elements), ``$length`` (a number or ``{"min", "max"}``),
``$regex`` (a search in a string), ``$sameKeys`` (the referenced object's members, at
every level, whatever their values), ``$like`` (``[path, path]``: equals the first
referenced value wherever it agrees with the second, the same call made twice, and has
its JSON types where they differ), ``$pluck`` (``[key, matcher]``: the elements' ``key``
values, as a list, match), ``$check`` (a named built-in check, see
:data:`CHECKS`), ``$ref`` (equals the referenced value).

References, ``{"$ref": "root.path"}``, appear in requests and in matchers. The roots are
``steps`` (earlier responses by step id), ``facts`` (what the server advertised),
``profile`` (the server profile), ``config`` (runner settings) and ``item`` (the current
element of a ``forEach``). A path is dot-separated names, ``[N]`` (negative counts from
the end), ``[*]`` (every element, giving a list) and ``["key"]`` for keys with dots.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["CHECKS", "Missing", "match", "resolve_path", "substitute"]


class _Absent:
    """Stands for a member that is not there, so ``$absent`` can say so."""

    def __repr__(self) -> str:
        return "<absent>"


ABSENT = _Absent()


class Missing(LookupError):
    """A reference names something the server did not provide."""


_TOKEN = re.compile(r'\.?([A-Za-z0-9_\-$]+)|\[(-?\d+|\*|"(?:[^"\\]|\\.)*")\]')


def _tokens(path: str) -> list[str | int | None]:
    tokens: list[str | int | None] = []
    position = 0
    while position < len(path):
        found = _TOKEN.match(path, position)
        if found is None:
            raise ValueError(f"bad reference path {path!r} at {position}")
        name, index = found.group(1), found.group(2)
        if name is not None:
            tokens.append(name)
        elif index == "*":
            tokens.append(None)
        elif index.startswith('"'):
            tokens.append(json.loads(index))
        else:
            tokens.append(int(index))
        position = found.end()
    return tokens


def resolve_path(root: Mapping[str, Any], path: str) -> Any:
    """The value at ``path``; raises :class:`Missing` when any step is absent."""
    return _walk(root, _tokens(path), path)


def _walk(value: Any, tokens: list[str | int | None], path: str) -> Any:
    for position, token in enumerate(tokens):
        if token is None:
            if not isinstance(value, list):
                raise Missing(f"{path}: [*] applied to a non-list")
            return [_walk(element, tokens[position + 1 :], path) for element in value]
        if isinstance(token, int):
            if not isinstance(value, list) or not -len(value) <= token < len(value):
                raise Missing(f"{path}: no element [{token}]")
            value = value[token]
        else:
            if not isinstance(value, Mapping) or token not in value:
                raise Missing(f"{path}: no member {token!r}")
            value = value[token]
    return value


def substitute(template: Any, root: Mapping[str, Any]) -> Any:
    """``template`` with every ``{"$ref": ...}`` replaced by the value it names."""
    if isinstance(template, Mapping):
        if set(template) == {"$ref"}:
            return resolve_path(root, template["$ref"])
        return {key: substitute(value, root) for key, value in template.items()}
    if isinstance(template, list):
        return [substitute(value, root) for value in template]
    return template


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, Mapping) else type(value).__name__


def _same(a: Any, b: Any) -> bool:
    """Deep, type-exact JSON equality."""
    if _json_type(a) != _json_type(b) and {_json_type(a), _json_type(b)} != {"integer", "number"}:
        return False
    if isinstance(a, Mapping):
        return set(a) == set(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _difference(value: Any, expected: Any, where: str) -> str:
    """Where two unequal values first differ, and how: a whole list shown cut at 160
    characters hides the one member that matters."""
    if isinstance(value, Mapping) and isinstance(expected, Mapping):
        for key in expected:
            if key not in value:
                return f"{where}.{key}: missing, expected {_short(expected[key])}"
            if not _same(value[key], expected[key]):
                return _difference(value[key], expected[key], f"{where}.{key}")
        extra = sorted(set(value) - set(expected))
        return f"{where}: unexpected members {extra}"
    if isinstance(value, list) and isinstance(expected, list):
        for index, (got, want) in enumerate(zip(value, expected, strict=False)):
            if not _same(got, want):
                return _difference(got, want, f"{where}[{index}]")
        return f"{where}: expected a list of {len(expected)}, got {len(value)}"
    return f"{where}: expected {_short(expected)}, got {_short(value)}"


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _size_matches_content(value: Any) -> str | None:
    """A contents element's ``size``, when present, is its own representation's size."""
    if not isinstance(value, Mapping) or "size" not in value:
        return None
    if "text" in value and isinstance(value["text"], str):
        actual = len(value["text"].encode("utf-8"))
    elif "blob" in value and isinstance(value["blob"], str):
        try:
            actual = len(base64.b64decode(value["blob"], validate=True))
        except (binascii.Error, ValueError):
            return "blob is not base64"
    else:
        return None
    return (
        None
        if value["size"] == actual
        else f"size {value['size']} but the content has {actual} bytes"
    )


CHECKS: dict[str, Callable[[Any], str | None]] = {
    "size-matches-content": _size_matches_content,
}
"""Checks the matcher language cannot express, by name: each returns a problem or None."""


def match(value: Any, matcher: Any, root: Mapping[str, Any], where: str = "$") -> list[str]:
    """Every way ``value`` fails ``matcher`` (empty: it matches)."""
    if value is ABSENT and not _about_presence(matcher):
        return [f"{where}: missing"]
    if isinstance(matcher, Mapping) and matcher and all(k.startswith("$") for k in matcher):
        problems: list[str] = []
        for operator, argument in matcher.items():
            problems += _operator(value, operator, argument, root, where)
        return problems
    if isinstance(matcher, Mapping):
        if not isinstance(value, Mapping):
            return [f"{where}: expected an object, got {_json_type(value)}"]
        problems = []
        for key, sub in matcher.items():
            problems += match(value.get(key, ABSENT), sub, root, f"{where}.{key}")
        return problems
    if isinstance(matcher, list):
        if not isinstance(value, list) or len(value) != len(matcher):
            return [f"{where}: expected a list of {len(matcher)}, got {_short(value)}"]
        problems = []
        for index, (element, sub) in enumerate(zip(value, matcher, strict=True)):
            problems += match(element, sub, root, f"{where}[{index}]")
        return problems
    return (
        []
        if _same(value, matcher)
        else [f"{where}: expected {_short(matcher)}, got {_short(value)}"]
    )


def _about_presence(matcher: Any) -> bool:
    """Whether a matcher can accept a missing member ($absent, or $oneOf/$not over it)."""
    if not isinstance(matcher, Mapping):
        return False
    return (
        "$absent" in matcher
        or "$present" in matcher
        or "$not" in matcher
        or ("$oneOf" in matcher and any(_about_presence(m) for m in matcher["$oneOf"]))
    )


def _short(value: Any) -> str:
    if value is ABSENT:
        return "nothing"
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 160 else text[:157] + "..."


def _operator(
    value: Any, operator: str, argument: Any, root: Mapping[str, Any], where: str
) -> list[str]:
    fail = [f"{where}: {operator} {_short(argument)} does not hold for {_short(value)}"]
    if operator == "$ref":
        return match(value, resolve_path(root, argument), root, where)
    if operator == "$type":
        names = argument if isinstance(argument, list) else [argument]
        kind = _json_type(value)
        ok = kind in names or (kind == "integer" and "number" in names)
        return [] if ok else [f"{where}: expected type {'/'.join(names)}, got {kind}"]
    if operator == "$absent":
        return [] if (value is ABSENT) == bool(argument) else [f"{where}: present, expected absent"]
    if operator == "$present":
        return [] if (value is not ABSENT) == bool(argument) else [f"{where}: missing"]
    if operator == "$oneOf":
        attempts = [match(value, option, root, where) for option in argument]
        return (
            []
            if any(not attempt for attempt in attempts)
            else [
                f"{where}: matches none of {len(argument)} alternatives ({'; '.join(a[0] for a in attempts)})"
            ]
        )
    if operator == "$allOf":
        return [problem for option in argument for problem in match(value, option, root, where)]
    if value is ABSENT:
        return (
            [f"{where}: missing"]
            if operator != "$not"
            else ([] if match(value, argument, root, where) else [f"{where}: $not failed"])
        )
    if operator == "$eq":
        expected = substitute(argument, root)
        return [] if _same(value, expected) else [_difference(value, expected, where)]
    if operator == "$in":
        return [] if any(_same(value, option) for option in substitute(argument, root)) else fail
    if operator == "$not":
        return fail if not match(value, argument, root, where) else []
    if operator == "$pluck":
        key, inner = argument
        if not isinstance(value, list):
            return [f"{where}: expected an array for $pluck, got {_json_type(value)}"]
        plucked = [e.get(key, None) if isinstance(e, Mapping) else None for e in value]
        return match(plucked, inner, root, f"{where}[*].{key}")
    if operator in ("$contains", "$each", "$distinct", "$uniform", "$subsetOf", "$sameSet"):
        if not isinstance(value, list):
            return [f"{where}: expected an array for {operator}, got {_json_type(value)}"]
        return _array_operator(value, operator, argument, root, where, fail)
    if operator == "$length":
        size = len(value) if isinstance(value, list | str | Mapping) else None
        if size is None:
            return fail
        low, high = (
            (argument, argument)
            if isinstance(argument, int)
            else (argument.get("min", 0), argument.get("max", size))
        )
        return [] if low <= size <= high else [f"{where}: length {size} outside [{low}, {high}]"]
    if operator == "$regex":
        return [] if isinstance(value, str) and re.search(argument, value) else fail
    if operator == "$sameKeys":
        return _same_keys(value, substitute(argument, root), where)
    if operator == "$like":
        first, second = (resolve_path(root, path) for path in argument)
        return _like(value, first, second, where)
    if operator == "$check":
        problem = CHECKS[argument](value)
        return [] if problem is None else [f"{where}: {problem}"]
    raise ValueError(f"unknown matcher operator {operator}")


def _like(value: Any, first: Any, second: Any, where: str) -> list[str]:
    """``value`` equals ``first`` wherever ``first`` and ``second`` (two identical calls)
    agree; where they differ (a clock, a counter) only the JSON type must agree."""
    if _same(first, second):
        return (
            []
            if _same(value, first)
            else [f"{where}: expected {_short(first)}, got {_short(value)}"]
        )
    kinds = {_json_type(first), _json_type(second)}
    if _json_type(value) not in kinds and not ({_json_type(value)} | kinds) <= {
        "integer",
        "number",
    }:
        return [f"{where}: expected type {'/'.join(sorted(kinds))}, got {_json_type(value)}"]
    if isinstance(first, Mapping) and isinstance(second, Mapping) and set(first) == set(second):
        if set(value) != set(first):
            return [f"{where}: expected the members {sorted(first)}, got {sorted(value)}"]
        return [
            p for key in first for p in _like(value[key], first[key], second[key], f"{where}.{key}")
        ]
    if isinstance(first, list) and isinstance(second, list) and len(first) == len(second):
        if len(value) != len(first):
            return [f"{where}: expected a list of {len(first)}, got {len(value)}"]
        return [
            p
            for i, (v, a, b) in enumerate(zip(value, first, second, strict=True))
            for p in _like(v, a, b, f"{where}[{i}]")
        ]
    return []


def _same_keys(value: Any, expected: Any, where: str) -> list[str]:
    """The same members as ``expected`` in every nested object (values may differ): two
    errors of one shape, whatever they name."""
    if isinstance(expected, Mapping):
        if not isinstance(value, Mapping):
            return [f"{where}: expected an object, got {_json_type(value)}"]
        if set(value) != set(expected):
            return [f"{where}: members {sorted(value)}, expected {sorted(expected)}"]
        return [p for k in expected for p in _same_keys(value[k], expected[k], f"{where}.{k}")]
    if _json_type(value) != _json_type(expected):
        return [f"{where}: expected type {_json_type(expected)}, got {_json_type(value)}"]
    return []


def _array_operator(
    value: list[Any],
    operator: str,
    argument: Any,
    root: Mapping[str, Any],
    where: str,
    fail: list[str],
) -> list[str]:
    if operator == "$contains":
        return (
            []
            if any(not match(e, argument, root, where) for e in value)
            else [f"{where}: no element matches {_short(argument)}"]
        )
    if operator == "$each":
        return [p for i, e in enumerate(value) for p in match(e, argument, root, f"{where}[{i}]")]
    if operator == "$distinct":
        keys = [
            _key(e.get(argument) if isinstance(e, Mapping) else None)
            if isinstance(argument, str)
            else _key(e)
            for e in value
        ]
        return [] if len(keys) == len(set(keys)) else fail
    if operator == "$uniform":
        problems = []
        for name in argument:
            seen = {_key(e.get(name)) for e in value if isinstance(e, Mapping)}
            if len(seen) > 1:
                problems.append(f"{where}: {name!r} differs across elements")
        return problems
    expected = substitute(argument, root)
    ours, theirs = {_key(e) for e in value}, {_key(e) for e in expected}
    if operator == "$subsetOf":
        return (
            []
            if ours <= theirs
            else [f"{where}: {sorted(ours - theirs)} not in {_short(expected)}"]
        )
    return [] if ours == theirs else fail  # $sameSet
