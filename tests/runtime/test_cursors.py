"""Variant-bound HMAC cursors: minting, checking, rotation and hostile input."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation.cursors import (
    MAX_CURSOR_CHARS,
    MAX_POSITION_BYTES,
    VERIFIED_CACHE_BYTES,
    CursorCodec,
)

KEY = b"k" * 32
OLD_KEY = b"o" * 32


def test_a_cursor_round_trips_in_its_variant() -> None:
    codec = CursorCodec(KEY)
    cursor = codec.mint("compact", "offset=40")
    check = codec.check(cursor, "compact")
    assert check.ok and check.position == "offset=40"
    assert codec.check(cursor, "compact").position == "offset=40"  # memoised path


def test_cursors_are_opaque_url_safe_text() -> None:
    cursor = CursorCodec(KEY).mint("compact", "offset=40")
    assert cursor.isascii() and "=" not in cursor and "+" not in cursor and "/" not in cursor


def test_another_variant_gets_the_spec_mismatch_error() -> None:
    codec = CursorCodec(KEY)
    check = codec.check(codec.mint("claude-optimized", "p2"), "compact")
    assert check.error == {
        "code": -32602,
        "message": "Cursor invalid for requested variant",
        "data": {"cursorVariant": "claude-optimized", "requestedVariant": "compact"},
    }


def test_servers_without_variants_bind_to_the_implicit_default() -> None:
    codec = CursorCodec(KEY)
    assert codec.check(codec.mint(None, "p"), None).position == "p"
    assert not codec.check(codec.mint(None, "p"), "compact").ok


def test_a_rotated_out_key_is_still_accepted() -> None:
    old = CursorCodec(OLD_KEY).mint("compact", "p")
    rotated = CursorCodec(KEY, previous_keys=[OLD_KEY])
    assert rotated.check(old, "compact").position == "p"
    assert not CursorCodec(KEY).check(old, "compact").ok  # once dropped, it is invalid
    assert CursorCodec(OLD_KEY).check(rotated.mint("compact", "p"), "compact").error is not None


def test_a_forged_variant_is_invalid_not_a_mismatch() -> None:
    codec = CursorCodec(KEY)
    raw = bytearray(base64.urlsafe_b64decode(codec.mint("aaaa", "p") + "=="))
    raw[2:6] = b"bbbb"  # claim another variant without the key
    forged = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()
    assert codec.check(forged, "bbbb").error == {
        "code": -32602,
        "message": "Invalid cursor",
        "data": {"activeVariant": "bbbb"},
    }


def test_short_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        CursorCodec(b"short")
    with pytest.raises(ValueError):
        CursorCodec(KEY, previous_keys=[b""])


@pytest.mark.parametrize(
    "garbage", ["", "!!!", "AAAA", "x" * 5000, "é", None, 42, ["a"], "AQdj==="]
)
def test_garbage_is_invalid_cursor(garbage: object) -> None:
    assert CursorCodec(KEY).check(garbage, "compact").error == {
        "code": -32602,
        "message": "Invalid cursor",
        "data": {"activeVariant": "compact"},
    }
    # Without variants: the corpus's bare shape.
    assert CursorCodec(KEY).check(garbage, None).error == {
        "code": -32602,
        "message": "Invalid cursor",
    }


def test_invalid_cursor_carries_the_active_variant_capped() -> None:
    # SEP-2053 Debugging Consistency: activeVariant in variant-scoped failures; echoed
    # values are capped like every echo.
    error = CursorCodec(KEY).check("garbage", "v" * 300).error
    assert error is not None
    assert error["data"]["activeVariant"].startswith("v" * 256)
    assert error["data"]["activeVariant"].endswith("…[44 more characters]")


@given(st.text(max_size=40), st.integers(min_value=0, max_value=200), st.characters())
def test_any_edit_to_a_cursor_invalidates_it(position: str, index: int, replacement: str) -> None:
    codec = CursorCodec(KEY)
    cursor = codec.mint("compact", position)
    i = index % len(cursor)
    edited = cursor[:i] + replacement + cursor[i + 1 :]
    check = codec.check(edited, "compact")
    if edited == cursor:
        assert check.ok
    else:
        assert check.error == {
            "code": -32602,
            "message": "Invalid cursor",
            "data": {"activeVariant": "compact"},
        }


@given(
    st.text(max_size=200)
    | st.binary(max_size=100).map(lambda b: base64.urlsafe_b64encode(b).decode())
)
def test_no_input_raises(text: str) -> None:
    check = CursorCodec(KEY, previous_keys=[OLD_KEY]).check(text, "compact")
    assert not check.ok


@given(st.text(max_size=50), st.text(max_size=200))
def test_every_minted_cursor_checks(variant: str, position: str) -> None:
    codec = CursorCodec(KEY)
    assert codec.check(codec.mint(variant or None, position), variant or None).position == position


# --- the length bound: mint never makes what check refuses ------------------------------


@pytest.mark.parametrize("variant", [None, "compact", "v" * 255])
def test_mint_fills_exactly_4096_characters_and_no_more(variant: str | None) -> None:
    codec = CursorCodec(KEY)
    room = MAX_POSITION_BYTES - len((variant or "").encode())
    cursor = codec.mint(variant, "p" * room)
    assert len(cursor) == MAX_CURSOR_CHARS == 4096
    assert codec.check(cursor, variant).position == "p" * room
    with pytest.raises(ValueError, match="does not fit in a 4096-character cursor"):
        codec.mint(variant, "p" * (room + 1))  # would be 4097+ characters (4098 in base64)


def test_multibyte_positions_are_measured_in_bytes() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        CursorCodec(KEY).mint(None, "é" * (MAX_POSITION_BYTES // 2 + 1))


def test_a_cursor_of_4097_characters_is_refused_unread() -> None:
    codec = CursorCodec(KEY)
    genuine = codec.mint(None, "p" * MAX_POSITION_BYTES)
    assert not codec.check(genuine + "A", None).ok
    assert not codec.check("A" * 4097, None).ok


@given(st.text(max_size=50), st.text(max_size=4000))
def test_mint_raises_or_makes_a_cursor_check_accepts(variant: str, position: str) -> None:
    codec = CursorCodec(KEY)
    try:
        cursor = codec.mint(variant or None, position)
    except ValueError:
        assert len(position.encode()) + len(variant.encode()) > MAX_POSITION_BYTES
        return
    assert len(cursor) <= MAX_CURSOR_CHARS
    assert codec.check(cursor, variant or None).position == position


def test_the_verified_cursor_cache_stays_within_its_budget() -> None:
    codec = CursorCodec(KEY)
    for i in range(2000):  # 2000 genuine 4 KB cursors: about 24 MB if all were kept
        cursor = codec.mint(None, f"{i:06d}" + "p" * (MAX_POSITION_BYTES - 6))
        assert codec.check(cursor, None).ok
        assert codec.verified_bytes <= VERIFIED_CACHE_BYTES
