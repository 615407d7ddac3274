"""Issue #33: names that TypeScript's lib (or @types/node) declares are known, as to tsc.

``HTMLElement``, ``FormData``, ``AbortSignal``, ``Buffer``, ``NodeJS.Timeout``, ``Map``,
``Set``, ``Parameters<F>`` are no error: each degrades loudly, naming its lib, unless it has
a JSON meaning (``Awaited<Promise<T>>`` is ``T``, ``PropertyKey`` a string or number,
``URL`` the string its ``toJSON`` writes). A name that no lib declares stays an error. The
names come from TypeScript's own files (``tools/lib_globals.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.frontend import lib_names
from tests.compiler.build_stage.test_totality_net import DEGRADED, _generate
from tests.conftest import PythonForks

ROOT = Path(__file__).resolve().parents[3]
NODE_MODULES = ROOT / ".e2e-node" / "node_modules"

SNIPPET = """\
export interface Page {
  el: HTMLElement;
  body?: FormData;
  signal?: AbortSignal;
  data: Buffer;
  timer: NodeJS.Timeout;
  seen: Map<string, number>;
  tags: ReadonlySet<string>;
  args: Parameters<(a: string) => void>;
  result: Awaited<Promise<Promise<{ x: string }>>>;
  key: PropertyKey;
  home: URL;
  ok: string;
}
"""
# the property's column and the lib it names
SPOTS = {
    "el": ("2:7", "'HTMLElement' (a DOM object of TypeScript's lib, not JSON data)"),
    "body": ("3:10", "'FormData' (a DOM object of TypeScript's lib, not JSON data)"),
    "signal": ("4:12", "'AbortSignal' (a DOM object of TypeScript's lib, not JSON data)"),
    "data": ("5:9", "'Buffer' (a Node.js object of @types/node, not JSON data)"),
    "timer": ("6:10", "'NodeJS.Timeout' (a Node.js object of @types/node, not JSON data)"),
    "seen": (
        "7:9",
        "'Map' (a JavaScript Map of TypeScript's lib: not JSON data, which JSON.stringify"
        " writes as {})",
    ),
    "tags": (
        "8:9",
        "'ReadonlySet' (a JavaScript ReadonlySet of TypeScript's lib: not JSON data, which"
        " JSON.stringify writes as {})",
    ),
    "args": (
        "9:9",
        "'Parameters' (a utility type of TypeScript's lib over function or class types,"
        " which are not JSON data)",
    ),
}


def test_lib_globals_degrade_naming_their_lib_or_mean_their_json(
    tmp_path: Path, python_forks: PythonForks
) -> None:
    (tmp_path / "schema.ts").write_text(SNIPPET)
    done = _generate(tmp_path, python_forks)
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if ": warning: " in line]
    assert warnings == [
        f"schema.ts:{spot}: warning: {what}{DEGRADED}" for spot, what in SPOTS.values()
    ]
    page = json.loads((tmp_path / "out" / "pkg" / "schema.json").read_text())["$defs"]["Page"]
    for name, (_, what) in SPOTS.items():
        assert page["properties"][name] == {"$comment": f"degraded to any JSON value: {what}"}
    assert page["properties"]["key"] == {"type": ["string", "number"]}
    assert page["properties"]["home"] == {"type": "string", "format": "uri"}
    check = """
import pkg, pydantic
good = {"el": {}, "data": [1], "timer": 3, "seen": {}, "tags": {}, "args": ["a"],
        "result": {"x": "y"}, "key": 2, "home": "https://x.test/", "ok": "k"}
page = pkg.Page.model_validate(good)
assert page.result.x == "y" and page.key == 2 and page.home == "https://x.test/"
assert len(pkg.DEGRADED) == 8
for bad in ({**good, "result": {"x": 1}}, {**good, "key": None}, {**good, "home": 1}):
    try:
        pkg.Page.model_validate(bad)
    except pydantic.ValidationError:
        continue
    raise AssertionError(bad)
"""
    imported = subprocess.run(
        [sys.executable, "-W", "error", "-c", check],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr
    strict = _generate(tmp_path, python_forks, "--strict")
    assert strict.returncode == 2
    errors = [line for line in strict.stderr.splitlines() if ": error: " in line]
    assert errors == [w.replace(": warning: ", ": error: ") for w in warnings]


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        (
            "export interface A { x: HTMLElemnt }",
            "schema.ts:1:25: error: unknown type 'HTMLElemnt'",
        ),
        (
            "export interface A { x: NodeJ.Timeout }",
            "schema.ts:1:25: error: unknown type 'NodeJ.Timeout'",
        ),
        (
            "export interface A { x: Mop<string> }",
            "schema.ts:1:25: error: unknown generic type 'Mop'",
        ),
    ],
)
def test_a_name_no_lib_declares_stays_an_error(
    tmp_path: Path, ts: str, message: str, python_forks: PythonForks
) -> None:
    (tmp_path / "schema.ts").write_text(ts)
    done = _generate(tmp_path, python_forks)
    assert (done.returncode, done.stderr.strip()) == (2, message)


def test_a_schema_declaration_shadows_the_lib_name(
    tmp_path: Path, python_forks: PythonForks
) -> None:
    (tmp_path / "schema.ts").write_text(
        "export interface Buffer { n: number }\nexport interface A { b: Buffer }\n"
    )
    done = _generate(tmp_path, python_forks)
    assert done.returncode == 0 and "warning" not in done.stderr, done.stderr


def test_the_names_are_typescripts_own() -> None:
    assert {"HTMLElement", "FormData", "AbortSignal", "ReadableStream"} <= lib_names.DOM
    assert {"Map", "Set", "Promise", "Parameters", "Awaited", "PropertyKey"} <= lib_names.ES
    assert {"Buffer", "NodeJS"} <= lib_names.NODE
    assert lib_names.TYPESCRIPT_VERSION.count(".") == 2


@pytest.mark.skipif(not (NODE_MODULES / "typescript").is_dir(), reason="make e2e-node")
def test_the_frozen_names_are_what_the_generator_writes_today() -> None:
    from tools.lib_globals import lib_groups, render

    committed = (ROOT / "codegen" / "frontend" / "lib_names.py").read_text("utf-8")
    assert render(*lib_groups(NODE_MODULES)) == committed
