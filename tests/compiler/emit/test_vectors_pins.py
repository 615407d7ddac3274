"""Pins of the test vectors' builder (from `make mutation` of codegen/emit/vectors/build.py):
exact values and reasons of each near-miss kind, the bounds' edges, distinct vectors, one
near-miss of a kind per spot, the caps, and the work budget's accounting."""

from __future__ import annotations

from typing import Any

import pytest

from codegen.emit.instances import canonical
from codegen.emit.vectors.build import (
    MAX_ACCEPT,
    MAX_REJECT,
    Vectors,
    Work,
    WorkSpent,
    nodes,
    pointer,
)
from tests.compiler.emit.test_vectors import build

JSON = Any


def found(defs: dict[str, JSON]) -> dict[str, JSON]:
    return {v.why: v.value for v in build(defs).reject}


def member(schema: JSON) -> dict[str, JSON]:
    """A definition ``T`` whose one required member ``m`` has ``schema``."""
    return {"T": {"type": "object", "properties": {"m": schema}, "required": ["m"]}}


def test_a_pointer_escapes_tilde_and_slash() -> None:
    assert pointer(("a/b", "c~d", "")) == "/a~1b/c~0d/"
    assert pointer(()) == ""


def test_a_boolean_member_gets_a_string_and_a_wrong_constant() -> None:
    got = found(member({"const": True}))
    assert got["wrong type at /m: string instead of boolean"] == {"m": "true"}
    assert got["wrong constant at /m: false instead of true"] == {"m": False}


def test_a_boolean_enum_of_both_values_has_no_wrong_value() -> None:
    assert not any("enum" in why for why in found(member({"enum": [True, False]})))


def test_wrong_enum_values_are_one_past_the_largest_or_a_new_string() -> None:
    assert found(member({"enum": [1, 5]}))["6 at /m is not one of the enum's values"] == {"m": 6}
    strings = found(member({"enum": ["a", "a-wrong"]}))
    assert strings['"a-wrong-" at /m is not one of the enum\'s values'] == {"m": "a-wrong-"}
    empty = found(member({"const": ""}))
    assert empty['wrong constant at /m: "wrong" instead of ""'] == {"m": "wrong"}


def test_numbers_are_just_past_each_bound() -> None:
    got = found(member({"type": "number", "exclusiveMinimum": 5, "maximum": 7.5}))
    assert got["5 at /m is past exclusiveMinimum 5"] == {"m": 5}
    assert got["8.5 at /m is past maximum 7.5"] == {"m": 8.5}
    low = found(member({"type": "integer", "minimum": 3, "exclusiveMaximum": 9}))
    assert low["2 at /m is past minimum 3"] == {"m": 2}
    assert low["9 at /m is past exclusiveMaximum 9"] == {"m": 9}


def test_string_lengths_at_their_edges() -> None:
    got = found(member({"type": "string", "minLength": 1, "maxLength": 9999}))
    assert got["a string at /m shorter than minLength 1"] == {"m": ""}
    assert got["a string at /m longer than maxLength 9999"] == {"m": "x" * 10000}
    # no string of more than 10,000 characters is built
    assert not any("longer" in w for w in found(member({"type": "string", "maxLength": 10000})))


def test_array_sizes_and_unique_items() -> None:
    schema = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
    got = found(member(schema))
    assert got["1 items at /m, fewer than minItems 2"] == {"m": [0]}
    assert got["3 items at /m, more than maxItems 2"] == {"m": [0, 0, 0]}
    unique = found(member({"type": "array", "items": {"type": "integer"}, "uniqueItems": True}))
    assert unique["a repeated item at /m, where items are unique"] == {"m": [-1, -1]}
    assert not any("repeated" in w for w in found(member({"type": "array", "items": {}})))
    # no array of more than 1,000 items is built
    assert not any("more than" in w for w in found(member({"type": "array", "maxItems": 1000})))
    assert "1000 items at /m, more than maxItems 999" in found(
        member({"type": "array", "items": {"type": "integer"}, "maxItems": 999, "minItems": 1})
    )


