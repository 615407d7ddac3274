"""The Redis backplane across replicas under its health check (issue #34).

Two replicas (each a ``Negotiation`` on its own ``RedisBackplane``, so their own
connections) share a private ``redis-server`` on loopback; one listen-stream listener
on B. ``neg.resource_updated`` on A at ``RATE`` events/s, in bursts of ``BURST`` with a
pause between; each event's latency is from the call on A to its arrival at B's
listener (one process, one clock: the Redis round trip, B's reader, decoding and the
fan-out). Measured with the default health check (PING after 2.5 s of silence: never
sent here) and with the chaos suite's 0.2 s one, whose PING goes out in every pause,
so that an event often follows a PING: the health check's cost shows. ``make
bench-replicas`` measures across processes and at more rates; this section is the
short version that ``make bench`` runs (about 10 s). Skipped without redis-server or
the [redis] extra.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import time
from typing import Any

from bench import Report, Skip, Stats

EVENTS = 200
RATE = 100  # events per second, within a burst
BURST = 10
PAUSE = 0.25  # seconds between bursts: longer than the short health check
SETTINGS = (("default health check (2.5 s)", 2.5), ("health check 0.2 s", 0.2))


def _quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _measure(url: str, health: float) -> tuple[list[float], int]:
    import mcp_ext
    from mcp.shared.subscriptions import ResourceUpdated

    from negotiation.sdk import Negotiation
    from negotiation.sdk.redis import RedisBackplane

    prefix = f"bench{time.monotonic_ns()}"
    variants = [mcp_ext.ServerVariant(id="main", description="Default.", hints={})]
    made = [RedisBackplane.from_url(url, prefix=prefix, health_check_seconds=health) for _ in "AB"]
    a, b = (Negotiation(variants=variants, backplane=backplane) for backplane in made)
    sent: dict[str, float] = {}
    latencies: list[float] = []

    def hear(event: Any) -> None:
        if isinstance(event, ResourceUpdated) and event.uri in sent:
            latencies.append((time.perf_counter() - sent[event.uri]) * 1000)

    b.subscriptions.subscribe(hear)
    try:
        await a.sessions.start()
        await b.sessions.start()
        for i in range(EVENTS):
            uri = f"bench://{i}"
            sent[uri] = time.perf_counter()
            await a.resource_updated(uri)
            await asyncio.sleep(1 / RATE if (i + 1) % BURST else PAUSE)
        for _ in range(200):  # the last ones in flight, at most 2 s
            if len(latencies) == EVENTS:
                break
            await asyncio.sleep(0.01)
        return latencies, sum(backplane.restarts for backplane in made)
    finally:
        for backplane in made:
            await backplane.aclose()


def run(report: Report) -> None:
    try:
        import redis  # noqa: F401
    except ImportError:
        raise Skip("the [redis] extra is not installed") from None
    if shutil.which("redis-server") is None:
        raise Skip("redis-server not found (make redis-server installs it)")
    from bench.replicas import redis_server

    with redis_server() as url:
        for label, health in SETTINGS:
            latencies, restarts = asyncio.run(_measure(url, health))
            if not latencies:
                report.row(f"across replicas, {label}: p99", None, "ms", skipped="none arrived")
                continue
            report.row(
                f"across replicas, {label}: p99",
                _quantile(latencies, 0.99),
                "ms",
                stats=Stats.of(latencies),
            )
            report.row(f"across replicas, {label}: p50", statistics.median(latencies), "ms")
            report.note(
                f"{label}: {len(latencies)}/{EVENTS} delivered ({RATE}/s in bursts of {BURST},"
                f" {PAUSE:g} s apart), reader restarts {restarts}"
            )
