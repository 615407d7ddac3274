"""Start and stop the demo servers for end-to-end tests: subprocesses on stdio or on
a free loopback port, always terminated (then waited for) by whoever started them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from negotiation.sdk import negotiation_extensions

REPO = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"
STARTUP_LIMIT_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def subprocess_env() -> dict[str, str]:
    """This environment, with the repository importable by a child process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def stdio_params(
    module: str, *extra: str, forks: Callable[[Sequence[str]], list[str]] | None = None
) -> StdioServerParameters:
    """``python -m MODULE --transport stdio``; with ``forks`` (the ``python_forks``
    fixture), a fork of the warm interpreter that runs it as a fresh one would."""
    args = ["-m", module, "--transport", "stdio", *extra]
    command, *args = forks(args) if forks is not None else [sys.executable, *args]
    return StdioServerParameters(command=command, args=args, cwd=str(REPO), env=subprocess_env())


def wait_for_port(process: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + STARTUP_LIMIT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early with {process.returncode}")
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server did not listen on {LOOPBACK}:{port}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate a server started by a test, and wait for it; kill it if it lingers."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def http_server(
    module: str,
    *extra: str,
    env: dict[str, str] | None = None,
    forks: Callable[[Sequence[str]], list[str]] | None = None,
) -> Iterator[str]:
    """Run ``python -m module --transport http`` on a free port; yield its MCP URL. With
    ``forks`` (the ``python_forks`` fixture), the server is a fork of the warm interpreter."""
    port = free_port()
    args = ["-m", module, "--transport", "http", "--port", str(port), *extra]
    process = subprocess.Popen(
        forks(args) if forks is not None else [sys.executable, *args],
        cwd=REPO,
        env={**subprocess_env(), **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(process, port)
        yield f"http://{LOOPBACK}:{port}/mcp"
    finally:
        stop(process)


def client(
    target: Any,
    mode: str,
    *,
    features: Sequence[str] | None = None,
    variant_hints: dict[str, Any] | None = None,
) -> Client:
    """An official SDK client declaring our extensions the SDK's way."""
    return Client(
        target,
        mode=mode,
        extensions=negotiation_extensions(features=features, variant_hints=variant_hints),
        read_timeout_seconds=60,
    )
