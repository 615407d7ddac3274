"""``tools/call`` round trips in-process, through the official SDK's ``Client``.

A client that declares no negotiation calls one tool, round after round, on:

* **plain**: ``bench/plain_server.py``, a plain SDK ``MCPServer`` (``get_forecast``);
* **plain again**: a second, separately loaded copy of the same server: plain vs plain
  again is the noise floor, the overhead a perfect adapter would still show here;
* **negotiated MCPServer**: ``examples/negotiated_server.py``, the same server with
  ``negotiation.sdk.Negotiation``'s extensions and middleware (variants declared);
* **weather demo**, ``demos.weather.server.build()`` with ``negotiate=False`` and with
  negotiation on (``get_weather``): the same comparison on a bigger server.

A whole round trip costs ~600 µs and varies by ±100 µs from round to round, so the
µs negotiation adds are also measured inside the server: the negotiation middleware's
own CPU per call (what runs outside ``call_next``), against a pass-through middleware
measured the same way in a plain server (the floor: what any middleware costs).

All clients stay connected in one event loop and take interleaved turns of `CALLS`
calls; each figure is the median µs of this process's CPU time per call over the rounds,
with min–max (CPU, not wall time: client and server share the process, and a machine
shared with other work then shifts the figures less). The goal is
issue 15's: a negotiated ``tools/call`` costs at most 5 % more than the plain server. A
server whose module is missing is skipped with a message.
"""

from __future__ import annotations

import importlib
import importlib.util
import marshal
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from bench import ROOT, Goal, Report, Skip, Stats, percent_over, round_order

try:  # module level: the SDK resolves a tool's annotations in its module
    from mcp.server.mcpserver import Context
    from mcp_types import CallToolResult, TextContent
except ImportError:  # run() reports the skip
    pass

CALLS = 100  # per party per round
ROUNDS = 11
GOAL_OVERHEAD = Goal("at_most", 5.0, "%")
FORECAST = ("get_forecast", {"city": "Bern"})
WEATHER = ("get_weather", {"location": "Bern"})


@dataclass(frozen=True)
class Party:
    server: Any
    tool: str
    arguments: dict[str, Any]
    extensions: Any = None  # the client's declaration (ClientExtension objects)
    meta: Any = None  # on every call: selects a variant


def example_server(module: str, *, fresh: bool = False, package: str = "examples") -> Any:
    """``<package>.<module>.mcp``; ``fresh`` loads a second, independent copy of the module."""
    if not fresh:
        try:
            return importlib.import_module(f"{package}.{module}").mcp
        except ImportError as exc:
            raise Skip(f"{package}.{module} does not import: {exc}") from None
    path = ROOT / package / f"{module}.py"
    spec = importlib.util.spec_from_file_location(f"_bench_{module}_again", path)
    if spec is None or spec.loader is None:
        raise Skip(f"cannot load {path}")
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded.mcp


def weather_server(*, negotiate: bool) -> Any:
    try:
        from demos.weather.server import build
    except ImportError as exc:
        raise Skip(f"demos.weather does not import: {exc}") from None
    return build(negotiate=negotiate)


FACTORIES: dict[str, tuple[Callable[[], Any], tuple[str, dict[str, Any]]]] = {
    "plain": (lambda: example_server("plain_server", package="bench"), FORECAST),
    "plain again": (
        lambda: example_server("plain_server", fresh=True, package="bench"),
        FORECAST,
    ),
    "negotiated MCPServer": (lambda: example_server("negotiated_server"), FORECAST),
    "weather demo, negotiation off": (lambda: weather_server(negotiate=False), WEATHER),
    "weather demo, negotiated": (lambda: weather_server(negotiate=True), WEATHER),
}


def measure(
    parties: dict[str, Party], rounds: int, calls: int
) -> tuple[dict[str, Stats], dict[str, str]]:
    """µs per ``tools/call`` for every party, interleaved; and the text each one returned."""
    import anyio
    from mcp import Client

    samples: dict[str, list[float]] = {name: [] for name in parties}
    replies: dict[str, str] = {}

    async def main() -> None:
        async with AsyncExitStack() as stack:
            clients = {
                name: await stack.enter_async_context(
                    Client(party.server, extensions=party.extensions)
                )
                for name, party in parties.items()
            }
            for name, client in clients.items():  # warm-up, and what each one answers
                party = parties[name]
                for _ in range(5):
                    result = await client.call_tool(party.tool, party.arguments, meta=party.meta)
                replies[name] = " ".join(
                    getattr(block, "text", "") for block in result.content
                ).strip()
            names = list(clients)
            for r in range(rounds):
                for index in round_order(r, len(names)):
                    name = names[index]
                    client, party = clients[name], parties[name]
                    tool, arguments, meta = party.tool, party.arguments, party.meta
                    start = time.process_time_ns()
                    for _ in range(calls):
                        await client.call_tool(tool, arguments, meta=meta)
                    samples[name].append((time.process_time_ns() - start) / calls / 1000)

    anyio.run(main)
    return {name: Stats.of(values) for name, values in samples.items()}, replies


