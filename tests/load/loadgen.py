"""A bounded load on loopback: concurrent official-SDK HTTP sessions against the
developer-platform demo, each with its own features and variant, checking that every
response matches its own session (no leakage between sessions). Stops by itself: a
fixed number of sessions times a fixed number of requests."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
from mcp import Client
from mcp_ext import models as m
from mcp_ext.methods import RPCError

from negotiation.sdk import client_for, negotiation_extensions

VARIANTS = ("code-review", "project-management", "security-readonly", "ci-legacy")
FORMATS = ("json", "markdown", "text")
# The first page of tools/list in each variant (page size 3), as the demo data has it.
FIRST_PAGE = {
    "code-review": ["list_pull_requests", "get_pull_request", "get_diff"],
    "project-management": ["list_issues", "get_issue", "create_issue"],
    "security-readonly": ["list_alerts", "get_alert", "get_file"],
    "ci-legacy": ["run_workflow", "get_run"],
}
TOOL = {
    "code-review": "get_diff",
    "project-management": "get_issue",
    "security-readonly": "get_alert",
    "ci-legacy": "get_run",
}


@dataclass
class LoadResult:
    latencies: list[float] = field(default_factory=list)  # seconds, one per request
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    requests: int = 0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass(frozen=True)
class SessionPlan:
    index: int
    variant: str | None  # None: the server has negotiation switched off
    fmt: str | None
    mode: str


# The variant a server without negotiation serves to everyone (the demo's default):
# negotiated sessions pinned to it do the same application work as the baseline.
BASELINE_VARIANT = "code-review"


MODES = ("legacy", "auto")  # the client's era: 2025-11-25, or the newest both speak


def plans(
    sessions: int,
    *,
    negotiate: bool = True,
    variants: Sequence[str] = VARIANTS,
    modes: Sequence[str] = MODES,
) -> list[SessionPlan]:
    """Sessions spread over ``variants``, formats and ``modes`` (both eras by default)."""
    return [
        SessionPlan(
            i,
            variants[i % len(variants)] if negotiate else None,
            FORMATS[i % len(FORMATS)] if negotiate else None,
            modes[i % len(modes)],
        )
        for i in range(sessions)
    ]


@dataclass
class LiveSession:
    """One open client session and what each of its responses must contain."""

    plan: SessionPlan
    typed: Any  # the generated mcp_ext client over the SDK session
    call: m.CallToolRequestParams
    first_page: list[str]
    sent: int = 0
    # The request awaiting its response and when it was sent (perf_counter), if any:
    # what a stuck measurement names.
    in_flight: tuple[str, float] | None = None

    async def drive(self, requests: int, out: LoadResult) -> None:
        """Send ``requests`` more requests, alternating tools/call and tools/list."""
        for _ in range(requests):
            n = self.sent
            self.sent += 1
            got: object
            want: object
            start = time.perf_counter()
            self.in_flight = (
                f"request {n} ({'tools/call' if n % 2 == 0 else 'tools/list'})",
                start,
            )
            try:
                if n % 2 == 0:
                    result = await self.typed.tools_call(self.call)
                    got = result.structured_content
                    want = {"variant": self.plan.variant, "format": self.plan.fmt}
                else:
                    listed = await self.typed.tools_list()
                    got = [tool.name for tool in listed.tools]
                    want = self.first_page
            except RPCError as error:
                out.errors.append(f"session {self.plan.index}: {error}")
                continue
            finally:
                self.in_flight = None
                out.latencies.append(time.perf_counter() - start)
                out.requests += 1
            if got != want:
                out.leaks.append(f"session {self.plan.index} request {n}: {got!r} != {want!r}")

    async def drive_reporting(self, requests: int, out: LoadResult) -> None:
        """:meth:`drive`, with a broken session reported as an error rather than raised."""
        try:
            await self.drive(requests, out)
        except Exception as error:
            out.errors.append(f"session {self.plan.index}: {describe(error)}")


def describe(error: BaseException) -> str:
    """``Type: message`` of ``error``; for an exception group (the SDK's transport tears
    a session down with one), of each exception in it, which is what went wrong."""
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(inner) for inner in error.exceptions)
    return f"{type(error).__name__}: {error}"


@asynccontextmanager
async def open_session(url: str, plan: SessionPlan) -> AsyncIterator[LiveSession]:
    """An official SDK client session declaring what ``plan`` says."""
    features = ["agent", f"format={plan.fmt}"] if plan.fmt else None
    declared = negotiation_extensions(features=features, variant_hints={} if plan.variant else None)
    async with Client(url, mode=plan.mode, extensions=declared, read_timeout_seconds=120) as client:
        variant = plan.variant or BASELINE_VARIANT
        yield LiveSession(
            plan,
            client_for(client.session, variant=plan.variant),
            m.CallToolRequestParams(name=TOOL[variant]),
            FIRST_PAGE[variant],
        )


async def _session(url: str, plan: SessionPlan, requests: int, out: LoadResult) -> None:
    try:
        async with open_session(url, plan) as live:
            await live.drive(requests, out)
    except Exception as error:  # a failed session is an error to report, not a crash
        out.errors.append(f"session {plan.index}: {describe(error)}")


def run_load(
    url: str,
    sessions: int,
    requests: int,
    *,
    negotiate: bool = True,
    variants: Sequence[str] = VARIANTS,
) -> LoadResult:
    """``sessions`` concurrent sessions of ``requests`` requests each; returns when done."""
    out = LoadResult()

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for plan in plans(sessions, negotiate=negotiate, variants=variants):
                group.start_soon(_session, url, plan, requests, out)

    anyio.run(main)
    return out


def summary(result: LoadResult) -> dict[str, Any]:
    return {
        "requests": result.requests,
        "errors": len(result.errors),
        "leaks": len(result.leaks),
        "p50_ms": result.percentile(0.5) * 1000,
        "p99_ms": result.percentile(0.99) * 1000,
    }
