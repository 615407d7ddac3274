"""Load on loopback: 50 concurrent official-SDK HTTP sessions x 200 requests against
the developer-platform demo, with negotiation and without (the same server started
with ``--no-negotiation``). Prints p50/p99 latency, the server's CPU time per request,
errors, leaks and the negotiation overhead, for each era on its own.

Client and servers share a small machine whose background load drifts, so two runs one
after the other say little. Here every server stays up, every session stays open, and
the servers take turns in short slices (``tests/load/interleaved.py``); the overhead is
the median over rounds, shown with its lowest and highest. A second baseline server
takes its turns too: baseline against baseline is the noise floor, the overhead a
perfect implementation would still show here. Client and servers are pinned to
separate CPUs where the platform allows (both servers to the same ones), and the load
generator collects its garbage between turns: its full collections over 150 open
sessions used to stall every request in flight and dominated the spread.

Like for like: the measured negotiated sessions all select the variant the baseline
serves everyone, so both do the same application work (the same tools, pages and
cursors) and differ only by negotiation: declared extensions, per-request variant
selection, features. Before that, one full-size run spreads the sessions over every
variant, format and era, for errors and cross-session leaks.

Throughput under concurrency: the same demo without negotiation (the plain SDK server's
work) and with it, at 1, 10 and 50 concurrent sessions, requests per second over one
timed burst each.

Not part of ``make bench`` (``ON_DEMAND``): ``make bench-load`` runs it, or alone
``python -m bench.load_bench [--sessions N --requests N --rounds N]``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.load.interleaved import Slice
    from tests.load.loadgen import LoadResult

ON_DEMAND = True  # minutes, not seconds: `make bench-load`, never `make bench`
SESSIONS = 50
REQUESTS = 200
CONCURRENCY = (1, 10, 50)
THROUGHPUT_REQUESTS = 1000  # per burst, split over the sessions
ROUNDS = 20  # turns per server; must divide REQUESTS
OVERHEAD_GOAL_PERCENT = 2.0  # issue #25: at most 2 % server CPU per request, in both eras
DEMO = "demos.devplatform"
WARM_UP = (4, 10)  # sessions, requests on each server before anything is measured


# Each era is measured on its own (the server's CPU is counted per turn, not per
# session): 2025-11-25 sessions, then sessions in the newest era both speak.
ERAS = (("2025-11-25", "legacy"), ("2026-07-28", "auto"))


@dataclass(frozen=True)
class EraMeasurement:
    baseline: list[Slice]
    negotiated: list[Slice]
    control: list[Slice]  # a second baseline server: the noise floor
    opening: LoadResult  # errors while the interleaved sessions opened


@dataclass(frozen=True)
class Measurement:
    coverage: LoadResult  # every variant, format and era at full size
    eras: dict[str, EraMeasurement]


def measure(sessions: int, requests: int, rounds: int, *, pin: bool = True) -> Measurement:
    from tests.load.interleaved import run_interleaved
    from tests.load.loadgen import BASELINE_VARIANT, plans, run_load
    from tests.load.process import pinned, served, split_cpus

    split = split_cpus() if pin else None
    client_cpus, server_cpus = split if split is not None else (None, None)
    eras: dict[str, EraMeasurement] = {}
    with (
        served(DEMO, "--no-negotiation", cpus=server_cpus) as off,
        served(DEMO, cpus=server_cpus) as on,
        served(DEMO, "--no-negotiation", cpus=server_cpus) as control,
        pinned(client_cpus),
    ):
        run_load(off.url, *WARM_UP, negotiate=False)
        run_load(on.url, *WARM_UP)
        run_load(control.url, *WARM_UP, negotiate=False)
        coverage = run_load(on.url, sessions, requests)
        for era, mode in ERAS:
            plain = plans(sessions, negotiate=False, modes=(mode,))
            chosen = plans(sessions, variants=(BASELINE_VARIANT,), modes=(mode,))
            played, opening = run_interleaved(
                [(off, plain), (on, chosen), (control, plain)], requests=requests, rounds=rounds
            )
            baseline, negotiated, controls = (list(side) for side in zip(*played, strict=True))
            eras[era] = EraMeasurement(baseline, negotiated, controls, opening)
    return Measurement(coverage, eras)


def _pooled(slices: Sequence[Slice]) -> LoadResult:
    from tests.load.loadgen import LoadResult

    pooled = LoadResult()
    for part in slices:
        pooled.latencies.extend(part.result.latencies)
        pooled.errors.extend(part.result.errors)
        pooled.leaks.extend(part.result.leaks)
        pooled.requests += part.result.requests
    return pooled


def _cpu_ms_per_request(slices: Sequence[Slice]) -> float | None:
    seconds = [part.cpu_seconds for part in slices]
    requests = sum(part.result.requests for part in slices)
    if None in seconds or not requests:
        return None
    return sum(s for s in seconds if s is not None) * 1000.0 / requests


def _overhead(measured: float | None, baseline: float | None) -> float | None:
    if measured is None or baseline is None or not baseline > 0:
        return None
    return (measured / baseline - 1.0) * 100.0


def per_round(
    measured: Sequence[Slice], baseline: Sequence[Slice], figure: Callable[[Slice], float | None]
) -> list[float]:
    """The overhead of ``measured`` over ``baseline`` in each round, in %."""
    values = (_overhead(figure(m), figure(b)) for m, b in zip(measured, baseline, strict=True))
    return [v for v in values if v is not None]


def _p50(part: Slice) -> float | None:
    return part.result.percentile(0.5)


def _cpu(part: Slice) -> float | None:
    return part.cpu_ms_per_request


def throughput(report: Any, total: int = THROUGHPUT_REQUESTS, *, pin: bool = True) -> None:
    """Requests per second at each concurrency, without and with negotiation.

    Each burst opens its sessions, sends ``total`` requests spread over them and closes
    them; the figure is requests over the burst's wall time, session set-up included.
    """
    import time

    from tests.load.loadgen import BASELINE_VARIANT, run_load
    from tests.load.process import pinned, served, split_cpus

    split = split_cpus() if pin else None
    client_cpus, server_cpus = split if split is not None else (None, None)
    with (
        served(DEMO, "--no-negotiation", cpus=server_cpus) as off,
        served(DEMO, cpus=server_cpus) as on,
        pinned(client_cpus),
    ):
        run_load(off.url, *WARM_UP, negotiate=False)
        run_load(on.url, *WARM_UP)
        for sessions in CONCURRENCY:
            per_session = max(2, total // sessions)
            for label, url, negotiate in (
                ("plain (no negotiation)", off.url, False),
                ("negotiated", on.url, True),
            ):
                start = time.perf_counter()
                result = run_load(
                    url,
                    sessions,
                    per_session,
                    negotiate=negotiate,
                    variants=(BASELINE_VARIANT,),
                )
                elapsed = time.perf_counter() - start
                report(
                    f"throughput, {sessions} concurrent sessions, {label}",
                    result.requests / elapsed,
                    "req/s",
                )
                if result.errors:
                    report.note(f"{len(result.errors)} errors: {result.errors[0]}")


def run(report: Any) -> None:
    option = getattr(report, "option", None)
    throughput(
        report,
        option("throughput_requests", THROUGHPUT_REQUESTS) if option else THROUGHPUT_REQUESTS,
    )
    sessions = option("load_sessions", SESSIONS) if option else SESSIONS
    requests = option("load_requests", REQUESTS) if option else REQUESTS
    rounds = option("load_rounds", ROUNDS) if option else ROUNDS
    measured = measure(sessions, requests, rounds)
    label = f"{sessions}x{requests}"
    everything = [measured.coverage]
    for era, part in measured.eras.items():
        everything += [part.opening, *_report_era(report, f"{label} {era}", part)]
    report(f"{label} errors (all runs)", sum(len(r.errors) for r in everything), "")
    report(
        f"{label} responses not matching their session (all runs)",
        sum(len(r.leaks) for r in everything),
        "",
    )


def _report_era(report: Any, label: str, measured: EraMeasurement) -> list[LoadResult]:
    """One era's rows; returns the pooled results, for the error and leak counts."""
    sides = {"without negotiation": measured.baseline, "with negotiation": measured.negotiated}
    pooled = {name: _pooled(parts) for name, parts in sides.items()}
    for name, parts in sides.items():
        report(f"{label} {name}: p50", pooled[name].percentile(0.5) * 1000, "ms")
        report(f"{label} {name}: p99", pooled[name].percentile(0.99) * 1000, "ms")
        cpu = _cpu_ms_per_request(parts)
        if cpu is not None:
            report(f"{label} {name}: server CPU per request", cpu, "ms")
    p99 = _overhead(
        pooled["with negotiation"].percentile(0.99), pooled["without negotiation"].percentile(0.99)
    )
    if p99 is not None:
        report(f"{label}: negotiation overhead (p99, pooled)", p99, "%")
    row = getattr(report, "row", None)
    goal = None
    if row is not None:
        from bench import Goal

        goal = Goal("at_most", OVERHEAD_GOAL_PERCENT, "%")
    cpu_spread = per_round(measured.negotiated, measured.baseline, _cpu)
    cpu_floor = per_round(measured.control, measured.baseline, _cpu)
    if cpu_spread:
        metric = f"{label}: negotiation overhead (server CPU, median of {len(cpu_spread)})"
        if row is not None:
            row(metric, median(cpu_spread), "%", goal=goal)
        else:
            report(metric, median(cpu_spread), "%")
    if cpu_floor:
        report(f"{label}: noise floor, baseline vs baseline (server CPU)", median(cpu_floor), "%")
    floor = per_round(measured.control, measured.baseline, _p50)
    report(f"{label}: noise floor, baseline vs baseline (p50)", median(floor), "%")
    spread = per_round(measured.negotiated, measured.baseline, _p50)
    report(f"{label}: negotiation overhead (p50), lowest of {len(spread)}", min(spread), "%")
    report(f"{label}: negotiation overhead (p50), highest of {len(spread)}", max(spread), "%")
    report(f"{label}: negotiation overhead (p50, median of {len(spread)})", median(spread), "%")
    return [*pooled.values(), _pooled(measured.control)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load_bench", description=__doc__)
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--requests", type=int, default=REQUESTS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--throughput-requests", type=int, default=THROUGHPUT_REQUESTS)
    args = parser.parse_args(argv)
    options = {
        "load_sessions": args.sessions,
        "load_requests": args.requests,
        "load_rounds": args.rounds,
        "throughput_requests": args.throughput_requests,
    }

    class Printer:
        def __call__(self, metric: str, value: float, unit: str) -> None:
            print(f"{metric:<64} {value:10.3f} {unit}", flush=True)

        def option(self, name: str, default: int) -> int:
            return int(options.get(name, default))

        def note(self, text: str) -> None:
            print(f"   {text}", flush=True)

    run(Printer())


if __name__ == "__main__":
    main()
