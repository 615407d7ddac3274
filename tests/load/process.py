"""A demo server on a free loopback port whose CPU time can be read while it runs.

Latency on a small machine moves with whatever else runs there; the server's own CPU
time per request barely does, so the load benchmark reports both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.e2e.servers import LOOPBACK, REPO, free_port, stop, subprocess_env, wait_for_port


@dataclass(frozen=True)
class ServedProcess:
    url: str
    pid: int

    def cpu_seconds(self) -> float | None:
        """User + system CPU time so far; None where ``/proc`` cannot tell (not Linux)."""
        try:
            stat = Path(f"/proc/{self.pid}/stat").read_text()
            # Fields after the parenthesised command name; utime and stime are 14 and 15.
            fields = stat.rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])
            return ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return None


def pin(pid: int, cpus: frozenset[int]) -> bool:
    """Run ``pid`` (0: this process) on ``cpus`` only; False where that is not possible."""
    setter = getattr(os, "sched_setaffinity", None)
    if setter is None:
        return False
    try:
        setter(pid, cpus)
    except OSError:
        return False
    return True


def split_cpus() -> tuple[frozenset[int], frozenset[int]] | None:
    """This process's CPUs in two halves (client, servers); None with fewer than two.

    Both servers get the same CPUs, so neither is favoured by where it runs, and the
    client does not steal the servers' time (nor they its).
    """
    getter = getattr(os, "sched_getaffinity", None)
    if getter is None:
        return None
    available = sorted(getter(0))
    if len(available) < 2:
        return None
    half = len(available) // 2
    return frozenset(available[:half]), frozenset(available[half:])


@contextmanager
def pinned(cpus: frozenset[int] | None) -> Iterator[None]:
    """Run this process on ``cpus`` for the duration (nothing happens for None)."""
    getter = getattr(os, "sched_getaffinity", None)
    before = getter(0) if getter is not None and cpus else None
    if before is not None and cpus:
        pin(0, cpus)
    try:
        yield
    finally:
        if before is not None:
            pin(0, frozenset(before))


@contextmanager
def served(module: str, *extra: str, cpus: frozenset[int] | None = None) -> Iterator[ServedProcess]:
    """``python -m module --transport http`` on a free port, stopped (and waited for) on
    exit; ``cpus`` pins it to those CPUs where the platform allows."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", module, "--transport", "http", "--port", str(port), *extra],
        cwd=REPO,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        if cpus:
            pin(process.pid, cpus)
        wait_for_port(process, port)
        yield ServedProcess(f"http://{LOOPBACK}:{port}/mcp", process.pid)
    finally:
        stop(process)
