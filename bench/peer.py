"""The peer pipeline: how the official MCP projects turn ``schema.ts`` into Python models.

Stage 1 is the spec repository's ``scripts/generate-schemas.ts``: ``typescript-json-schema``
over ``schema.ts`` plus a textual rewrite to JSON Schema 2020-12 (``definitions`` ->
``$defs``). Stage 2 is the python-sdk's ``scripts/gen_surface_types.py``:
``datamodel-codegen`` with that script's flags, at the version issue 15 names as the peer
(0.89). Both tools are installed by the bench into ``.bench/peer`` (never into the
project venv). See ``bench/README.md`` for the sources.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from bench import SCRATCH, Skip, python, run_command

PEER_DIR = SCRATCH / "peer"
VENV = PEER_DIR / "venv"

TJS_VERSION = "0.68.0"
DATAMODEL_CODEGEN_VERSION = "0.89.0"  # the version issue 15 names as the peer

INSTALL_TIMEOUT = 600.0
STAGE_TIMEOUT = 300.0

# scripts/generate-schemas.ts in modelcontextprotocol/modelcontextprotocol.
TJS_ARGS = ("--defaultNumberType", "integer", "--required", "--skipLibCheck")

# scripts/gen_surface_types.py (run_codegen) in modelcontextprotocol/python-sdk, verbatim.
DATAMODEL_CODEGEN_ARGS = (
    "--input-file-type", "jsonschema",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--target-python-version", "3.10",
    "--base-class", "mcp_types._wire_base.WireModel",
    "--snake-case-field", "--remove-special-field-name-prefix",
    "--use-annotated", "--use-field-description", "--use-schema-description",
    "--enum-field-as-literal", "all",
    "--use-union-operator", "--use-double-quotes",
    "--extra-fields", "ignore",
    "--type-mappings", "byte=string", "uri=string", "uri-template=string",
    "--disable-timestamp",
)  # fmt: skip


def to_2020_12(text: str) -> str:
    """The rewrite generate-schemas.ts applies to typescript-json-schema's draft-07 output."""
    return (
        text.replace(
            "http://json-schema.org/draft-07/schema#",
            "https://json-schema.org/draft/2020-12/schema",
        )
        .replace('"definitions":', '"$defs":')
        .replace("#/definitions/", "#/$defs/")
    )


def tjs_command(schema_ts: Path) -> list[str]:
    return ["npx", "--no-install", "typescript-json-schema", *TJS_ARGS, str(schema_ts), "*"]


def datamodel_codegen_command(schema_json: Path, output: Path) -> list[str]:
    exe = VENV / "bin" / "datamodel-codegen"
    return [str(exe), "--input", str(schema_json), "--output", str(output), *DATAMODEL_CODEGEN_ARGS]


# -- installation (idempotent: a second bench run reuses what the first installed) -------


def installed_tjs_version() -> str | None:
    manifest = PEER_DIR / "node_modules" / "typescript-json-schema" / "package.json"
    try:
        return str(json.loads(manifest.read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def ensure_tjs() -> None:
    if installed_tjs_version() == TJS_VERSION:
        return
    PEER_DIR.mkdir(parents=True, exist_ok=True)
    run_command(
        [
            "npm",
            "install",
            "--no-save",
            "--no-audit",
            "--no-fund",
            f"typescript-json-schema@{TJS_VERSION}",
        ],
        cwd=PEER_DIR,
        timeout=INSTALL_TIMEOUT,
        what="npm install typescript-json-schema",
    )
    if installed_tjs_version() != TJS_VERSION:
        raise Skip(f"npm install did not produce typescript-json-schema {TJS_VERSION}")


def installed_datamodel_codegen_version() -> str | None:
    exe = VENV / "bin" / "datamodel-codegen"
    if not exe.is_file():
        return None
    try:
        done, _ = run_command([str(exe), "--version"], timeout=60.0)
    except Skip:
        return None
    return done.stdout.strip().split()[-1] if done.stdout.strip() else None


def ensure_datamodel_codegen() -> None:
    if installed_datamodel_codegen_version() == DATAMODEL_CODEGEN_VERSION:
        return
    if not (VENV / "bin" / "python").is_file():
        run_command([python(), "-m", "venv", str(VENV)], timeout=INSTALL_TIMEOUT, what="venv")
    run_command(
        [
            str(VENV / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "-q",
            f"datamodel-code-generator=={DATAMODEL_CODEGEN_VERSION}",
        ],
        timeout=INSTALL_TIMEOUT,
        what="pip install datamodel-code-generator",
    )
    if installed_datamodel_codegen_version() != DATAMODEL_CODEGEN_VERSION:
        raise Skip(f"pip did not produce datamodel-code-generator {DATAMODEL_CODEGEN_VERSION}")


# -- stage 1, run once ---------------------------------------------------------------------


@dataclass(frozen=True)
class StageOne:
    seconds: float
    schema_json: Path


def run_stage_one(schema_ts: Path, work: Path) -> StageOne:
    """schema.ts -> schema.json in ``work`` with typescript-json-schema, timed."""
    work.mkdir(parents=True, exist_ok=True)
    schema_json = work / "schema.json"
    # npx finds the local install from the working folder, as in the spec repository.
    done, tjs_ns = run_command(
        tjs_command(schema_ts), cwd=PEER_DIR, timeout=STAGE_TIMEOUT, what="typescript-json-schema"
    )
    start = time.perf_counter_ns()  # the 2020-12 rewrite is part of stage 1 upstream
    schema_json.write_text(to_2020_12(done.stdout), "utf-8")
    tjs_ns += time.perf_counter_ns() - start
    return StageOne(tjs_ns / 1e9, schema_json)


def same_as_official(generated: Path, official: Path) -> bool:
    """Whether stage 1 reproduced the published ``schema.json`` (compared as JSON)."""
    try:
        return bool(
            json.loads(generated.read_text("utf-8")) == json.loads(official.read_text("utf-8"))
        )
    except (OSError, ValueError):
        return False
