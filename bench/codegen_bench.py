"""Generation time for the official schema: our compiler cold and no-op, and the peer.

Ours is ``python -m codegen generate --schema <schema.ts> --out <dir> --no-cache`` in a
fresh subprocess with a fresh output folder per run: no manifest and no content-hash
cache, so every run is cold (the interpreter's own ``.pyc`` files are primed, as for a
user). The peer is datamodel-codegen on the official ``schema.json`` (`bench.peer`, stage
2); its stage 1 (typescript-json-schema) runs once, to check that it reproduces that file.
Ours twice (A and A') and the peer take interleaved turns: medians, min–max, and the
noise floor A'/A. The no-op figure reruns the plain command on an up-to-date folder.

How cost grows: the same schema concatenated with renamed copies of itself (every
declared name and method literal suffixed per copy), at 1×, 2×, 4× and 8×.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench import (
    GENERATE_TIMEOUT,
    REVISION,
    ROOT,
    SCRATCH,
    Goal,
    Report,
    Skip,
    Stats,
    example_files,
    generate_command,
    generate_env,
    interleave,
    ratios,
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

GOAL_COLD_SECONDS = Goal("at_most", 0.25, "s")
GOAL_NOOP = Goal("at_most", 0.2, "s")
COLD_DIR = SCRATCH / "cold"
SCALED_DIR = SCRATCH / "scaled"
PEER_RUNS_DIR = SCRATCH / "peer" / "runs"
PEER_MODELS = PEER_RUNS_DIR / "models.py"  # the last timed run's output, checked after
SCALES = (2, 4, 8)
SCALE_ROUNDS = 3


def cold_run(schema_ts: Path) -> Callable[[], float]:
    """One cold generation into a fresh folder, in seconds."""

    def once() -> float:
        COLD_DIR.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=COLD_DIR))
        try:
            _, elapsed = run_command(
                generate_command(schema_ts, work / "mcp_ext", cold=True),
                cwd=ROOT,
                env=generate_env(),
                timeout=GENERATE_TIMEOUT,
                what="our compiler",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return elapsed / 1e9

    return once


def peer_run(schema_json: Path) -> Callable[[], float]:
    """One run of datamodel-codegen (the peer's stage 2) on ``schema_json``, in seconds."""

    def once() -> float:
        PEER_RUNS_DIR.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=PEER_RUNS_DIR))
        try:
            _, elapsed = run_command(
                peer_pipeline.datamodel_codegen_command(schema_json, work / "models.py"),
                cwd=work,
                timeout=peer_pipeline.STAGE_TIMEOUT,
                what="datamodel-codegen",
            )
            (work / "models.py").replace(PEER_MODELS)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return elapsed / 1e9

    return once


def noop_runs(schema_ts: Path, runs: int) -> tuple[Stats, bool]:
    """Generate once, then rerun the plain command ``runs`` times on the same folder."""
    COLD_DIR.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=COLD_DIR))
    try:
        command = generate_command(schema_ts, work / "mcp_ext")
        env = generate_env()
        run_command(command, cwd=ROOT, env=env, timeout=GENERATE_TIMEOUT, what="our compiler")
        samples = []
        said_up_to_date = True
        for _ in range(runs):
            done, elapsed = run_command(
                command, cwd=ROOT, env=env, timeout=GENERATE_TIMEOUT, what="our compiler"
            )
            samples.append(elapsed / 1e9)
            said_up_to_date &= "up to date" in done.stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Stats.of(samples), said_up_to_date


_DECLARED = re.compile(r"^(?:export )?(?:interface|type|const) (\w+)", re.M)
_METHOD = re.compile(r'(method: ")([^"]+)(")')


def scaled_schema(text: str, copies: int) -> str:
    """``text`` followed by ``copies - 1`` renamed copies of itself: a schema ``copies``× as big.

    Copy *k* suffixes every declared name with ``Copy<k>`` and every method literal with
    ``-copy<k>``, so the copies neither collide nor merge.
    """
    names = sorted(set(_DECLARED.findall(text)), key=len, reverse=True)
    if not names:
        return "\n".join([text] * copies)
    word = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    parts = [text]
    for k in range(2, copies + 1):
        renamed = word.sub(rf"\g<1>Copy{k}", text)
        parts.append(_METHOD.sub(rf"\g<1>\g<2>-copy{k}\g<3>", renamed))
    return "\n".join(parts)