def test_unevaluated_properties_false_is_closed_too() -> None:
    got = found({"T": {"type": "object", "unevaluatedProperties": False}})
    assert got["extra member 'unexpectedMember' at the top, where the object is closed"] == {
        "unexpectedMember": 0
    }


def test_the_extra_member_avoids_a_declared_name_absent_from_the_value() -> None:
    closed = {
        "type": "object",
        "properties": {"unexpectedMember": {"type": "string"}},
        "additionalProperties": False,
    }
    vectors = build({"T": closed})
    first = next(v for v in vectors.reject if v.why.startswith("extra member"))
    assert first.value == {"unexpectedMember_": 0}  # from the smallest value, {}
    assert first.keywords == ("additionalProperties",)


def test_items_of_arrays_are_spots_with_their_schema() -> None:
    objects = {"type": "array", "items": {"type": "object", "required": ["a"]}, "minItems": 1}
    objects["items"]["properties"] = {"a": {"type": "string"}}
    assert found({"T": objects})["missing required member 'a' at /0"] == [{}]
    tuple_ = {"type": "array", "prefixItems": [{"type": "string", "minLength": 2}], "minItems": 1}
    assert found({"T": tuple_})["a string at /0 shorter than minLength 2"] == ["x"]


def test_index_signature_members_are_spots_with_their_schema() -> None:
    index = {"type": "object", "additionalProperties": {"type": "string", "minLength": 2}}
    got = found({"T": index})
    assert got["a string at /x-witness shorter than minLength 2"] == {"x-witness": "x"}


def test_spots_go_four_levels_deep() -> None:
    inner: JSON = {"type": "string"}
    for name in "edcba":
        inner = {"type": "object", "properties": {name: inner}, "required": [name]}
    whys = list(found({"T": inner}))
    assert "wrong type at /a/b/c/d: array instead of object" in whys
    assert not any(w.startswith("wrong type at /a/b/c/d/e") for w in whys)


def test_vectors_are_distinct_and_one_of_a_kind_per_spot() -> None:
    vectors = build(member({"type": ["string", "integer"]}))
    for kept in (vectors.accept, vectors.reject):
        texts = [canonical(v.value) for v in kept]
        assert len(texts) == len(set(texts))
    assert [v.why for v in vectors.reject].count("wrong type at /m: boolean instead of string") == 1
    assert not any(v.why == "wrong type at /m: number instead of string" for v in vectors.reject)
    assert vectors.dropped == 1  # 12345 is an integer: built, not proved, counted once
    assert [v.why for v in vectors.accept[:2]] == ["the smallest value", "a variant"]


def test_the_caps_on_accepted_and_rejected_values() -> None:
    wide = {f"p{i}": {"type": "string"} for i in range(40)}
    vectors = build({"T": {"type": "object", "properties": wide, "required": list(wide)}})
    assert len(vectors.accept) == MAX_ACCEPT
    assert len(vectors.reject) == MAX_REJECT


def test_the_work_budget_counts_nodes_and_stops_a_definition_at_its_share() -> None:
    work = Work(limit=10, share=4)
    assert (work.spent, work.left) == (0, 4)
    assert work.spend({"a": 1}) and (work.spent, work.left) == (2, 2)
    assert work.spend([1]) and (work.spent, work.left) == (4, 0)
    assert not work.spend(None) and work.spent == 4
    work.start()
    assert not work.spend([1, 2, 3, 4]) and work.left == 0  # over the share: none left
    assert not work.spend(1)
    work.start()
    assert work.spend([1, 2, 3])  # 4 nodes: the whole share
    assert work.spent == 8
    work.start()
    assert work.spend([1])  # 10: at the limit, not past it
    work.start()
    with pytest.raises(WorkSpent) as caught:
        work.spend(1)
    assert caught.value.args == (10,)
    assert nodes([]) == 1 and nodes({"a": [None, {}]}) == 4


def test_a_definition_stops_where_its_share_ends() -> None:
    defs = member({"type": "string"})
    whole = build(defs)
    cut = build(defs, work=Work(share=sum(nodes(v.value) for v in whole.accept)))
    assert [v.value for v in cut.accept] == [v.value for v in whole.accept]
    assert cut.reject == [] or len(cut.reject) < len(whole.reject)
    assert isinstance(cut, Vectors)
