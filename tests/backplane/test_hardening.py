"""Issue #34: a backplane that can't be silenced. A message nested deep enough to exhaust
the JSON parser, a stored ranking of the same bytes, a reader that fails, a bad URL,
and the refetch signal that names how old its loss is."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

import anyio
import fakeredis
import pytest
from mcp import Client
from mcp_ext import ServerVariant, VariantHints
from redis.asyncio import Redis

from negotiation import backplane as bp
from negotiation.backplane import (
    Event,
    ListChanged,
    LogThrottle,
    Refetch,
    ResourceUpdated,
    covered,
    decode,
    decode_ranking,
    encode,
    encode_ranking,
    principal_digest,
)
from negotiation.sdk import ServerVariants
from negotiation.sdk.redis import RedisBackplane
from negotiation.variants._forms import NormalHints
from tests.backplane.test_negotiation_redis import DESCRIBED, _replica

NESTED = b"[" * 2000  # json.loads raises RecursionError on it
Make = Callable[[], RedisBackplane]


@pytest.fixture(params=["fakeredis", "redis-server"])
def make(request: pytest.FixtureRequest) -> Make:
    prefix = f"h{os.urandom(4).hex()}"
    if request.param == "fakeredis":
        server = fakeredis.FakeServer()
        return lambda: RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix=prefix)
    url = request.getfixturevalue("redis_url")
    return lambda: RedisBackplane.from_url(url, prefix=prefix, health_check_seconds=0.5)


class _Inbox:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.gaps = 0

    async def on_event(self, event: Event) -> None:
        self.events.append(event)

    async def on_gap(self) -> None:
        self.gaps += 1


async def _until(done: Callable[[], bool], limit: float = 5.0) -> None:
    with anyio.fail_after(limit):  # a hang guard, not a timed assertion
        while not done():
            await anyio.sleep(0.01)


# --- decoding never raises ------------------------------------------------------------


@pytest.mark.parametrize("data", [NESTED, NESTED.decode(), b"{" + b'"a":[' * 900])
def test_a_nested_message_and_a_nested_ranking_decode_to_nothing(data: object) -> None:
    assert decode(data) is None
    assert decode_ranking(data) is None


def test_memory_exhausted_on_a_bounded_input_is_a_dropped_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def exhausted(data: object) -> object:
        raise MemoryError

    monkeypatch.setattr(bp.json, "loads", exhausted)
    assert decode(b'{"v":1,"o":"A","k":"rf"}') is None
    assert decode_ranking(b'["a"]') is None


def test_a_refetch_names_how_old_its_loss_is_and_nothing_else() -> None:
    assert encode(Refetch(1500), "A") == b'{"v":1,"o":"A","k":"rf","age":1500}'
    assert encode(Refetch(), "A") == b'{"v":1,"o":"A","k":"rf"}'
    decoded = decode(b'{"v":1,"o":"A","k":"rf","age":1500}')
    assert decoded is not None and decoded[0].age_ms == 1500  # type: ignore[union-attr]
    plain = decode(b'{"v":1,"o":"A","k":"rf"}')
    assert plain is not None and plain[0].age_ms is None  # type: ignore[union-attr]
    for age in (b"-1", b"1.5", b"true", b'"1"', b"null"):
        assert decode(b'{"v":1,"o":"A","k":"rf","age":' + age + b"}") is None
    assert decode(b'{"v":1,"o":"A","k":"rf","age":1,"x":1}') is None
    assert Refetch(5) == Refetch()  # a signal is a signal


def test_a_refetch_is_covered_only_by_one_given_after_its_loss() -> None:
    # Lost at 10.0 (arrived at 12.0, 2000 ms old); this replica's clients refetched at 11.
    assert covered(Refetch(2000), 12.0, 11.0)
    assert covered(Refetch(2000), 12.0, 10.0)  # at the very moment: re-read after it
    assert not covered(Refetch(2000), 12.0, 9.999)
    assert not covered(Refetch(), 12.0, 11.0)  # unknown age: always delivered
    assert not covered(Refetch(2000), 12.0, None)  # never refetched


def test_the_log_throttle_says_the_first_at_once_then_a_count_per_interval() -> None:
    now = [100.0]
    throttle = LogThrottle(60, clock=lambda: now[0])
    assert throttle.hit() == 1
    assert [throttle.hit() for _ in range(5)] == [None] * 5
    assert throttle.due() is None
    now[0] += 59.9
    assert throttle.hit() is None
    now[0] += 0.1
    assert throttle.due() == 6  # the five and the one at 159.9
    assert throttle.due() is None
    now[0] += 600
    assert throttle.due() is None  # nothing pending
    assert throttle.hit() == 1
    assert throttle.total == 8


# --- the reader survives any message ----------------------------------------------------


def test_a_nested_message_is_dropped_counted_and_said_once_and_the_reader_goes_on(
    make: Make, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> tuple[list[Event], int, int]:
        a, b = make(), make()
        inbox = _Inbox()
        b.subscribe("B", inbox.on_event, inbox.on_gap)
        await b.start()
        try:
            for junk in (NESTED, b"[" * 4000, b'{"v":1,"o":"A","k":"rf","age":-1}', NESTED):
                await a._client.publish(a.channel, junk)
            await a.publish(ResourceUpdated("after"), "A")
            await _until(lambda: bool(inbox.events))
            return inbox.events, b.dropped, inbox.gaps
        finally:
            await a.aclose()
            await b.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        events, dropped, gaps = anyio.run(main)
    assert events == [ResourceUpdated("after")] and gaps == 0
    assert dropped == 4
    said = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("backplane: dropped 1 malformed message(s)")


def test_the_supervisor_restarts_a_failed_reader_and_tells_clients_to_refetch(
    redis_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import negotiation.sdk.redis as module

    failures = [RuntimeError("a bug in the reader")]

    def failing_once(data: object) -> Any:
        if failures:
            raise failures.pop()
        return decode(data)

    monkeypatch.setattr(module, "decode", failing_once)
    prefix = f"s{os.urandom(4).hex()}"

    async def main() -> tuple[list[Event], int, int]:
        a = RedisBackplane.from_url(redis_url, prefix=prefix, reconnect_seconds=0.05)
        b = RedisBackplane.from_url(redis_url, prefix=prefix, reconnect_seconds=0.05)
        inbox = _Inbox()
        b.subscribe("B", inbox.on_event, inbox.on_gap)
        await b.start()
        try:
            await a.publish(ResourceUpdated("kills the reader"), "A")
            await _until(lambda: inbox.gaps == 1)
            await a.publish(ResourceUpdated("after"), "A")
            await _until(lambda: bool(inbox.events))
            return inbox.events, inbox.gaps, b.restarts
        finally:
            await a.aclose()
            await b.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        events, gaps, restarts = anyio.run(main)
    assert events == [ResourceUpdated("after")] and gaps == 1 and restarts == 1
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors == [
        "backplane: the reader failed (1 time(s) since the last line: RuntimeError: a bug in"
        " the reader); restarting it"
    ]


def test_a_refetch_covered_by_this_replicas_own_is_dropped_and_a_later_one_is_not() -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="cov")
    inbox = _Inbox()
    backplane.subscribe("B", inbox.on_event, inbox.on_gap)

    async def main() -> None:
        await backplane._gap()  # this replica's clients refetch now
        await backplane._dispatch(encode(Refetch(60_000), "A"))  # lost a minute ago
        await backplane._dispatch(encode(Refetch(0), "A"))  # lost just now
        await backplane._dispatch(encode(Refetch(60_000), "C"))  # covered by the one above
        await backplane._dispatch(encode(Refetch(), "C"))  # of unknown age

    anyio.run(main)
    assert inbox.gaps == 1 and inbox.events == [Refetch(), Refetch()]


# --- stored rankings --------------------------------------------------------------------


def test_a_nested_stored_ranking_is_ignored_overwritten_and_given_a_ttl() -> None:
    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        return ["c", "b", "a"]

    server = fakeredis.FakeServer()
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(server=server), prefix="nest")
    mcp_server, _ = _replica(backplane, ranker=ranker)
    key = f"nest:rk:{NormalHints.from_wire(DESCRIBED).digest()}:{principal_digest('alice')}"

    async def main() -> tuple[list[str], Any, int]:
        await backplane._client.set(key, NESTED)  # no time to live, as a forger leaves it
        served = []
        for _ in range(2):
            async with Client(mcp_server, mode="auto", extensions=[ServerVariants(DESCRIBED)]) as c:
                served.append(str((await c.call_tool("t", {})).content[0].text))  # type: ignore[union-attr]
        return served, await backplane._client.get(key), await backplane._client.pttl(key)

    served, stored, ttl = anyio.run(main)
    assert served == ["c", "c"]
    assert stored == encode_ranking(["c", "b", "a"])
    assert 0 < ttl <= 300_000


def test_a_good_ranking_stored_without_a_ttl_gets_one() -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="ttl")

    async def never() -> tuple[str, ...]:
        raise AssertionError("the stored ranking is served")

    async def main() -> tuple[Any, int]:
        await backplane._client.set("ttl:rk:k", b'["x"]')
        got = await backplane.ranking("k", never, 30)
        return got, await backplane._client.pttl("ttl:rk:k")

    got, ttl = anyio.run(main)
    assert got == ("x",) and 0 < ttl <= 30_000


def test_a_bad_ranking_replaced_meanwhile_by_a_good_one_is_not_deleted() -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="race")

    async def main() -> tuple[int, Any, int, Any]:
        await backplane._client.set("race:rk:k", b'["good"]')
        kept = await backplane._delete_if(keys=["race:rk:k"], args=[NESTED])
        value = await backplane._client.get("race:rk:k")
        await backplane._client.set("race:rk:k", NESTED)
        gone = await backplane._delete_if(keys=["race:rk:k"], args=[NESTED])
        return kept, value, gone, await backplane._client.get("race:rk:k")

    assert anyio.run(main) == (0, b'["good"]', 1, None)


# --- URLs -------------------------------------------------------------------------------

BAD_URLS = [
    ("foo://127.0.0.1:6379/0", "the scheme must be one of redis://, rediss://, unix://"),
    ("127.0.0.1:6379", "the scheme must be one of"),
    ("redis://127.0.0.1:port/0", "Port could not be cast to integer value as 'port'"),
    ("redis://:hunter2@127.0.0.1:notaport/0", "Port could not be cast"),
    ("redis://127.0.0.1:6379/zero", "the database must be a number, not 'zero'"),
    ("redis://127.0.0.1:99999/0", "Port out of range"),
    ("redis+sentinel://127.0.0.1:x/svc", "'127.0.0.1:x' is no host:port"),
    ("redis+sentinel://u:hunter2@127.0.0.1:26379", "the path must be /service or /service/db"),
    ("redis+sentinel://127.0.0.1:26379/svc/db", "the database must be a number, not 'db'"),
    ("redis+sentinel://,/svc", "'' is no host:port"),
]


@pytest.mark.parametrize(("url", "said"), BAD_URLS)
def test_a_bad_url_is_one_line_that_never_shows_the_password(url: str, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        RedisBackplane.from_url(url)
    message = str(caught.value)
    assert message.startswith("not a usable Redis URL (") and said in message
    assert "\n" not in message and "hunter2" not in message


def test_a_url_that_is_no_string_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a Redis URL must be a string, not bytes"):
        RedisBackplane.from_url(b"redis://x")  # type: ignore[arg-type]


def test_the_demo_says_a_bad_url_in_one_line_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from demos._run import backplane

    with pytest.raises(SystemExit) as caught:
        backplane("foo://127.0.0.1:6379/0", "demo")
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("--redis: not a usable Redis URL (foo://")
    assert "Traceback" not in err


def test_a_sentinel_url_names_its_sentinels_service_database_and_credentials() -> None:
    backplane = RedisBackplane.from_url(
        "redis+sentinel://me:s%40cret@10.0.0.1:5000,10.0.0.2,[::1]:5001/prod/3",
        prefix="p",
        health_check_seconds=1.5,
    )
    assert backplane._sentinel is not None
    hosts = [
        (s.connection_pool.connection_kwargs["host"], s.connection_pool.connection_kwargs["port"])
        for s in backplane._sentinel.sentinels
    ]
    assert hosts == [("10.0.0.1", 5000), ("10.0.0.2", 26379), ("::1", 5001)]
    for client in (backplane._client, backplane._listener):
        pool = client.connection_pool
        assert pool.service_name == "prod"  # type: ignore[attr-defined]
        kwargs = pool.connection_kwargs
        assert (kwargs["db"], kwargs["username"], kwargs["password"]) == (3, "me", "s@cret")
    assert backplane._listener.connection_pool.connection_kwargs["retry"].get_retries() == 0
    assert backplane.health_check_seconds == 1.5 and backplane.channel == "p:events"
    anyio.run(backplane.aclose)


@pytest.mark.parametrize(
    ("sentinels", "service"), [([], "s"), ([("h", 1)], ""), ([("h", 0)], "s"), ([("", 1)], "s")]
)
def test_from_sentinels_refuses_what_cannot_be_a_sentinel(
    sentinels: list[tuple[str, int]], service: str
) -> None:
    with pytest.raises(ValueError, match="sentinel"):
        RedisBackplane.from_sentinels(sentinels, service)


@pytest.mark.parametrize("seconds", [0, -1, float("inf"), float("nan")])
def test_the_health_check_interval_must_be_positive(seconds: float) -> None:
    with pytest.raises(ValueError, match="health_check_seconds must be positive"):
        RedisBackplane(Redis(), health_check_seconds=seconds)


def test_a_list_changed_still_travels(make: Make) -> None:
    async def main() -> list[Event]:
        a, b = make(), make()
        inbox = _Inbox()
        b.subscribe("B", inbox.on_event, inbox.on_gap)
        await b.start()
        try:
            await a.publish(ListChanged("tools", "v"), "A")
            await _until(lambda: bool(inbox.events))
            return inbox.events
        finally:
            await a.aclose()
            await b.aclose()

    assert anyio.run(main) == [ListChanged("tools", "v")]


def test_the_count_of_later_drops_is_said_once_due_without_another_drop(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    prefix = f"c{os.urandom(4).hex()}"

    async def main() -> int:
        a = RedisBackplane.from_url(redis_url, prefix=prefix)
        # The three in one transaction, so they reach the reader together and the second
        # and third fall inside the first line's interval however loaded the machine (CI
        # once saw the third arrive over 0.3 s late, which rightly logged it at once).
        b = RedisBackplane.from_url(
            redis_url, prefix=prefix, health_check_seconds=0.1, log_interval_seconds=1.0
        )
        await b.start()
        try:
            async with a._client.pipeline(transaction=True) as pipe:
                for _ in range(3):
                    pipe.publish(a.channel, NESTED)
                await pipe.execute()
            await _until(lambda: b.dropped == 3)
            said = lambda: [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]  # noqa: E731
            await _until(lambda: len(said()) == 2)
            return b.dropped
        finally:
            await a.aclose()
            await b.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        assert anyio.run(main) == 3
    said = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert said[0].startswith("backplane: dropped 1 malformed message(s)")
    assert (
        said[1]
        == f"backplane: dropped 2 malformed message(s) on {prefix}:events since the last line"
    )


def test_a_cancellation_leaking_out_of_a_subscriber_does_not_end_the_reader(
    redis_url: str,
) -> None:
    import asyncio

    prefix = f"x{os.urandom(4).hex()}"
    inbox = _Inbox()
    leaks = [asyncio.CancelledError()]

    async def leaking(event: Event) -> None:
        if leaks:
            raise leaks.pop()
        await inbox.on_event(event)

    async def main() -> tuple[list[Event], int, int]:
        a = RedisBackplane.from_url(redis_url, prefix=prefix)
        b = RedisBackplane.from_url(redis_url, prefix=prefix, reconnect_seconds=0.05)
        b.subscribe("B", leaking, inbox.on_gap)
        await b.start()
        try:
            await a.publish(ResourceUpdated("leaks"), "A")
            await _until(lambda: inbox.gaps == 1)
            await a.publish(ResourceUpdated("after"), "A")
            await _until(lambda: bool(inbox.events))
            return inbox.events, inbox.gaps, b.restarts
        finally:
            await a.aclose()
            await b.aclose()

    assert asyncio.run(main()) == ([ResourceUpdated("after")], 1, 1)


@pytest.mark.parametrize("kind", ["fakeredis", "redis-server"])
def test_a_ranking_key_of_another_type_is_deleted_and_ranked_again(
    kind: str, request: pytest.FixtureRequest
) -> None:
    prefix = f"wt{os.urandom(4).hex()}"
    if kind == "fakeredis":
        backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix=prefix)
    else:
        backplane = RedisBackplane.from_url(request.getfixturevalue("redis_url"), prefix=prefix)
    name = f"{prefix}:rk:k"

    async def rank() -> tuple[str, ...]:
        return ("mine",)

    async def main() -> tuple[Any, Any, int]:
        await backplane._client.delete(name)
        await backplane._client.rpush(name, b"a list, no ranking")
        try:
            got = await backplane.ranking("k", rank, 30)
            return (
                got,
                await backplane._client.get(name),
                await backplane._client.pttl(name),
            )
        finally:
            await backplane._client.delete(name)
            await backplane.aclose()

    got, stored, ttl = anyio.run(main)
    assert got == ("mine",) and stored == b'["mine"]' and 0 < ttl <= 30_000


@pytest.mark.parametrize("kind", ["fakeredis", "redis-server"])
def test_a_switch_bucket_key_that_holds_no_bucket_is_a_full_one(
    kind: str, request: pytest.FixtureRequest
) -> None:
    from negotiation.backplane import Switched

    prefix = f"sw{os.urandom(4).hex()}"
    if kind == "fakeredis":
        backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix=prefix)
    else:
        backplane = RedisBackplane.from_url(request.getfixturevalue("redis_url"), prefix=prefix)

    async def main() -> list[Any]:
        client = backplane._client
        got = []
        try:
            await client.set(f"{prefix}:sw:a", NESTED)  # a string
            await client.rpush(f"{prefix}:sw:b", b"x")  # a list
            await client.hset(f"{prefix}:sw:c", mapping={"v": "=x", "n": "[[[", "t": "nan"})
            for key in "abc":
                got.append(await backplane.switch(key, "v", 1, 0.5))
                got.append(await client.type(f"{prefix}:sw:{key}"))
                got.append(0 < await client.pttl(f"{prefix}:sw:{key}") <= 3000)
            return got
        finally:
            await client.delete(*(f"{prefix}:sw:{key}" for key in "abc"))
            await backplane.aclose()

    assert anyio.run(main) == [Switched("v"), b"hash", True] * 3