def scaled_runs(report: Report, schema_ts: Path, one_x: Stats | None) -> None:
    text = schema_ts.read_text("utf-8")
    SCALED_DIR.mkdir(parents=True, exist_ok=True)
    files = {}
    for copies in SCALES:
        path = SCALED_DIR / f"schema-{copies}x.ts"
        path.write_text(scaled_schema(text, copies), "utf-8")
        files[copies] = path
    rounds = report.option("rounds", SCALE_ROUNDS)
    measured = interleave([cold_run(files[c]) for c in SCALES], rounds)
    if one_x is not None:
        report.measured("cold generate, 1× schema", one_x, "s")
    for copies, stats in zip(SCALES, measured, strict=True):
        report.measured(f"cold generate, {copies}× schema", stats, "s")
    if one_x is not None:
        growth = ", ".join(
            f"{c}×: {s.median / one_x.median:.1f}× the time"
            for c, s in zip(SCALES, measured, strict=True)
        )
        report.note(f"cost growth over the 1× schema: {growth}")


def check_stage_one(report: Report, schema_ts: Path) -> None:
    """Run typescript-json-schema once: its time, and whether it reproduces schema.json."""
    try:
        peer_pipeline.ensure_tjs()
        run = peer_pipeline.run_stage_one(schema_ts, PEER_RUNS_DIR / "stage1")
    except Skip as skip:
        report.row("peer stage 1: typescript-json-schema (once)", None, "s", skipped=str(skip))
        return
    report.row("peer stage 1: typescript-json-schema (once)", run.seconds, "s")
    official = revision_dir() / "schema.json"
    same = peer_pipeline.same_as_official(run.schema_json, official)
    report.note(f"peer stage 1 reproduces the official schema.json: {'yes' if same else 'NO'}")


def check_peer_models(report: Report) -> None:
    """Do the peer's models (the last timed run's output) pass the examples?"""
    if not PEER_MODELS.is_file():
        return
    examples = load_examples(example_files(REVISION))
    try:
        module = load_module_from_file(PEER_MODELS, "_bench_peer_models")
    except Skip as skip:
        report.note(f"peer models: {skip}")
        return
    validators = validators_in(module, {e.type_name for e in examples})
    report_conformance(report, "peer models", check(examples, validators), len(examples))


METRICS = (
    ("cold generate", "s", GOAL_COLD_SECONDS),
    ("cold generate vs datamodel-codegen", "s", None),  # no goal: 0.2 s is no wait (#25)
    ("no-op regenerate", "s", GOAL_NOOP),
)


def run(report: Report) -> None:
    try:
        schema_ts = revision_dir(REVISION) / "schema.ts"
    except Skip as skip:  # keep the goal rows in the table, marked skipped
        report.skip(str(skip), METRICS)
        return
    schema_json = schema_ts.with_name("schema.json")
    rounds = report.option("rounds", report.option("runs", 5))
    report.note(f"schema: {schema_ts}")
    report.note(
        "peer: "
        + " ".join(peer_pipeline.datamodel_codegen_command(Path("schema.json"), Path("models.py")))
    )

    peer_reason = ""
    try:
        peer_pipeline.ensure_datamodel_codegen()
    except Skip as skip:
        peer_reason = str(skip)
    parties = [cold_run(schema_ts), cold_run(schema_ts)]
    try:
        parties[0]()  # primes the compiler's .pyc files, as any earlier run would have
    except Skip as skip:
        report.skip(str(skip), METRICS)
        return
    if not peer_reason:
        parties.append(peer_run(schema_json))
    ours: list[Stats] | str
    try:
        ours = interleave(parties, rounds)
    except Skip as skip:
        ours = str(skip)

    if isinstance(ours, str):
        report.skip(ours, METRICS)
        one_x = None
    else:
        first, again, *peer = ours
        one_x = first
        floor = ratios(again, first)
        report.measured("cold generate", first, "s", floor=floor, goal=GOAL_COLD_SECONDS)
        if peer:
            report.measured(
                "cold generate vs datamodel-codegen",
                first,
                "s",
                peer=peer[0],
                floor=floor,
            )
        else:
            report.skip(peer_reason, [("cold generate vs datamodel-codegen", "s", None)])
        try:
            noop, was_noop = noop_runs(schema_ts, rounds)
            report.measured("no-op regenerate", noop, "s", goal=GOAL_NOOP)
            if not was_noop:
                report.note("warning: the rerun did not say 'up to date'; it may not be a no-op")
        except Skip as skip:
            report.skip(str(skip), [("no-op regenerate", "s", GOAL_NOOP)])

    try:
        scaled_runs(report, schema_ts, one_x)
    except Skip as skip:
        report.note(f"scaled schemas: {skip}")
    check_stage_one(report, schema_ts)
    if not peer_reason and not isinstance(ours, str):
        check_peer_models(report)
