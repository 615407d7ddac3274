"""The TypedDict target's static runtime (``codegen/runtime/_typeddict.py``, issue #37),
unit-style: ``Validator`` over a small ``schema.json`` and ``serve`` over a small table.

A generated package ships a copy of this module as ``_runtime.py``; here it is imported
itself, so that what it checks and says is pinned keyword by keyword (each bound at its
limit and one past it, each message exactly)."""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from codegen.runtime import _typeddict as rt


@pytest.fixture(autouse=True)
def _imported_afresh() -> Iterator[None]:
    """The keyword table is built when the module is imported (by factories such as the
    bounds'): imported afresh for each test, so that it is built by the code under test
    even where the module was imported before (as mutation testing does). The module's
    names are put back afterwards: other modules hold its classes (the dataclasses
    runtime's ``ValidationError``), and a test elsewhere must meet the same ones."""
    saved = dict(vars(rt))
    importlib.reload(rt)
    yield
    vars(rt).clear()
    vars(rt).update(saved)


def validator(folder: Path, defs: dict[str, Any], *, key: str = "$defs") -> rt.Validator:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "schema.json").write_text(json.dumps({key: defs}), "utf-8")
    types = SimpleNamespace(**{name: rt.Alias(name) for name in defs})  # a package's models
    return rt.Validator(folder, types, {name: name for name in defs})


def first(v: rt.Validator, value: object, name: str = "T") -> tuple[tuple[object, ...], str] | None:
    """The first refusal of ``value`` as ``name`` (location, message), or None."""
    errors = v.errors(value, name)
    assert len(errors) <= 1
    return (errors[0].loc, errors[0].message) if errors else None


def check(tmp_path: Path, schema: object) -> rt.Validator:
    return validator(tmp_path, {"T": schema})


# --------------------------------------------------------------------------- values


def test_a_validation_error_says_the_definition_the_place_and_why() -> None:
    error = rt.ValidationError("Item", ("a", 0), "expected string, got 1")
    assert str(error) == "Item: ['a'][0]: expected string, got 1"
    assert (error.definition, error.loc, error.message) == (
        "Item",
        ("a", 0),
        "expected string, got 1",
    )
    assert str(rt.ValidationError("Item", (), "no")) == "Item: value: no"
    assert isinstance(error, ValueError)
    assert issubclass(rt.SchemaUnsupported, TypeError)


def test_an_alias_marker_is_named_and_slotted() -> None:
    marker = rt.Alias("Json")
    assert marker.__name__ == "Json"
    assert repr(marker) == "<alias Json>"
    assert not hasattr(marker, "__dict__")


def test_a_value_shown_in_a_message_is_json_cut_at_60_characters(tmp_path: Path) -> None:
    v = check(tmp_path, {"type": "number"})
    exact = "x" * 58  # 60 characters with its quotes
    assert first(v, exact) == ((), f'expected number, got "{exact}"')
    longer = "x" * 59
    assert first(v, longer) == ((), 'expected number, got "' + "x" * 56 + "...")
    assert first(v, {1}) == ((), 'expected number, got "{1}"')  # not JSON: its repr


# --------------------------------------------------------------------------- types


@pytest.mark.parametrize(
    ("type_", "value", "ok"),
    [
        ("number", 1, True),
        ("number", 1.5, True),
        ("number", True, False),  # a boolean is no number
        ("number", float("nan"), False),
        ("number", float("inf"), False),
        ("number", float("-inf"), False),
        ("number", "1", False),
        ("integer", 2, True),
        ("integer", 2.0, True),  # one JSON number
        ("integer", 2.5, False),
        ("integer", False, False),
        ("integer", float("inf"), False),
        ("string", "", True),
        ("string", b"x", False),
        ("boolean", False, True),
        ("boolean", 0, False),
        ("null", None, True),
        ("null", 0, False),
        ("array", [], True),
        ("array", (), True),
        ("array", {}, False),
        ("object", {}, True),
        ("object", [], False),
    ],
)
def test_each_json_type(tmp_path: Path, type_: str, value: object, ok: bool) -> None:
    v = check(tmp_path, {"type": type_})
    assert (first(v, value) is None) is ok


def test_a_list_of_types_and_its_message(tmp_path: Path) -> None:
    v = check(tmp_path, {"type": ["string", "null"]})
    assert first(v, None) is None and first(v, "a") is None
    assert first(v, 5) == ((), "expected string or null, got 5")