METRICS = (("negotiated MCPServer vs plain (overhead)", "%", GOAL_OVERHEAD),)

GOAL_ADDED_US = Goal("at_most", 5.0, "µs")
GOAL_OVER_MINIMAL = Goal("at_most", 1.5, "×")
ALONE_CALLS = 5000  # per party per round, for the middlewares measured alone
FORMS = ("with ctx", "without ctx")


def form_servers(form: str) -> tuple[Any, Any]:
    """A plain ``MCPServer`` and its negotiated twin (two variants), written the same way:
    one tool, taking the SDK's ``Context`` (``negotiated(ctx)``) or not (``negotiated()``),
    answering the same data and text."""
    from mcp.server.mcpserver import MCPServer
    from mcp_ext import ServerVariant

    from negotiation.sdk import Negotiation, negotiated, tool_result

    def data(city: str) -> tuple[dict[str, Any], str]:
        return {"city": city, "temperature_c": 8}, f"{city}: 8 C, cloudy."

    plain = MCPServer("plain")
    variants = [
        ServerVariant(id="full", description="All"),
        ServerVariant(id="compact", description="Less"),
    ]
    neg = Negotiation(variants=variants)
    twin = MCPServer("negotiated", extensions=neg.extensions, middleware=neg.middleware)
    if form == "with ctx":

        @plain.tool()
        def get_forecast(city: str, ctx: Context) -> CallToolResult:
            structured, text = data(city)
            content = [TextContent(type="text", text=text)]
            return CallToolResult(content=content, structured_content=structured)

        @twin.tool(name="get_forecast")
        def get_forecast_negotiated(city: str, ctx: Context) -> CallToolResult:
            structured, text = data(city)
            return tool_result(negotiated(ctx), structured=structured, text=text)

    else:

        @plain.tool(name="get_forecast")
        def get_forecast_plain(city: str) -> CallToolResult:
            structured, text = data(city)
            content = [TextContent(type="text", text=text)]
            return CallToolResult(content=content, structured_content=structured)

        @twin.tool(name="get_forecast")
        def get_forecast_twin(city: str) -> CallToolResult:
            structured, text = data(city)
            return tool_result(negotiated(), structured=structured, text=text)

    return plain, twin


