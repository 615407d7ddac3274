"""Exact behaviour of the cursor codec at its limits (pins found by mutation testing)."""

from __future__ import annotations

import pytest

from negotiation.cursors import (
    MAX_CURSOR_CHARS,
    MAX_POSITION_BYTES,
    VERIFIED_CACHE_BYTES,
    CursorCodec,
)
from negotiation.errors import NegotiationError

KEY = b"k" * 16


def test_a_16_byte_key_is_enough_and_15_bytes_are_refused() -> None:
    CursorCodec(b"a" * 16, previous_keys=[b"b" * 16])
    for key, previous in ((b"a" * 15, []), (KEY, [b"b" * 15])):
        with pytest.raises(ValueError) as raised:
            CursorCodec(key, previous_keys=previous)
        assert str(raised.value) == "cursor keys need at least 16 bytes"


def test_a_255_byte_variant_id_binds_and_256_bytes_are_refused() -> None:
    codec = CursorCodec(KEY)
    variant = "é" * 127 + "v"  # 255 bytes in UTF-8
    cursor = codec.mint(variant, "p")
    assert codec.check(cursor, variant).position == "p"
    with pytest.raises(ValueError) as raised:
        codec.mint(variant + "v", "p")
    assert str(raised.value) == "variant ids over 255 bytes cannot be bound"


@pytest.mark.parametrize(("variant", "room"), [(None, MAX_POSITION_BYTES), ("v1", 3052)])
def test_the_position_fills_a_4096_character_cursor_exactly(variant: str | None, room: int) -> None:
    assert MAX_POSITION_BYTES == 3054
    codec = CursorCodec(KEY)
    cursor = codec.mint(variant, "p" * room)
    assert len(cursor) == MAX_CURSOR_CHARS == 4096
    assert codec.check(cursor, variant).position == "p" * room
    with pytest.raises(ValueError) as raised:
        codec.mint(variant, "p" * (room + 1))
    assert str(raised.value) == (
        f"cursor position of {room + 1} bytes does not fit in a 4096-character cursor"
        f" (at most {room} bytes here)"
    )


def test_a_4097_character_cursor_is_invalid() -> None:
    codec = CursorCodec(KEY)
    genuine = codec.mint(None, "p" * MAX_POSITION_BYTES)
    assert codec.check(genuine + "A", None).error == {"code": -32602, "message": "Invalid cursor"}


def test_a_variant_cursor_used_without_a_variant_names_an_empty_requested_variant() -> None:
    codec = CursorCodec(KEY)
    check = codec.check(codec.mint("compact", "7"), None)
    assert check.position is None
    assert check.error == {
        "code": -32602,
        "message": "Cursor invalid for requested variant",
        "data": {"cursorVariant": "compact", "requestedVariant": ""},
    }


def test_only_genuine_cursors_are_remembered_each_at_its_stated_size() -> None:
    codec = CursorCodec(KEY)
    assert codec.check("garbage", None).error is not None
    assert codec.verified_bytes == 0
    first, second = codec.mint("a", "1"), codec.mint("a", "22")
    assert codec.check(first, "a").ok and codec.check(second, "a").ok
    # An unbound cursor's binding is one byte.
    assert codec.verified_bytes == (3 * len(first) + 301) + (3 * len(second) + 301)
    assert codec.check(first, "a").position == "1"  # a repeat check answers from memory
    assert codec.verified_bytes == (3 * len(first) + 301) + (3 * len(second) + 301)
    bound = codec.mint("a", "1", principal="alice")
    assert codec.check(bound, "a", principal="alice").ok
    # A principal's binding is 33 bytes (a flag and a SHA-256 digest).
    assert codec.verified_bytes == (3 * len(first) + 301) + (3 * len(second) + 301) + (
        3 * len(bound) + 333
    )


def test_a_cursor_of_every_padding_length_round_trips() -> None:
    codec = CursorCodec(KEY)
    lengths = set()
    for size in range(1, 8):
        cursor = codec.mint(None, "p" * size)
        lengths.add(len(cursor) % 4)
        assert codec.check(cursor, None).position == "p" * size
        assert codec.check(cursor + "=", None).error == {
            "code": -32602,
            "message": "Invalid cursor",
        }
    assert lengths == {0, 2, 3}


