"""The benchmark harness shared by every ``bench/*_bench.py`` section.

A section is a module named ``*_bench.py`` with a ``run(report)`` function. ``report`` is a
`Report`: callable as ``report(metric, value, unit)`` for a plain figure, with richer
methods (`Report.row`, `Report.note`, `Report.skip`) for figures that have a peer and a goal.
A section that cannot run raises `Skip` (or calls `Report.skip`) with a one-line reason;
the harness never lets one section take the others down.
"""

from __future__ import annotations

import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
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
    """One line of the final table. ``value is None`` means the figure was skipped."""

    section: str
    metric: str
    value: float | None
    unit: str
    peer: float | None = None
    goal: Goal | None = None
    skipped: str = ""

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


# -- the report --------------------------------------------------------------------------


@dataclass
class Report:
    """Collects rows while printing progress lines as sections run."""

    out: Callable[[str], None] = print
    rows: list[Row] = field(default_factory=list)
    options: Mapping[str, int] = field(default_factory=dict)
    current: str = ""

    def section(self, title: str) -> None:
        self.current = title
        self.out(f"\n== {title}")

    def note(self, text: str) -> None:
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
    ) -> Row:
        row = Row(self.current, metric, value, unit, peer, goal, skipped)
        self.rows.append(row)
        shown = f"skipped: {skipped}" if value is None else fmt_value(value, unit)
        if peer is not None:
            shown += f"  (peer {fmt_value(peer, unit)})"
        self.out(f"   {metric}: {shown}")
        return row

    def skip(self, reason: str, metrics: Sequence[tuple[str, str, Goal | None]] = ()) -> None:
        """Print ``skipped: <reason>``; ``metrics`` (name, unit, goal) still get table rows."""
        if not metrics:
            self.out(f"   skipped: {reason}")
        for metric, unit, goal in metrics:
            self.row(metric, None, unit, goal=goal, skipped=reason)

    def option(self, name: str, default: int) -> int:
        return int(self.options.get(name, default))


TABLE_HEADER = ("metric", "value", "peer value", "ratio", "goal", "met?")


def one_line(text: str) -> str:
    """A table cell never spans lines, whatever a section named its metric."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def table_cells(row: Row) -> tuple[str, str, str, str, str, str]:
    ratio = row.ratio
    met = row.met
    return (
        one_line(row.metric),
        fmt_value(row.value, row.unit),
        "" if row.peer is None else fmt_value(row.peer, row.unit),
        "" if ratio is None else f"{fmt_number(ratio)}×",
        row.goal.text() if row.goal else "",
        {True: "yes", False: "NO", None: "-" if row.goal else ""}[met],
    )


def format_table(rows: Sequence[Row]) -> str:
    """An aligned plain-text table; text columns left-aligned, figures right-aligned."""
    cells = [TABLE_HEADER, *(table_cells(r) for r in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(TABLE_HEADER))]
    right = {1, 2, 3}

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if i in right else v.ljust(w)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(c) for c in cells[1:])])


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


def python() -> str:
    """The interpreter running the bench: the project venv under ``make bench``."""
    return sys.executable
