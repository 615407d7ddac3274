"""Cold compile time on the three largest real-world typings in ``tests/data/protocols``.

Ours: ``python -m codegen generate --schema <file> --out <fresh dir> --no-cache --protocol
generic`` in a fresh subprocess (``.pyc`` primed by a first, untimed run). The peer: what a
user of the two mainstream tools runs to get Pydantic models from the same file,
typescript-json-schema (``--required --skipLibCheck <file> "*"`` -> schema.json) then
datamodel-codegen (``--input-file-type jsonschema --output-model-type pydantic_v2.BaseModel``),
both as ``bench/peer.py`` installs them; one peer sample is the two stages' sum. Figures
are CPU time (user + system, ``os.wait4``, the processes each run waited for included):
on a shared machine the wall clock also counts other processes' turns. Per file, ours
twice (A and A') and the peer take interleaved turns (3 rounds unless ``--rounds``);
issue #37's goal, at least 10x the peer, is checked on each file.

The files are the largest ones our compiler compiles: a larger one it refuses is named in
a note with the refusal, and the next one is timed instead. The peer's runs on the three
files take about half a minute of CPU per round on an idle machine (DevTools' 22k lines
most of it), so the section adds about two minutes to ``make bench``; ``make
bench-corpus`` (``python -m bench --only corpus``) runs it alone.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
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
from bench.scale_bench import measure

ON_DEMAND = False  # part of `make bench` (issue #21 asks for it there)
PROTOCOLS = ROOT / "tests" / "data" / "protocols"
WORK = SCRATCH / "corpus"
ROUNDS = 3
TIMED = 3  # the three largest files that compile (issue #37)
GOAL_VS_PEER = Goal("ratio_at_least", 10.0)
OURS_FLAGS = ("--protocol", "generic", "--default-number-type", "number")
TJS_FLAGS = ("--required", "--skipLibCheck")
DATAMODEL_CODEGEN_FLAGS = (
    "--input-file-type", "jsonschema",
    "--output-model-type", "pydantic_v2.BaseModel",
)  # fmt: skip


def corpus_files(folder: Path = PROTOCOLS) -> list[Path]:
    """Every typings file of the corpus, largest first (ties by path, for a stable order)."""
    files = [p for p in folder.glob("*/*.ts") if p.is_file()]
    return sorted(files, key=lambda p: (-p.stat().st_size, str(p)))


def ours_command(schema: Path, out: Path) -> list[str]:
    return [*generate_command(schema, out, cold=True), *OURS_FLAGS]


def tjs_command(schema: Path) -> list[str]:
    return ["npx", "--no-install", "typescript-json-schema", *TJS_FLAGS, str(schema), "*"]


def datamodel_codegen_command(schema_json: Path, output: Path) -> list[str]:
    # ``output`` has no suffix: datamodel-codegen writes a package there when the schema's
    # definition names are dotted (``Protocol.DOM.Node``), else one module.
    exe = peer_pipeline.VENV / "bin" / "datamodel-codegen"
    return [
        str(exe),
        "--input",
        str(schema_json),
        "--output",
        str(output),
        *DATAMODEL_CODEGEN_FLAGS,
    ]


def ours_run(schema: Path) -> Callable[[], float]:
    """One cold generation of ``schema`` into a fresh folder: its CPU seconds."""

    def once() -> float:
        WORK.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=WORK))
        try:
            usage = measure(
                ours_command(schema, work / "pkg"),
                cwd=ROOT,
                env=generate_env(),
                timeout=GENERATE_TIMEOUT,
                what="our compiler",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return usage.cpu

    return once


def peer_run(schema: Path, stages: list[tuple[float, float]]) -> Callable[[], float]:
    """typescript-json-schema then datamodel-codegen on ``schema``: their CPU seconds,
    summed. Each run's two stage times are appended to ``stages`` for the note.
    """

    def once() -> float:
        WORK.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=WORK))
        try:
            schema_json = work / "schema.json"
            # npx finds the bench's local install from its folder.
            tjs = measure(
                tjs_command(schema),
                cwd=peer_pipeline.PEER_DIR,
                timeout=peer_pipeline.STAGE_TIMEOUT,
                what="typescript-json-schema",
                stdout=schema_json,
            )
            dmcg = measure(
                datamodel_codegen_command(schema_json, work / "models"),
                cwd=work,
                timeout=peer_pipeline.STAGE_TIMEOUT,
                what="datamodel-codegen",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        stages.append((tjs.cpu, dmcg.cpu))
        return tjs.cpu + dmcg.cpu

    return once


def largest_compiling(report: Report, files: list[Path], count: int = TIMED) -> list[Path]:
    """The ``count`` largest files our compiler compiles; each larger one it refuses is
    noted with its refusal.

    This first run of each also primes the compiler's ``.pyc`` files.
    """
    found: list[Path] = []
    for path in files:
        if len(found) == count:
            break
        try:
            ours_run(path)()
        except Skip as skip:
            report.note(f"not timed, ours refuses {describe(path)}: {skip}")
            continue
        found.append(path)
    if not found:
        raise Skip("our compiler refuses every corpus file")
    return found


def describe(path: Path) -> str:
    lines = path.read_text("utf-8").count("\n")
    return f"{path.parent.name}/{path.name} ({lines:,} lines, {path.stat().st_size // 1024} KiB)"


def median_of(values: list[float]) -> float:
    return Stats.of(values).median


def run(report: Report) -> None:
    files = corpus_files()
    if not files:
        raise Skip(f"no typings under {PROTOCOLS}")
    report.note(f"largest corpus file: {describe(files[0])}")
    schemas = largest_compiling(report, files)
    rounds = report.option("rounds", ROUNDS)
    peer_reason = ""
    try:
        peer_pipeline.ensure_tjs()
        peer_pipeline.ensure_datamodel_codegen()
    except Skip as skip:
        peer_reason = str(skip)
    for schema in schemas:
        time_one(report, schema, rounds, peer_reason)


def time_one(report: Report, schema: Path, rounds: int, peer_reason: str) -> None:
    """One file's row: ours (A, A') and the peer in interleaved rounds."""
    metric = f"cold generate (CPU), {describe(schema)}"
    stages: list[tuple[float, float]] = []
    parties = [ours_run(schema), ours_run(schema)]
    if not peer_reason:
        parties.append(peer_run(schema, stages))
    try:
        measured = interleave(parties, rounds)
    except Skip as skip:  # the peer failed on this file: time ours alone
        report.note(f"peer on {schema.parent.name}: {skip}")
        peer_reason = str(skip)
        stages.clear()
        measured = interleave(parties[:2], rounds)
    first, again, *peer = measured
    report.measured(
        f"{metric} vs typescript-json-schema + datamodel-codegen",
        first,
        "s",
        peer=peer[0] if peer else None,
        floor=ratios(again, first),
        goal=GOAL_VS_PEER,
    )
    if stages:
        tjs = median_of([s[0] for s in stages])
        dmcg = median_of([s[1] for s in stages])
        report.note(
            f"peer stages on {schema.parent.name} (CPU medians): typescript-json-schema "
            f"{tjs:.2f} s, datamodel-codegen {dmcg:.2f} s"
        )
    elif peer_reason:
        report.note(f"peer not timed on {schema.parent.name}: {peer_reason}")
