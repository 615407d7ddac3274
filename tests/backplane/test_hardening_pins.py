"""Pins from mutation testing of negotiation/sdk/redis.py after issue #34 (its URL helpers
are sdk/redis_urls.py now): URL parsing and redaction at their edges, what from_url and
from_sentinels pass on, the exact log lines of a dropped message, a covered refetch and a
malformed ranking, and closing the Sentinel's clients."""

from __future__ import annotations

import logging
from typing import Any

import anyio
import fakeredis
import pytest

from negotiation.backplane import Refetch, encode
from negotiation.sdk import redis_urls as urls
from negotiation.sdk.redis import RedisBackplane

NESTED = b"[" * 2000


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("redis://u:pw@h:1/0", "redis://u:***@h:1/0"),
        ("redis://:pw@h/0", "redis://:***@h/0"),
        ("redis://u:p@ss@h/0", "redis://u:***@h/0"),  # an @ in the password
        ("redis://u:p:q@h/0", "redis://u:***@h/0"),  # a colon in the password
        ("redis://u:a://b@h/0", "redis://u:***@h/0"),  # "://" in the password
        ("a:b@h", "***@h"),  # no scheme: nothing before the @ is shown
        ("redis://h:1/0", "redis://h:1/0"),
    ],
)
def test_the_password_is_never_shown(url: str, shown: str) -> None:
    assert urls.redacted(url) == shown


def test_one_line_names_the_type_of_a_problem_without_text() -> None:
    assert urls.one_line(TimeoutError()) == "TimeoutError"
    assert urls.one_line(OSError("a\n  b")) == "a b"


def test_the_scheme_is_what_comes_before_the_first_separator() -> None:
    assert urls.url_scheme("REDIS://h/0?next=unix://x") == "redis"


@pytest.mark.parametrize("url", ["redis", "REDIS", "unix", "rediss"])
def test_a_schemes_name_without_a_separator_is_no_url(url: str) -> None:
    """Only what comes before ``://`` is a scheme: a bare ``redis`` names none."""
    with pytest.raises(ValueError, match="the scheme must be one of"):
        urls.url_scheme(url)
    with pytest.raises(ValueError, match=rf"^not a usable Redis URL \({url}\): the scheme"):
        RedisBackplane.from_url(url)


