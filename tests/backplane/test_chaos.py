"""The chaos suite (issue #34): three replicas on a real ``redis-server`` over real
sockets, and one fault each. For every case nothing is lost silently: each replica's
listen stream has every event another replica sent, or a refetch signal after it.

The replicas use a 0.4 s health check (``chaos.HEALTH``): a silent connection is
dropped within 0.8 s. Bounds asserted here are behaviour ("detected within N s"), with
room for a loaded machine; every wait is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

from redis.asyncio import Redis

from tests.backplane.chaos import (
    HEALTH,
    Proxy,
    Replica,
    redis_process,
    replicas,
    sentinel_set,
    silent_losses,
    until,
)
from tests.conftest import ROOT
from tests.redis_server import _die_with_parent

DETECTED = 2 * HEALTH + 2.0  # the health check's bound, plus a reconnection on a busy machine


async def _numsub(url: str, channel: str) -> int:
    admin = Redis.from_url(url)
    try:
        reply = await admin.pubsub_numsub(channel)
        return int(reply[0][1])
    finally:
        await admin.aclose()


async def _emit_round(fleet: list[Replica], tag: str) -> None:
    for replica in fleet:
        await replica.emit(f"{tag}://{replica.name}")


def _heard_all(fleet: list[Replica], tag: str) -> bool:
    return all(
        f"{tag}://{sender.name}" in receiver.updates
        for receiver in fleet
        for sender in fleet
        if sender is not receiver
    )


def test_a_forged_nested_message_silences_no_replica() -> None:
    async def main() -> None:
        with redis_process() as redis:
            async with replicas(redis.url, redis.url, redis.url) as fleet:
                admin = Redis.from_url(redis.url)
                await admin.publish(fleet[0].backplane.channel, b"[" * 2000)
                await admin.aclose()
                await _emit_round(fleet, "after")
                assert await until(lambda: _heard_all(fleet, "after"), 5)
                assert [r.backplane.dropped for r in fleet] == [1, 1, 1]
                assert [r.refetches for r in fleet] == [[], [], []]
                assert await _numsub(redis.url, fleet[0].backplane.channel) == 3
                assert silent_losses(fleet) == []

    asyncio.run(main())


def test_a_half_open_subscription_is_found_within_the_bound_and_refetched() -> None:
    async def main() -> None:
        with redis_process() as redis:
            async with Proxy(redis.port) as proxy:
                async with replicas(redis.url, redis.url, proxy.url()) as fleet:
                    a, b, c = fleet
                    proxy.freeze()  # C's subscription: open, and silent for good
                    frozen = time.monotonic()
                    for i in range(200):  # A keeps publishing until C notices
                        await a.emit(f"during://{i}")
                        if c.refetches or time.monotonic() - frozen > DETECTED + 3:
                            break
                        await asyncio.sleep(0.05)
                    assert c.refetches, "the frozen subscription was never noticed"
                    assert c.refetches[0] - frozen <= DETECTED
                    await b.emit("after://B")
                    assert await until(lambda: "after://B" in c.updates, 5)
                    assert (a.refetches, b.refetches, len(c.refetches)) == ([], [], 1)
                    assert silent_losses(fleet) == []

    asyncio.run(main())


def test_redis_killed_and_restarted_costs_each_client_one_refetch_and_nothing_else() -> None:
    async def main() -> None:
        with redis_process() as redis:
            async with replicas(redis.url, redis.url, redis.url) as fleet:
                await _emit_round(fleet, "before")
                assert await until(lambda: _heard_all(fleet, "before"), 5)
                redis.kill()
                killed = time.monotonic()
                for i in range(3):  # every replica publishes into the outage
                    await _emit_round(fleet, f"outage{i}")
                    await asyncio.sleep(0.1)
                redis.start()  # the same port, empty
                assert await until(lambda: all(r.refetches for r in fleet), 10)
                assert all(r.refetches[0] > killed for r in fleet)
                await _emit_round(fleet, "after")
                assert await until(lambda: _heard_all(fleet, "after"), 5)
                await asyncio.sleep(3 * HEALTH)  # any late refetch would arrive meanwhile
                assert [len(r.refetches) for r in fleet] == [1, 1, 1]
                assert silent_losses(fleet) == []

    asyncio.run(main())


def test_a_stopped_redis_loses_nothing_silently() -> None:
    async def main() -> None:
        with redis_process() as redis:
            async with replicas(redis.url, redis.url, redis.url) as fleet:
                a = fleet[0]
                redis.signal(signal.SIGSTOP)
                stopped = time.monotonic()
                try:
                    await a.emit("stopped://A")  # times out: A's clients only
                    await asyncio.sleep(DETECTED)  # the others find their channel silent
                finally:
                    redis.signal(signal.SIGCONT)
                resumed = time.monotonic()
                assert await until(lambda: all(r.refetches for r in fleet), 10)
                assert all(r.refetches[0] > stopped for r in fleet)
                assert all(r.refetches[0] - resumed <= DETECTED + 2 for r in fleet)
                await _emit_round(fleet, "after")
                assert await until(lambda: _heard_all(fleet, "after"), 5)
                assert silent_losses(fleet) == []

    asyncio.run(main())


def test_a_sentinel_failover_loses_nothing_silently() -> None:
    async def main() -> None:
        with sentinel_set() as sentinels:
            async with replicas(sentinels.url, sentinels.url, sentinels.url) as fleet:
                await _emit_round(fleet, "before")
                assert await until(lambda: _heard_all(fleet, "before"), 5)
                sentinels.primary.kill()
                killed = time.monotonic()
                for i in range(150):  # publish through the failover, bounded
                    await _emit_round(fleet, f"failover{i}")
                    if all(r.refetches for r in fleet) or time.monotonic() - killed > 20:
                        break
                    await asyncio.sleep(0.1)
                assert all(r.refetches for r in fleet), "no refetch after the failover"
                assert all(r.refetches[0] - killed <= 15 for r in fleet)
                await _emit_round(fleet, "after")
                assert await until(lambda: _heard_all(fleet, "after"), 5)
                assert silent_losses(fleet) == []

    asyncio.run(main())


def test_a_replica_killed_with_sigkill_leaves_the_others_every_event_it_sent() -> None:
    async def main() -> None:
        with redis_process() as redis:
            prefix = f"kill{os.urandom(4).hex()}"
            async with replicas(redis.url, redis.url, redis.url, prefix=prefix) as fleet:
                process = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "tests.backplane.chaos_replica",
                    redis.url,
                    prefix,
                    "500",
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    cwd=ROOT,  # where ``tests`` imports from
                    preexec_fn=_die_with_parent if sys.platform == "linux" else None,
                )
                assert process.stdout is not None
                dead = Replica("D", fleet[0].neg, fleet[0].backplane)
                try:
                    line = await asyncio.wait_for(process.stdout.readline(), 20)
                    assert line == b"ready\n"
                    for _ in range(500):  # until it has sent 20, bounded
                        line = await asyncio.wait_for(process.stdout.readline(), 10)
                        dead.sent[line.decode().split()[1]] = 0.0
                        if len(dead.sent) >= 20:
                            break
                    process.kill()  # kill -9, mid-stream
                    rest = await asyncio.wait_for(process.stdout.read(), 10)
                finally:
                    if process.returncode is None:
                        process.kill()
                    await process.wait()
                for line in rest.decode().splitlines():
                    dead.sent[line.split()[1]] = 0.0
                every = set(dead.sent)
                assert await until(lambda: all(every <= set(r.updates) for r in fleet), 5)
                await _emit_round(fleet, "after")
                assert await until(lambda: _heard_all(fleet, "after"), 5)
                channel = fleet[0].backplane.channel
                numsub = [0]

                async def count() -> None:
                    numsub[0] = await _numsub(redis.url, channel)

                for _ in range(50):  # Redis forgets the dead replica's subscription
                    await count()
                    if numsub[0] == 3:
                        break
                    await asyncio.sleep(0.1)
                assert numsub[0] == 3
                assert [r.refetches for r in fleet] == [[], [], []]
                assert silent_losses(fleet, [dead]) == []

    asyncio.run(main())


def test_a_dropped_connection_is_a_refetch_for_that_replica_only() -> None:
    async def main() -> None:
        with redis_process() as redis:
            async with Proxy(redis.port) as proxy:
                async with replicas(redis.url, redis.url, proxy.url()) as fleet:
                    a, b, c = fleet
                    proxy.drop()
                    dropped = time.monotonic()
                    await a.emit("dropped://A")
                    assert await until(lambda: bool(c.refetches), DETECTED)
                    assert c.refetches[0] > dropped
                    await a.emit("after://A")
                    assert await until(lambda: "after://A" in c.updates, 5)
                    assert (a.refetches, b.refetches, len(c.refetches)) == ([], [], 1)
                    assert silent_losses(fleet) == []

    asyncio.run(main())
