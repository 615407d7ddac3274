"""Issue #23 end to end: three replica processes over HTTP with one private
``redis-server`` (tests/e2e/replica_server.py). No load balancer: the test picks the
replica by URL, so routing is deterministic. Order on one channel replaces sleeps: to
show X was not delivered, X is published before a sentinel, and the sentinel arrives
next."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import anyio
import mcp_types
import pytest
from mcp import Client
from redis import Redis

from tests.e2e.listen import RawListen, method_and_meta
from tests.e2e.servers import REPO, free_port, stop, subprocess_env, wait_for_port
from tests.e2e.wire import ModernClient, capabilities

pytestmark = [
    pytest.mark.slow,
    # The legacy subscriber is the point: the SDK deprecates resources/subscribe.
    pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed"),
]

UPDATED = "notifications/resources/updated"
TOOLS = "notifications/tools/list_changed"
HANG_GUARD = 30  # seconds; a broken test fails instead of hanging


class Fleet:
    def __init__(self, redis_url: str) -> None:
        self.redis_url = redis_url
        self.prefix = f"e2e{os.urandom(4).hex()}"
        self.urls: dict[str, str] = {}
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str) -> None:
        port = free_port()
        env = {**subprocess_env(), "REPLICA_PREFIX": self.prefix, "REPLICA_NAME": name}
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.replica_server", "--transport", "http",
             "--port", str(port), "--redis", self.redis_url],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(f"/tmp/replica-{name}.log", "wb") if os.environ.get("REPLICA_DEBUG") else subprocess.DEVNULL,
        )  # fmt: skip
        self.processes[name] = process
        wait_for_port(process, port)
        self.urls[name] = f"http://127.0.0.1:{port}/mcp"

    def call(
        self, name: str, tool: str, arguments: dict[str, Any] | None = None, **kw: Any
    ) -> dict[str, Any]:
        bearer = kw.pop("bearer", None)
        with ModernClient(self.urls[name], bearer=bearer) as client:
            return client.request("tools/call", {"name": tool, "arguments": arguments or {}}, **kw)

    def stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                stop(process)


@pytest.fixture(scope="module")
def fleet(redis_url: str) -> Iterator[Fleet]:
    fleet = Fleet(redis_url)
    try:
        for name in ("a", "b", "c"):
            fleet.start(name)
        yield fleet
    finally:
        fleet.stop_all()


def _who() -> str:
    """A principal of its own (anonymous clients on one address share a bucket)."""
    return f"listener-{os.urandom(4).hex()}"


def _text(reply: dict[str, Any]) -> str:
    if "error" in reply:
        return str(reply["error"]["message"])
    return str(reply["result"]["content"][0]["text"])


def test_an_update_on_b_reaches_a_listen_stream_on_a_and_a_legacy_subscriber_on_c(
    fleet: Fleet,
) -> None:
    legacy: list[str] = []
    seen = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, mcp_types.ResourceUpdatedNotification):
            legacy.append(str(message.params.uri))
            seen.set()

    async def main() -> list[Any]:
        frames = []
        with RawListen(
            fleet.urls["a"], {"resourceSubscriptions": ["memo://u", "memo://s"]}
        ) as on_a:
            async with Client(fleet.urls["c"], mode="legacy", message_handler=on_message) as on_c:
                await on_c.subscribe_resource("memo://u")
                await anyio.to_thread.run_sync(fleet.call, "b", "touch", {"uri": "memo://u"})
                frames.append(await anyio.to_thread.run_sync(on_a.next))
                with anyio.fail_after(HANG_GUARD):
                    await seen.wait()
                # On A, memo://u leaves v1 (the stream's variant): A's own scopes filter.
                await anyio.to_thread.run_sync(
                    fleet.call, "a", "rescope", {"uri": "memo://u", "variants": ["v2"]}
                )
                await anyio.to_thread.run_sync(fleet.call, "b", "touch", {"uri": "memo://u"})
                await anyio.to_thread.run_sync(fleet.call, "b", "touch", {"uri": "memo://s"})
                frames.append(await anyio.to_thread.run_sync(on_a.next))
                await anyio.to_thread.run_sync(
                    fleet.call, "a", "rescope", {"uri": "memo://u", "variants": ["v1", "v2"]}
                )
        return frames

    frames = anyio.run(main)
    assert [method_and_meta(f)[:2] for f in frames] == [  # type: ignore[index]
        (UPDATED, "memo://u"),
        (UPDATED, "memo://s"),  # the sentinel, next: the out-of-variant update never came
    ]
    assert legacy[0] == "memo://u"


def test_list_changed_for_one_variant_reaches_only_its_subscribers(fleet: Fleet) -> None:
    both = {"toolsListChanged": True, "resourcesListChanged": True}
    with (
        RawListen(fleet.urls["a"], both, variant="v1", bearer=_who()) as in_v1,
        RawListen(fleet.urls["b"], both, variant="v2", bearer=_who()) as in_v2,
    ):
        fleet.call("c", "changed", {"kind": "tools", "variant": "v2"})
        fleet.call("c", "changed", {"kind": "tools", "variant": "v1"})
        fleet.call("c", "changed", {"kind": "tools"})  # every variant
        fleet.call("c", "changed", {"kind": "resources"})  # the sentinel
        v1 = [method_and_meta(in_v1.next()) for _ in range(3)]
        v2 = [method_and_meta(in_v2.next()) for _ in range(3)]
    resources = ("notifications/resources/list_changed", None)
    assert v1 == [(TOOLS, None, "v1"), (TOOLS, None, "v1"), (*resources, "v1")]
    assert v2 == [(TOOLS, None, "v2"), (TOOLS, None, "v2"), (*resources, "v2")]


def _alternate(fleet: Fleet, replicas: str, principal: str, requests: int) -> list[str]:
    return [
        _text(
            fleet.call(
                replicas[i % len(replicas)], "t", bearer=principal, variant=("v1", "v2")[i % 2]
            )
        ).split("@")[0]
        for i in range(requests)
    ]


def test_the_shared_limit_refuses_as_many_requests_as_one_process(fleet: Fleet) -> None:
    run = os.urandom(4).hex()
    one = _alternate(fleet, "a", f"one-{run}", 12)
    three = _alternate(fleet, "abc", f"three-{run}", 12)
    limited = "Too many server variant switches"
    assert one.count(limited) >= 4
    assert three == one


def test_a_replica_killed_mid_stream_ends_it_and_the_client_re_listens_elsewhere(
    fleet: Fleet,
) -> None:
    doomed = f"d-{os.urandom(4).hex()}"  # a fourth replica, for this test alone
    fleet.start(doomed)
    with RawListen(
        fleet.urls[doomed], {"resourceSubscriptions": ["memo://s"]}, bearer=_who()
    ) as on_d:
        fleet.call("b", "touch", {"uri": "memo://s"})
        assert method_and_meta(on_d.next()) == (UPDATED, "memo://s", None)
        fleet.processes[doomed].send_signal(signal.SIGKILL)
        fleet.processes[doomed].wait()
        assert on_d.next() is None  # the stream ended, with no final result
    with RawListen(fleet.urls["a"], {"resourceSubscriptions": ["memo://s"]}, bearer=_who()) as on_a:
        fleet.call("c", "touch", {"uri": "memo://s"})
        assert method_and_meta(on_a.next()) == (UPDATED, "memo://s", None)
    # Nothing in Redis belongs to a session: only buckets, rankings and the test's
    # counter, each expiring.
    redis = Redis.from_url(fleet.redis_url)
    try:
        keys = [k.decode() for k in redis.scan_iter(f"{fleet.prefix}:*")]
        kinds = {k.split(":")[1] for k in keys}
        assert kinds <= {"sw", "rk", "test"}
        assert all(redis.pttl(k) > 0 for k in keys if not k.endswith(":test:asked"))
    finally:
        redis.close()


def test_a_dropped_redis_connection_leads_every_replica_to_a_refetch_burst(fleet: Fleet) -> None:
    every = {
        "toolsListChanged": True,
        "promptsListChanged": True,
        "resourcesListChanged": True,
        "resourceSubscriptions": ["memo://s"],
    }
    with (
        RawListen(fleet.urls["a"], every, bearer=_who()) as on_a,
        RawListen(fleet.urls["b"], every, bearer=_who()) as on_b,
        RawListen(fleet.urls["c"], every, bearer=_who()) as on_c,
    ):
        redis = Redis.from_url(fleet.redis_url)
        try:
            redis.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
        finally:
            redis.close()
        bursts = [
            sorted(str(method_and_meta(s.next())[:2]) for _ in range(4)) for s in (on_a, on_b, on_c)
        ]  # type: ignore[index]
        fleet.call("b", "touch", {"uri": "memo://s"})
        after = [method_and_meta(s.next()) for s in (on_a, on_b, on_c)]
    expected = sorted(
        str(pair)
        for pair in [
            ("notifications/tools/list_changed", None),
            ("notifications/prompts/list_changed", None),
            ("notifications/resources/list_changed", None),
            (UPDATED, "memo://s"),
        ]
    )
    assert bursts == [expected] * 3
    assert after == [(UPDATED, "memo://s", None)] * 3


def test_the_ranking_is_consistent_across_replicas(fleet: Fleet) -> None:
    run = os.urandom(4).hex()
    declared = capabilities(hints={"description": f"run {run}", "hints": {"useCase": ["ide"]}})
    before = _asked(fleet)
    served = []
    for name in ("b", "c"):  # a request before any discovery
        reply = fleet.call(name, "t", bearer=f"erin-{run}", declared=declared)
        served.append(_text(reply).split("@")[0])
    with ModernClient(fleet.urls["a"], bearer=f"erin-{run}") as client:
        discovered = client.request("server/discover", declared=declared)
    settings = discovered["result"]["capabilities"]["extensions"][
        "io.modelcontextprotocol/server-variants"
    ]
    advertised = [v["id"] for v in settings["availableVariants"]]
    assert served == [advertised[0]] * 2
    assert _asked(fleet) - before == 1  # once for the fleet (the replicas' LLMs disagree)


def _asked(fleet: Fleet) -> int:
    """How many times the fleet's rankers were asked (only rankings with a description)."""
    redis = Redis.from_url(fleet.redis_url)
    try:
        return int(redis.get(f"{fleet.prefix}:test:asked") or 0)
    finally:
        redis.close()