def test_enum_and_const_compare_json_values(tmp_path: Path) -> None:
    v = validator(tmp_path, {"E": {"enum": [1, "a", None, [1, {"k": True}]]}, "C": {"const": 1}})
    for value in (1, 1.0, "a", None, [1, {"k": True}], (1.0, {"k": True})):
        assert first(v, value, "E") is None, value
    for value in (True, "1", 2, [1, {"k": 1}], [{"k": True}, 1], {"k": True}, [1]):
        assert first(v, value, "E") is not None, value
    assert first(v, 2, "E") == ((), "2 is not one of [1, 'a', None, [1, {'k': True}]]")
    assert first(v, 1.0, "C") is None
    assert first(v, True, "C") == ((), "true is not 1")
    assert first(v, "1", "C") == ((), '"1" is not 1')


def test_const_tells_every_kind_of_json_value_apart(tmp_path: Path) -> None:
    values: list[object] = [None, False, True, 0, "0", "", [], {}, [0], {"0": 0}, {"a": None}]
    v = validator(tmp_path, {f"C{i}": {"const": value} for i, value in enumerate(values)})
    for i, expected in enumerate(values):
        for value in values:
            assert (first(v, value, f"C{i}") is None) is (value is expected), (expected, value)


def test_values_that_are_no_json_are_each_their_own(tmp_path: Path) -> None:
    v = check(tmp_path, {"uniqueItems": True})
    one, two = object(), object()
    assert first(v, [one, two]) is None
    assert first(v, [one, one]) == ((), "the items are not unique")


# --------------------------------------------------------------------------- objects


def test_properties_check_their_members_and_say_where(tmp_path: Path) -> None:
    v = check(tmp_path, {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}})
    assert first(v, {"a": "x", "b": 1, "c": None}) is None
    assert first(v, {"a": "x", "b": "y"}) == (("b",), 'expected integer, got "y"')
    assert first(v, ["a"]) is None  # not an object: ``type`` says so where written


def test_required_names_the_first_member_missing(tmp_path: Path) -> None:
    v = check(tmp_path, {"required": ["a", "b"]})
    assert first(v, {"a": 1, "b": 2}) is None
    assert first(v, {"a": 1}) == ((), "the required member 'b' is missing")
    assert first(v, {}) == ((), "the required member 'a' is missing")
    assert first(v, "a") is None


def test_additional_properties_false_refuses_each_other_member(tmp_path: Path) -> None:
    v = check(tmp_path, {"properties": {"a": {}}, "additionalProperties": False})
    assert first(v, {"a": 1}) is None
    assert first(v, {"a": 1, "b": 2}) == (("b",), "this member is not allowed")
    alone = validator(tmp_path / "alone", {"T": {"additionalProperties": False}})
    assert first(alone, {}) is None
    assert first(alone, {"a": 1}) == (("a",), "this member is not allowed")


def test_additional_properties_schema_checks_the_others_only(tmp_path: Path) -> None:
    v = check(
        tmp_path,
        {
            "properties": {"a": {"type": "string"}},
            "additionalProperties": {"type": "object", "properties": {"n": {"type": "integer"}}},
        },
    )
    assert first(v, {"a": "x"}) is None
    assert first(v, {"a": "x", "b": {}}) is None
    # the member itself refused: it is not allowed; deeper: the deeper error as it is
    assert first(v, {"a": "x", "b": 1}) == (("b",), "this member is not allowed")
    assert first(v, {"b": {"n": "1"}}) == (("b", "n"), 'expected integer, got "1"')


def test_pattern_properties_search_each_string_key(tmp_path: Path) -> None:
    v = check(
        tmp_path,
        {
            "properties": {"xa": {"type": "string"}},
            "patternProperties": {"a": {"type": "integer"}},
            "additionalProperties": False,
        },
    )
    assert first(v, {"ab": 1, "ba": 2}) is None  # found anywhere in the key
    assert first(v, {"ba": "x"}) == (("ba",), 'expected integer, got "x"')
    # a property matched by a pattern too: both check it
    assert first(v, {"xa": "s"}) == (("xa",), 'expected integer, got "s"')
    assert first(v, {"b": 1}) == (("b",), "this member is not allowed")
    assert first(v, {1: 1}) == ((1,), "this member is not allowed")  # no string: no pattern
    alone = validator(tmp_path / "alone", {"T": {"patternProperties": {"^n": {"type": "null"}}}})
    assert first(alone, {"n": None, "m": 1}) is None
    assert first(alone, {"n": 1}) == (("n",), "expected null, got 1")


