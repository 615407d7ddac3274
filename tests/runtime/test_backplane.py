"""The backplane's messages are strict (issue #23): a versioned JSON envelope of at most
4 KiB; anything else is dropped with a debug log, never raised. Limiter keys hold a
digest of the principal. The in-memory backplane delivers to the other subscribers."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import anyio
import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation.backplane import (
    MAX_ENVELOPE_BYTES,
    Event,
    InMemoryBackplane,
    ListChanged,
    Refetch,
    ResourceUpdated,
    decode,
    decode_ranking,
    encode,
    encode_ranking,
    principal_digest,
)
from negotiation.cursors import principal_binding

EVENTS = st.one_of(
    st.just(Refetch()),
    st.builds(ResourceUpdated, st.text(max_size=200)),
    st.builds(
        ListChanged,
        st.sampled_from(["tools", "resources", "prompts"]),
        st.none() | st.text(max_size=60),
    ),
)


@given(EVENTS, st.text(max_size=20))
def test_every_event_round_trips_with_its_origin(event: Event, origin: str) -> None:
    assert decode(encode(event, origin)) == (event, origin)
    assert decode(encode(event, origin).decode()) == (event, origin)  # str as bytes


@given(st.binary(max_size=300) | st.text(max_size=300) | st.integers() | st.none())
def test_decoding_anything_never_raises(data: Any) -> None:
    decoded = decode(data)
    assert decoded is None or isinstance(decoded[0], ResourceUpdated | ListChanged | Refetch)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(st.dictionaries(st.sampled_from(["v", "o", "k", "uri", "list", "variant", "x"]), JSON))
def test_only_exact_envelopes_decode(body: dict[str, Any]) -> None:
    decoded = decode(json.dumps(body).encode())
    exact_ru = body.keys() == {"v", "o", "k", "uri"} and body.get("k") == "ru"
    exact_rf = body.keys() == {"v", "o", "k"} and body.get("k") == "rf"
    exact_lc = body.keys() in ({"v", "o", "k", "list"}, {"v", "o", "k", "list", "variant"})
    valid = (
        type(body.get("v")) is int
        and body["v"] == 1
        and isinstance(body.get("o"), str)
        and (
            (exact_ru and isinstance(body["uri"], str))
            or exact_rf
            or (
                exact_lc
                and body.get("k") == "lc"
                and body.get("list") in ("tools", "resources", "prompts")
                and isinstance(body.get("variant", ""), str)
            )
        )
    )
    assert (decoded is not None) == valid


@pytest.mark.parametrize(
    "data",
    [
        b'{"v":2,"o":"a","k":"ru","uri":"x"}',  # another version
        b'{"v":true,"o":"a","k":"ru","uri":"x"}',  # true is not 1
        b'{"v":1.0,"o":"a","k":"ru","uri":"x"}',
        b'{"v":1,"o":"a","k":"ru","uri":"x","extra":1}',
        b'{"v":1,"o":"a","k":"lc","list":"tools","variant":null}',
        b'{"v":1,"o":"a","k":"lc","list":"widgets"}',
        b'{"v":1,"o":1,"k":"ru","uri":"x"}',
        b'{"v":1,"o":"a","k":"xx","uri":"x"}',
        b'{"v":1,"o":"a","k":"ru"}',
        b'{"v":1,"o":"a","k":"ru","uri":"x"',
        b"\xff\xfe",
        b"[]",
        b'{"o":"a"}',
        b'{"v":1,"o":"a","k":"rf","uri":"x"}',
    ],
)
def test_a_malformed_message_is_dropped_with_a_debug_log(
    data: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="negotiation.backplane"):
        assert decode(data) is None
    assert [r.getMessage()[:40] for r in caplog.records] == [
        "backplane: dropped a malformed message ("
    ]


def test_the_envelope_is_at_most_4_kib() -> None:
    overhead = len(encode(ResourceUpdated(""), "o"))
    fits = ResourceUpdated("u" * (MAX_ENVELOPE_BYTES - overhead))
    assert len(encode(fits, "o")) == MAX_ENVELOPE_BYTES and decode(encode(fits, "o"))
    with pytest.raises(ValueError, match=f"exceeds {MAX_ENVELOPE_BYTES}"):
        encode(ResourceUpdated("u" * (MAX_ENVELOPE_BYTES - overhead + 1)), "o")
    too_long = b'{"v":1,"o":"o","k":"ru","uri":"' + b"u" * MAX_ENVELOPE_BYTES + b'"}'
    assert decode(too_long) is None
    assert encode(ListChanged("tools"), "o") == b'{"v":1,"o":"o","k":"lc","list":"tools"}'
    assert encode(ListChanged("prompts", "é"), "o").decode() == (
        '{"v":1,"o":"o","k":"lc","list":"prompts","variant":"é"}'
    )


def test_rankings_are_short_lists_of_distinct_ids() -> None:
    assert decode_ranking(encode_ranking(["b", "a"])) == ("b", "a")
    assert decode_ranking('["a"]') == ("a",)
    for bad in (b'["a","a"]', b"[1]", b'{"a":1}', b"nope", None, b'["' + b"a" * 5000 + b'"]'):
        assert decode_ranking(bad) is None


def test_a_principal_digest_is_the_sha256_of_its_typed_binding_never_the_principal() -> None:
    digest = principal_digest("alice-token")
    assert digest == hashlib.sha256(principal_binding("alice-token")).hexdigest()
    assert "alice" not in digest and len(digest) == 64
    assert principal_digest("1") != principal_digest(1)
    assert principal_digest("alice-token") == digest  # stable
    assert principal_digest(None) == hashlib.sha256(b"\x00").hexdigest()


def test_the_in_memory_backplane_delivers_to_every_other_origin() -> None:
    backplane = InMemoryBackplane()
    got: dict[str, list[Event]] = {"a": [], "b": [], "c": []}

    def on(origin: str) -> Any:
        async def receive(event: Event) -> None:
            if origin == "b":
                raise RuntimeError("a failing subscriber")
            got[origin].append(event)

        return receive

    async def gap() -> None:
        raise AssertionError("no gap in one process")

    unsubscribe = {name: backplane.subscribe(name, on(name), gap) for name in got}

    async def main() -> None:
        await backplane.start()
        await backplane.publish(ListChanged("tools", "v"), "a")
        unsubscribe["c"]()
        await backplane.publish(ResourceUpdated("memo://x"), "a")
        assert await backplane.switch("k", "v", 1, 1) is None
        assert await backplane.ranking("k", lambda: anyio.sleep(0), 1) is None  # type: ignore[arg-type,return-value]
        await backplane.aclose()
        await backplane.publish(ResourceUpdated("memo://y"), "z")

    anyio.run(main)
    assert got == {"a": [], "b": [], "c": [ListChanged("tools", "v")]}
    assert not backplane.shared
