"""``tools/call`` round trips in-process, through the official SDK's ``Client``.

The weather demo's ``get_weather`` tool, called with ``{"location": "Bern"}`` by a client
that declares no negotiation (so every server sends the same default text), on:

* **plain**: a plain SDK ``MCPServer`` with the tool registered by ``@server.tool()``;
* **plain again**: a second, identical plain server: plain vs plain again is the noise
  floor, the overhead a perfect adapter would still show here;
* **adapter (low-level Server)**: the weather demo as it runs today, its generated
  ``ServerHandler`` on the SDK's low-level ``Server`` through ``NegotiationAdapter``;
* **negotiated MCPServer**: an ``MCPServer`` with negotiation, from the factory named by
  `NEGOTIATED_FACTORY` (a zero-argument callable returning a server the SDK ``Client``
  accepts, serving the same tool). Until it exists this row is skipped with a message.

All clients stay connected in one event loop and take interleaved turns of `CALLS`
calls; each figure is the median µs per call over the rounds, with min–max. The goal is
the issue's: a negotiated ``tools/call`` costs at most 5 % more than the plain server.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from bench import Goal, Report, Skip, Stats, percent_over

NEGOTIATED_FACTORY = ("demos.weather.server", "build_mcpserver")
CALLS = 100  # per party per round
ROUNDS = 11
GOAL_OVERHEAD = Goal("at_most", 5.0, "%")
ARGUMENTS = {"location": "Bern"}


def plain_server() -> Any:
    from mcp.server.mcpserver import MCPServer

    from demos.weather import render
    from demos.weather.server import _city

    server = MCPServer("Weather Service")

    @server.tool(name="get_weather", title="Current weather")
    def get_weather(location: str) -> str:
        """Current conditions and a short forecast for a Swiss city."""
        return render.weather_default(_city({"location": location}))

    return server


def adapter_server() -> Any:
    from demos.weather.server import build

    return build().server


def negotiated_server() -> Any:
    module_name, attribute = NEGOTIATED_FACTORY
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise Skip(f"{module_name} does not import: {exc}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise Skip(
            f"no negotiated MCPServer yet: {module_name}.{attribute} does not exist "
            "(the SDK-native issue adds it)"
        )
    return factory()


def measure(
    servers: dict[str, Any], rounds: int, calls: int
) -> tuple[dict[str, Stats], dict[str, str]]:
    """µs per ``tools/call`` for every server, interleaved; and the text each one returned."""
    import anyio
    from mcp import Client

    samples: dict[str, list[float]] = {name: [] for name in servers}
    replies: dict[str, str] = {}

    async def main() -> None:
        async with AsyncExitStack() as stack:
            clients = {
                name: await stack.enter_async_context(Client(server))
                for name, server in servers.items()
            }
            for name, client in clients.items():  # warm-up, and what each one answers
                for _ in range(5):
                    result = await client.call_tool("get_weather", ARGUMENTS)
                replies[name] = " ".join(
                    getattr(block, "text", "") for block in result.content
                ).strip()
            names = list(clients)
            for r in range(rounds):
                for i in range(len(names)):
                    name = names[(r + i) % len(names)]
                    client = clients[name]
                    start = time.perf_counter_ns()
                    for _ in range(calls):
                        await client.call_tool("get_weather", ARGUMENTS)
                    samples[name].append((time.perf_counter_ns() - start) / calls / 1000)

    anyio.run(main)
    return {name: Stats.of(values) for name, values in samples.items()}, replies


METRICS = (("negotiated MCPServer vs plain (overhead)", "%", GOAL_OVERHEAD),)


def run(report: Report) -> None:
    try:
        import mcp.server.mcpserver  # noqa: F401
        from mcp import Client  # noqa: F401
    except ImportError as exc:
        report.skip(f"the official mcp SDK is not installed: {exc}", METRICS)
        return
    factories: dict[str, Callable[[], Any]] = {
        "plain": plain_server,
        "plain again": plain_server,
        "adapter (low-level Server)": adapter_server,
        "negotiated MCPServer": negotiated_server,
    }
    servers: dict[str, Any] = {}
    for name, factory in factories.items():
        try:
            servers[name] = factory()
        except Skip as skip:
            report.note(f"{name}: skipped: {skip}")
    rounds = report.option("rounds", ROUNDS)
    stats, replies = measure(servers, rounds, CALLS)
    if len(set(replies.values())) > 1:
        report.note("warning: the servers did not all answer the same text")
    plain = stats["plain"]
    report.measured("tools/call, plain MCPServer", plain, "µs")
    floor = percent_over(stats["plain again"], plain)
    for name in ("adapter (low-level Server)", "negotiated MCPServer"):
        if name not in stats:
            continue
        report.measured(f"tools/call, {name}", stats[name], "µs", peer=plain)
        goal = GOAL_OVERHEAD if name == "negotiated MCPServer" else None
        overhead = percent_over(stats[name], plain)
        report.row(
            f"{name} vs plain (overhead)",
            overhead.median,
            "%",
            goal=goal,
            stats=overhead,
            floor=floor,
            floor_unit="%",
        )
    if "negotiated MCPServer" not in stats:
        report.skip("no negotiated MCPServer yet (the SDK-native issue adds it)", METRICS)
