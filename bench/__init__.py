"""The benchmark harness shared by every ``bench/*_bench.py`` section.

A section is a module named ``*_bench.py`` with a ``run(report)`` function. ``report`` is a
`Report`: callable as ``report(metric, value, unit)`` for a plain figure, with richer
methods (`Report.row`, `Report.note`, `Report.skip`) for figures that have a peer and a goal.
A section that cannot run raises `Skip` (or calls `Report.skip`) with a one-line reason;
the harness never lets one section take the others down.
"""

from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parents[1]
SCRATCH = ROOT / ".bench"
CORPUS = ROOT.parent / "shared" / "corpus" / "mcp-spec"
REVISION = "2026-07-28"


class Skip(Exception):
    """A prerequisite is missing; the message is the one-line reason printed."""


def revision_dir(revision: str = REVISION) -> Path:
    path = CORPUS / revision
    if not (path / "schema.ts").is_file():
        raise Skip(f"official MCP corpus not found at {path}")
    return path


def example_files(revision: str = REVISION) -> list[Path]:
    """``examples/<TypeName>/*.json`` of one revision, in a stable order."""
    files = sorted((revision_dir(revision) / "examples").glob("*/*.json"))
    if not files:
        raise Skip(f"no examples under {revision_dir(revision) / 'examples'}")
    return files


# -- statistics over interleaved rounds ---------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """Samples of one figure, one per round in round order: median, lowest, highest."""

    samples: tuple[float, ...]

    @classmethod
    def of(cls, samples: Iterable[float]) -> Stats:
        values = tuple(samples)
        if not values:
            raise ValueError("no samples")
        return cls(values)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def low(self) -> float:
        return min(self.samples)

    @property
    def high(self) -> float:
        return max(self.samples)

    def scaled(self, factor: float) -> Stats:
        return Stats(tuple(s * factor for s in self.samples))

    def shifted(self, offset: float) -> Stats:
        return Stats(tuple(s + offset for s in self.samples))


def ratios(numerator: Stats, denominator: Stats) -> Stats:
    """Round-by-round ``numerator / denominator``: both were measured in the same rounds."""
    return Stats.of(
        n / d for n, d in zip(numerator.samples, denominator.samples, strict=True) if d > 0
    )


def percent_over(measured: Stats, baseline: Stats) -> Stats:
    """Round-by-round overhead of ``measured`` over ``baseline``, in %."""
    return ratios(measured, baseline).scaled(100.0).shifted(-100.0)


def interleave(parties: Sequence[Callable[[], float]], rounds: int) -> list[Stats]:
    """Call every party once per round, in an order that changes each round; one `Stats`
    each.

    A party returns one sample (say seconds per call). Interleaving puts a load spike
    from the rest of the machine on every party alike. The order rotates every second
    round and runs backwards in between, so no party always runs first (cold) or last,
    and none always right after another: a party measured twice (the noise floor)
    would otherwise always follow its first run, and inherit its warm caches.
    """
    samples: list[list[float]] = [[] for _ in parties]
    for r in range(max(1, rounds)):
        for index in round_order(r, len(parties)):
            samples[index].append(parties[index]())
    return [Stats.of(s) for s in samples]


