"""Public non-MCP protocol schemas (tests/data/protocols) compile unmodified, import, and
match typescript-json-schema's output definition by definition (docs/jsonschema-deviations.md
explains each difference class)."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from codegen.emit.jsonschema import schema_document
from codegen.pipeline import Options, generate, load_schema, schema_files
from tests.jsonschema_normalise import normalise_document

ROOT = Path(__file__).resolve().parents[1]
PROTOCOLS = ROOT / "tests" / "data" / "protocols"
TJS = ROOT / ".e2e-node" / "node_modules" / ".bin" / "typescript-json-schema"
# name -> (options, typescript-json-schema flags, the share of definitions known equal)
CORPUS: dict[str, tuple[Options, list[str], float]] = {
    "a2a": (Options(default_number_type="integer"), ["--defaultNumberType", "integer"], 0.95),
    "dap": (Options(default_number_type="number"), [], 0.95),
    "lsp-types": (Options(default_number_type="number"), [], 0.8),
}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_protocol_compiles_unmodified_and_imports(name: str, tmp_path: Path) -> None:
    options = CORPUS[name][0]
    package = name.replace("-", "_")
    out = tmp_path / package
    generate(PROTOCOLS / name, out, command="test", cache_dir=None, options=options)
    sys.path.insert(0, str(tmp_path))
    try:
        for module in ("", ".models", ".server", ".client", ".validators", ".methods"):
            importlib.import_module(package + module)
    finally:
        sys.path.remove(str(tmp_path))
        for key in [k for k in sys.modules if k == package or k.startswith(package + ".")]:
            del sys.modules[key]


def _oracle(name: str, flags: list[str]) -> dict[str, Any]:
    if shutil.which("node") is None or not TJS.exists():
        pytest.skip("typescript-json-schema is not installed (make e2e-node needs node and npm)")
    files = schema_files(PROTOCOLS / name)
    run = subprocess.run(
        [str(TJS), str(files[0]), "*", "--required", *flags],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    text = run.stdout
    # Namespaced declarations (``DebugProtocol.X``) are flattened to ``X`` by our compiler.
    for prefix in ("DebugProtocol.",):
        text = text.replace(f'"{prefix}', '"').replace(f"/{prefix}", "/")
    return normalise_document(json.loads(text))


def equal_share(name: str) -> tuple[float, list[str]]:
    options, flags, _ = CORPUS[name]
    oracle = _oracle(name, flags)
    ours = normalise_document(
        schema_document(load_schema(schema_files(PROTOCOLS / name), options=options))
    )
    differing = sorted(k for k in oracle if oracle[k] != ours.get(k))
    return 1 - len(differing) / len(oracle), differing


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_protocol_json_schema_matches_typescript_json_schema(name: str) -> None:
    share, differing = equal_share(name)
    assert share >= CORPUS[name][2], differing
