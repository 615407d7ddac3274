"""Cold compile time on the largest real-world typings in ``tests/data/protocols``.

Ours: ``python -m codegen generate --schema <file> --out <fresh dir> --no-cache --protocol
generic`` in a fresh subprocess (``.pyc`` primed by a first, untimed run). The peer: what a
user of the two mainstream tools runs to get Pydantic models from the same file,
typescript-json-schema (``--required --skipLibCheck <file> "*"`` -> schema.json) then
datamodel-codegen (``--input-file-type jsonschema --output-model-type pydantic_v2.BaseModel``),
both as ``bench/peer.py`` installs them; one peer sample is the two stages' sum. Ours twice
(A and A') and the peer take interleaved turns (3 rounds unless ``--rounds``).

The file is the largest one our compiler compiles: a larger one it refuses is named in a
note with the refusal, so the row moves to the largest file as soon as that compiles.
The peer's run on the largest file takes a minute or more, so the section adds about two
minutes to ``make bench``; ``make bench-corpus`` (``python -m bench --only corpus``) runs
it alone.
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
    Report,
    Skip,
    Stats,
    generate_command,
    generate_env,
    interleave,
    ratios,
    run_command,
)
from bench import peer as peer_pipeline

ON_DEMAND = False  # part of `make bench` (issue #21 asks for it there)
PROTOCOLS = ROOT / "tests" / "data" / "protocols"
WORK = SCRATCH / "corpus"
ROUNDS = 3
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
    """One cold generation of ``schema`` into a fresh folder, in seconds."""

    def once() -> float:
        WORK.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=WORK))
        try:
            _, elapsed = run_command(
                ours_command(schema, work / "pkg"),
                cwd=ROOT,
                env=generate_env(),
                timeout=GENERATE_TIMEOUT,
                what="our compiler",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return elapsed / 1e9

    return once


def peer_run(schema: Path, stages: list[tuple[float, float]]) -> Callable[[], float]:
    """typescript-json-schema then datamodel-codegen on ``schema``; their sum in seconds.

    Each run's two stage times are appended to ``stages`` for the note.
    """

    def once() -> float:
        WORK.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(dir=WORK))
        try:
            # npx finds the bench's local install from its folder.
            done, tjs_ns = run_command(
                tjs_command(schema),
                cwd=peer_pipeline.PEER_DIR,
                timeout=peer_pipeline.STAGE_TIMEOUT,
                what="typescript-json-schema",
            )
            schema_json = work / "schema.json"
            schema_json.write_text(done.stdout, "utf-8")
            _, dmcg_ns = run_command(
                datamodel_codegen_command(schema_json, work / "models"),
                cwd=work,
                timeout=peer_pipeline.STAGE_TIMEOUT,
                what="datamodel-codegen",
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        stages.append((tjs_ns / 1e9, dmcg_ns / 1e9))
        return (tjs_ns + dmcg_ns) / 1e9

    return once


def largest_compiling(report: Report, files: list[Path]) -> Path:
    """The largest file our compiler compiles; each larger one is noted with its refusal.

    This first run of each also primes the compiler's ``.pyc`` files.
    """
    for path in files:
        try:
            ours_run(path)()
        except Skip as skip:
            report.note(f"not timed, ours refuses {describe(path)}: {skip}")
            continue
        return path
    raise Skip("our compiler refuses every corpus file")


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
    schema = largest_compiling(report, files)
    metric = f"cold generate, {describe(schema)}"
    rounds = report.option("rounds", ROUNDS)
    peer_reason = ""
    try:
        peer_pipeline.ensure_tjs()
        peer_pipeline.ensure_datamodel_codegen()
    except Skip as skip:
        peer_reason = str(skip)
    stages: list[tuple[float, float]] = []
    parties = [ours_run(schema), ours_run(schema)]
    if not peer_reason:
        parties.append(peer_run(schema, stages))
    try:
        measured = interleave(parties, rounds)
    except Skip as skip:  # the peer failed on this file: time ours alone
        report.note(f"peer: {skip}")
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
    )
    if stages:
        tjs = median_of([s[0] for s in stages])
        dmcg = median_of([s[1] for s in stages])
        report.note(
            f"peer stages (medians): typescript-json-schema {tjs:.2f} s, "
            f"datamodel-codegen {dmcg:.2f} s"
        )
    elif peer_reason:
        report.note(f"peer not timed: {peer_reason}")
