"""Wire parsing agrees with ``schema.json``: the generated validators against ``jsonschema``.

Messages are the official examples and systematic mutations of them: coercion bait
(``"true"``, ``"5"``, ``5.0``, ``1e2``, ``true`` for a number), snake_case keys, ``NaN`` and
``Infinity``, numbers that overflow a double, lone surrogates, huge integers, unknown
fields nested at any depth, wrong literals, ``null``s and missing required fields. Each one
is JSON *text*, given to ours and to the oracle, which must both accept or both reject:

* ours: ``Model.model_validate_json(text)`` and, for JSON-RPC messages, ``parse_message``;
* the oracle: a strict RFC 8259 parse (Python's ``json`` with ``NaN``/``Infinity``
  refused, numbers that overflow a double refused, lone surrogates in strings or keys
  refused, nesting deeper than 200 refused, as RFC 8259 section 9 allows a parser to limit
  it), then ``jsonschema`` (2020-12) on the emitted ``schema.json``, ``$defs/<Type>``.

The emitted ``schema.json`` is the oracle rather than the official one because the
official one differs on purpose where ``docs/jsonschema-deviations.md`` says (``number``
is not ``integer``; ``null`` stays in ``JSONValue``); ``tests/compiler/emit/test_jsonschema_oracle.py``
shows the two are otherwise equal, definition by definition.

The corpus run compares over 13 000 messages in a few seconds.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import emit_jsonschema
from codegen.emit.python.name_rules import snake_case
from codegen.errors import Diagnostics
from tests.compiler.build_stage.test_corpus_models import EXAMPLES, LATEST, models_for
from tests.conftest import CORPUS, ROOT

MAX_DEPTH = 200  # pydantic-core's JSON parser refuses deeper nesting
_RAW = "\x00raw:"  # a string standing for a raw JSON token in the text (see ``to_text``)

# --------------------------------------------------------------------------- the oracle


class NotJSON(ValueError):
    """The text is not RFC 8259 JSON (or exceeds a limit RFC 8259 lets a parser set)."""


def _refuse_constant(name: str) -> Any:
    raise NotJSON(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise NotJSON(f"{text[:20]} overflows a double")
    return value


def strict_loads(text: str) -> Any:
    """RFC 8259 JSON: what the oracle parses; any ``ValueError`` means not JSON."""
    value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise NotJSON("nested too deeply")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
        elif isinstance(item, str):
            item.encode("utf-8")  # a lone surrogate raises UnicodeEncodeError (a ValueError)
    return value


class Oracle:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.validators: dict[str, Any] = {}

    def validator(self, type_name: str) -> Any:
        if type_name not in self.validators:
            schema = {"$defs": self.document["$defs"], "$ref": f"#/$defs/{type_name}"}
            self.validators[type_name] = jsonschema.Draft202012Validator(schema)
        return self.validators[type_name]

    def accepts(self, type_name: str, text: str) -> bool:
        try:
            value = strict_loads(text)
        except ValueError:
            return False
        return bool(self.validator(type_name).is_valid(value))


# --------------------------------------------------------------------------- messages


_TOKENS: list[str] = []


def raw(token: str) -> str:
    """A placeholder that ``to_text`` writes as ``token``, verbatim (e.g. ``NaN``)."""
    _TOKENS.append(token)
    return f"{_RAW}{len(_TOKENS) - 1}"


def to_text(value: Any, ascii_only: bool) -> str:
    """JSON text for ``value``, with every ``raw`` placeholder replaced by its token."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    return re.sub(r'"\\u0000raw:(\d+)"', lambda m: _TOKENS[int(m.group(1))], text)


_HUGE = 10**30
_BAIT_FOR: dict[type, list[Any]] = {
    str: [5, True, None, [], {}, raw('"\\ud800"'), raw('"a\\udc00"'), raw('"\\ud83d\\ude00"')],
    bool: ["true", 1, 0, "false", None],
    int: [
        "5",
        True,
        raw("5.0"),
        raw("1e2"),
        raw("NaN"),
        raw("Infinity"),
        raw("-Infinity"),
        raw("1e400"),
        raw("1" + "0" * 250 + "e99"),
        _HUGE,
        -_HUGE,
        raw("1" + "0" * 400),
        None,
    ],
    float: ["0.5", True, raw("NaN"), raw("1e400"), raw("-1E+400"), raw("1.5e2"), None],
    dict: [None, [], "x", {"unknown_key": {"nested_unknown": [1, {"deeper": None}]}}],
    list: [None, {}, "x", [raw("NaN")], [raw('"\\udfff"')]],
    type(None): [0, "", False, {}],
}


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield here, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


