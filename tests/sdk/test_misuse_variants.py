"""A server variant given as a wire mapping with a hint the spec does not allow (a hint
value is a string, ``hints?: { [key: string]: string }``) is refused where it is
declared, naming the variant, the hint and what was given; never dropped silently."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation.sdk import Negotiation
from negotiation.variants import VariantAdvertiser, parse_available_variants

OTHER = {"id": "b", "description": "B."}


@pytest.mark.parametrize(
    ("hints", "message"),
    [
        ({"k": 3}, "server variant 'a': hint 'k' must be a string, not 3 (int)"),
        ({"k": None}, "server variant 'a': hint 'k' must be a string, not None (NoneType)"),
        (
            {"useCase": "x", "k": ["x", "y"]},
            "server variant 'a': hint 'k' must be a string, not ['x', 'y'] (list)",
        ),
        ({7: "x"}, "server variant 'a': hint key 7 (int) must be a string"),
        ("coding", "server variant 'a': hints must be an object of strings, not 'coding' (str)"),
        (["k"], "server variant 'a': hints must be an object of strings, not ['k'] (list)"),
    ],
)
def test_a_variant_mapping_with_a_non_string_hint_is_refused(hints: Any, message: str) -> None:
    variant = {"id": "a", "description": "A.", "hints": hints}
    with pytest.raises(ValueError) as raised:
        Negotiation(variants=[variant, OTHER])
    assert str(raised.value) == message
    with pytest.raises(ValueError) as again:
        VariantAdvertiser([OTHER, variant])
    assert str(again.value) == message


def test_string_hints_and_absent_or_null_hints_are_accepted() -> None:
    neg = Negotiation(
        variants=[
            {"id": "a", "description": "A.", "hints": {"useCase": "coding", "x.y/z": ""}},
            {"id": "b", "description": "B.", "hints": {}},
            {"id": "c", "description": "C."},
            {"id": "d", "description": "D.", "hints": None},
        ]
    )
    hints = [v.hints for v in neg.variants]
    assert hints == [{"useCase": "coding", "x.y/z": ""}, None, None, None]


_NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=3),
    st.binary(max_size=4),
)


@given(key=st.text(max_size=8), value=_NOT_TEXT)
def test_any_non_string_hint_value_is_refused_by_name(key: str, value: object) -> None:
    variant = {"id": "v", "description": "", "hints": {"useCase": "ok", key: value}}
    with pytest.raises(ValueError) as raised:
        VariantAdvertiser([variant, OTHER])
    assert str(raised.value).startswith(f"server variant 'v': hint {key!r} must be a string")
    assert type(value).__name__ in str(raised.value)


def test_an_advertised_variant_with_a_non_string_hint_is_ignored_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The client side reads untrusted settings: the bad variant is skipped and said so.
    with caplog.at_level(logging.WARNING, "negotiation.variants"):
        offered = parse_available_variants(
            {"availableVariants": [{"id": "a", "description": "", "hints": {"k": 3}}, OTHER]}
        )
    assert [v.id for v in offered] == ["b"]
    assert [r.getMessage() for r in caplog.records] == [
        "ignoring a malformed advertised variant: "
        "server variant 'a': hint 'k' must be a string, not 3 (int)"
    ]