def test_member_counts_at_their_limits(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {"Min": {"minProperties": 2}, "Max": {"maxProperties": 1.0}},
    )
    assert first(v, {"a": 1, "b": 2}, "Min") is None
    assert first(v, {"a": 1}, "Min") == ((), "expected at least 2 members, got 1")
    assert first(v, {"a": 1}, "Max") is None
    assert first(v, {"a": 1, "b": 2}, "Max") == ((), "expected at most 1 members, got 2")
    assert first(v, [1, 2, 3], "Max") is None  # only objects


# --------------------------------------------------------------------------- arrays


def test_item_counts_at_their_limits(tmp_path: Path) -> None:
    v = validator(tmp_path, {"Min": {"minItems": 2}, "Max": {"maxItems": 2}})
    assert first(v, [1, 2], "Min") is None
    assert first(v, (1,), "Min") == ((), "expected at least 2 items, got 1")
    assert first(v, [1, 2], "Max") is None
    assert first(v, [1, 2, 3], "Max") == ((), "expected at most 2 items, got 3")
    assert first(v, {"a": 1, "b": 2, "c": 3}, "Max") is None  # only arrays
    assert first(v, "abc", "Max") is None


def test_items_and_prefix_items(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {
            "Rest": {"items": {"type": "integer"}},
            "Pair": {"prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
            "Open": {"prefixItems": [{"type": "string"}]},
            "Tail": {"prefixItems": [{"type": "string"}], "items": {"type": "null"}},
        },
    )
    assert first(v, [1, 2], "Rest") is None
    assert first(v, [1, "2"], "Rest") == ((1,), 'expected integer, got "2"')
    assert first(v, {"a": "b"}, "Rest") is None
    assert first(v, ["a", 1], "Pair") is None
    assert first(v, ["a"], "Pair") is None  # prefixItems sets no minimum
    assert first(v, [1, 1], "Pair") == ((0,), "expected string, got 1")
    assert first(v, ["a", 1, 2], "Pair") == ((2,), "no value is allowed here")
    assert first(v, ["a", 1, {}], "Open") is None
    assert first(v, [1], "Open") == ((0,), "expected string, got 1")
    assert first(v, "s", "Open") is None
    assert first(v, ["a", None, None], "Tail") is None
    assert first(v, ["a", None, 1], "Tail") == ((2,), "expected null, got 1")


def test_unique_items_compares_json_values(tmp_path: Path) -> None:
    v = validator(tmp_path, {"U": {"uniqueItems": True}, "Off": {"uniqueItems": False}})
    assert first(v, [1, True, "1", [1], {"a": 1}], "U") is None
    assert first(v, [1, 1.0], "U") == ((), "the items are not unique")
    assert first(v, [{"a": [1]}, {"a": (1,)}], "U") == ((), "the items are not unique")
    assert first(v, [1, 1], "Off") is None
    assert first(v, "aa", "U") is None


# --------------------------------------------------------------------------- strings, numbers


def test_pattern_searches_and_says_which(tmp_path: Path) -> None:
    v = check(tmp_path, {"pattern": "b+c"})
    assert first(v, "abbcd") is None  # anywhere, not anchored
    assert first(v, "ac") == ((), "\"ac\" does not match 'b+c'")
    assert first(v, 5) is None


def test_lengths_count_code_points_at_their_limits(tmp_path: Path) -> None:
    v = validator(tmp_path, {"Min": {"minLength": 2}, "Max": {"maxLength": 2}})
    assert first(v, "ab", "Min") is None
    assert first(v, "\U0001f600", "Min") == ((), "expected at least 2 characters, got 1")
    assert first(v, "é\U0001f600", "Max") is None  # UTF-16 would count 3
    assert first(v, "abc", "Max") == ((), "expected at most 2 characters, got 3")
    assert first(v, ["a", "b", "c"], "Max") is None


@pytest.mark.parametrize(
    ("keyword", "good", "bad", "message"),
    [
        ("minimum", 1, 0.5, "0.5 is not at least 1"),
        ("maximum", 1, 1.5, "1.5 is not at most 1"),
        ("exclusiveMinimum", 1.5, 1, "1 is not above 1"),
        ("exclusiveMaximum", 0.5, 1, "1 is not below 1"),
    ],
)
def test_bounds_at_their_limits(
    tmp_path: Path, keyword: str, good: float, bad: float, message: str
) -> None:
    v = check(tmp_path, {keyword: 1})
    assert first(v, good) is None
    assert first(v, bad) == ((), message)
    assert first(v, True) is None and first(v, "0") is None  # only numbers


def test_multiple_of_integers_and_fractions(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {
            "Int": {"multipleOf": 3},
            "Frac": {"multipleOf": 2.5},
            "Tiny": {"multipleOf": 1e-308},
            "Tenth": {"multipleOf": 0.1},
        },
    )
    assert first(v, 9, "Int") is None and first(v, 0, "Int") is None
    assert first(v, 10, "Int") == ((), "10 is not a multiple of 3")
    assert first(v, 10**30 + 1, "Int") == ((), f"{10**30 + 1} is not a multiple of 3")  # exact
    assert first(v, 9.0, "Int") is None
    assert first(v, 7.5, "Frac") is None
    # a fraction divides, never ``%`` (``1 % 0.1`` is 0.0999...; ``1 / 0.1`` is 10.0)
    assert first(v, 1, "Tenth") is None and first(v, 0.5, "Tenth") is None
    assert first(v, 7, "Frac") == ((), "7 is not a multiple of 2.5")
    assert first(v, 1e308, "Tiny") == ((), "1e+308 is not a multiple of 1e-308")  # no overflow
    assert first(v, "9", "Int") is None and first(v, False, "Int") is None


# --------------------------------------------------------------------------- combinators


def test_any_of_one_of_all_of_and_not(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {
            "Any": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            "One": {"oneOf": [{"type": "number"}, {"type": "integer"}]},
            "All": {"allOf": [{"minimum": 1}, {"maximum": 2}]},
            "Not": {"not": {"type": "string"}},
        },
    )
    assert first(v, "a", "Any") is None and first(v, 1, "Any") is None
    assert first(v, None, "Any") == ((), "null matches none of 2 alternatives")
    assert first(v, 1.5, "One") is None
    assert first(v, 1, "One") == ((), "1 matches 2 of oneOf")
    assert first(v, "a", "One") == ((), '"a" matches 0 of oneOf')
    assert first(v, 1, "All") is None and first(v, 2, "All") is None
    assert first(v, 0, "All") == ((), "0 is not at least 1")
    assert first(v, 3, "All") == ((), "3 is not at most 2")
    assert first(v, 1, "Not") is None
    assert first(v, "a", "Not") == ((), '"a" is not allowed')


def test_not_and_one_of_over_objects(tmp_path: Path) -> None:
    named = {"properties": {"a": {"type": "string"}}, "required": ["a"]}
    v = validator(
        tmp_path,
        {"Not": {"not": named}, "One": {"oneOf": [named, {"properties": {"a": {"type": "null"}}}]}},
    )
    assert first(v, {"a": "x"}, "Not") == ((), '{"a": "x"} is not allowed')
    assert first(v, {"a": 1}, "Not") is None
    assert first(v, {"a": "x"}, "One") is None
    assert first(v, {"a": None}, "One") is None
    assert first(v, {}, "One") is None  # only the second: it requires nothing
    assert first(v, {"a": 1}, "One") == ((), '{"a": 1} matches 0 of oneOf')


def test_keywords_check_in_their_sorted_order(tmp_path: Path) -> None:
    # Written pattern first; ``minLength`` sorts before it and refuses first.
    v = check(tmp_path, {"pattern": "^b", "minLength": 2, "type": "string"})
    assert first(v, "a") == ((), "expected at least 2 characters, got 1")
    assert first(v, "aa") == ((), "\"aa\" does not match '^b'")
    assert first(v, 1) == ((), "expected string, got 1")
    assert first(v, "bb") is None


def test_true_false_and_annotations_only(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {
            "Yes": True,
            "No": False,
            "Empty": {},
            "Notes": {"description": "d", "format": "uri", "title": "t", "$comment": "c"},
        },
    )
    for name in ("Yes", "Empty", "Notes"):
        assert first(v, {"anything": [1]}, name) is None
    assert first(v, None, "No") == ((), "no value is allowed here")


# --------------------------------------------------------------------------- references


def test_local_refs_escaped_and_recursive(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {
            "a/b~c": {"type": "integer"},
            "~1": {"type": "null"},
            "Ref": {"$ref": "#/$defs/a~1b~0c"},
            "Lit": {"$ref": "#/$defs/~01"},
            "List": {
                "type": "object",
                "properties": {"next": {"anyOf": [{"$ref": "#/$defs/List"}, {"type": "null"}]}},
                "required": ["next"],
            },
        },
    )
    assert first(v, 1, "Ref") is None
    assert first(v, "1", "Ref") == ((), 'expected integer, got "1"')
    assert first(v, None, "Lit") is None and first(v, 1, "Lit") is not None
    deep = {"next": {"next": {"next": None}}}
    assert first(v, deep, "List") is None
    assert first(v, {"next": {"next": {}}}, "List") == (
        ("next",),
        '{"next": {}} matches none of 2 alternatives',
    )


def test_a_definitions_document_is_read_too(tmp_path: Path) -> None:
    v = validator(
        tmp_path,
        {"A": {"$ref": "#/definitions/B"}, "B": {"type": "string"}},
        key="definitions",
    )
    assert first(v, "x", "A") is None
    assert first(v, 1, "A") == ((), "expected string, got 1")


def test_a_schema_with_no_definitions_has_none(tmp_path: Path) -> None:
    (tmp_path / "schema.json").write_text("{}", "utf-8")
    v = rt.Validator(tmp_path, SimpleNamespace(), {"A": "A"})
    with pytest.raises(TypeError, match=r"^schema\.json has no definition 'A'$"):
        v.errors(1, "A")


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"foo": 1}, "T: the keyword 'foo' is not checked"),
        (1, "T: a schema is an object or a boolean"),
        (
            {"$ref": "other.json#/$defs/A"},
            "T: only local $refs are followed, not 'other.json#/$defs/A'",
        ),
        ({"$ref": "#/$defs/Nope"}, "T: $ref to an unknown definition 'Nope'"),
        ({"properties": {"a": {"foo": 1}}}, "T.a: the keyword 'foo' is not checked"),
        ({"patternProperties": {"^x": {"foo": 1}}}, "T[^x]: the keyword 'foo' is not checked"),
        ({"additionalProperties": {"foo": 1}}, "T[*]: the keyword 'foo' is not checked"),
        ({"prefixItems": [{}, {"foo": 1}]}, "T[1]: the keyword 'foo' is not checked"),
        ({"items": {"foo": 1}}, "T[*]: the keyword 'foo' is not checked"),
        ({"anyOf": [{}, {"foo": 1}]}, "T.anyOf[1]: the keyword 'foo' is not checked"),
        ({"oneOf": [{"foo": 1}]}, "T.oneOf[0]: the keyword 'foo' is not checked"),
        ({"allOf": [{}, {}, {"foo": 1}]}, "T.allOf[2]: the keyword 'foo' is not checked"),
        ({"not": {"foo": 1}}, "T.not: the keyword 'foo' is not checked"),
    ],
)
def test_what_it_cannot_check_is_refused_where_written_each_time(
    tmp_path: Path, schema: object, message: str
) -> None:
    v = check(tmp_path, schema)
    for _ in range(2):  # asked again: the same refusal, not a half-compiled definition
        with pytest.raises(rt.SchemaUnsupported) as caught:
            v.errors({}, "T")
        assert str(caught.value) == message