@pytest.mark.parametrize(
    ("url", "sentinels", "service", "db", "credentials"),
    [
        ("redis+sentinel://h/svc", [("h", 26379)], "svc", 0, {}),
        ("redis+sentinel://Xen:1,h:65535/svc?x=redis://y", [("Xen", 1), ("h", 65535)], "svc", 0, {}),
        ("redis+sentinel://u:p@ss@h:2/svc/4", [("h", 2)], "svc", 4, {"username": "u", "password": "p@ss"}),
        ("redis+sentinel://u:p:q@h:2/s", [("h", 2)], "s", 0, {"username": "u", "password": "p:q"}),
        ("redis+sentinel://:pw@h:2/s", [("h", 2)], "s", 0, {"password": "pw"}),
    ],
)  # fmt: skip
def test_a_sentinel_url_at_its_edges(
    url: str, sentinels: list[Any], service: str, db: int, credentials: dict[str, str]
) -> None:
    assert urls.sentinel_url(url) == (sentinels, service, db, credentials)


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("redis+sentinel://h:0/svc", "'h:0' is no host:port"),
        ("redis+sentinel://h:65536/svc", "'h:65536' is no host:port"),
        ("redis+sentinel://h:1/svc/0/more", "the path must be /service or /service/db"),
    ],
)
def test_a_sentinel_url_beyond_its_edges(url: str, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        urls.sentinel_url(url)
    assert str(caught.value) == said


@pytest.mark.parametrize("port", [1, 65535])
def test_from_sentinels_takes_every_port(port: int) -> None:
    backplane = RedisBackplane.from_sentinels([("h", port)], "s")
    assert backplane._client.connection_pool.connection_kwargs["db"] == 0
    anyio.run(backplane.aclose)


@pytest.mark.parametrize("port", [0, 65536])
def test_from_sentinels_refuses_a_port_out_of_range(port: int) -> None:
    with pytest.raises(ValueError, match=f"not a sentinel address: 'h', {port}"):
        RedisBackplane.from_sentinels([("h", port)], "s")


def test_from_sentinels_says_what_it_needs() -> None:
    with pytest.raises(ValueError) as caught:
        RedisBackplane.from_sentinels([], "s")
    assert str(caught.value) == "Redis Sentinel needs at least one sentinel and a service name"


def test_from_sentinels_passes_every_setting_on() -> None:
    backplane = RedisBackplane.from_sentinels(
        [("h", 1)],
        "s",
        reconnect_seconds=0.2,
        log_interval_seconds=5,
        sentinel_kwargs={"password": "sp"},
        socket_keepalive=False,
    )
    assert backplane._reconnect_seconds == 0.2 and backplane._dropped.interval == 5
    assert backplane._sentinel is not None
    assert backplane._sentinel.sentinel_kwargs == {
        "socket_timeout": 1.0,
        "socket_connect_timeout": 1.0,
        "password": "sp",
    }
    command = backplane._client.connection_pool.connection_kwargs
    listen = backplane._listener.connection_pool.connection_kwargs
    assert (command["socket_timeout"], command["retry"].get_retries()) == (1.0, 1)
    assert (listen["socket_timeout"], listen["retry"].get_retries()) == (None, 0)
    assert command["socket_keepalive"] is False and listen["socket_keepalive"] is False
    assert backplane._client is not backplane._listener
    anyio.run(backplane.aclose)
    defaults = RedisBackplane.from_sentinels([("h", 1)], "s")
    assert defaults._reconnect_seconds == 0.5 and defaults._dropped.interval == 60.0
    anyio.run(defaults.aclose)


def test_from_url_passes_every_setting_on_to_both_kinds() -> None:
    plain = RedisBackplane.from_url(
        "redis://127.0.0.1:1", reconnect_seconds=0.2, log_interval_seconds=5
    )
    assert plain._reconnect_seconds == 0.2 and plain._dropped.interval == 5
    assert (
        RedisBackplane.from_url("redis://h:1", health_check_seconds=0.75).health_check_seconds
        == 0.75
    )
    sentinel = RedisBackplane.from_url(
        "redis+sentinel://h:1/s",
        reconnect_seconds=0.3,
        log_interval_seconds=7,
        health_check_seconds=1.25,
        socket_keepalive=False,
    )
    assert (sentinel._reconnect_seconds, sentinel._dropped.interval) == (0.3, 7)
    assert sentinel.health_check_seconds == 1.25
    assert sentinel._client.connection_pool.connection_kwargs["socket_keepalive"] is False
    defaults = RedisBackplane.from_url("redis+sentinel://h:1/s")
    assert defaults._reconnect_seconds == 0.5 and defaults._dropped.interval == 60.0
    for backplane in (plain, sentinel, defaults):
        anyio.run(backplane.aclose)


def test_a_unix_socket_url_has_no_database_in_its_path() -> None:
    backplane = RedisBackplane.from_url("unix:///tmp/redis.sock")
    anyio.run(backplane.aclose)


def test_a_database_path_is_read_exactly() -> None:
    with pytest.raises(ValueError, match="the database must be a number, not 'X'"):
        RedisBackplane.from_url("redis://127.0.0.1:1/X")


def test_aclose_closes_the_sentinels_clients_even_when_one_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backplane = RedisBackplane.from_url("redis+sentinel://h:1/s")
    closed: list[str] = []

    async def failing() -> None:
        closed.append("sentinel")
        raise RuntimeError("gone")

    assert backplane._sentinel is not None
    monkeypatch.setattr(backplane._sentinel, "aclose", failing)
    anyio.run(backplane.aclose)
    assert closed == ["sentinel"]


def test_the_lines_of_a_dropped_message_and_a_covered_refetch(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="lines")

    async def main() -> None:
        await backplane._gap()
        await backplane._dispatch(NESTED)
        await backplane._dispatch(encode(Refetch(60_000), "A"))

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk.redis"):
        anyio.run(main)
    assert [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk.redis"] == [
        f"backplane: dropped 1 malformed message(s) on lines:events since the last line"
        f" (the last: {NESTED!r:.80})",
        "backplane: a refetch from A is covered by this replica's",
    ]


def test_the_line_of_a_malformed_ranking(caplog: pytest.LogCaptureFixture) -> None:
    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="bad")

    async def rank() -> tuple[str, ...]:
        return ("a",)

    async def main() -> Any:
        await backplane._client.set("bad:rk:k", NESTED)
        return await backplane.ranking("k", rank, 60)

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        assert anyio.run(main) == ("a",)
    assert [r.getMessage() for r in caplog.records] == [
        "backplane: ignored 1 malformed stored ranking(s) since the last line (the last under"
        " bad:rk:k); ranking again"
    ]


