"""``make bench-replicas`` (``python -m bench.replicas``; not part of ``make bench``):
the Redis backplane across three replica processes on one private ``redis-server``.

- Notification latency, p50/p99/max, from ``neg.resource_updated`` on replica A to the
  listeners of ``neg.subscriptions`` (where the SDK's ``ListenHandler`` queues an event
  for its stream; the SSE write is not included): the in-memory backplane on A, Redis on
  A itself, and Redis across replicas (B and C, other processes). At 1, 100 and 1 000
  events/s with 1, 100 and 1 000 streams per replica. The publish time travels in the
  URI; one machine, one clock. Each process records into an ``array`` (no per-sample
  object for the garbage collector to scan), collects and freezes its start-up heap
  before measuring (``gc.freeze()``, as docs/replicas.md advises for a replica; without
  it a full collection of the ~135 000 objects that mcp and pydantic leave stalls every
  stream of that process, 90-350 ms on a contended 2-core machine; ``--no-freeze``
  measures that), and a short warm-up cell runs first and is not reported.
- The shared limiter's cost on ``tools/call`` (in-process SDK client, one principal).
- LLM ranker calls per principal across three replicas.

Everything runs on one machine: on a 2-core machine, three replicas, Redis, the
publisher and the listeners contend for the CPU, and the figures say so.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import os
import platform
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

RATES = (1, 100, 1000)
STREAMS = (1, 100, 1000)
EVENTS = {1: 5, 100: 300, 1000: 2000}  # per cell: ~5 s, 3 s, 2 s of publishing
WARM_UP = (100, 10, 50)  # events/s, streams, events: not reported
DRAIN_SECONDS = 30.0
PREFIX = "bench"


@contextmanager
def redis_server() -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found: `make bench-replicas` installs it with apt-get")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as workdir:
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", workdir],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(timeout=10)


def _quantiles(samples: Sequence[int]) -> tuple[float, float, float]:
    """p50, p99 and max, in milliseconds."""
    if not samples:
        return (float("nan"),) * 3
    ordered = sorted(samples)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1e6

    return at(0.50), at(0.99), ordered[-1] / 1e6


class _Listeners:
    """``count`` listeners on a negotiation's bus, each recording its latency (ns) into
    one ``array``: no per-sample object for the garbage collector to scan."""

    def __init__(self, neg: Any, count: int) -> None:
        self.samples = array("q")
        record = self.samples.append
        now = time.time_ns
        last: list[Any] = [None, 0]  # the event and its publish time, parsed once

        def listener(event: Any) -> None:
            received = now()
            if event is not last[0]:
                last[0], last[1] = event, int(event.uri.rsplit("/", 1)[1])
            record(received - last[1])

        self._unsubscribe = [neg.subscriptions.subscribe(listener) for _ in range(count)]

    def __len__(self) -> int:
        return len(self.samples)

    def latencies(self) -> list[int]:
        return self.samples.tolist()

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()


def _settle(freeze: bool) -> None:
    """Before measuring: collect, then move the start-up heap out of the collector's
    sight (``gc.freeze``), as a replica should once its server is built."""
    gc.collect()
    if freeze:
        gc.freeze()


def _negotiation(url: str | None) -> Any:
    from negotiation.sdk import Negotiation
    from negotiation.sdk.redis import RedisBackplane

    backplane = RedisBackplane.from_url(url, prefix=PREFIX) if url else None
    return Negotiation(backplane=backplane)


def _replica(url: str, conn: Any, freeze: bool) -> None:
    """A replica process: listens with as many streams as told, reports latencies."""

    async def main() -> None:
        neg = _negotiation(url)
        await neg.backplane.start()
        _settle(freeze)
        loop = asyncio.get_running_loop()
        while True:
            command = await loop.run_in_executor(None, conn.recv)
            if command is None:
                break
            streams, expected = command
            listeners = _Listeners(neg, streams)
            conn.send("ready")
            deadline = time.monotonic() + DRAIN_SECONDS + expected / 100
            while len(listeners) < expected * streams and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            listeners.close()
            latencies = listeners.latencies()
            conn.send((len(latencies), _quantiles(latencies)))
        await neg.backplane.aclose()

    asyncio.run(main())


async def _publish(neg: Any, rate: int, count: int) -> None:
    start = time.monotonic()
    for i in range(count):
        await neg.resource_updated(f"bench://{i}/{time.time_ns()}")
        delay = start + (i + 1) / rate - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)


async def _local_cell(neg: Any, rate: int, streams: int, count: int) -> tuple[int, list[int]]:
    listeners = _Listeners(neg, streams)
    await _publish(neg, rate, count)
    deadline = time.monotonic() + DRAIN_SECONDS
    while len(listeners) < count * streams and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    listeners.close()
    return count * streams, listeners.latencies()


def latency_table(
    url: str,
    rates: Sequence[int] = RATES,
    streams_per_replica: Sequence[int] = STREAMS,
    *,
    freeze: bool = True,
) -> list[str]:
    ctx = multiprocessing.get_context("spawn")
    pipes = []
    workers = []
    for _ in range(2):  # replicas B and C
        parent, child = ctx.Pipe()
        worker = ctx.Process(target=_replica, args=(url, child, freeze), daemon=True)
        worker.start()
        pipes.append(parent)
        workers.append(worker)
    rows = [
        "| events/s | streams/replica | in-memory (A) p50 / p99 / max ms | Redis, same replica (A) p50 / p99 / max ms | Redis, across replicas (B, C) p50 / p99 / max ms | delivered across |",
        "|---:|---:|---|---|---|---:|",
    ]

    async def cell(
        memory: Any, shared: Any, rate: int, streams: int, count: int
    ) -> tuple[list[int], int, list[int], list[Any]]:
        loop = asyncio.get_running_loop()
        _, in_memory = await _local_cell(memory, rate, streams, count)
        for pipe in pipes:
            pipe.send((streams, count))
        for pipe in pipes:
            await loop.run_in_executor(None, pipe.recv)
        expected, same = await _local_cell(shared, rate, streams, count)
        across = [await loop.run_in_executor(None, pipe.recv) for pipe in pipes]
        return in_memory, expected, same, across

    async def main() -> None:
        memory = _negotiation(None)
        shared = _negotiation(url)
        await shared.backplane.start()
        _settle(freeze)
        rate, streams, count = WARM_UP
        await cell(memory, shared, rate, streams, count)  # first connections, first GC
        for rate in rates:
            for streams in streams_per_replica:
                in_memory, expected, same, across = await cell(
                    memory, shared, rate, streams, EVENTS[rate]
                )
                delivered = sum(a[0] for a in across)
                # Each replica's own exact figures: the median of medians, the worse p99.
                p50 = statistics.median(a[1][0] for a in across)
                p99 = max(a[1][1] for a in across)
                worst = max(a[1][2] for a in across)
                rows.append(
                    f"| {rate} | {streams} | {_fmt(_quantiles(in_memory))} | "
                    f"{_fmt(_quantiles(same))} | {_fmt((p50, p99, worst))} | "
                    f"{delivered}/{2 * expected} |"
                )
                print(rows[-1], flush=True)
        await shared.backplane.aclose()

    try:
        asyncio.run(main())
    finally:
        for pipe in pipes:
            pipe.send(None)
        for worker in workers:
            worker.join(timeout=10)
            if worker.is_alive():
                worker.terminate()
    return rows


def _fmt(q: tuple[float, float, float]) -> str:
    return " / ".join(f"{v:.2f}" for v in q)


def limiter_table(url: str, calls: int = 300) -> list[str]:
    import anyio
    import mcp_ext
    from mcp import Client
    from mcp.server.mcpserver import MCPServer

    from negotiation.sdk import Negotiation, variant_meta
    from negotiation.sdk.redis import RedisBackplane
    from negotiation.subscriptions import VariantSwitchLimiter

    variants = [
        mcp_ext.ServerVariant(id="a", description="A.", hints={}),
        mcp_ext.ServerVariant(id="b", description="B.", hints={}),
    ]

    def server(limiter: bool, redis: bool) -> MCPServer:
        neg = Negotiation(
            variants=variants,
            principal_of=lambda ctx: "bench-principal",
            switch_limiter=VariantSwitchLimiter(1000, 1000) if limiter else None,
            backplane=RedisBackplane.from_url(url, prefix=f"{PREFIX}-lim") if redis else None,
        )
        mcp = MCPServer("bench", extensions=neg.extensions, middleware=neg.middleware)
        mcp.tool(name="t")(lambda: "ok")
        return mcp

    async def measure(mcp: MCPServer) -> list[int]:
        timings = []
        async with Client(mcp, mode="auto") as client:
            for i in range(calls + 20):
                start = time.perf_counter_ns()
                meta: Any = variant_meta("ab"[i % 2])
                await client.call_tool("t", {}, meta=meta)
                if i >= 20:  # warm-up
                    timings.append(time.perf_counter_ns() - start)
        return timings

    rows = ["| limiter | tools/call p50 ms | p99 ms |", "|---|---:|---:|"]
    for name, limiter, redis in (
        ("none", False, False),
        ("in-memory", True, False),
        ("Redis (EVALSHA)", True, True),
    ):
        q = _quantiles(anyio.run(measure, server(limiter, redis)))
        rows.append(f"| {name} | {q[0]:.3f} | {q[1]:.3f} |")
        print(rows[-1], flush=True)
    return rows


def ranker_table(url: str, principals: int = 20) -> list[str]:
    from mcp_ext import ServerVariant

    from negotiation.sdk import Negotiation
    from negotiation.sdk.redis import RedisBackplane

    variants = [ServerVariant(id="a", description="A."), ServerVariant(id="b", description="B.")]
    hints = {
        "extensions": {
            "io.modelcontextprotocol/server-variants": {"variantHints": {"description": "bench"}}
        }
    }

    def fleet(redis: bool, prefix: str) -> tuple[list[Any], list[str]]:
        asked: list[str] = []

        def ranker_for() -> Any:
            async def ranker(candidates: Any, _: Any) -> list[str]:
                asked.append("x")
                await asyncio.sleep(0.05)  # an LLM takes a while
                return [v.id for v in candidates]

            return ranker

        negs = [
            Negotiation(
                variants=variants,
                ranker=ranker_for(),
                backplane=RedisBackplane.from_url(url, prefix=prefix) if redis else None,
            )
            for _ in range(3)
        ]
        return negs, asked

    rows = [
        "| backplane | first requests | ranker calls per principal (3 replicas) |",
        "|---|---|---:|",
    ]
    for redis in (False, True):
        for concurrent in (False, True):
            negs, asked = fleet(redis, f"{PREFIX}-rk-{redis}-{concurrent}")

            async def main(negs: list[Any] = negs, concurrent: bool = concurrent) -> None:
                for p in range(principals):
                    calls = [neg.advertisement_async(hints, f"p{p}") for neg in negs]
                    if concurrent:
                        await asyncio.gather(*calls)
                    else:
                        for call in calls:
                            await call

            asyncio.run(main())
            name = "Redis (SET NX)" if redis else "none (per replica)"
            order = "concurrent on all three" if concurrent else "one replica after another"
            rows.append(f"| {name} | {order} | {len(asked) / principals:.2f} |")
            print(rows[-1], flush=True)
    return rows


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(","))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.replicas")
    parser.add_argument("--results", type=Path, help="write the tables to this Markdown file")
    parser.add_argument("--rates", type=_ints, default=RATES, help="events/s, e.g. 100 or 1,100")
    parser.add_argument("--streams", type=_ints, default=STREAMS, help="streams per replica")
    parser.add_argument(
        "--latency-only", action="store_true", help="skip the limiter and ranker tables"
    )
    parser.add_argument(
        "--no-freeze",
        dest="freeze",
        action="store_false",
        help="leave the start-up heap to the garbage collector (gc.freeze() is the default)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    limiter: list[str] = []
    ranker: list[str] = []
    with redis_server() as url:
        latency = latency_table(url, args.rates, args.streams, freeze=args.freeze)
        if not args.latency_only:
            limiter = limiter_table(url)
            ranker = ranker_table(url)
    cores = os.cpu_count()
    version = subprocess.run(["redis-server", "--version"], capture_output=True, text=True)
    redis_version = version.stdout.split()[2].removeprefix("v=")
    lines = [
        "# Replicas over one Redis (`make bench-replicas`)",
        "",
        f"Machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}, "
        f"redis-server {redis_version}. Run: {time.monotonic() - started:.0f} s; load average "
        f"(1 min) {load_before:.1f} before, {os.getloadavg()[0]:.1f} after.",
        "",
        f"**CPU-contended: on this {cores}-core machine three replica processes, Redis, the "
        "publisher and every listener share the cores.** Figures are single runs; "
        "re-run for noise.",
        "",
        "## Notification latency (publish on A to a stream's queue)",
        "",
        f"Start-up heap {'frozen (gc.freeze)' if args.freeze else 'left to the collector'}; "
        f"a warm-up cell ({WARM_UP[2]} events at {WARM_UP[0]}/s, {WARM_UP[1]} streams) "
        "first, not reported.",
        "",
        *latency,
        "",
    ]
    if limiter:
        lines += [
            "## The shared limiter on `tools/call` (in process, one principal alternating two variants)",
            "",
            *limiter,
            "",
            "## LLM ranker calls per principal",
            "",
            *ranker,
            "",
        ]
    text = "\n".join(lines)
    print(text)
    if args.results is not None:
        args.results.write_text(text)


if __name__ == "__main__":
    main()
