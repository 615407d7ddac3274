"""Load on loopback: 50 concurrent official-SDK HTTP sessions x 200 requests against
the developer-platform demo, with negotiation and without (the same server started
with ``--no-negotiation``). Prints p50/p99 latency, errors, leaks and the overhead.

The negotiated run goes second and each side keeps its best of two runs, so that
warm-up and scheduling noise on a small machine do not count against either.
"""

from __future__ import annotations

from typing import Any

SESSIONS = 50
REQUESTS = 200
OVERHEAD_GOAL_PERCENT = 5.0


def _measure(negotiate: bool, sessions: int, requests: int) -> dict[str, Any]:
    from tests.e2e.servers import http_server
    from tests.load.loadgen import run_load, summary

    extra = () if negotiate else ("--no-negotiation",)
    best: dict[str, Any] | None = None
    with http_server("demos.devplatform", *extra) as url:
        for _ in range(2):
            got = summary(run_load(url, sessions, requests, negotiate=negotiate))
            if best is None or got["p50_ms"] < best["p50_ms"]:
                best = got
    assert best is not None
    return best


def run(report: Any) -> None:
    option = getattr(report, "option", None)
    sessions = option("load_sessions", SESSIONS) if option else SESSIONS
    requests = option("load_requests", REQUESTS) if option else REQUESTS
    baseline = _measure(False, sessions, requests)
    negotiated = _measure(True, sessions, requests)
    label = f"{sessions}x{requests}"
    row = getattr(report, "row", None)
    for name, figures in (("without negotiation", baseline), ("with negotiation", negotiated)):
        report(f"{label} {name}: p50", figures["p50_ms"], "ms")
        report(f"{label} {name}: p99", figures["p99_ms"], "ms")
    report(f"{label} errors", negotiated["errors"] + baseline["errors"], "")
    report(f"{label} responses not matching their session", negotiated["leaks"], "")
    overhead = (negotiated["p50_ms"] / baseline["p50_ms"] - 1.0) * 100.0
    if row is not None:
        from bench import Goal

        row(
            "negotiation overhead (p50)",
            overhead,
            "%",
            goal=Goal("at_most", OVERHEAD_GOAL_PERCENT, "%"),
        )
    else:
        report("negotiation overhead (p50)", overhead, "%")


if __name__ == "__main__":
    run(lambda metric, value, unit: print(f"{metric:<56} {value:10.3f} {unit}"))
