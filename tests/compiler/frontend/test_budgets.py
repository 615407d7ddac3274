"""Hostile schemas of a few lines: each ends with one located error or a package that
imports under ``python -W error`` and validates (issues #33 and #34).

Every run is a subprocess with a timeout and an address-space limit: the timeouts are
hang guards, far above what a run takes, not speed assertions.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.emit.python.ordering import cycles
from codegen.frontend import budget
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.conftest import ROOT

HANG = 120  # seconds: a hang guard on a loaded machine, not a speed assertion
MEMORY = 2 * 1024**3  # bytes of address space per run
GENERATE = [sys.executable, "-m", "codegen", "generate"]
LOCATED = re.compile(r"^a\.ts:\d+:\d+: error: [^\n]+$")


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        timeout=HANG,
        preexec_fn=_limit,
    )


def compile_both(tmp_path: Path, text: str) -> tuple[subprocess.CompletedProcess[str], ...]:
    """``generate`` and ``jsonschema`` on ``a.ts`` holding ``text``."""
    (tmp_path / "a.ts").write_text(text)
    generate = run(
        [*GENERATE, "--schema", ".", "--out", "out/pkg", "--no-cache", "-q"],
        tmp_path,
    )
    schema = run([sys.executable, "-m", "codegen", "jsonschema", "a.ts", "-o", "s.json"], tmp_path)
    return generate, schema


def one_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The one located error line of a run that failed as it should."""
    output = proc.stdout + proc.stderr
    assert proc.returncode == 2, output
    assert "Traceback" not in output and "RecursionError" not in output, output
    errors = [line for line in proc.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and LOCATED.match(errors[0]), proc.stderr
    return errors[0]


def compiles(tmp_path: Path, text: str, check: str) -> None:
    """``text`` compiles with both commands; the package imports under ``-W error`` and
    ``check`` passes after ``import pkg``."""
    for proc in compile_both(tmp_path, text):
        assert proc.returncode == 0, proc.stdout + proc.stderr
    imported = run([sys.executable, "-W", "error", "-c", "import pkg\n" + check], tmp_path / "out")
    assert imported.returncode == 0, imported.stderr[-3000:]


# --------------------------------------------------------------------------- generics


@pytest.mark.parametrize("argument", ["[T, T]", "{ a: T; b: T }", "T | T[]"])
def test_a_generic_whose_arguments_double_is_refused(tmp_path: Path, argument: str) -> None:
    text = f"export type G<T> = {{ g: G<{argument}> }}; export interface H {{ g: G<string> }}\n"
    for proc in compile_both(tmp_path, text):
        line = one_error(proc)
        assert line.startswith("a.ts:1:25: error: the type arguments of generic 'G' grow past "), (
            line
        )
        assert f"{budget.MAX_ARGUMENT_NODES} type nodes" in line


def test_a_generic_whose_arguments_grow_by_one_is_refused(tmp_path: Path) -> None:
    text = "export type G<T> = { g: G<T[]> }; export interface H { g: G<string> }\n"
    for proc in compile_both(tmp_path, text):
        assert one_error(proc).startswith(
            f"a.ts:1:25: error: generic instances nest more than {budget.MAX_NESTING} deep at 'G'"
        )


def test_a_recursive_generic_is_one_instance(tmp_path: Path) -> None:
    text = (
        "export interface Tree<T> { value: T; children: Tree<T>[] }\n"
        "export type List<T> = { v: T; next?: List<T> };\n"
        "export interface H { t: Tree<string>; l: List<number> }\n"
    )
    check = (
        "h = pkg.H.model_validate({'t': {'value': 'a', 'children': [{'value': 'b', "
        "'children': []}]}, 'l': {'v': 1, 'next': {'v': 2}}})\n"
        "assert h.t.children[0].value == 'b' and h.l.next.v == 2\n"
    )
    compiles(tmp_path, text, check)


def test_thousands_of_distinct_generic_instances_compile(tmp_path: Path) -> None:
    """TypeScript has no count of instances; a large typing has thousands of distinct ones
    (@octokit/types: an ``Operation<Url, Method>`` per endpoint). They were refused past
    2000; now each is work spent from the budget."""
    text = "export interface Op<U, M> { url: U; method: M }\n" + "".join(
        f'export type E{i} = Op<"/r/{i}", "get">;\n' for i in range(2100)
    )
    check = (
        "e = pkg.E2099.model_validate({'url': '/r/2099', 'method': 'get'})\n"
        "assert e.url == '/r/2099'\n"
        "try:\n    pkg.E7.model_validate({'url': '/r/8', 'method': 'get'})\n"
        "except Exception:\n    pass\nelse:\n    raise AssertionError('E7 took /r/8')\n"
    )
    compiles(tmp_path, text, check)


def test_generic_instances_that_double_at_each_level_end_at_the_budget(tmp_path: Path) -> None:
    """Each level asks for two distinct instances of the level below: 2**24 instances, each
    spending from the work budget, so the run ends with the budget's located error."""
    text = "export interface Box<T> { v: T }\n"
    text += "export interface L0<T> { a: Box<[T, 0]>; b: Box<[T, 1]> }\n"
    text += "".join(
        f"export interface L{i}<T> {{ a: L{i - 1}<[T, 0]>; b: L{i - 1}<[T, 1]> }}\n"
        for i in range(1, 24)
    )
    text += "export type Root = L23<string>;\n"
    (tmp_path / "a.ts").write_text(text)
    line = one_error(run([sys.executable, "-m", "codegen", "jsonschema", "a.ts"], tmp_path))
    assert line == (
        "a.ts:26:20: error: expanding the generic instance of 'L23' needs more than "
        f"{budget.MAX_WORK} steps of type expansion (the compiler's work budget); the type "
        "grows without bound or is too large to expand"
    ), line


def test_the_work_budget_is_a_located_error_naming_the_construct(tmp_path: Path) -> None:
    literals = " | ".join(f'"k{i}"' for i in range(1000))
    text = f"export type U = {literals};\nexport type C<T> = T extends string ? [T, T] : never;\n"
    # distinct arguments: one instance is expanded once, however often it is used
    text += "".join(f'export type A{i} = C<U | "x{i}">;\n' for i in range(400))
    (tmp_path / "a.ts").write_text(text)
    line = one_error(run([sys.executable, "-m", "codegen", "jsonschema", "a.ts"], tmp_path))
    assert re.match(
        r"a\.ts:\d+:\d+: error: expanding the generic instance of 'C' needs more than "
        rf"{budget.MAX_WORK} steps of type expansion \(the compiler's work budget\)",
        line,
    ), line


# --------------------------------------------------------------------------- intersections


@pytest.mark.parametrize("n", [18, 20])
def test_an_intersection_of_many_unions_degrades_before_it_is_built(tmp_path: Path, n: int) -> None:
    # A limit of the compiler, not an error of TypeScript's: the alias degrades, loudly.
    members = " & ".join(f"({{ a{i}: string }} | {{ b{i}: number }})" for i in range(n))
    message = (
        f"a.ts:1:17: {{}}: this intersection distributes over its unions into {2**n} "
        "members, more than the limit of 100000"
    )
    for proc in compile_both(tmp_path, f"export type T = {members};\n"):
        assert proc.returncode == 0 and message.format("warning") in proc.stderr, proc.stderr
    strict = run(
        [*GENERATE, "--schema", ".", "--out", "strict/pkg", "--no-cache", "-q", "--strict"],
        tmp_path,
    )
    expected = message.format("error") + ": degraded to JsonValue (any JSON value)"
    assert one_error(strict) == expected


def test_a_distributed_intersection_through_its_own_union(tmp_path: Path) -> None:
    """#33: ``Reply`` is in ``Event``, and ``Reply.parent`` is ``Event & {...}``."""
    text = (
        "export type Event = Reply | Post;\n"
        'export interface Post { kind: "post"; text: string }\n'
        'export interface Reply { kind: "reply"; parent: Event & { extra?: string } }\n'
    )
    instance = {
        "kind": "reply",
        "parent": {"kind": "reply", "parent": {"kind": "post", "text": "x", "extra": "e"}},
    }
    check = (
        f"r = pkg.Reply.model_validate({instance!r})\n"
        "assert r.parent.parent.extra == 'e' and r.parent.extra is None\n"
        "import pydantic\n"
        "try:\n"
        "    pkg.Reply.model_validate({'kind': 'reply', 'parent': {'kind': 'post'}})\n"
        "except pydantic.ValidationError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('a post without text was accepted')\n"
    )
    compiles(tmp_path, text, check)
    schema = json.loads((tmp_path / "s.json").read_text())
    jsonschema = pytest.importorskip("jsonschema")
    reply = {**schema, "$ref": "#/definitions/Reply"} if "definitions" in schema else None
    if reply is None:
        reply = {**schema, "$ref": "#/$defs/Reply"}
    jsonschema.validate(instance, reply)


# --------------------------------------------------------------------------- properties


def test_property_handling_is_linear() -> None:
    """40,000 properties: a quadratic pass takes minutes here, a linear one seconds."""
    text = "export interface Big {\n" + "".join(f"  p{i}: string;\n" for i in range(40_000))
    code = (
        "import faulthandler, sys\n"
        "faulthandler.dump_traceback_later(40, exit=True)\n"
        "from codegen.frontend.parse import parse_module\n"
        "from codegen.frontend.resolve import resolve\n"
        "schema = resolve([parse_module('a.ts', sys.stdin.read())])\n"
        "assert len(schema.decls['Big'].body.properties) == 40_000\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        input=text + "}\n",
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_an_interface_with_20000_properties_compiles(tmp_path: Path) -> None:
    text = "export interface Big {\n" + "".join(f"  p{i}: string;\n" for i in range(20_000))
    compiles(tmp_path, text + "}\n", "assert len(pkg.Big.model_fields) == 20_000\n")


# --------------------------------------------------------------------------- large cycles


def test_a_ring_of_160_interfaces_imports(tmp_path: Path) -> None:
    n = 160
    text = "".join(
        f"export interface R{i} {{ next?: R{(i + 1) % n}; v: string }}\n" for i in range(n)
    )
    deep: dict[str, object] = {"v": "end"}
    for i in reversed(range(1, n + 2)):
        deep = {"v": str(i), "next": deep}
    check = (
        f"r = pkg.R1.model_validate({deep!r})\n"
        "assert r.next.next.v == '3'\n"
        f"assert pkg.R{n - 1}.model_validate({{'v': 'a', 'next': {{'v': 'b'}}}}).next.v == 'b'\n"
    )
    compiles(tmp_path, text, check)
    models = (tmp_path / "out" / "pkg" / "models.py").read_text()
    assert "class R0(SchemaModel, defer_build=True):" in models
    assert "R0.model_rebuild()" not in models


def test_a_large_union_of_interfaces_that_hold_it_imports(tmp_path: Path) -> None:
    """#33: a FHIR-like union of more than 100 resources, each with ``contained?:
    Resource[]``."""
    n = 101
    text = "export type Resource = " + " | ".join(f"R{i}" for i in range(n)) + ";\n"
    text += "".join(
        f'export interface R{i} {{ resourceType: "R{i}"; contained?: Resource[]; v?: string }}\n'
        for i in range(n)
    )
    instance = {
        "resourceType": "R5",
        "contained": [{"resourceType": "R100", "contained": [{"resourceType": "R0", "v": "x"}]}],
    }
    check = (
        f"r = pkg.R5.model_validate({instance!r})\n"
        "assert r.contained[0].contained[0].v == 'x'\n"
        "import pydantic\n"
        "a = pydantic.TypeAdapter(pkg.Resource)\n"
        f"assert a.validate_python({instance!r}).resource_type == 'R5'\n"
        "try:\n"
        "    a.validate_python({'resourceType': 'R5', 'contained': [{'resourceType': 'X'}]})\n"
        "except pydantic.ValidationError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('an unknown resource was accepted')\n"
    )
    compiles(tmp_path, text, check)


def test_users_of_a_large_ring_and_union_are_built_when_used(tmp_path: Path) -> None:
    """#33 (@octokit/graphql-schema): a model that uses a large cycle is built when first
    used, as the cycle is, on a thread with room for it, instead of nesting through all of
    its models on the importing thread (a RecursionError before)."""
    ring, union = 400, 120
    text = "".join(
        f"export interface A{i} {{ next?: A{i % ring + 1}; v?: string }}\n"
        for i in range(1, ring + 1)
    )
    text += "export type Resource = " + " | ".join(f"R{i}" for i in range(union)) + ";\n"
    text += "".join(
        f'export interface R{i} {{ resourceType: "R{i}"; contained?: Resource[]; a?: A{i + 1} }}\n'
        for i in range(union)
    )
    # Source order puts the users first: the order is dependencies first all the same.
    text = "export interface Holder { first: A1; all: Resource[]; pair?: Pair }\n" + text
    text += "export interface Pair { left?: Pair2; holder?: Holder }\n"
    text += "export interface Pair2 { right?: Pair; r?: R3 }\n"
    instance = {
        "first": {"next": {"v": "x"}},
        "all": [{"resourceType": "R3", "contained": [{"resourceType": "R7", "a": {"v": "y"}}]}],
        "pair": {
            "left": {"r": {"resourceType": "R3"}, "right": {"holder": {"first": {}, "all": []}}}
        },
    }
    check = (
        f"h = pkg.Holder.model_validate({instance!r})\n"
        "assert h.first.next.v == 'x' and h.all[0].contained[0].a.v == 'y'\n"
        "assert h.pair.left.r.resource_type == 'R3'\n"
        "import pydantic\n"
        "try:\n"
        "    pkg.Holder.model_validate({'first': {}, 'all': [{'resourceType': 'X'}]})\n"
        "except pydantic.ValidationError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('an unknown resource was accepted')\n"
    )
    compiles(tmp_path, text, check)
    models = (tmp_path / "out" / "pkg" / "models.py").read_text()
    # Nothing that reaches a large cycle is built at import: Holder, Pair and Pair2 (a small
    # cycle that reaches both) wait for their first use too.
    deferred = models[models.index("_build_when_used(\n") :]
    for name in ("A1", "A400", "R0", "Holder", "Pair", "Pair2"):
        assert f"\n    {name},\n" in deferred
    assert "model_rebuild()" not in models.replace("cls.model_rebuild()", "")


def test_a_mesh_of_interfaces_is_built_when_used_not_at_import(tmp_path: Path) -> None:
    """#33 (@medplum/fhirtypes, @types/fhir): pydantic's validators do not share, so built
    at import each model of a cycle of n models held its own copy of the others: n² work
    and memory (75 s and 13 GB for FHIR's 940). Now the import builds none of them and
    each use builds the one model it needs, on a stack deep enough for a ring of 300."""
    n = 300
    text = "export type Resource = " + " | ".join(f"R{i}" for i in range(n)) + ";\n"
    text += "export interface Ext { url: string; ext?: Ext[]; ref?: R0 }\n"
    text += "".join(
        f'export interface R{i} {{ resourceType: "R{i}"; contained?: Resource[];'
        f" next?: R{(i + 1) % n}; ext?: Ext[]; v?: string }}\n"
        for i in range(n)
    )
    text += "export interface User { first: R7; all?: Resource[] }\n"
    built = "sum(m.__pydantic_complete__ for m in models)"
    check = (
        "import pydantic\n"
        f"models = [getattr(pkg, f'R{{i}}') for i in range({n})] + [pkg.Ext, pkg.User]\n"
        f"assert {built} == 0, {built}\n"
        # The first use of a model deep in the ring: built on its own, nothing else.
        "deep = {'resourceType': 'R150', 'v': 'end'}\n"
        "for i in reversed(range(50, 150)):\n"
        "    deep = {'resourceType': f'R{i}', 'next': deep}\n"
        "r = pkg.R50.model_validate(deep)\n"
        "assert r.next.next.resource_type == 'R52'\n"
        f"assert {built} == 1 and pkg.R50.__pydantic_complete__\n"
        # Construction (None is absent), dumping, JSON, a TypeAdapter, a model of the user's.
        "assert pkg.R3(resource_type='R3', v=None).model_dump() == {'resourceType': 'R3'}\n"
        'j = pkg.R9.model_validate_json(\'{"resourceType": "R9", "ext": [{"url": "u"}]}\')\n'
        "assert j.ext[0].url == 'u'\n"
        "a = pydantic.TypeAdapter(pkg.Resource)\n"
        "assert a.validate_python({'resourceType': 'R299', 'next': {'resourceType': 'R0'}})"
        ".next.resource_type == 'R0'\n"
        "class Mine(pydantic.BaseModel):\n"
        "    r: pkg.R200\n"
        "assert Mine(r={'resourceType': 'R200'}).r.resource_type == 'R200'\n"
        "assert pkg.User.model_validate({'first': {'resourceType': 'R7'}}).first.v is None\n"
        "for bad in ({'resourceType': 'R51'}, {'resourceType': 'R50', 'next': {'resourceType': 'R9'}}):\n"
        "    try:\n"
        "        pkg.R50.model_validate(bad)\n"
        "    except pydantic.ValidationError:\n"
        "        pass\n"
        "    else:\n"
        "        raise AssertionError(bad)\n"
        f"assert {built} < 12, {built}\n"
    )
    compiles(tmp_path, text, check)


def test_cycles_are_found_without_recursion() -> None:
    edges = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e"], "f": ["g"]}
    edges["g"] = ["f", "a", "missing"]
    assert cycles(edges) == [["a", "b", "c"], ["e"], ["f", "g"]]
    n = 20_000
    ring = {f"r{i}": [f"r{(i + 1) % n}"] for i in range(n)}
    assert cycles(ring) == [list(ring)]
    chain = {f"c{i}": [f"c{i + 1}"] for i in range(n)}
    assert cycles(chain) == []


def test_a_small_cycle_keeps_plain_rebuilds() -> None:
    from codegen.emit.python.pydantic.models import LARGE_CYCLE, emit_models

    n = LARGE_CYCLE - 1
    text = "".join(f"export interface R{i} {{ next?: R{(i + 1) % n} }}\n" for i in range(n))
    models = emit_models(resolve([parse_module("a.ts", text)]))["models.py"]
    assert "_build_when_used" not in models and "defer_build" not in models
    assert "R0.model_rebuild()" in models