# --------------------------------------------------------------------------- Validator


def test_validate_returns_the_value_or_raises_the_first_refusal(tmp_path: Path) -> None:
    v = check(tmp_path, {"type": "object", "required": ["a"]})
    value = {"a": 1}
    assert v(value, "T") is value
    with pytest.raises(TypeError, match="no definition"):
        v(value, None)
    assert v.errors(value, "T") == []
    with pytest.raises(rt.ValidationError) as caught:
        v({}, "T")
    assert str(caught.value) == "T: value: the required member 'a' is missing"


def test_validate_finds_a_type_by_identity_or_name(tmp_path: Path) -> None:
    item, shared = type("Item", (), {}), rt.Alias("Shared")
    module = SimpleNamespace(Item=item, Shared=shared, Twin=shared)
    (tmp_path / "schema.json").write_text(
        json.dumps({"$defs": {"item": {"type": "object"}, "shared": {"type": "null"}}}), "utf-8"
    )
    v = rt.Validator(tmp_path, module, {"Item": "item", "Shared": "shared", "Twin": "shared"})
    assert v.definition(item) == "item"
    assert v.definition("Item") == "item"
    assert v.definition("Shared") == "shared"
    assert first(v, [], item) == ((), "expected object, got []")
    assert v.errors(None, "Twin") == []
    with pytest.raises(TypeError) as several:
        v.definition(shared)
    assert str(several.value) == (
        "Shared has several definitions in schema.json; pass the name instead"
    )
    with pytest.raises(TypeError) as unknown:
        v.definition("Other")
    assert str(unknown.value) == "'Other' has no definition in schema.json; pass the name instead"
    with pytest.raises(TypeError) as unnamed:
        v.definition(dict)
    assert str(unnamed.value) == "dict has no definition in schema.json; pass the name instead"


