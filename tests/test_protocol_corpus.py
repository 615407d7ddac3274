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

from codegen.build.pipeline import Options, generate, load_schema, schema_files
from codegen.emit.jsonschema import schema_document
from tests.jsonschema_normalise import normalise_document

ROOT = Path(__file__).resolve().parents[1]
PROTOCOLS = ROOT / "tests" / "data" / "protocols"
TJS = ROOT / ".e2e-node" / "node_modules" / ".bin" / "typescript-json-schema"
# name -> (options, typescript-json-schema flags, the share of definitions known equal)
CORPUS: dict[str, tuple[Options, list[str], float]] = {
    "a2a": (Options(default_number_type="integer"), ["--defaultNumberType", "integer"], 0.95),
    "dap": (Options(default_number_type="number"), [], 0.95),
    "lsp-types": (Options(default_number_type="number"), [], 0.95),
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


def same_meaning(oracle: Any, ours: Any, defs: dict[str, Any], depth: int = 0) -> bool:
    """Equal, or equal once a ``$ref`` of ours is replaced by the definition it names where
    the oracle wrote that definition inline (typescript-json-schema inlines object-literal
    aliases; we keep their name, see docs/jsonschema-deviations.md)."""
    if oracle == ours:
        return True
    if isinstance(ours, dict) and isinstance(oracle, dict):
        if "deprecated" in ours and "deprecated" not in oracle:  # documented: `deprecated`
            ours = {k: v for k, v in ours.items() if k != "deprecated"}
        kinds = ours.get("type")
        if isinstance(kinds, list) and "null" in kinds and "null" not in str(oracle.get("type")):
            rest = [k for k in kinds if k != "null"]  # documented: `null` kept in unions
            ours = {**ours, "type": rest[0] if len(rest) == 1 else rest}
        for key in ("anyOf", "allOf"):  # members in any order
            if isinstance(oracle.get(key), list) and isinstance(ours.get(key), list):
                if _same_members(oracle[key], ours[key], defs, depth):
                    oracle = {k: v for k, v in oracle.items() if k != key}
                    ours = {k: v for k, v in ours.items() if k != key}
        if oracle == ours:
            return True
        ref = ours.get("$ref")
        if isinstance(ref, str) and "$ref" not in oracle and depth < 8:
            target = defs.get(ref.removeprefix("#/$defs/"), {})
            merged = {**target, **{k: v for k, v in ours.items() if k != "$ref"}}
            return same_meaning(oracle, merged, defs, depth + 1)
        return oracle.keys() == ours.keys() and all(
            same_meaning(oracle[k], ours[k], defs, depth) for k in oracle
        )
    if isinstance(ours, list) and isinstance(oracle, list) and len(ours) == len(oracle):
        return all(same_meaning(a, b, defs, depth) for a, b in zip(oracle, ours, strict=True))
    return False


def _same_members(oracle: list[Any], ours: list[Any], defs: dict[str, Any], depth: int) -> bool:
    if len(oracle) != len(ours):
        return False
    left = list(ours)
    for member in oracle:
        match = next((m for m in left if same_meaning(member, m, defs, depth)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def equal_share(name: str) -> tuple[float, list[str]]:
    options, flags, _ = CORPUS[name]
    oracle = _oracle(name, flags)
    ours = normalise_document(
        schema_document(load_schema(schema_files(PROTOCOLS / name), options=options))
    )
    differing = sorted(k for k in oracle if not same_meaning(oracle[k], ours.get(k), ours))
    return 1 - len(differing) / len(oracle), differing


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_protocol_json_schema_matches_typescript_json_schema(name: str) -> None:
    share, differing = equal_share(name)
    assert share >= CORPUS[name][2], differing
