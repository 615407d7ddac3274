"""How the compiler's cost grows with the size of the typing (issue #37): a synthetic series.

``bench.synthetic.synthetic_typing`` writes a deterministic typing of about 1k, 5k and 20k
lines (``make bench``), and also 40k and 80k (``make bench-scale``: ``--scale-full``).
Each is compiled cold (``generate --no-cache --protocol generic --strict``, a fresh output
folder, ``.pyc`` primed) in a fresh subprocess, the sizes taking interleaved turns;
typescript-json-schema (``--required --skipLibCheck FILE "*"``, as ``bench.peer`` installs
it) runs on the same files beside ours with ``--scale-full``, one run a round. Figures
are the CPU time (user + system) and the peak memory of each run's process, read from
``os.wait4``: on a shared machine the wall clock also counts other processes' turns.

Rows per size: the CPU time, the time per line and the peak memory; then the time per
line at each size over that at 20k lines (linear growth: about 1×; the goal is ≤ 1.3× at
80k) and the 20k-line goal (≤ 1 s), both from issue #37.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import (
    GENERATE_TIMEOUT,
    ROOT,
    SCRATCH,
    Goal,
    Report,
    Skip,
    Stats,
    generate_command,
    generate_env,
    interleave,
    ratios,
)
from bench import peer as peer_pipeline
from bench.synthetic import synthetic_typing

ON_DEMAND = False  # the small sizes are part of `make bench`; `--scale-full` adds the rest
WORK = SCRATCH / "scale"
SIZES = (1_000, 5_000, 20_000)
FULL_SIZES = (*SIZES, 40_000, 80_000)
REFERENCE = 20_000  # time per line is compared with this size's
ROUNDS = 3
FULL_ROUNDS = 2
OURS_FLAGS = ("--protocol", "generic", "--strict", "-q")
TJS_COMMAND = ("npx", "--no-install", "typescript-json-schema", "--required", "--skipLibCheck")
GOAL_20K = Goal("at_most", 1.0, "s")
GOAL_LINEAR = Goal("at_most", 1.3)
GOAL_VS_TJS = Goal("ratio_at_least", 1.0)


@dataclass(frozen=True)
class Usage:
    """One finished process: CPU seconds (user + system), wall seconds, peak RSS in bytes."""

    cpu: float
    wall: float
    peak: int


def measure(
    argv: Sequence[str],
    *,
    timeout: float,
    cwd: Path,
    env: dict[str, str] | None = None,
    what: str,
    stdout: Path | None = None,
) -> Usage:
    """Run ``argv`` to completion; its own CPU time and peak memory (``os.wait4``), its
    output written to ``stdout`` when given (else dropped).

    A missing program, a timeout or a failing exit is a `Skip` naming ``what``.
    """
    with tempfile.TemporaryFile() as err, open(stdout or os.devnull, "wb") as out:
        start = time.perf_counter()
        try:
            process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdout=out, stderr=err)
        except FileNotFoundError:
            raise Skip(f"{what}: {argv[0]} not found") from None
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        process.returncode = code  # reaped here, not by Popen
        if code != 0:
            err.seek(0)
            lines = err.read().decode("utf-8", "replace").strip().splitlines()
            if wall >= timeout:
                raise Skip(f"{what}: timed out after {timeout:.0f} s")
            raise Skip(f"{what} failed (exit {code}): {lines[-1] if lines else 'no output'}")
    # ru_maxrss is in KiB on Linux.
    return Usage(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024)


def typing_file(lines: int) -> Path:
    """The synthetic typing of ``lines`` lines, written once into the bench's scratch."""
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / f"synthetic-{lines}.ts"
    text = synthetic_typing(lines)
    if not path.is_file() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")
    return path


def line_count(path: Path) -> int:
    return path.read_text("utf-8").count("\n")


