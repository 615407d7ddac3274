"""Helpers of the chaos suite (issue #34): a ``redis-server`` that can be killed,
restarted on its port, stopped and continued; Redis Sentinel over a primary and its
replica; a TCP proxy that can freeze or drop the connections through it; in-process
replicas (a ``Negotiation`` each, on a real ``RedisBackplane`` and real sockets) that
record what their listen streams hear. Loopback only; every process started here is
stopped by whoever started it, and dies with the test process (PR_SET_PDEATHSIG)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp_ext
import pytest
from mcp.shared.subscriptions import ResourceUpdated as SdkResourceUpdated
from mcp.shared.subscriptions import ToolsListChanged

from negotiation.sdk import Negotiation
from negotiation.sdk.redis import RedisBackplane
from tests.redis_server import LOOPBACK, _die_with_parent, _free_port, _stop, _wait, redis_binary

HEALTH = 0.4  # health_check_seconds in the suite: a silent connection is dropped within 0.8 s
RECONNECT = 0.1
VARIANTS = [mcp_ext.ServerVariant(id="main", description="Default.", hints={})]


class RedisProcess:
    """A private redis-server on a fixed loopback port that survives restarts."""

    def __init__(self, workdir: str, *extra: str) -> None:
        self.port = _free_port()
        self.workdir = workdir
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", LOOPBACK, "--save", "",
             "--appendonly", "no", "--dir", self.workdir, *self.extra],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )  # fmt: skip
        if not _wait(self.process, self.port):
            _stop(self.process)
            raise RuntimeError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """``kill -9``: no goodbye to any client."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)

    def signal(self, number: int) -> None:
        assert self.process is not None
        self.process.send_signal(number)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGCONT)  # a stopped one cannot terminate
            _stop(self.process)


@contextlib.contextmanager
def redis_process(*extra: str) -> Iterator[RedisProcess]:
    with tempfile.TemporaryDirectory(prefix="neg-chaos-") as workdir:
        server = RedisProcess(workdir, *extra)
        server.start()
        try:
            yield server
        finally:
            server.stop()


def sentinel_binary() -> str:
    found = shutil.which("redis-sentinel")
    if found is None:
        pytest.skip(
            "redis-sentinel not found (make test installs it with apt-get): Sentinel tests skipped"
        )
    return found


@dataclass
class SentinelSet:
    primary: RedisProcess
    replica: RedisProcess
    port: int
    process: subprocess.Popen[bytes]
    service: str = "chaos"

    @property
    def url(self) -> str:
        return f"redis+sentinel://{LOOPBACK}:{self.port}/{self.service}/0"


