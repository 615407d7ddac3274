"""Pins from mutation testing of negotiation/backplane.py: exact bytes, limits at the
bound and one past it, and the exact log lines."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import pytest

from negotiation.backplane import (
    MAX_ENVELOPE_BYTES,
    Event,
    InMemoryBackplane,
    ListChanged,
    ResourceUpdated,
    decode,
    decode_ranking,
    encode,
    encode_ranking,
)


def test_encoding_is_compact_utf8() -> None:
    assert encode(ResourceUpdated("memo://é"), "o") == (
        '{"v":1,"o":"o","k":"ru","uri":"memo://é"}'.encode()
    )
    assert encode_ranking(["b", "é"]) == '["b","é"]'.encode()
    assert encode_ranking(()) == b"[]"


def test_a_str_message_with_a_lone_surrogate_is_read_not_raised() -> None:
    text = '{"v":1,"o":"o","k":"ru","uri":"\ud800"}'
    decoded = decode(text)
    assert decoded == (ResourceUpdated("\ud800"), "o")


def test_a_list_changed_with_a_non_string_variant_is_dropped() -> None:
    assert decode(b'{"v":1,"o":"o","k":"lc","list":"tools","variant":7}') is None


def test_the_log_lines_name_what_was_dropped(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="negotiation.backplane"):
        decode(b"junk")
        decode_ranking(b"nope")
    assert [r.getMessage() for r in caplog.records] == [
        "backplane: dropped a malformed message (b'junk')",
        "backplane: ignored a malformed ranking (b'nope')",
    ]


def test_a_ranking_of_exactly_4_kib_is_read_and_one_byte_more_is_not() -> None:
    ids = '["' + "a" * (MAX_ENVELOPE_BYTES - 4) + '"]'
    assert len(ids) == MAX_ENVELOPE_BYTES
    assert decode_ranking(ids) == ("a" * (MAX_ENVELOPE_BYTES - 4),)
    assert decode_ranking(ids.replace('["', '[ "')) is None
    assert decode_ranking(b"") is None and decode_ranking("") is None


def test_a_failing_subscriber_is_logged_and_unsubscribing_returns_none(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = InMemoryBackplane()
    got: list[Event] = []

    async def failing(event: Event) -> None:
        raise RuntimeError("boom")

    async def gap() -> None:
        return None

    async def record(event: Event) -> None:
        got.append(event)

    backplane.subscribe("x", failing, gap)
    unsubscribe = backplane.subscribe("y", record, gap)
    with caplog.at_level(logging.ERROR, logger="negotiation.backplane"):
        anyio.run(backplane.publish, ListChanged("tools"), "z")
    assert got == [ListChanged("tools")]
    assert [r.getMessage() for r in caplog.records] == ["backplane: a subscriber failed"]
    result: Any = unsubscribe()
    assert result is None
    assert unsubscribe() is None  # idempotent
    anyio.run(backplane.publish, ListChanged("prompts"), "z")
    assert got == [ListChanged("tools")]