def test_the_schema_is_read_once_on_first_use(tmp_path: Path) -> None:
    v = rt.Validator(tmp_path, SimpleNamespace(), {"T": "T"})  # no schema.json yet: not read
    (tmp_path / "schema.json").write_text(json.dumps({"$defs": {"T": {"type": "null"}}}))
    assert v.errors(None, "T") == []
    (tmp_path / "schema.json").write_text(json.dumps({"$defs": {"T": {"type": "string"}}}))
    assert v.errors(None, "T") == []  # the first reading holds


def test_a_value_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    v = check(tmp_path, {"items": {"$ref": "#/$defs/T"}})
    cyclic: list[object] = []
    cyclic.append(cyclic)
    assert first(v, cyclic) == ((), "the value is nested too deeply to check")
    assert first(v, [[[]]]) is None


# --------------------------------------------------------------------------- serve

TABLE = {
    "add": ("request", "add", "AddRequest", "AddResult"),
    "echo": ("request", "echo", "Any", None),
    "tick": ("notification", "tick", "Tick", None),
}
MESSAGES = {
    "AddRequest": {
        "type": "object",
        "properties": {
            "params": {
                "type": "object",
                "properties": {"a": {"type": "integer"}},
                "required": ["a"],
            }
        },
        "required": ["params"],
    },
    "AddResult": {"type": "object", "properties": {"sum": {"type": "integer"}}},
    "Any": True,
    "Tick": {"type": "object", "properties": {"params": {"type": "object", "required": ["n"]}}},
}


