"""A private ``redis-server`` for the tests: on a free loopback port, with no
persistence, stopped (and waited for) by whoever started it. Tests skip with a clear
message only when no ``redis-server`` can be found (``make test`` installs it)."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

LOOPBACK = "127.0.0.1"
STARTUP_LIMIT_SECONDS = 20.0


def _die_with_parent() -> None:
    """In the child, before exec: Linux ends it with its parent, so a test process that
    exits without teardown (mutmut's forked runs) leaves no redis-server behind."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def redis_binary() -> str:
    """The path of ``redis-server``; skips the test when there is none."""
    found = shutil.which("redis-server") or next(
        (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if shutil.which(p)), None
    )
    if found is None:
        pytest.skip(
            "redis-server not found (make test installs it with apt-get): Redis tests skipped"
        )
    return found


@contextmanager
def redis_server() -> Iterator[str]:
    """Run a private redis-server; yield its ``redis://`` URL."""
    binary = redis_binary()
    with tempfile.TemporaryDirectory(prefix="neg-redis-") as workdir:
        for _ in range(3):  # another process may take the free port first
            port = _free_port()
            process = subprocess.Popen(
                [
                    binary,
                    "--port",
                    str(port),
                    "--bind",
                    LOOPBACK,
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    workdir,
                    "--protected-mode",
                    "yes",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                preexec_fn=_die_with_parent if sys.platform == "linux" else None,
            )
            try:
                if _wait(process, port):
                    break
            except BaseException:
                _stop(process)
                raise
            _stop(process)
        else:
            raise RuntimeError("redis-server did not start on a free loopback port")
        try:
            yield f"redis://{LOOPBACK}:{port}/0"
        finally:
            _stop(process)


def _wait(process: subprocess.Popen[bytes], port: int) -> bool:
    deadline = time.monotonic() + STARTUP_LIMIT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            time.sleep(0.05)
    return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