def ours(schema: Path, usages: list[Usage]) -> Callable[[], float]:
    """One cold generation of ``schema``: its CPU seconds (the usage kept in ``usages``)."""

    def once() -> float:
        work = Path(tempfile.mkdtemp(dir=WORK))
        try:
            usage = measure(
                [*generate_command(schema, work / "pkg", cold=True), *OURS_FLAGS],
                timeout=GENERATE_TIMEOUT,
                cwd=ROOT,
                env=generate_env(),
                what="our compiler",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        usages.append(usage)
        return usage.cpu

    return once


def tjs(schema: Path, usages: list[Usage], failed: list[str]) -> Callable[[], float]:
    """typescript-json-schema on ``schema``: its CPU seconds (node's, npx's included).

    After a failure (a timeout on the largest file, say) the peer is not run again: its
    reason goes to ``failed`` and the turn counts 0."""

    def once() -> float:
        if failed:
            return 0.0
        try:
            usage = measure(
                [*TJS_COMMAND, str(schema), "*"],
                timeout=peer_pipeline.STAGE_TIMEOUT,
                cwd=peer_pipeline.PEER_DIR,
                what="typescript-json-schema",
            )
        except Skip as skip:
            failed.append(f"{schema.name}: {skip}")
            return 0.0
        usages.append(usage)
        return usage.cpu

    return once


def run(report: Report) -> None:
    full = bool(report.option("scale_full", 0))
    sizes = FULL_SIZES if full else SIZES
    rounds = report.option("rounds", FULL_ROUNDS if full else ROUNDS)
    files = {size: typing_file(size) for size in sizes}
    lines = {size: line_count(path) for size, path in files.items()}
    ours(files[sizes[0]], [])()  # primes the compiler's .pyc files, as any earlier run would
    ours_usage: dict[int, list[Usage]] = {size: [] for size in sizes}
    peer_usage: dict[int, list[Usage]] = {size: [] for size in sizes}
    parties = [ours(files[size], ours_usage[size]) for size in sizes]
    failed: list[str] = []
    if full:
        try:
            peer_pipeline.ensure_tjs()
            parties += [tjs(files[size], peer_usage[size], failed) for size in sizes]
        except Skip as skip:
            failed.append(str(skip))
    else:
        report.note("typescript-json-schema runs beside ours with --scale-full (make bench-scale)")
    measured = interleave(parties, rounds)
    cpu = dict(zip(sizes, measured[: len(sizes)], strict=True))
    peer: dict[int, Stats] = {}
    if failed:
        report.note(f"peer not timed: {failed[0]}")
    elif len(measured) > len(sizes):
        peer = dict(zip(sizes, measured[len(sizes) :], strict=True))
    per_line = {size: cpu[size].scaled(1e6 / lines[size]) for size in sizes}
    for size in sizes:
        goal = GOAL_20K if size == REFERENCE else GOAL_VS_TJS if size == FULL_SIZES[-1] else None
        report.measured(
            f"cold generate, synthetic typing of {lines[size]:,} lines (CPU)",
            cpu[size],
            "s",
            peer=peer.get(size),
            goal=goal,
        )
    for size in sizes:
        report.measured(f"time per line, {lines[size]:,} lines", per_line[size], "µs")
    for size in sizes:
        report.measured(
            f"peak memory, {lines[size]:,} lines",
            Stats.of(u.peak / 2**20 for u in ours_usage[size]),
            "MB",
        )
        if peer and peer_usage[size]:
            tjs_peak = Stats.of(u.peak / 2**20 for u in peer_usage[size])
            report.note(
                f"typescript-json-schema at {lines[size]:,} lines: peak memory "
                f"{tjs_peak.median:.0f} MB"
            )
    base = 5_000 if not full else REFERENCE
    for size in sizes:
        if size > base:
            report.measured(
                f"time per line, {lines[size]:,} over {lines[base]:,} lines",
                ratios(per_line[size], per_line[base]),
                "×",
                goal=GOAL_LINEAR if size == FULL_SIZES[-1] else None,
            )