class Handler:
    def __init__(self) -> None:
        self.seen: list[tuple[str, object, object]] = []

    async def add(self, params: Any, ctx: object) -> object:
        self.seen.append(("add", params, ctx))
        a = params["a"]
        if a < 0:
            raise rt.RPCError(-32000, "negative", {"a": a})
        if a == 0:
            raise rt.RPCError(-32001, "zero")
        if a == 1:
            raise RuntimeError("boom")
        if a == 9:
            return {"sum": "nine"}
        return {"sum": a + 1}

    async def echo(self, params: Any, ctx: object) -> object:
        self.seen.append(("echo", params, ctx))
        return {"anything": params}

    async def tick(self, params: Any, ctx: object) -> None:
        self.seen.append(("tick", params, ctx))
        if params == {"n": 1}:
            raise RuntimeError("boom")
        if params == {"n": 2}:
            raise rt.RPCError(-32000, "ignored")


def run(tmp_path: Path, raw: object, handler: Handler | None = None) -> Any:
    v = validator(tmp_path, MESSAGES)
    return asyncio.run(rt.serve(TABLE, v, handler or Handler(), raw, "ctx"))


def request(method: str, params: object = None, id_: object = 1) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    return message if params is None else {**message, "params": params}


def test_rpc_error_to_error() -> None:
    error = rt.RPCError(-32000, "nope", {"x": 1})
    assert str(error) == "-32000: nope"
    assert (error.code, error.message, error.data) == (-32000, "nope", {"x": 1})
    assert error.to_error() == {"code": -32000, "message": "nope", "data": {"x": 1}}
    assert rt.RPCError(-1, "m").to_error() == {"code": -1, "message": "m"}
    assert rt.RPCError(-1, "m", 0).to_error() == {"code": -1, "message": "m", "data": 0}


