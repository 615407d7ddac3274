"""``codegen diff`` on the latest official step, 2025-11-25 -> 2026-07-28.

End to end, as a user runs it: ``python -m codegen diff OLD NEW --format json`` in a fresh
subprocess (interpreter start, parsing both revisions, emitting their JSON Schemas, the
structural diff, and the witness search with each witness checked by ``jsonschema``).
The in-process figure leaves out the interpreter start and the imports.
"""

from __future__ import annotations

import json
import time

from bench import ROOT, Goal, Report, median_seconds, python, revision_dir, run_command

OLD, NEW = "2025-11-25", "2026-07-28"
GOAL = Goal("at_most", 2.0, "s")
TIMEOUT = 120.0


def run(report: Report) -> None:
    old, new = revision_dir(OLD) / "schema.ts", revision_dir(NEW) / "schema.ts"
    runs = report.option("runs", 3)
    command = [python(), "-m", "codegen", "diff", str(old), str(new), "--format", "json"]
    samples: list[int] = []
    summary: dict[str, int] = {}
    for _ in range(runs):
        # exit 0: without --fail-on-breaking the command reports, it does not judge
        done, elapsed = run_command(command, cwd=ROOT, timeout=TIMEOUT, what="codegen diff")
        samples.append(elapsed)
        summary = json.loads(done.stdout)["summary"]
    report.row(f"diff {OLD} -> {NEW}, end to end", median_seconds(samples), "s", goal=GOAL)
    report.note(", ".join(f"{count} {severity}" for severity, count in summary.items()))

    from codegen.build.pipeline import load_schema
    from codegen.revision import diff_schemas

    in_process: list[int] = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        diff_schemas(load_schema([old]), load_schema([new]))
        in_process.append(time.perf_counter_ns() - start)
    report.row(f"diff {OLD} -> {NEW}, in process", median_seconds(in_process), "s")