@contextlib.contextmanager
def sentinel_set() -> Iterator[SentinelSet]:
    """A primary, its replica and one Sentinel (quorum 1) that fails over 0.5 s after
    the primary stops answering."""
    binary = sentinel_binary()
    with redis_process() as primary, tempfile.TemporaryDirectory(prefix="neg-sent-") as workdir:
        with redis_process("--replicaof", LOOPBACK, str(primary.port)) as replica:
            port = _free_port()
            config = Path(workdir) / "sentinel.conf"
            config.write_text(
                f"port {port}\nbind {LOOPBACK}\ndir {workdir}\nprotected-mode yes\n"
                f"sentinel monitor chaos {LOOPBACK} {primary.port} 1\n"
                "sentinel down-after-milliseconds chaos 500\n"
                "sentinel failover-timeout chaos 5000\n"
                "sentinel parallel-syncs chaos 1\n"
            )
            process = subprocess.Popen(
                [binary, str(config)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                preexec_fn=_die_with_parent if sys.platform == "linux" else None,
            )
            try:
                if not _wait(process, port):
                    raise RuntimeError("redis-sentinel did not start")
                yield SentinelSet(primary, replica, port, process)
            finally:
                _stop(process)


class Proxy:
    """A TCP proxy on loopback to ``port``: ``freeze()`` stops forwarding on the open
    connections (both ways; their sockets stay open: a half-open path, as a NAT or a
    load balancer that forgot the flow), ``drop()`` closes them. New connections pass."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = 0
        self._server: asyncio.Server | None = None
        self._links: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter, asyncio.Event]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def url(self) -> str:
        return f"redis://{LOOPBACK}:{self.port}/0"

    async def __aenter__(self) -> Proxy:
        self._server = await asyncio.start_server(self._serve, LOOPBACK, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()
        self.drop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.target)
        except OSError:
            writer.close()
            return
        flowing = asyncio.Event()
        flowing.set()
        self._links.append((writer, up_writer, flowing))
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.get_running_loop().create_task(self._pipe(source, sink, flowing))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _pipe(
        source: asyncio.StreamReader, sink: asyncio.StreamWriter, flowing: asyncio.Event
    ) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await source.read(65536):
                await flowing.wait()  # frozen: what arrives is held, never forwarded
                sink.write(data)
                await sink.drain()
        sink.close()

    def freeze(self) -> None:
        for _, _, flowing in self._links:
            flowing.clear()

    def drop(self) -> None:
        for client, upstream, _ in self._links:
            client.close()
            upstream.close()
        self._links.clear()


@dataclass
class Replica:
    """One replica: a ``Negotiation`` on its own ``RedisBackplane`` and one listen
    stream's listener, which records each update (with the time it arrived) and each
    refetch signal (every list changed: tools stands for the three)."""

    name: str
    neg: Negotiation
    backplane: RedisBackplane
    updates: dict[str, float] = field(default_factory=dict)
    refetches: list[float] = field(default_factory=list)
    sent: dict[str, float] = field(default_factory=dict)

    def hear(self, event: Any) -> None:
        if isinstance(event, SdkResourceUpdated):
            self.updates.setdefault(event.uri, time.monotonic())
        elif isinstance(event, ToolsListChanged):
            self.refetches.append(time.monotonic())

    async def emit(self, uri: str) -> None:
        self.sent[uri] = time.monotonic()
        await self.neg.resource_updated(uri)


def make_replica(name: str, backplane: RedisBackplane) -> Replica:
    neg = Negotiation(variants=VARIANTS, backplane=backplane)
    replica = Replica(name, neg, backplane)
    neg.subscriptions.subscribe(replica.hear)
    return replica


@contextlib.asynccontextmanager
async def replicas(*urls: str, prefix: str | None = None) -> AsyncIterator[list[Replica]]:
    """One replica per URL (a Redis, a proxy or a Sentinel URL), started and subscribed."""
    prefix = prefix or f"chaos{os.urandom(4).hex()}"
    made = [
        make_replica(
            "ABCDEFG"[i],
            RedisBackplane.from_url(
                url, prefix=prefix, health_check_seconds=HEALTH, reconnect_seconds=RECONNECT
            ),
        )
        for i, url in enumerate(urls)
    ]
    try:
        for replica in made:
            await replica.neg.sessions.start()
        yield made
    finally:
        for replica in made:
            await replica.backplane.aclose()


def silent_losses(fleet: list[Replica], others: list[Replica] | None = None) -> list[str]:
    """Every event some replica sent that another replica's stream neither heard nor was
    told to refetch after: each one is a notification lost without a signal."""
    senders = fleet + (others or [])
    lost = []
    for receiver in fleet:
        for sender in senders:
            if sender is receiver:
                continue
            for uri, at in sender.sent.items():
                if uri in receiver.updates:
                    continue
                if not any(when >= at for when in receiver.refetches):
                    lost.append(f"{receiver.name} lost {uri} from {sender.name}")
    return lost


async def until(condition: Any, limit: float, step: float = 0.02) -> bool:
    """Poll ``condition()`` until true or ``limit`` seconds pass (bounded in count)."""
    for _ in range(max(1, int(limit / step))):
        if condition():
            return True
        await asyncio.sleep(step)
    return bool(condition())