def test_serve_answers_a_request_with_its_checked_result(tmp_path: Path) -> None:
    handler = Handler()
    assert run(tmp_path, request("add", {"a": 2}), handler) == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"sum": 3},
    }
    assert handler.seen == [("add", {"a": 2}, "ctx")]
    text = json.dumps(request("add", {"a": 3}, "x"))
    assert run(tmp_path, text) == {"jsonrpc": "2.0", "id": "x", "result": {"sum": 4}}
    assert run(tmp_path, text.encode()) == {"jsonrpc": "2.0", "id": "x", "result": {"sum": 4}}
    # no result definition: any result goes back unchecked; absent params are None
    assert run(tmp_path, request("echo")) == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"anything": None},
    }


def test_serve_refuses_malformed_messages(tmp_path: Path) -> None:
    parse = run(tmp_path, "{not json")
    assert parse["id"] is None and parse["error"]["code"] == -32700
    assert parse["error"]["message"] == "Parse error"
    assert parse["error"]["data"]["reason"].startswith("Expecting property name")
    # JSON nested deeper than Python's stack: a parse error too, not a traceback
    deep = run(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert deep["id"] is None and deep["error"]["code"] == -32700
    assert deep["error"]["data"]["reason"].startswith("maximum recursion depth exceeded")
    invalid = {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32600, "message": "Invalid Request"},
    }
    assert run(tmp_path, "[1]") == invalid
    assert run(tmp_path, {"jsonrpc": "2.0", "id": 1, "method": 5}) == invalid
    assert run(tmp_path, {"jsonrpc": "2.0", "method": None}) == invalid
    for bad_id in (True, None, 1.5, [1]):
        assert run(tmp_path, request("add", {"a": 2}, bad_id)) == {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32600, "message": "Invalid Request", "data": {"reason": "bad id"}},
        }


def test_serve_ignores_a_response(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        assert run(tmp_path, {"jsonrpc": "2.0", "id": 1, "result": {}}) is None
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (logging.WARNING, "dispatch() received a response; ignored")
    ]
    assert run(tmp_path, {"jsonrpc": "2.0", "result": {}})["error"]["code"] == -32600


def test_serve_answers_unknown_methods(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert run(tmp_path, request("nope")) == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32601, "message": "Method not found", "data": {"method": "nope"}},
    }
    # a notification's method sent as a request, and a request's as a notification
    assert run(tmp_path, request("tick"))["error"]["code"] == -32601
    handler = Handler()
    with caplog.at_level(logging.INFO):
        assert run(tmp_path, {"jsonrpc": "2.0", "method": "nope"}, handler) is None
        assert (
            run(tmp_path, {"jsonrpc": "2.0", "method": "add", "params": {"a": 2}}, handler) is None
        )
    assert handler.seen == []
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (logging.INFO, "notification nope not served; ignored"),
        (logging.INFO, "notification add not served; ignored"),
    ]


def test_serve_refuses_what_the_schema_refuses(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    handler = Handler()
    assert run(tmp_path, request("add", {"a": "2"}), handler) == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32602,
            "message": "Invalid params",
            "data": {"loc": ["params", "a"], "message": 'expected integer, got "2"'},
        },
    }
    with caplog.at_level(logging.INFO):
        assert run(tmp_path, {"jsonrpc": "2.0", "method": "tick", "params": {}}, handler) is None
    assert handler.seen == []
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (
            logging.WARNING,
            "notification tick refused: Tick: ['params']: the required member 'n' is missing",
        )
    ]


def test_serve_answers_a_handlers_errors(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert run(tmp_path, request("add", {"a": -1})) == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32000, "message": "negative", "data": {"a": -1}},
    }
    assert run(tmp_path, request("add", {"a": 0}))["error"] == {"code": -32001, "message": "zero"}
    internal = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error"}}
    with caplog.at_level(logging.INFO):
        assert run(tmp_path, request("add", {"a": 1})) == internal
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (logging.ERROR, "handler for add failed")
    ]
    assert caplog.records[0].exc_info is not None
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert run(tmp_path, request("add", {"a": 9})) == internal
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (
            logging.ERROR,
            "handler for add returned what the schema refuses: "
            "AddResult: ['sum']: expected integer, got \"nine\"",
        )
    ]


