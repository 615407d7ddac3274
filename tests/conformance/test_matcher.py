"""The fixtures' matcher language and references."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.matcher import Missing, match, resolve_path, substitute

ROOT: dict[str, Any] = {
    "steps": {"list": {"result": {"tools": [{"name": "a"}, {"name": "b"}], "nextCursor": "c1"}}},
    "facts": {"variantIds": ["x", "y"], "ext": {"io.mcp/sv": {"n": 1}}},
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet="abc", max_size=3), inner, max_size=3)
    ),
    max_leaves=10,
)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("steps.list.result.nextCursor", "c1"),
        ("steps.list.result.tools[1].name", "b"),
        ("steps.list.result.tools[*].name", ["a", "b"]),
        ("facts.variantIds[-1]", "y"),
        ('facts.ext["io.mcp/sv"].n', 1),
    ],
)
def test_references_resolve(path: str, value: Any) -> None:
    assert resolve_path(ROOT, path) == value


@pytest.mark.parametrize("path", ["steps.other", "facts.variantIds[2]", "facts.variantIds.name"])
def test_a_missing_reference_says_so(path: str) -> None:
    with pytest.raises(Missing):
        resolve_path(ROOT, path)


def test_substitute_replaces_references_anywhere() -> None:
    template = {
        "cursor": {"$ref": "steps.list.result.nextCursor"},
        "v": [{"$ref": "facts.variantIds[0]"}],
    }
    assert substitute(template, ROOT) == {"cursor": "c1", "v": ["x"]}


@pytest.mark.parametrize(
    ("value", "matcher"),
    [
        ({"a": 1, "b": 2}, {"a": 1}),
        ({"a": 1}, {"b": {"$absent": True}}),
        ({"a": None}, {"a": {"$oneOf": [{"$absent": True}, None]}}),
        ({}, {"a": {"$oneOf": [{"$absent": True}, None]}}),
        ([1, 2], [1, 2]),
        ("s", {"$type": "string"}),
        (3, {"$type": "number"}),
        ([{"id": "a"}, {"id": "b"}], {"$distinct": "id"}),
        (
            [{"id": "a"}, {"id": "b"}],
            {"$pluck": ["id", {"$ref": "steps.list.result.tools[*].name"}]},
        ),
        (["x"], {"$subsetOf": {"$ref": "facts.variantIds"}}),
        (["y", "x"], {"$sameSet": {"$ref": "facts.variantIds"}}),
        (
            [1, 2, 3],
            {"$contains": 2, "$each": {"$type": "integer"}, "$length": {"min": 1, "max": 3}},
        ),
        ("v2-stable", {"$not": {"$regex": "^v?\\d+$"}}),
        ([{"n": 1, "t": "a"}, {"n": 1, "t": "b"}], {"$uniform": ["n"]}),
        ({"size": 3, "text": "abc"}, {"$check": "size-matches-content"}),
        ({"size": 2, "blob": "AAA="}, {"$check": "size-matches-content"}),
        (-32022, {"$in": [-32022, -32004]}),
    ],
)
def test_matches(value: Any, matcher: Any) -> None:
    assert match(value, matcher, ROOT) == []


@pytest.mark.parametrize(
    ("value", "matcher"),
    [
        ({"a": 1}, {"a": 2}),
        ({"a": 1}, {"b": 1}),
        ({"a": 1}, {"a": {"$absent": True}}),
        (True, 1),
        ([1], [1, 2]),
        ([{"id": "a"}, {"id": "a"}], {"$distinct": "id"}),
        (["z"], {"$subsetOf": {"$ref": "facts.variantIds"}}),
        ([1, 2], {"$contains": 3}),
        ({"a": 2}, {"a": {"$oneOf": [{"$absent": True}, None]}}),
        ([{"n": 1}, {"n": 2}], {"$uniform": ["n"]}),
        ({"size": 9, "text": "abc"}, {"$check": "size-matches-content"}),
        ("1.0", {"$not": {"$regex": "^v?\\d+(\\.\\d+)*$"}}),
        (
            {"error": {"message": "Invalid server variant"}},
            {"$not": {"error": {"message": "Invalid server variant"}}},
        ),
    ],
)
def test_mismatches_are_reported(value: Any, matcher: Any) -> None:
    assert match(value, matcher, ROOT)


@given(json_values)
def test_every_value_equals_itself(value: Any) -> None:
    assert match(value, {"$eq": value}, ROOT) == []
    if not (isinstance(value, dict) and value and all(str(k).startswith("$") for k in value)):
        assert match(value, value, ROOT) == []


def _like(value: Any, first: Any, second: Any) -> list[str]:
    root = {"steps": {"a": first, "b": second}}
    return match(value, {"$like": ["steps.a", "steps.b"]}, root)


def test_like_compares_by_type_only_where_two_identical_calls_differ() -> None:
    first = {"content": [{"type": "text", "text": "12:00"}], "isError": False}
    second = {"content": [{"type": "text", "text": "12:01"}], "isError": False}
    assert (
        _like({"content": [{"type": "text", "text": "12:02"}], "isError": False}, first, second)
        == []
    )
    assert _like({"content": [{"type": "text", "text": 1}], "isError": False}, first, second) == [
        "$.content[0].text: expected type string, got integer"
    ]
    assert _like({"content": [{"type": "image", "text": "x"}], "isError": False}, first, second)
    assert _like({"content": [{"type": "text", "text": "x"}], "isError": True}, first, second)
    assert _like({"content": [], "isError": False}, first, second)
    assert _like({"content": [{"type": "text", "text": "x"}]}, first, second)


@given(json_values, json_values)
def test_like_is_equality_when_the_two_calls_agree(value: Any, other: Any) -> None:
    assert _like(value, value, value) == []
    assert (_like(other, value, value) == []) == (match(other, {"$eq": value}, ROOT) == [])


@given(json_values, json_values)
def test_like_accepts_either_control_answer(first: Any, second: Any) -> None:
    assert _like(first, first, second) == []
    assert _like(second, first, second) == []