def test_the_verified_cache_stays_within_its_byte_budget_and_drops_the_oldest() -> None:
    codec = CursorCodec(KEY)
    cursors = [codec.mint(None, f"{i:04d}" + "p" * 2996) for i in range(400)]
    size = 3 * len(cursors[0]) + 301  # an unbound cursor: a 1-byte binding
    assert {len(c) for c in cursors} == {len(cursors[0])}
    for cursor in cursors:
        assert codec.check(cursor, None).ok
    kept = VERIFIED_CACHE_BYTES // size
    assert kept < 400
    assert codec.verified_bytes == kept * size
    # The oldest was evicted but is still genuine: verified again, it replaces another.
    assert codec.check(cursors[0], None).position == "0000" + "p" * 2996
    assert codec.verified_bytes == kept * size


def test_a_failed_check_raises_its_error() -> None:
    codec = CursorCodec(KEY)
    codec.check(codec.mint("a", "1"), "a").raise_for_error()  # ok: nothing raised
    with pytest.raises(NegotiationError) as raised:
        codec.check("garbage", "a").raise_for_error()
    assert raised.value.to_wire() == {
        "code": -32602,
        "message": "Invalid cursor",
        "data": {"activeVariant": "a"},
    }


# --- bound to the principal (security rule: cursors are bound to the principal) -------


@pytest.mark.parametrize(
    ("minted_for", "checked_by"),
    [
        ("alice", "bob"),
        ("alice", None),
        (None, "alice"),
        (1, True),  # type-exact: 1 is not True
        (1, "1"),
        ("1", 1),
        (("team", 1), ("team", 2)),
    ],
)
def test_a_cursor_is_invalid_for_another_principal_and_names_no_variant(
    minted_for: object, checked_by: object
) -> None:
    codec = CursorCodec(KEY)
    cursor = codec.mint("hidden", "10", principal=minted_for)
    assert codec.check(cursor, "hidden", principal=minted_for).position == "10"
    # Checked first by the right principal, so the verified cache is warm: it must not
    # answer for another principal.
    other = codec.check(cursor, "visible", principal=checked_by)
    assert other.position is None
    assert other.error == {
        "code": -32602,
        "message": "Invalid cursor",
        "data": {"activeVariant": "visible"},
    }
    assert "hidden" not in repr(other.error)


def test_a_bound_cursor_verifies_in_another_codec_with_the_same_key() -> None:
    """Replicas sharing a key accept each other's cursors for the same principal."""
    cursor = CursorCodec(KEY).mint("a", "5", principal="alice")
    replica = CursorCodec(KEY)
    assert replica.check(cursor, "a", principal="alice").position == "5"
    assert replica.check(cursor, "a", principal="bob").error is not None
    assert CursorCodec(b"x" * 16).check(cursor, "a", principal="alice").error is not None


@pytest.mark.parametrize(
    ("principal", "tagged"),
    [
        ("alice", b"salice"),
        ("\ud800-lone", b"s\xed\xa0\x80-lone"),  # a lone surrogate binds too (surrogatepass)
        (7, b"i7"),
        (-12, b"i-12"),
        (True, b"rbool:True"),  # not the int 1
        (("team", 1), b"rtuple:('team', 1)"),
        ("\u00e9", "s\u00e9".encode()),
    ],
)
def test_the_principal_binding_is_a_fixed_known_answer(principal: object, tagged: bytes) -> None:
    """Replicas (and a rolling upgrade) must agree on it: the format is pinned."""
    import hashlib

    from negotiation.cursors import principal_binding

    assert principal_binding(principal) == b"\x01" + hashlib.sha256(tagged).digest()
    assert principal_binding(None) == b"\x00"


def test_a_principal_whose_repr_holds_a_lone_surrogate_still_binds() -> None:
    import hashlib

    from negotiation.cursors import principal_binding

    class Odd:
        def __repr__(self) -> str:
            return "\ud800"

        def __hash__(self) -> int:
            return 1

    tagged = b"r" + Odd.__qualname__.encode() + b":" + "\ud800".encode("utf-8", "surrogatepass")
    assert principal_binding(Odd()) == b"\x01" + hashlib.sha256(tagged).digest()