def test_serve_answers_no_notification(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    handler = Handler()
    for n in (0, 1, 2):  # done, crashed (logged), its own error: no answer for any
        message = {"jsonrpc": "2.0", "method": "tick", "params": {"n": n}}
        assert run(tmp_path, message, handler) is None
    assert handler.seen == [("tick", {"n": n}, "ctx") for n in (0, 1, 2)]
    assert [r.getMessage() for r in caplog.records] == ["handler for tick failed"]


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("NaN", "NaN is not JSON"),
        ("Infinity", "Infinity is not JSON"),
        ("-Infinity", "-Infinity is not JSON"),
        ("1e400", "1e400 is out of the range of a float"),
        ('"\\ud800"', "'utf-8' codec can't encode character '\\ud800'"),
        ('"a\\udc00"', "'utf-8' codec can't encode character '\\udc00'"),
        ('{"\\udfff": 1}', "'utf-8' codec can't encode character '\\udfff'"),
    ],
)
def test_serve_answers_text_that_is_no_json_with_a_parse_error(
    tmp_path: Path, bad: str, reason: str
) -> None:
    """``json.loads`` takes NaN, Infinity, 1e400 (as inf) and lone surrogates; JSON (RFC 8259)
    has none of them, here in a member the schema leaves open (the echo's params)."""
    raw = '{"jsonrpc": "2.0", "id": 1, "method": "echo", "params": {"x": ' + bad + "}}"
    handler = Handler()
    for text in (raw, raw.encode()):
        answer = run(tmp_path, text, handler)
        assert answer["id"] is None and answer["error"]["code"] == -32700, answer
        assert answer["error"]["message"] == "Parse error"
        assert answer["error"]["data"]["reason"].startswith(reason), answer
    assert handler.seen == []
    # the same numbers and strings as JSON has them are served
    good = (
        '{"jsonrpc": "2.0", "id": 1, "method": "echo", "params": {"x": [1e300, "\\ud83d\\ude00"]}}'
    )
    assert run(tmp_path, good)["result"] == {"anything": {"x": [1e300, "\U0001f600"]}}


class Codec:
    """A package whose types are not plain dicts (the dataclasses target's): it builds the
    handler's params from the checked message and turns the handler's result into JSON."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []

    def params(self, message: dict[str, Any], definition: str) -> object:
        self.calls.append(("params", message, definition))
        return ("built", definition, message.get("params"))

    def encode(self, result: object) -> object:
        self.calls.append(("encode", result))
        assert isinstance(result, tuple)
        return {"sum": result[1]}


class CodecHandler:
    def __init__(self) -> None:
        self.seen: list[tuple[str, object, object]] = []

    async def add(self, params: Any, ctx: object) -> object:
        self.seen.append(("add", params, ctx))
        a = params[2]["a"]
        return ("answer", "nine" if a == 9 else a + 1)

    async def tick(self, params: Any, ctx: object) -> None:
        self.seen.append(("tick", params, ctx))


def test_serve_with_a_codec_builds_the_params_and_checks_the_encoded_result(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """With a codec (the dataclasses package's), the handler is given what the codec built
    from the whole checked message and its definition, and what goes back is the codec's
    encoding of the handler's result, checked against the result's definition."""
    v = validator(tmp_path, MESSAGES)
    codec, handler = Codec(), CodecHandler()
    message = request("add", {"a": 2})
    answer = asyncio.run(rt.serve(TABLE, v, handler, message, "ctx", codec))
    assert answer == {"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}
    assert handler.seen == [("add", ("built", "AddRequest", {"a": 2}), "ctx")]
    assert codec.calls == [("params", message, "AddRequest"), ("encode", ("answer", 3))]
    # the encoded result is what the schema checks: refused, it is not sent
    with caplog.at_level(logging.INFO):
        refused = asyncio.run(rt.serve(TABLE, v, handler, request("add", {"a": 9}), "ctx", codec))
    assert refused == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32603, "message": "Internal error"},
    }
    assert [r.getMessage() for r in caplog.records] == [
        "handler for add returned what the schema refuses: "
        "AddResult: ['sum']: expected integer, got \"nine\""
    ]
    # a notification's params are built too; it has no result to encode
    codec.calls.clear()
    tick = {"jsonrpc": "2.0", "method": "tick", "params": {"n": 0}}
    assert asyncio.run(rt.serve(TABLE, v, handler, tick, "ctx", codec)) is None
    assert handler.seen[-1] == ("tick", ("built", "Tick", {"n": 0}), "ctx")
    assert codec.calls == [("params", tick, "Tick")]