def _replace(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copied = copy.deepcopy(data)
    holder = copied
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copied


def _edit(data: Any, path: tuple[Any, ...], change: Callable[[dict[str, Any]], None]) -> Any:
    copied = copy.deepcopy(data)
    holder = copied
    for step in path:
        holder = holder[step]
    change(holder)
    return copied


def _deep(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = [value]
    return value


def mutations(data: Any) -> Iterator[tuple[str, Any]]:
    """Copies of ``data`` a relay might meet, valid or not; ``what`` names the change."""
    yield "as is", data
    for path, value in list(_paths(data)):
        where = "/".join(map(str, path))
        kind = type(value)
        for bait in _BAIT_FOR.get(kind, []):
            yield f"{where} = {to_text(bait, ascii_only=True)}"[:120], _replace(data, path, bait)
        if isinstance(value, str) and path:
            yield f"{where} wrong literal", _replace(data, path, f"not-{value}")
        if isinstance(value, dict):
            for key in list(value):
                snake = snake_case(key)
                if snake != key and snake not in value:
                    yield f"{where}/{key} as {snake}", _edit(data, path, _rename(key, snake))
                yield f"{where}/{key} missing", _edit(data, path, _drop(key))
                yield f"{where}/{key} null", _replace(data, (*path, key), None)
            yield f"{where} + unknown", _edit(data, path, _add("x_extra", {"y_z": [1.5, None]}))
            yield f"{where} + deep", _edit(data, path, _add("deep", _deep(MAX_DEPTH // 2)))
            yield f"{where} + too deep", _edit(data, path, _add("deep", _deep(MAX_DEPTH + 50)))
            yield f"{where} + NaN", _edit(data, path, _add("n", raw("NaN")))
            yield f"{where} + surrogate key", _edit(data, path, _add(raw('"\\ud800k"'), 1))


def _rename(old: str, new: str) -> Callable[[dict[str, Any]], None]:
    def change(holder: dict[str, Any]) -> None:
        holder[new] = holder.pop(old)

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def change(holder: dict[str, Any]) -> None:
        del holder[key]

    return change


def _add(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(holder: dict[str, Any]) -> None:
        holder[key] = value

    return change


def texts(data: Any) -> Iterator[tuple[str, str]]:
    for index, (what, value) in enumerate(mutations(data)):
        yield what, to_text(value, ascii_only=index % 2 == 0)


# --------------------------------------------------------------------------- comparing


def ours_accepts(model: type[BaseModel], text: str, as_bytes: bool) -> bool:
    payload: str | bytes = text.encode("utf-8") if as_bytes else text
    try:
        model.model_validate_json(payload)
    except ValidationError:
        return False
    return True


@dataclass
class Tally:
    compared: int = 0
    accepted: int = 0
    disagreements: list[str] = field(default_factory=list)

    def record(self, label: str, mine: bool, theirs: bool) -> None:
        self.compared += 1
        self.accepted += mine
        if mine != theirs:
            side = (
                "ours accepts, jsonschema rejects" if mine else "ours rejects, jsonschema accepts"
            )
            self.disagreements.append(f"{label}: {side}")


@cache
def corpus_oracle() -> Oracle:
    schema_ts = CORPUS / LATEST / "schema.ts"
    schema = load_schema([schema_ts], Diagnostics())
    return Oracle(json.loads(emit_jsonschema(schema, Diagnostics())["schema.json"]))


def corpus_cases() -> list[tuple[str, str, str]]:
    """(type name, what, text) over every example and mutation of the official corpus."""
    cases = []
    for type_name, path in EXAMPLES:
        data = json.loads(path.read_text("utf-8"))
        cases += [(type_name, f"{path.stem}: {what}", text) for what, text in texts(data)]
    return cases


def compare(models: ModuleType, oracle: Oracle, cases: list[tuple[str, str, str]]) -> Tally:
    tally = Tally()
    for index, (type_name, label, text) in enumerate(cases):
        mine = ours_accepts(getattr(models, type_name), text, as_bytes=index % 3 == 0)
        tally.record(label, mine, oracle.accepts(type_name, text))
    return tally


def _require_corpus() -> None:
    if not EXAMPLES:
        pytest.skip(f"official MCP corpus not found at {CORPUS}: differential test skipped")


def test_strict_loads_is_rfc_8259() -> None:
    assert strict_loads('{"a": [1, 2.5, "\\ud83d\\ude00", null]}') == {
        "a": [1, 2.5, "\U0001f600", None]
    }
    for text in ("NaN", "[Infinity]", "[-Infinity]", "[1e400]", '["\\ud800"]', '{"\\udc00": 1}'):
        with pytest.raises(ValueError):
            strict_loads(text)
    with pytest.raises(ValueError):
        strict_loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert strict_loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)


def test_mutations_cover_every_kind_of_bait() -> None:
    _require_corpus()
    kinds = " ".join(what for _, what, _ in corpus_cases())
    for needle in (
        '"5"',
        "true",
        "5.0",
        "1e2",
        "NaN",
        "Infinity",
        "1e400",
        "ud800",
        "as ",
        "missing",
    ):
        assert needle in kinds, needle
    assert str(_HUGE) in kinds and "wrong literal" in kinds and "+ unknown" in kinds


def test_generated_validators_agree_with_jsonschema() -> None:
    """Every mutation of every official example (over 13 000 messages): 0 disagreements."""
    _require_corpus()
    models, _, _ = models_for(LATEST)
    tally = compare(models, corpus_oracle(), corpus_cases())
    assert tally.compared >= 10_000
    assert tally.disagreements == []
    # Both verdicts occur in numbers: the messages are not all-accept or all-reject.
    assert 1_000 < tally.accepted < tally.compared - 1_000


# --------------------------------------------------------------------------- mcp_ext


def test_the_bindings_agree_with_their_schema_json_through_parse_message() -> None:
    """``parse_message`` (the wire entry of ``mcp_ext``) against its own ``schema.json``."""
    _require_corpus()
    import mcp_ext

    oracle = Oracle(json.loads((ROOT / "generated" / "mcp_ext" / "schema.json").read_text()))
    tally = Tally()
    for type_name, path in EXAMPLES:
        spec = next((s for s in mcp_ext.METHODS.values() if s.message.__name__ == type_name), None)
        if spec is None or type_name not in oracle.document["$defs"]:
            continue
        data = json.loads(path.read_text("utf-8"))
        if not oracle.accepts(type_name, json.dumps(data)):
            continue  # an example of the official schema this subset does not cover
        for what, text in texts(data):
            parsed = mcp_ext.parse_message(text.encode("utf-8"))
            mine = not isinstance(parsed, mcp_ext.ParseFailure)
            tally.record(f"{path.stem}: {what}", mine, oracle.accepts(type_name, text))
    assert tally.compared > 500
    assert tally.disagreements == []
