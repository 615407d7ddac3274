"""Generation time for the official schema: our compiler cold and no-op, and the peer.

Ours is ``python -m codegen generate --schema <schema.ts> --out <dir> --no-cache`` in a
fresh subprocess with a fresh output folder per run: no manifest and no content-hash
cache, so every run is cold. The no-op figure reruns the plain command on the last,
already up-to-date folder. The peer is `bench.peer`.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import (
    GENERATE_TIMEOUT,
    REVISION,
    ROOT,
    SCRATCH,
    Goal,
    Report,
    Skip,
    example_files,
    generate_command,
    median_seconds,
    revision_dir,
    run_command,
)
from bench import peer as peer_pipeline
from bench.validation_bench import (
    check,
    load_examples,
    load_module_from_file,
    report_conformance,
    validators_in,
)

GOAL_COLD = Goal("ratio_at_least", 5.0)
GOAL_NOOP = Goal("at_most", 0.2, "s")
COLD_DIR = SCRATCH / "cold"
PEER_RUNS_DIR = SCRATCH / "peer" / "runs"


@dataclass(frozen=True)
class OurTimes:
    cold_ns: list[int]
    noop_ns: list[int]
    noop_was_noop: bool


def time_ours(schema_ts: Path, runs: int) -> OurTimes:
    """``runs`` cold generations, each into a fresh folder, then ``runs`` no-op reruns."""
    COLD_DIR.mkdir(parents=True, exist_ok=True)
    cold: list[int] = []
    last: Path | None = None
    for _ in range(runs):
        if last is not None:
            shutil.rmtree(last.parent, ignore_errors=True)
        last = Path(tempfile.mkdtemp(dir=COLD_DIR)) / "mcp_ext"
        _, elapsed = run_command(
            generate_command(schema_ts, last, cold=True),
            cwd=ROOT,
            timeout=GENERATE_TIMEOUT,
            what="our compiler",
        )
        cold.append(elapsed)
    assert last is not None  # runs >= 1
    noop: list[int] = []
    said_up_to_date = True
    for _ in range(runs):
        done, elapsed = run_command(
            generate_command(schema_ts, last),
            cwd=ROOT,
            timeout=GENERATE_TIMEOUT,
            what="our compiler",
        )
        noop.append(elapsed)
        said_up_to_date &= "up to date" in done.stdout
    shutil.rmtree(last.parent, ignore_errors=True)
    return OurTimes(cold, noop, said_up_to_date)


@dataclass(frozen=True)
class PeerTimes:
    runs: list[peer_pipeline.PeerRun]

    def median(self, stage: Callable[[peer_pipeline.PeerRun], int]) -> float:
        return median_seconds([stage(r) for r in self.runs])


def time_peer(schema_ts: Path, runs: int) -> PeerTimes:
    peer_pipeline.ensure_tjs()
    peer_pipeline.ensure_datamodel_codegen()
    shutil.rmtree(PEER_RUNS_DIR, ignore_errors=True)
    return PeerTimes(
        [peer_pipeline.run_pipeline(schema_ts, PEER_RUNS_DIR / f"run{i}") for i in range(runs)]
    )


def check_peer_output(report: Report, run: peer_pipeline.PeerRun) -> None:
    """Is the peer's stage 1 the official schema.json, and do its models pass the examples?"""
    official = revision_dir() / "schema.json"
    same = peer_pipeline.same_as_official(run.schema_json, official)
    report.note(f"peer stage 1 reproduces the official schema.json: {'yes' if same else 'NO'}")
    examples = load_examples(example_files(REVISION))
    try:
        module = load_module_from_file(run.models, "_bench_peer_models")
    except Skip as skip:
        report.note(f"peer models: {skip}")
        return
    validators = validators_in(module, {e.type_name for e in examples})
    report_conformance(report, "peer models", check(examples, validators), len(examples))


def samples_note(samples: Sequence[int]) -> str:
    return ", ".join(f"{s / 1e9:.3f}" for s in samples) + " s"


METRICS = (("cold generate", "s", GOAL_COLD), ("no-op regenerate", "s", GOAL_NOOP))


def run(report: Report) -> None:
    try:
        schema_ts = revision_dir(REVISION) / "schema.ts"
    except Skip as skip:  # keep the goal rows in the table, marked skipped
        report.skip(str(skip), METRICS)
        return
    runs = report.option("runs", 5)
    peer_runs = report.option("peer_runs", 3)
    report.note(f"schema: {schema_ts}")

    ours: OurTimes | str
    try:
        ours = time_ours(schema_ts, runs)
        report.note(f"ours cold runs: {samples_note(ours.cold_ns)}")
        report.note(f"ours no-op runs: {samples_note(ours.noop_ns)}")
        if not ours.noop_was_noop:
            report.note("warning: the rerun did not say 'up to date'; it may not be a no-op")
    except Skip as skip:
        ours = str(skip)

    peer: PeerTimes | str
    try:
        peer = time_peer(schema_ts, peer_runs)
        report.note(f"peer stage 1: {' '.join(peer_pipeline.tjs_command(schema_ts))}")
        report.note(
            "peer stage 2: "
            + " ".join(
                peer_pipeline.datamodel_codegen_command(Path("schema.json"), Path("models.py"))
            )
        )
        report.note(f"peer runs (total): {samples_note([r.total_ns for r in peer.runs])}")
        check_peer_output(report, peer.runs[-1])
    except Skip as skip:
        peer = str(skip)

    peer_total = None if isinstance(peer, str) else peer.median(lambda r: r.total_ns)
    if isinstance(ours, str):
        report.row("cold generate", None, "s", peer=peer_total, goal=GOAL_COLD, skipped=ours)
    else:
        report.row(
            "cold generate", median_seconds(ours.cold_ns), "s", peer=peer_total, goal=GOAL_COLD
        )
    if isinstance(peer, str):
        report.row("peer: typescript-json-schema", None, "s", skipped=peer)
        report.row("peer: datamodel-codegen", None, "s", skipped=peer)
    else:
        report.row("peer: typescript-json-schema", peer.median(lambda r: r.tjs_ns), "s")
        report.row("peer: datamodel-codegen", peer.median(lambda r: r.datamodel_codegen_ns), "s")
    if isinstance(ours, str):
        report.row("no-op regenerate", None, "s", goal=GOAL_NOOP, skipped=ours)
    else:
        report.row("no-op regenerate", median_seconds(ours.noop_ns), "s", goal=GOAL_NOOP)
