"""The byte-bounded cache and type-exact keys every runtime cache is built on."""

from __future__ import annotations

import json
from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation._cache import (
    MAX_KEY_DEPTH,
    BoundedCache,
    ascii_strings_size,
    exact_key,
    json_size,
    wire_key,
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


# ---------------------------------------------------------------------------- exact_key


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ({"hints": {"useCase": "planning"}}, [["hints", [["useCase", "planning"]]]]),
        ({"a": 1}, [["a", 1]]),
        ({"a": 1}, [("a", 1)]),
        (1, 1.0),
        (1, True),
        (0, False),
        (1.0, True),
        ("1", 1),
        ("true", True),
        ("null", None),
        (0.0, -0.0),
        ([], {}),
        ([1], [1.0]),
        ({"a": [1]}, {"a": [True]}),
        ("abc", ["abc"]),
        ([], None),
    ],
)
def test_values_python_thinks_equal_get_different_keys(left: object, right: object) -> None:
    assert exact_key(left) != exact_key(right)


def test_object_member_order_does_not_matter() -> None:
    assert exact_key({"a": 1, "b": [2]}) == exact_key({"b": [2], "a": 1})
    assert exact_key(OrderedDict([("b", 1), ("a", 2)])) == exact_key({"a": 2, "b": 1})


def test_tuples_key_like_lists() -> None:
    assert exact_key(("a", 1)) == exact_key(["a", 1])


@pytest.mark.parametrize(
    "value",
    [b"bytes", {1, 2}, {1: "x"}, object(), type("S", (str,), {})("s"), [b"x"], {"a": {2}}],
)
def test_non_json_values_are_not_keyed(value: object) -> None:
    with pytest.raises(TypeError):
        exact_key(value)


def test_deep_nesting_is_refused_not_overflowed() -> None:
    deep: object = "leaf"
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(TypeError, match="deeper"):
        exact_key(deep)
    shallow: object = "leaf"
    for _ in range(MAX_KEY_DEPTH):
        shallow = {"k": shallow}
    hash(exact_key(shallow))


@given(json_values, json_values)
def test_keys_are_equal_exactly_when_the_json_is(left: object, right: object) -> None:
    same_json = _canonical(left) == _canonical(right)
    # json.dumps writes 0.0 and -0.0 differently, and 1 and 1.0 and True too.
    assert (exact_key(left) == exact_key(right)) == same_json


# ---------------------------------------------------------------------------- wire_key


@pytest.mark.parametrize(
    ("left", "right"),
    [
        (1, 1.0),
        (1, True),
        (0, False),
        ("1", 1),
        ("null", None),
        (0.0, -0.0),
        ([], {}),
        ([1], [1.0]),
        ({"a": [1]}, {"a": [True]}),
        ({1: "a"}, {"1": "a"}),
        ({True: "a"}, {1: "a"}),
        ("abc", ["abc"]),
        (float("nan"), "nan"),
    ],
)
def test_wire_keys_of_values_python_thinks_equal_differ(left: object, right: object) -> None:
    assert wire_key(left) != wire_key(right)
    assert wire_key(left) is not None and wire_key(right) is not None


@pytest.mark.parametrize(
    "value", [object(), type("S", (str,), {})("s"), [type("I", (int,), {})(1)], {"a": object()}]
)
def test_values_that_are_not_plain_data_get_no_wire_key(value: object) -> None:
    assert wire_key(value) is None


def test_nesting_and_cycles_past_marshal_s_bound_get_no_wire_key() -> None:
    deep: object = "leaf"
    for _ in range(10_000):
        deep = [deep]
    assert wire_key(deep) is None
    cycle: list[object] = []
    cycle.append(cycle)
    assert wire_key(cycle) is None


@given(json_values, json_values)
def test_equal_wire_keys_mean_equal_exact_keys(left: object, right: object) -> None:
    """Sound where it answers: two values with one wire key are one JSON value (the wire
    key may tell apart what exact_key joins: member order)."""
    if wire_key(left) == wire_key(right):
        assert exact_key(left) == exact_key(right)
    assert wire_key(left) == wire_key(json.loads(json.dumps(left)))  # depends on the value only


