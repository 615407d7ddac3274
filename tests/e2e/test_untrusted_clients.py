"""Untrusted clients against the demos over HTTP, through their command line only:
huge declarations do not pin the server's memory, no client changes what another is
offered, and a session's subscriptions go when the session ends."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from tests.e2e.wire import ModernClient, capabilities, rss_bytes
from tests.load.process import served

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the server's memory from /proc"
)

MB = 1024 * 1024
PAD = 2 * MB
HUGE_REQUESTS = 300
# The bound: the demo may grow this much more than a plain SDK server does.
EXTRA_GROWTH_LIMIT = 64 * MB


def _huge_declaration(i: int) -> dict[str, Any]:
    """A distinct declaration of about 2 MB; each kind is one the spec calls invalid."""
    pad = f"{i:05d}" + "x" * PAD
    kind = i % 4
    if kind == 0:
        return capabilities(["agent", f"x-pad={pad}"])  # one tag over 256 characters
    if kind == 1:
        # More tags than allowed, each over the length limit too.
        return capabilities(["agent"] + [f"t{j}-{pad[: PAD // 300]}" for j in range(300)])
    if kind == 2:
        return capabilities(hints={"hints": {"useCase": ["planning", pad]}})  # a hint value
    return capabilities(hints={"description": pad, "hints": {"useCase": "planning"}})


def _growth(module: str, *extra: str) -> int:
    """How much ``module``'s server grows over the huge requests, after a warm-up."""
    with served(module, *extra) as server, ModernClient(server.url) as client:
        for i in range(8):  # warm-up: every kind twice, so both servers have met each
            assert "result" in client.request("tools/list", declared=_huge_declaration(-1 - i))
        before = rss_bytes(server.pid)
        for i in range(HUGE_REQUESTS):
            response = client.request("tools/list", declared=_huge_declaration(i))
            assert "result" in response, response.get("error")
        return rss_bytes(server.pid) - before


@pytest.mark.slow
def test_huge_declarations_do_not_pin_the_servers_memory() -> None:
    plain = _growth("tests.e2e.plain_server")
    demo = _growth("demos.devplatform")
    assert demo - plain <= EXTRA_GROWTH_LIMIT, (
        f"devplatform grew {demo / MB:.0f} MB, a plain MCPServer {plain / MB:.0f} MB"
    )
