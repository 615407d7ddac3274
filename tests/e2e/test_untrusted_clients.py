"""Untrusted clients against the demos over HTTP, through their command line only:
huge declarations do not pin the server's memory, no client changes what another is
offered, and a session's subscriptions go when the session ends."""

from __future__ import annotations

import sys
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.extension import advertise
from mcp_ext import models as m

from negotiation.sdk import client_for, negotiation_extensions
from tests.e2e.wire import ModernClient, capabilities, rss_bytes
from tests.load.process import served

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the server's memory from /proc"
)

MB = 1024 * 1024
PAD = 2 * MB
# 320 MB of distinct declarations, half of them with invalid tags (each logged once): a
# warn-once memo keyed by the declarations themselves grew the demo 71 MB more than the
# plain server at 100 requests, so 160 keep it about twice the limit below (300 took
# twice as long to find the same).
HUGE_REQUESTS = 160
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


# --- no client changes what another is offered --------------------------------------------

PLANNING = {"hints": {"useCase": "planning"}}

# (principal, declaration): honest clients, and clients whose declarations equal an
# honest one under Python's == or a careless key (pairs for objects, 1 for True).
CLIENTS: list[tuple[str, dict[str, Any]]] = [
    ("maintainer", capabilities(["agent", "format=json"], PLANNING)),
    ("maintainer", capabilities(["agent", "format=json"], [["hints", [["useCase", "planning"]]]])),
    ("maintainer", capabilities(["agent", "format=json"], {"hints": [["useCase", "planning"]]})),
    ("maintainer", capabilities(["format=markdown"], {"hints": {"useCase": ["ide", "planning"]}})),
    ("maintainer", capabilities([["format", "json"]], {"description": 1, **PLANNING})),
    ("maintainer", capabilities(["format=json"], {"description": True, **PLANNING})),
    ("maintainer", capabilities(["format=text"], {"hints": {"useCase": ["planning", 1]}})),
    ("maintainer", capabilities(["format=text"], {"hints": {"useCase": ["planning", True]}})),
    ("contractor", capabilities(["agent", "format=json"], PLANNING)),
    ("contractor", capabilities(["agent", "format=json"], {})),
    ("maintainer", capabilities(["agent", "format=json"], {})),
]


def _offered(client: ModernClient, declared: dict[str, Any]) -> tuple[Any, ...]:
    """What a client is offered: the advertised variants, the default variant's first
    page of tools, and what a call of its first tool says served it."""
    discovered = client.request("server/discover", declared=declared)["result"]
    settings = discovered["capabilities"]["extensions"]["io.modelcontextprotocol/server-variants"]
    ids = [variant["id"] for variant in settings["availableVariants"]]
    tools = [
        tool["name"] for tool in client.request("tools/list", declared=declared)["result"]["tools"]
    ]
    called = client.request("tools/call", {"name": tools[0]}, declared=declared)["result"]
    return ids, tools, called["structuredContent"]


def _answers(url: str, order: list[int]) -> dict[int, tuple[Any, ...]]:
    clients = {name: ModernClient(url, bearer=name) for name in ("maintainer", "contractor")}
    try:
        return {i: _offered(clients[CLIENTS[i][0]], CLIENTS[i][1]) for i in order}
    finally:
        for client in clients.values():
            client.close()


def test_no_client_changes_what_another_is_offered() -> None:
    forward = list(range(len(CLIENTS)))
    with served("demos.devplatform") as first, served("demos.devplatform") as second:
        # Each order lets other clients go first; any shared state keyed too loosely
        # would make some client's answer depend on who came before it.
        answers = _answers(first.url, forward)
        reverse = _answers(second.url, forward[::-1])
        again = _answers(first.url, forward[::-1])
    assert answers == reverse == again
    planner, pairs, inner_pairs = answers[0], answers[1], answers[2]
    assert planner[0][0] == "project-management"  # the hint ranks planning first
    assert pairs[0][0] == inner_pairs[0][0] == "code-review"  # malformed: no hints at all
    assert planner[2] == {"variant": "project-management", "format": "json"}
    assert "security-readonly" not in answers[8][0] + answers[9][0]  # hidden from contractors
    assert "security-readonly" in answers[10][0]


def test_legacy_sessions_cannot_change_each_others_offers() -> None:
    """The handshake era: the pairs declaration first, then the honest one."""

    async def offered(url: str, hints: Any) -> list[str]:
        declared = [advertise("io.modelcontextprotocol/server-variants", {"variantHints": hints})]
        async with Client(url, mode="legacy", extensions=declared) as session:
            settings = session.server_capabilities.extensions or {}
            variants = settings["io.modelcontextprotocol/server-variants"]["availableVariants"]
            return [variant["id"] for variant in variants]

    async def main(url: str) -> tuple[list[str], list[str]]:
        poisoned = await offered(url, [["hints", [["useCase", "planning"]]]])
        honest = await offered(url, PLANNING)
        return poisoned, honest

    with served("demos.devplatform") as server:
        poisoned, honest = anyio.run(main, server.url)
    assert poisoned[0] == "code-review"
    assert honest[0] == "project-management"


# --- a session's subscriptions go when the session ends ---------------------------------

SESSIONS = 60
PADDING = 1 * MB
# Each session declares 1 MB of capabilities (an extension the server does not know):
# a subscription that outlived its session would keep that session, and so its
# capabilities, alive: SESSIONS MB in all. Ended sessions must leave far less.
LEFT_BEHIND_LIMIT = SESSIONS * PADDING // 3
RESOURCES = ("repo://acme/app/issues/7", "repo://acme/app/README.md")


async def _one_session(url: str, index: int, *, subscribe: bool) -> None:
    declared = [
        *negotiation_extensions(variant_hints={}),
        advertise("x-test/padding", {"pad": f"{index:06d}" + "p" * PADDING}),
    ]
    async with Client(url, mode="legacy", extensions=declared) as session:
        typed = client_for(session.session, variant="project-management")
        if subscribe:
            for uri in RESOURCES:
                await typed.resources_subscribe(m.SubscribeRequestParams(uri=uri))
        else:
            await typed.tools_list()
    # Leaving the block ends the session: the SDK client sends an HTTP DELETE.


def _growth_over_sessions(url: str, pid: int, first: int, *, subscribe: bool) -> int:
    async def main() -> None:
        for index in range(first, first + SESSIONS):
            await _one_session(url, index, subscribe=subscribe)

    before = rss_bytes(pid)
    anyio.run(main)
    return rss_bytes(pid) - before


@pytest.mark.slow
def test_a_sessions_subscriptions_go_when_it_ends() -> None:
    with served("demos.devplatform") as server:

        async def warm_up() -> None:
            for index in range(4):
                await _one_session(server.url, -1 - index, subscribe=index % 2 == 0)

        anyio.run(warm_up)
        without = _growth_over_sessions(server.url, server.pid, 0, subscribe=False)
        subscribed = _growth_over_sessions(server.url, server.pid, SESSIONS, subscribe=True)
    assert subscribed - without <= LEFT_BEHIND_LIMIT, (
        f"{SESSIONS} ended sessions that had subscribed left {subscribed / MB:.0f} MB behind,"
        f" {without / MB:.0f} MB without subscribing"
    )
