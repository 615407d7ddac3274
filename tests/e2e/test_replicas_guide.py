"""docs/replicas.md's server runs as printed: two replicas of it over HTTP with one
private redis-server; an update written on the second reaches a listen stream on the
first."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.e2e.listen import RawListen, method_and_meta
from tests.e2e.servers import REPO, free_port, stop, subprocess_env, wait_for_port
from tests.e2e.wire import ModernClient

GUIDE = REPO / "docs" / "replicas.md"


def _server_block() -> str:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    (server,) = [b for b in blocks if "RedisBackplane.from_url" in b]
    return server


@contextmanager
def _replica(script: Path, redis_url: str) -> Iterator[str]:
    port = free_port()
    env = {**subprocess_env(), "REDIS_URL": redis_url, "PORT": str(port)}
    env.pop("MCP_NEGOTIATION_CURSOR_KEY", None)
    process = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=script.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(process, port)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(process)


@pytest.mark.slow
def test_the_guides_server_runs_as_printed_on_two_replicas(redis_url: str, tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(_server_block())
    assert str(REPO) in subprocess_env()["PYTHONPATH"]  # the project, as if installed
    with _replica(script, redis_url) as first, _replica(script, redis_url) as second:
        listener = f"reader-{os.urandom(4).hex()}"
        with RawListen(first, {"resourceSubscriptions": ["notes://today"]}, bearer=listener) as s:
            with ModernClient(second) as client:
                reply = client.request(
                    "tools/call", {"name": "write", "arguments": {"text": "replicas"}}
                )
            assert reply["result"]["content"][0]["text"] == "saved"
            assert method_and_meta(s.next()) == (
                "notifications/resources/updated",
                "notes://today",
                None,
            )