def test_a_connection_error_names_the_problem() -> None:
    from tests.redis_server import _free_port

    backplane = RedisBackplane.from_url(f"redis://127.0.0.1:{_free_port()}/0")

    async def main() -> list[str]:
        said = []
        for call in (
            lambda: backplane.publish(Refetch(), "A"),
            lambda: backplane.switch("k", "a", 1, 1),
            lambda: backplane.ranking("k", lambda: anyio.sleep(0, ("a",)), 1),  # type: ignore[arg-type,return-value]
        ):
            with pytest.raises(ConnectionError) as caught:
                await call()
            said.append(str(caught.value))
        await backplane.aclose()
        return said

    for message in anyio.run(main):
        assert message.startswith("Redis: ") and "None" not in message and len(message) > 10


def test_a_lost_redis_is_logged_with_its_problem(caplog: pytest.LogCaptureFixture) -> None:
    from tests.redis_server import _free_port

    backplane = RedisBackplane.from_url(f"redis://127.0.0.1:{_free_port()}/0")

    async def main() -> None:
        await backplane.start()
        await backplane.aclose()

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        anyio.run(main)
    lost = [r.getMessage() for r in caplog.records if "lost Redis" in r.getMessage()]
    assert lost and "(None)" not in lost[0] and "Error" in lost[0]


def test_a_leaked_cancellation_is_logged_as_the_readers_failure(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    backplane = RedisBackplane(fakeredis.FakeAsyncRedis(), prefix="leak", reconnect_seconds=0)
    calls: list[int] = []

    async def read() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise asyncio.CancelledError("leaked")
        await asyncio.Event().wait()  # the restarted reader, until cancelled

    monkeypatch.setattr(backplane, "_read", read)

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(backplane._supervise())
        for _ in range(200):  # bounded: 2 s
            if len(calls) == 2:
                break
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.ERROR, logger="negotiation.sdk.redis"):
        asyncio.run(main())
    assert len(calls) == 2 and backplane.restarts == 1
    assert [r.getMessage() for r in caplog.records] == [
        "backplane: the reader failed (1 time(s) since the last line: CancelledError: leaked);"
        " restarting it"
    ]


# --- rankings: from the survivors of the run after the split (issue #36) ---------------


def test_malformed_rankings_are_all_ranked_again_and_said_once_a_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = fakeredis.FakeAsyncRedis()
    backplane = RedisBackplane(client, prefix="twice")

    async def rank() -> tuple[str, ...]:
        return ("a",)

    async def main() -> list[Any]:
        await client.set("twice:rk:k1", b"nope")
        await client.set("twice:rk:k2", b"nope")
        return [await backplane.ranking(k, rank, 60) for k in ("k1", "k2")]

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk.redis"):
        assert anyio.run(main) == [("a",), ("a",)]
    assert [r.getMessage() for r in caplog.records] == [
        "backplane: ignored 1 malformed stored ranking(s) since the last line (the last under"
        " twice:rk:k1); ranking again"
    ]


def test_our_ranking_stands_when_the_one_that_came_first_is_malformed() -> None:
    client = fakeredis.FakeAsyncRedis()
    backplane = RedisBackplane(client, prefix="junk")

    async def overtaken() -> tuple[str, ...]:
        await client.set("junk:rk:k", b"nope")  # another writer's, while ours ran
        return ("mine",)

    assert anyio.run(backplane.ranking, "k", overtaken, 60) == ("mine",)


def test_a_time_to_live_under_a_millisecond_is_one_millisecond(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = fakeredis.FakeAsyncRedis()
    stored: list[Any] = []
    real_set = client.set

    async def set_(name: Any, value: Any, **options: Any) -> Any:
        if name == "short:rk:k":
            stored.append(options.get("px"))
        return await real_set(name, value, **options)

    monkeypatch.setattr(client, "set", set_)

    async def rank() -> tuple[str, ...]:
        return ("a",)

    assert anyio.run(RedisBackplane(client, prefix="short").ranking, "k", rank, 0.0004) == ("a",)
    assert stored == [1]
