"""``negotiation._cache``: exact keys, size estimates and the byte-bounded LRU, pinned
at their limits from the module's mutation run."""

from __future__ import annotations

import sys

import pytest

from negotiation._cache import MAX_KEY_DEPTH, BoundedCache, exact_key, identity_key, json_size


def _nested_lists(levels: int) -> object:
    value: object = "leaf"
    for _ in range(levels):
        value = [value]
    return value


def _nested_dicts(levels: int) -> object:
    value: object = "leaf"
    for _ in range(levels):
        value = {"k": value}
    return value


@pytest.mark.parametrize("nest", [_nested_lists, _nested_dicts])
def test_exact_key_nests_to_the_limit_and_not_one_level_more(nest: object) -> None:
    assert MAX_KEY_DEPTH == 64
    exact_key(nest(MAX_KEY_DEPTH))  # type: ignore[operator]
    with pytest.raises(TypeError) as caught:
        exact_key(nest(MAX_KEY_DEPTH + 1))  # type: ignore[operator]
    assert str(caught.value) == "value nests deeper than 64 levels; not keyed"


def test_exact_key_shapes_and_messages() -> None:
    assert exact_key({"b": 1, "a": [True]}) == (
        dict,
        (("a", (list, ((bool, True),))), ("b", (int, 1))),
    )
    assert exact_key({"b": 1, "a": 2}) == exact_key({"a": 2, "b": 1})
    with pytest.raises(TypeError) as caught:
        exact_key({1: "x"})
    assert str(caught.value) == "object key of type int is not JSON"
    with pytest.raises(TypeError) as caught:
        exact_key({1, 2})
    assert str(caught.value) == "a set is not a JSON value; not keyed"


class Token:
    def __init__(self, value: str) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)


class OtherToken(Token):
    pass


def test_identity_key_tags_non_json_identities_with_their_type() -> None:
    token = Token("t")
    assert identity_key(token) == (Token, token)
    assert identity_key(token) != identity_key(OtherToken("t"))
    assert identity_key("t") == "t" and identity_key(1) == (int, 1)


def test_json_size_of_each_kind() -> None:
    assert json_size(None) == 32
    assert json_size(True) == 32
    assert json_size(1.5) == 32
    assert json_size(5) == 32
    big = 10**100
    assert json_size(big) == sys.getsizeof(big) > 32
    assert json_size("ab") == sys.getsizeof("ab")
    assert json_size(int) == 16  # a type tag inside a key
    assert json_size([1]) == 64 + 16 + 32
    assert json_size({"a": 1}) == 64 + 112 + sys.getsizeof("a") + 32
    assert json_size({"a": "b"}) == 64 + 112 + sys.getsizeof("a") + sys.getsizeof("b")
    assert json_size(b"xy") == sys.getsizeof(b"xy")
    assert json_size([None, [int]]) == 64 + 2 * 16 + 32 + 64 + 16 + 16


def test_bounded_cache_refuses_a_negative_budget_and_discards_quietly() -> None:
    with pytest.raises(ValueError) as caught:
        BoundedCache(-1)
    assert str(caught.value) == "max_bytes must be >= 0"
    cache: BoundedCache[str, int] = BoundedCache(100)
    cache.discard("absent")  # nothing happens
    cache.put("a", 1, size=10)
    cache.discard("a")
    assert cache.bytes_used == 0 and len(cache) == 0


def test_json_size_adds_other_objects_to_what_came_before() -> None:
    assert json_size([b"xy"]) == 64 + 16 + sys.getsizeof(b"xy")