@given(json_values)
def test_keys_are_hashable_and_stable(value: object) -> None:
    assert hash(exact_key(value)) == hash(exact_key(json.loads(json.dumps(value))))


# ---------------------------------------------------------------------------- json_size


@given(json_values)
def test_size_is_at_least_the_serialised_size(value: object) -> None:
    assert json_size(value) >= len(json.dumps(value, ensure_ascii=False).encode())


@given(st.lists(st.text(alphabet=st.characters(max_codepoint=127)), max_size=20))
def test_the_arithmetic_size_of_ascii_strings_is_json_size(strings: list[str]) -> None:
    assert ascii_strings_size(tuple(strings)) == json_size(tuple(strings))


def test_size_counts_big_strings_and_deep_nesting() -> None:
    assert json_size("x" * 2_000_000) >= 2_000_000
    assert json_size(["\U0001f600" * 1000]) >= 4000  # non-BMP text: 4 bytes a character
    deep: object = []
    for _ in range(100_000):
        deep = [deep]
    assert json_size(deep) >= 100_000


# ---------------------------------------------------------------------------- BoundedCache


def test_get_put_and_the_byte_count() -> None:
    cache: BoundedCache[str, int] = BoundedCache(100)
    assert cache.get("a") is None
    assert cache.put("a", 1, size=40)
    assert cache.get("a") == 1
    assert (len(cache), cache.bytes_used) == (1, 40)
    assert cache.put("a", 2, size=10)  # replacing frees the old size
    assert (cache.get("a"), len(cache), cache.bytes_used) == (2, 1, 10)
    cache.clear()
    assert (cache.get("a"), len(cache), cache.bytes_used) == (None, 0, 0)


def test_evicts_least_recently_used_by_bytes() -> None:
    cache: BoundedCache[str, str] = BoundedCache(100)
    for name in "abcd":
        assert cache.put(name, name, size=25)
    cache.get("a")  # a is now the most recent; b the least
    assert cache.put("e", "e", size=30)  # needs 30: evicts b then c
    assert [cache.get(name) for name in "abcde"] == ["a", None, None, "d", "e"]
    assert cache.bytes_used == 80


def test_an_entry_over_the_entry_bound_is_not_stored() -> None:
    cache: BoundedCache[str, str] = BoundedCache(1000, max_entry_bytes=100)
    assert cache.put("small", "x", size=100)
    assert not cache.put("big", "x", size=101)
    assert cache.get("big") is None
    assert cache.get("small") == "x"  # a refused entry evicts nothing
    assert cache.put("small", "y", size=101) is False
    assert cache.get("small") is None  # and never leaves a stale value behind
    assert cache.bytes_used == 0


def test_default_entry_bound_is_the_whole_budget() -> None:
    cache: BoundedCache[str, str] = BoundedCache(50)
    assert cache.put("a", "a", size=10)
    assert cache.put("b", "b", size=50)
    assert (cache.get("a"), cache.get("b"), cache.bytes_used) == (None, "b", 50)
    assert not cache.put("c", "c", size=51)
    assert not BoundedCache[str, str](50, max_entry_bytes=500).put("d", "d", size=51)


@given(
    st.integers(min_value=0, max_value=500),
    st.lists(st.tuples(st.integers(0, 20), st.integers(0, 200), st.booleans()), max_size=80),
)
def test_bytes_never_exceed_the_bound(
    max_bytes: int, operations: list[tuple[int, int, bool]]
) -> None:
    cache: BoundedCache[int, int] = BoundedCache(max_bytes, max_entry_bytes=max_bytes // 2 + 1)
    model: OrderedDict[int, int] = OrderedDict()  # key -> size, in LRU order
    for key, size, is_get in operations:
        if is_get:
            hit = cache.get(key)
            assert (hit is not None) == (key in model)
            if key in model:
                model.move_to_end(key)
            continue
        stored = cache.put(key, key, size=size)
        model.pop(key, None)
        assert stored == (size <= cache.max_entry_bytes)
        if stored:
            while model and sum(model.values()) + size > max_bytes:
                model.popitem(last=False)
            model[key] = size
        assert cache.bytes_used <= max_bytes
        assert cache.bytes_used == sum(model.values())
        assert len(cache) == len(model)
