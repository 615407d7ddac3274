"""Issue #33: the totality net. A construct the dialect cannot express (TypeScript accepts
it) degrades the smallest position that reaches it, never the whole file.

One case per class of limitation, each raised by a different pass (parse at a type
position or a declaration, resolve, expand, intersect, intrinsic, an emitter): the snippet compiles
with a located warning, its JSON Schema carries a ``$comment`` there, the package lists the
spot in ``DEGRADED`` and imports under ``python -W error`` with the rest of the file
usable; ``--strict`` refuses with the same location (exit 2).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PythonForks

DEGRADED = ": degraded to JsonValue (any JSON value)"
FINE = "export interface Fine { ok: string }\n"  # the rest of the file: still compiled

# name -> (snippet, the spot "line:col", the limitation's message, what still stands)
CASES: dict[str, tuple[str, str, str, str]] = {
    "parse_an_empty_enum": (
        "export enum E {}\nexport interface A { e?: E }\n",
        "1:1",
        "enum 'E' without members (no value has its type)",
        "pkg.A.model_validate({'e': 5}).e == 5",
    ),
    "emit_an_intersection_a_class_cannot_hold": (
        # array items that name the interface being expanded are met lazily: as written
        "export interface A { x: (A | string)[] & (A | number)[]; m: string }\n",
        "1:26",
        "cannot intersect a union type; only interfaces, Omit<...> and object literals can"
        " be combined with '&'",
        "pkg.A.model_validate({'x': 3, 'm': 'a'}).m == 'a'",
    ),
    "parse_a_property_type": (
        "export interface A { n: 1n; m: string }\n",
        "1:25",
        "unsupported construct: bigint literal",
        "pkg.A.model_validate({'n': 1, 'm': 'x'}).m == 'x'",
    ),
    "parse_an_index_signature_value": (
        "export interface A { [k: string]: -2n }\n",
        "1:36",
        "unsupported construct: bigint literal",
        "pkg.A.model_validate({'k': [1]}).model_extra == {'k': [1]}",
    ),
    "parse_an_alias": (
        "export type A = 7n;\n",
        "1:17",
        "unsupported construct: bigint literal",
        "'A' in pkg.__all__",
    ),
    "parse_a_class_with_methods": (
        "export class C { m(): void {} }\nexport interface A { c: C }\n",
        "1:18",
        "unsupported construct: class with methods or untyped fields (use an interface)",
        "pkg.A.model_validate({'c': 1}).c == 1",
    ),
    "resolve_omit_of_open_keys": (
        "interface B { a: string }\nexport interface A { o: Omit<B, string> }\n",
        "2:33",
        "Omit keys must be a string or number literal or a union of them",
        "pkg.A.model_validate({'o': 'x'}).o == 'x'",
    ),
    "intersect_a_primitive_with_data": (
        "export interface A { v: string & { count: number } }\n",
        "1:34",
        "no JSON value is both a primitive type and an object type with the data member"
        " 'count'; only a brand (every member a literal type or never, as in"
        ' { readonly __brand: "Id" }) or {} can be intersected with a primitive type',
        "pkg.A.model_validate({'v': None}).v is None",
    ),
    "intrinsic_of_a_template": (
        "export interface A { u: Uppercase<`a${string}`> }\n",
        "1:25",
        "'Uppercase' of a template literal type is not supported",
        "pkg.A.model_validate({'u': 2}).u == 2",
    ),
    "expand_a_distribution_past_its_limit": (
        "export interface A { x: "
        + " & ".join(f"({{ a{i}: 1 }} | {{ b{i}: 2 }})" for i in range(17))
        + " }\n",
        "1:25",
        "this intersection distributes over its unions into 131072 members, more than the"
        " limit of 100000",
        "pkg.A.model_validate({'x': 3}).x == 3",
    ),
}


ROOT = Path(__file__).resolve().parents[3]
# ``codegen`` is the repository's package (installed as ``mcp_negotiation_codegen``): a
# subprocess run outside the repository finds it through PYTHONPATH, as tests/compiler/cli/test_cli.py's.
CODEGEN_ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _generate(tmp_path: Path, forks: PythonForks, *flags: str) -> subprocess.CompletedProcess[str]:
    out = tmp_path / ("strict" if flags else "out") / "pkg"
    command = ["generate", "--schema", "schema.ts", "--out", str(out), "--no-cache", *flags]
    # A fork of the tests' warm interpreter (tests/forkserver.py), as test_hostile.py's
    # runs: `python -m codegen` without importing the compiler again (the import under
    # `-W error` below stays a fresh interpreter).
    return subprocess.run(
        forks(["-m", "codegen", *command]),
        cwd=tmp_path,
        env=CODEGEN_ENV,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _comments(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$comment"]] if isinstance(node.get("$comment"), str) else []
        return found + [c for value in node.values() for c in _comments(value)]
    if isinstance(node, list):
        return [c for item in node for c in _comments(item)]
    return []


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_limitation_degrades_where_it_stands_and_strict_refuses_it(
    tmp_path: Path, case: str, python_forks: PythonForks
) -> None:
    snippet, spot, message, stands = CASES[case]
    (tmp_path / "schema.ts").write_text(snippet + FINE)
    where = f"schema.ts:{spot}"
    done = _generate(tmp_path, python_forks)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"{where}: warning: {message}{DEGRADED}" in done.stderr.splitlines()
    document = json.loads((tmp_path / "out" / "pkg" / "schema.json").read_text())
    assert any(c.endswith(message) for c in _comments(document)), document
    check = (
        "import pkg\n"
        f"assert any(s.endswith({f'{where}: {message}{DEGRADED}'!r}) for s in pkg.DEGRADED)\n"
        "assert pkg.Fine.model_validate({'ok': 'x'}).ok == 'x'\n"
        f"assert {stands}\n"
    )
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
    assert f"{where}: error: {message}{DEGRADED}" in strict.stderr.splitlines()
    assert not (tmp_path / "strict").exists()