class _OwnTime:
    """Wraps one middleware: the CPU it takes per ``tools/call`` itself, without what
    runs inside ``call_next`` (the SDK's handler, the tool). Wrapping a pass-through
    middleware the same way gives the measurement's own floor."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.own_ns = 0
        self.calls = 0

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        clock = time.process_time_ns
        start = clock()
        nested = 0

        async def timed_next(inner_ctx: Any) -> Any:
            nonlocal nested
            began = clock()
            try:
                return await call_next(inner_ctx)
            finally:
                nested += clock() - began

        try:
            return await self.inner(ctx, timed_next)
        finally:
            if ctx.method == "tools/call":
                self.own_ns += clock() - start - nested
                self.calls += 1

    def take(self) -> float:
        """µs per call since the last take."""
        value = self.own_ns / max(1, self.calls) / 1000
        self.own_ns = self.calls = 0
        return value


async def _pass_through(ctx: Any, call_next: Any) -> Any:
    return await call_next(ctx)


MINIMAL_VIEW: ContextVar[object] = ContextVar("bench_minimal_view", default=None)


class MinimalNegotiating:
    """The floor of a negotiating middleware (issue #36): it keys the request's ``_meta``
    with ``marshal``, does one dict lookup and sets a context variable for the handler.
    What negotiation's fast path for a repeated request is measured against."""

    def __init__(self) -> None:
        self.views: dict[bytes, object] = {}

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        params = ctx.params
        key = marshal.dumps(params.get("_meta") if params is not None else None)
        view = self.views.get(key)
        if view is None:
            view = self.views[key] = object()
        token = MINIMAL_VIEW.set(view)
        try:
            return await call_next(ctx)
        finally:
            MINIMAL_VIEW.reset(token)


def own_time(form: str, rounds: int, calls: int) -> tuple[Stats, Stats, Stats]:
    """The negotiation middleware's own CPU per ``tools/call`` (µs), a pass-through
    middleware's and the minimal negotiating middleware's, each in the same place of a
    plain server, in interleaved rounds."""
    import anyio
    from mcp import Client

    from negotiation.sdk import ContentNegotiation, ServerVariants, variant_meta

    plain, twin = form_servers(form)
    minimal, _ = form_servers(form)
    plain.middleware.append(_pass_through)
    minimal.middleware.append(MinimalNegotiating())
    servers = (("negotiated", twin), ("pass-through", plain), ("minimal", minimal))
    timers = {}
    for name, server in servers:
        chain = server.middleware
        timers[name] = chain[-1] = _OwnTime(chain[-1])
    samples: dict[str, list[float]] = {name: [] for name in timers}
    meta = variant_meta("compact")

    async def main() -> None:
        async with AsyncExitStack() as stack:
            clients = {}
            for name, server in servers:
                declared = [ContentNegotiation(["agent", "format=json"]), ServerVariants()]
                clients[name] = await stack.enter_async_context(Client(server, extensions=declared))
            for name, client in clients.items():  # warm-up
                for _ in range(20):
                    await client.call_tool(*FORECAST, meta=meta)
                timers[name].take()
            order = list(clients.items())
            for r in range(rounds):
                for index in round_order(r, len(order)):
                    name, client = order[index]
                    for _ in range(calls):
                        await client.call_tool(*FORECAST, meta=meta)
                    samples[name].append(timers[name].take())

    anyio.run(main)
    return (
        Stats.of(samples["negotiated"]),
        Stats.of(samples["pass-through"]),
        Stats.of(samples["minimal"]),
    )


def added_ratio(measured: Stats, peer: Stats, floor: Stats) -> Stats:
    """Round by round, what ``measured`` adds over ``floor`` ÷ what ``peer`` adds over it."""
    return Stats.of(
        (m - f) / (p - f)
        for m, p, f in zip(measured.samples, peer.samples, floor.samples, strict=True)
        if p > f
    )


def captured_call() -> Any:
    """A real ``ServerRequestContext`` of a 2026-07-28 ``tools/call`` from the SDK's
    in-memory client, declaring content negotiation and selecting a variant."""
    import anyio
    from mcp import Client

    from negotiation.sdk import ContentNegotiation, ServerVariants, variant_meta

    plain, _ = form_servers("with ctx")
    seen: list[Any] = []

    async def capture(ctx: Any, call_next: Any) -> Any:
        seen.append(ctx)
        return await call_next(ctx)

    plain.middleware.append(capture)

    async def main() -> None:
        declared = [ContentNegotiation(["agent", "format=json"]), ServerVariants()]
        async with Client(plain, extensions=declared) as client:
            await client.call_tool(*FORECAST, meta=variant_meta("compact"))

    anyio.run(main)
    return next(ctx for ctx in seen if ctx.method == "tools/call")


def middleware_alone(rounds: int, calls: int) -> dict[str, Stats]:
    """CPU µs per call of the negotiation middleware, the minimal negotiating middleware
    and a pass-through, each handed the same captured ``tools/call`` (a repeated
    request) with a handler that answers at once: the middleware and nothing else."""
    import anyio

    _, twin = form_servers("with ctx")
    ctx = captured_call()
    answer = {"content": [], "isError": False}

    async def handler(_: Any) -> Any:
        return answer

    parties = {
        "negotiation": twin.middleware[-1],  # after the SDK's own (OpenTelemetry)
        "minimal": MinimalNegotiating(),
        "pass-through": _pass_through,
    }
    samples: dict[str, list[float]] = {name: [] for name in parties}

    async def main() -> None:
        for middleware in parties.values():  # warm-up: the first call settles the view
            for _ in range(100):
                await middleware(ctx, handler)
        names = list(parties)
        for r in range(rounds):
            for index in round_order(r, len(names)):
                middleware = parties[names[index]]
                start = time.process_time_ns()
                for _ in range(calls):
                    await middleware(ctx, handler)
                samples[names[index]].append((time.process_time_ns() - start) / calls / 1000)

    anyio.run(main)
    return {name: Stats.of(values) for name, values in samples.items()}


def run_floor(report: Report) -> None:
    """Issue #36: negotiation's fast path for a repeated request against the floor, a
    minimal negotiating middleware, each measured alone (no client, no transport)."""
    stats = middleware_alone(report.option("rounds", ROUNDS), ALONE_CALLS)
    floor = stats["pass-through"]
    for name in ("negotiation", "minimal"):
        report.measured(f"{name} middleware alone, per repeated tools/call", stats[name], "µs")
    report.measured("pass-through middleware alone, per tools/call", floor, "µs")
    over = added_ratio(stats["negotiation"], stats["minimal"], floor)
    report.row(
        "negotiation ÷ the minimal negotiating middleware (µs added per repeated call)",
        over.median,
        "×",
        goal=GOAL_OVER_MINIMAL,
        stats=over,
    )


def difference(measured: Stats, baseline: Stats) -> Stats:
    """Round-by-round ``measured - baseline`` (both measured in the same rounds)."""
    return Stats.of(m - b for m, b in zip(measured.samples, baseline.samples, strict=True))


def run_forms(report: Report) -> None:
    """What negotiation adds per call, in µs and %, in both forms, for an agent that
    declares content negotiation and selects a (non-default) variant on every call."""
    from negotiation.sdk import ContentNegotiation, ServerVariants, variant_meta

    meta = variant_meta("compact")
    parties: dict[str, Party] = {}
    for form in FORMS:
        plain, twin = form_servers(form)
        again, _ = form_servers(form)
        for name, server in (("plain", plain), ("plain again", again), ("negotiated", twin)):
            declared = [ContentNegotiation(["agent", "format=json"]), ServerVariants()]
            parties[f"{name}, {form}"] = Party(server, *FORECAST, declared, meta)
    stats, _ = measure(parties, report.option("rounds", ROUNDS), CALLS)
    for form in FORMS:
        plain, again, twin = (stats[f"{n}, {form}"] for n in ("plain", "plain again", "negotiated"))
        call = "negotiated(ctx)" if form == "with ctx" else "negotiated()"
        report.measured(f"tools/call, plain MCPServer {form}", plain, "µs")
        report.row(
            f"{call}: µs added per tools/call",
            difference(twin, plain).median,
            "µs",
            goal=GOAL_ADDED_US,
            stats=difference(twin, plain),
            floor=difference(again, plain),
            floor_unit="µs",
        )
        report.row(
            f"{call}: overhead over plain {form}",
            percent_over(twin, plain).median,
            "%",
            stats=percent_over(twin, plain),
            floor=percent_over(again, plain),
            floor_unit="%",
        )
        # The same question asked inside the server, where the noise is a few µs, not
        # the ±100 µs of a whole round trip: the middleware's own CPU per call.
        own, floor, minimal = own_time(form, report.option("rounds", ROUNDS), CALLS)
        report.row(
            f"{call}: the middleware's own CPU per tools/call",
            own.median,
            "µs",
            goal=GOAL_ADDED_US,
            stats=own,
            floor=floor,
            floor_unit="µs",
        )
        report.row(
            f"{form}: a minimal negotiating middleware's own CPU per tools/call",
            minimal.median,
            "µs",
            stats=minimal,
            floor=floor,
            floor_unit="µs",
        )
        # Issue #36: what each adds over a pass-through middleware, round by round.
        over_minimal = added_ratio(own, minimal, floor)
        report.row(
            f"{call}: negotiation ÷ the minimal negotiating middleware (µs added, in the SDK)",
            over_minimal.median,
            "×",
            stats=over_minimal,
        )


def run(report: Report) -> None:
    try:
        import mcp.server.mcpserver  # noqa: F401
        from mcp import Client  # noqa: F401
    except ImportError as exc:
        report.skip(f"the official mcp SDK is not installed: {exc}", METRICS)
        return
    parties: dict[str, Party] = {}
    for name, (factory, (tool, arguments)) in FACTORIES.items():
        try:
            parties[name] = Party(factory(), tool, arguments)
        except Skip as skip:
            report.note(f"{name}: skipped: {skip}")
    if "plain" not in parties or "plain again" not in parties:
        report.skip("no plain MCPServer to compare with", METRICS)
        return
    run_floor(report)
    run_forms(report)
    stats, replies = measure(parties, report.option("rounds", ROUNDS), CALLS)
    for name, text in replies.items():
        report.note(f"{name} answers: {text[:70]!r}")
    plain = stats["plain"]
    floor = percent_over(stats["plain again"], plain)
    report.measured("tools/call, plain MCPServer", plain, "µs")
    comparisons: list[tuple[str, str, Goal | None]] = [
        ("negotiated MCPServer", "plain", GOAL_OVERHEAD),
        ("weather demo, negotiated", "weather demo, negotiation off", None),
    ]
    for name, baseline, goal in comparisons:
        if name not in stats or baseline not in stats:
            if goal is not None:
                report.skip(f"{name} is missing", METRICS)
            continue
        report.measured(f"tools/call, {name}", stats[name], "µs", peer=stats[baseline])
        overhead = percent_over(stats[name], stats[baseline])
        report.row(
            f"{name} vs {baseline} (overhead)",
            overhead.median,
            "%",
            goal=goal,
            stats=overhead,
            floor=floor,
            floor_unit="%",
        )