def round_order(r: int, count: int) -> list[int]:
    """The order of `interleave`'s round ``r`` over ``count`` parties."""
    order = [(r // 2 + i) % count for i in range(count)]
    return order if r % 2 == 0 else order[::-1]


def loop_timer(
    body: Callable[[], object], loops: int, clock: Callable[[], int] = time.perf_counter_ns
) -> Callable[[], float]:
    """A party for `interleave`: seconds per call of ``body``, over ``loops`` calls, on
    ``clock`` (nanoseconds; ``time.thread_time_ns`` counts this thread's CPU time only)."""

    def one_round() -> float:
        start = clock()
        for _ in range(loops):
            body()
        return (clock() - start) / loops / 1e9

    return one_round


def calibrate(body: Callable[[], object], seconds: float, *, most: int = 10_000_000) -> int:
    """How many calls of ``body`` take about ``seconds`` (after one warm-up call)."""
    body()
    loops = 1
    while True:
        start = time.perf_counter_ns()
        for _ in range(loops):
            body()
        elapsed = (time.perf_counter_ns() - start) / 1e9
        if elapsed >= seconds / 4 or loops >= most:
            break
        loops *= 4
    return max(1, min(most, int(loops * seconds / max(elapsed, 1e-9))))


def compare_loops(
    ours: Callable[[], object],
    peers: Sequence[Callable[[], object]],
    *,
    rounds: int,
    round_seconds: float,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> tuple[Stats, Stats, list[Stats]]:
    """Seconds per call of ``ours``, of ours again (the noise floor), and of each peer.

    Every party's loop count is calibrated to ``round_seconds``; then all of them take
    ``rounds`` interleaved turns, timed on ``clock``. Ours is timed as two parties, A and
    A': their round-by-round ratio is the noise floor any comparison in the same run can
    show.
    """
    bodies = [ours, ours, *peers]
    timers = [loop_timer(body, calibrate(body, round_seconds), clock) for body in bodies]
    first, again, *theirs = interleave(timers, rounds)
    return first, again, theirs


# -- goals and rows ----------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """A target for one row: ``value <= target`` (``at_most``) or ``ratio >= target``."""

    kind: Literal["at_most", "ratio_at_least"]
    target: float
    unit: str = ""

    def text(self) -> str:
        if self.kind == "at_most":
            return f"≤ {self.target:g} {self.unit}".rstrip()
        return f"≥ {self.target:g}×"

    def met(self, value: float | None, ratio: float | None) -> bool | None:
        measured = value if self.kind == "at_most" else ratio
        if measured is None:
            return None
        return measured <= self.target if self.kind == "at_most" else measured >= self.target


@dataclass(frozen=True)
class Row:
    """One line of the final table. ``value is None`` means the figure was skipped.

    ``value`` is the median when ``stats`` (every round's figure) is given; ``floor`` is
    the same side against itself (A vs A'), as a ratio for comparisons or in the row's
    own unit (for an overhead in %).
    """

    section: str
    metric: str
    value: float | None
    unit: str
    peer: float | None = None
    goal: Goal | None = None
    skipped: str = ""
    stats: Stats | None = None
    peer_stats: Stats | None = None
    ratio_stats: Stats | None = None
    floor: Stats | None = None
    floor_unit: str = "×"

    @property
    def ratio(self) -> float | None:
        """peer / ours: how many times better we are when lower is better (time, µs)."""
        if self.value is None or self.peer is None or self.value <= 0:
            return None
        return self.peer / self.value

    @property
    def met(self) -> bool | None:
        return self.goal.met(self.value, self.ratio) if self.goal else None


def fmt_number(value: float) -> str:
    """Three significant digits, no exponent for the magnitudes a bench prints."""
    if value == 0 or not math.isfinite(value):
        return str(value)
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return f"{value:.{digits}f}"


def fmt_value(value: float | None, unit: str) -> str:
    return "skipped" if value is None else f"{fmt_number(value)} {unit}".rstrip()


def fmt_range(stats: Stats | None, unit: str = "") -> str:
    """``low–high`` of a figure's rounds; empty for a single sample or none."""
    if stats is None or len(stats.samples) < 2:
        return ""
    return f"{fmt_number(stats.low)}–{fmt_number(stats.high)}{unit}"


def fmt_floor(stats: Stats | None, unit: str) -> str:
    if stats is None:
        return ""
    if unit in ("%", "µs"):
        return f"{stats.median:+.1f} {unit} ({stats.low:+.1f}…{stats.high:+.1f})"
    return f"{fmt_number(stats.median)}× ({fmt_range(stats)})"


# -- the report --------------------------------------------------------------------------


@dataclass
class Report:
    """Collects rows while printing progress lines as sections run."""

    out: Callable[[str], None] = print
    rows: list[Row] = field(default_factory=list)
    options: Mapping[str, int] = field(default_factory=dict)
    current: str = ""
    notes: list[tuple[str, str]] = field(default_factory=list)

    def section(self, title: str) -> None:
        self.current = title
        self.out(f"\n== {title}")

    def note(self, text: str) -> None:
        self.notes.append((self.current, text))
        self.out(f"   {text}")

    def __call__(self, metric: str, value: float, unit: str) -> None:
        """The minimal section API: a figure with no peer and no goal."""
        self.row(metric, value, unit)

    def row(
        self,
        metric: str,
        value: float | None,
        unit: str,
        *,
        peer: float | None = None,
        goal: Goal | None = None,
        skipped: str = "",
        stats: Stats | None = None,
        peer_stats: Stats | None = None,
        floor: Stats | None = None,
        floor_unit: str = "×",
    ) -> Row:
        ratio_stats = ratios(peer_stats, stats) if stats and peer_stats else None
        row = Row(
            self.current,
            metric,
            value,
            unit,
            peer,
            goal,
            skipped,
            stats,
            peer_stats,
            ratio_stats,
            floor,
            floor_unit,
        )
        self.rows.append(row)
        shown = f"skipped: {skipped}" if value is None else fmt_value(value, unit)
        if stats is not None and len(stats.samples) > 1:
            shown += f" [{fmt_range(stats)}]"
        if peer is not None:
            shown += f"  (peer {fmt_value(peer, unit)})"
        if floor is not None:
            shown += f"  noise floor {fmt_floor(floor, floor_unit)}"
        self.out(f"   {metric}: {shown}")
        return row

    def measured(
        self,
        metric: str,
        stats: Stats,
        unit: str,
        *,
        peer: Stats | None = None,
        floor: Stats | None = None,
        goal: Goal | None = None,
    ) -> Row:
        """A row from interleaved rounds: medians, with min–max and the noise floor."""
        return self.row(
            metric,
            stats.median,
            unit,
            peer=None if peer is None else peer.median,
            goal=goal,
            stats=stats,
            peer_stats=peer,
            floor=floor,
        )

    def skip(self, reason: str, metrics: Sequence[tuple[str, str, Goal | None]] = ()) -> None:
        """Print ``skipped: <reason>``; ``metrics`` (name, unit, goal) still get table rows."""
        if not metrics:
            self.out(f"   skipped: {reason}")
        for metric, unit, goal in metrics:
            self.row(metric, None, unit, goal=goal, skipped=reason)

    def option(self, name: str, default: int) -> int:
        return int(self.options.get(name, default))


TABLE_HEADER = (
    "metric",
    "median",
    "min–max",
    "peer median",
    "ratio",
    "noise floor",
    "goal",
    "met?",
)


def one_line(text: str) -> str:
    """A table cell never spans lines, whatever a section named its metric."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


SKIP_REASON_CHARS = 100


def skipped_cell(reason: str) -> str:
    """A row that could not run says why in the table itself, never only in the log."""
    text = one_line(reason).strip() or "no reason given"
    if len(text) > SKIP_REASON_CHARS:
        text = text[: SKIP_REASON_CHARS - 1] + "…"
    return f"skipped: {text}"


def table_cells(row: Row) -> tuple[str, ...]:
    ratio = row.ratio
    met = row.met
    ratio_text = "" if ratio is None else f"{fmt_number(ratio)}×"
    if ratio is not None and row.ratio_stats is not None and len(row.ratio_stats.samples) > 1:
        ratio_text += f" ({fmt_range(row.ratio_stats)})"
    return (
        one_line(row.metric),
        fmt_value(row.value, row.unit) if row.value is not None else skipped_cell(row.skipped),
        fmt_range(row.stats),
        "" if row.peer is None else fmt_value(row.peer, row.unit),
        ratio_text,
        fmt_floor(row.floor, row.floor_unit),
        row.goal.text() if row.goal else "",
        {True: "yes", False: "NO", None: "-" if row.goal else ""}[met],
    )


def format_table(rows: Sequence[Row]) -> str:
    """An aligned plain-text table; text columns left-aligned, figures right-aligned."""
    cells = [TABLE_HEADER, *(table_cells(r) for r in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(TABLE_HEADER))]
    right = {1, 2, 3, 4, 5}

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if i in right else v.ljust(w)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(c) for c in cells[1:])])


def markdown_table(rows: Sequence[Row]) -> str:
    """The same table as Markdown, for ``bench/RESULTS.md``."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [
        "| section | " + " | ".join(TABLE_HEADER) + " |",
        "|---" * (len(TABLE_HEADER) + 1) + "|",
    ]
    for row in rows:
        lines.append(
            f"| {cell(row.section)} | " + " | ".join(cell(c) for c in table_cells(row)) + " |"
        )
    return "\n".join(lines)


# -- timing helpers ----------------------------------------------------------------------


def run_command(
    argv: Sequence[str],
    *,
    timeout: float,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    what: str = "",
) -> tuple[subprocess.CompletedProcess[str], int]:
    """Run ``argv`` to completion, returning the result and its wall time in ns.

    Any way it can fail (missing program, timeout, non-zero exit) becomes a `Skip` whose
    message names the command and the last line it printed on stderr.
    """
    label = what or Path(argv[0]).name
    start = time.perf_counter_ns()
    try:
        done = subprocess.run(
            list(argv),
            cwd=cwd,
            env=dict(env) if env is not None else None,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError:
        raise Skip(f"{label}: {argv[0]} not found") from None
    except subprocess.TimeoutExpired:
        raise Skip(f"{label}: timed out after {timeout:.0f} s") from None
    elapsed = time.perf_counter_ns() - start
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        last = lines[-1] if lines else "no output"
        raise Skip(f"{label} failed (exit {done.returncode}): {last}")
    return done, elapsed


def median_seconds(samples_ns: Sequence[int]) -> float:
    return statistics.median(samples_ns) / 1e9


GENERATE_TIMEOUT = 300.0


def generate_command(schema: Path, out: Path, *, cold: bool = False) -> list[str]:
    """Our compiler, as a user runs it; run with the project root as working folder.

    ``cold`` bypasses the content-hash cache, so nothing from an earlier run is reused.
    """
    command = [python(), "-m", "codegen", "generate", "--schema", str(schema), "--out", str(out)]
    return [*command, "--no-cache"] if cold else command


def generate_env() -> dict[str, str]:
    """The environment for timing our compiler: Python writes and reads its ``.pyc`` files.

    ``PYTHONDONTWRITEBYTECODE`` (set in some shells and CI) would make every run compile the
    compiler's own sources again; a user's installed tools never pay that.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def python() -> str:
    """The interpreter running the bench: the project venv under ``make bench``."""
    return sys.executable
