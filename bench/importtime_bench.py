"""Import time of the generated package vs the peer pipeline's output, on DevTools (#37).

Goal: ours imports in no more CPU than datamodel-codegen's output for the same typing.

What "import the package" means for each side: ours is ``import devtools``, the package a
user imports, whose ``__init__`` imports every model, the client, the server stubs and the
validators. datamodel-codegen writes a package (the definitions are dotted,
``Protocol.DOM.Node``) whose ``__init__`` imports none of its modules, so the peer's import
is every module of it (``models``, ``models.Protocol``, ``models.Protocol._internal``,
``models.Protocol.DOM``, ...): all the types, as ours gives them.

The peer: typescript-json-schema as ``bench/corpus_bench.py`` runs it, then
datamodel-codegen with the MCP python-sdk's flags (``bench/peer.py``: snake_case
attributes with the wire names as aliases, ``Annotated``, descriptions in ``Field``; ours
does the same) without its ``--base-class`` (mcp_types' own). A second, informational row
is the plain datamodel-codegen of ``corpus_bench`` (camelCase attributes, no aliases):
less to build per field, and less meaning.

Each sample is one fresh interpreter: ``time.process_time()`` around the imports, so the
interpreter's own start is left out on both sides. Every package's ``.pyc`` files are
written by a first, untimed import. Ours twice (A, A': the noise floor) and each peer take
interleaved turns; the row is the median of the round-by-round ratios.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

from bench import (
    GENERATE_TIMEOUT,
    ROOT,
    SCRATCH,
    Goal,
    Report,
    Skip,
    corpus_bench,
    generate_command,
    generate_env,
    interleave,
    python,
    ratios,
    run_command,
)
from bench import peer as peer_pipeline

TYPING = ROOT / "tests" / "data" / "protocols" / "devtools-protocol" / "protocol.d.ts"
WORK = SCRATCH / "import"
PACKAGE = "devtools"
ROUNDS = 7
IMPORT_TIMEOUT = 120.0
GOAL = Goal("at_most", 1.0, "×")

# bench/peer.py's datamodel-codegen flags (the python-sdk's), less its mcp_types base class.
_BASE = peer_pipeline.DATAMODEL_CODEGEN_ARGS.index("--base-class")
SDK_ARGS = (
    *peer_pipeline.DATAMODEL_CODEGEN_ARGS[:_BASE],
    *peer_pipeline.DATAMODEL_CODEGEN_ARGS[_BASE + 2 :],
)
PEERS = {
    "sdk": SDK_ARGS,
    "plain": corpus_bench.DATAMODEL_CODEGEN_FLAGS,
}
METRICS = (
    (f"import {PACKAGE} (CPU) ÷ datamodel-codegen's output, python-sdk flags", "×", GOAL),
    (f"import {PACKAGE} (CPU) ÷ datamodel-codegen's output, plain flags", "×", None),
)


def import_code(folder: Path, modules: Sequence[str]) -> str:
    """A child's program: the CPU seconds its imports of ``modules`` take, printed."""
    lines = [
        "import importlib, sys, time",
        f"sys.path.insert(0, {str(folder)!r})",
        "start = time.process_time()",
        *(f"importlib.import_module({name!r})" for name in modules),
        "print(time.process_time() - start)",
    ]
    return "\n".join(lines)


def importer(folder: Path, modules: Sequence[str]) -> Callable[[], float]:
    """A party for `interleave`: one fresh interpreter's import, in CPU seconds."""
    code = import_code(folder, modules)

    def once() -> float:
        done, _ = run_command(
            [python(), "-c", code], timeout=IMPORT_TIMEOUT, env=generate_env(), what="import"
        )
        return float(done.stdout.strip().splitlines()[-1])

    once()  # writes the .pyc files; not timed
    return once


def package_modules(root: Path) -> list[str]:
    """Every module of the package at ``root``, dotted, in a stable order."""
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def ours() -> Path:
    """Our package of DevTools, generated into .bench/import/ours; its folder's parent."""
    out = WORK / "ours" / PACKAGE
    run_command(
        [*generate_command(TYPING, out), *corpus_bench.OURS_FLAGS],
        cwd=ROOT,
        env=generate_env(),
        timeout=GENERATE_TIMEOUT,
        what="our compiler",
    )
    return out.parent


def peer_schema() -> Path:
    """typescript-json-schema's output for DevTools, cached by the typing's content."""
    digest = hashlib.sha256(TYPING.read_bytes()).hexdigest()[:16]
    schema_json = WORK / f"schema-{digest}-tjs{peer_pipeline.TJS_VERSION}.json"
    if not schema_json.is_file():
        peer_pipeline.ensure_tjs()
        done, _ = run_command(
            corpus_bench.tjs_command(TYPING),
            cwd=peer_pipeline.PEER_DIR,
            timeout=peer_pipeline.STAGE_TIMEOUT,
            what="typescript-json-schema",
        )
        json.loads(done.stdout)  # a truncated output fails here, not at import
        WORK.mkdir(parents=True, exist_ok=True)
        schema_json.write_text(done.stdout, "utf-8")
    return schema_json


def peer_package(schema_json: Path, flavour: str) -> Path:
    """datamodel-codegen's package for ``schema_json``, cached by schema, flags and version;
    the folder holding it."""
    args = PEERS[flavour]
    key = "\0".join([schema_json.name, peer_pipeline.DATAMODEL_CODEGEN_VERSION, *args])
    folder = WORK / f"peer-{flavour}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    if not (folder / "models").is_dir():
        peer_pipeline.ensure_datamodel_codegen()
        partial = folder.with_name(folder.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        exe = peer_pipeline.VENV / "bin" / "datamodel-codegen"
        run_command(
            [str(exe), "--input", str(schema_json), "--output", str(partial / "models"), *args],
            cwd=partial,
            timeout=peer_pipeline.STAGE_TIMEOUT,
            what=f"datamodel-codegen ({flavour})",
        )
        shutil.rmtree(folder, ignore_errors=True)
        partial.replace(folder)
    return folder


def run(report: Report) -> None:
    if not TYPING.is_file():
        raise Skip(f"{TYPING} not found")
    try:
        mine = importer(ours(), [PACKAGE])
        again = importer(WORK / "ours", [PACKAGE])
        schema_json = peer_schema()
        folders = {flavour: peer_package(schema_json, flavour) for flavour in PEERS}
    except Skip as skip:
        report.skip(str(skip), METRICS)
        return
    modules = {flavour: package_modules(folder / "models") for flavour, folder in folders.items()}
    peers = [importer(folders[f], modules[f]) for f in PEERS]
    first, floor_run, *theirs = interleave([mine, again, *peers], report.option("rounds", ROUNDS))
    floor = ratios(floor_run, first)
    report.note(
        f"ours: `import {PACKAGE}` (models, client, server, validators), "
        f"{first.median:.2f} s CPU; peer: every module of datamodel-codegen's package "
        f"({len(modules['sdk'])} modules; its __init__ imports none), fresh interpreter, "
        ".pyc primed, median of the rounds"
    )
    for (metric, unit, goal), flavour, stats in zip(METRICS, PEERS, theirs, strict=True):
        report.note(f"datamodel-codegen, {flavour} flags: {stats.median:.2f} s CPU")
        over = ratios(first, stats)  # ours ÷ theirs, round by round
        report.row(metric, over.median, unit, goal=goal, stats=over, floor=floor)
