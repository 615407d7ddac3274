"""Random TypeScript programs through the whole compiler (issue #34).

Hypothesis writes small programs: interfaces, aliases, generics (recursive ones too),
unions, intersections, mapped, conditional and template literal types, ``keyof`` and
indexed access, with odd names (Python built-ins and keywords, pydantic's names,
underscores, non-ASCII, keys that are no identifier). Each one runs in its own
interpreter under ``python -W error``, with 10 s of CPU and 500 MB of address space:
``generate``, then ``import`` of the package and one validation per model. It must
compile and import, or give exactly one located ``file:line:col: error:`` line; never a
traceback, a ``RecursionError``, a crash or a limit passed.

The run has a fixed number of programs (``PROGRAMS``) so that it fits in ``make test``.
Its seed is printed at the end of the run (``FUZZ_SEED=N`` reruns the same programs); it
is drawn from pytest-randomly's seed, so ``--randomly-seed`` fixes it too.
"""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.conftest import ROOT, SUMMARY

PROGRAMS = 12
CPU_SECONDS = 10
MEMORY = 500 * 1024**2
LOCATED = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+$")

# Type names: ordinary, then the ones that trip a naïve Python back end.
TYPE_NAMES = ["Item", "Node", "Box", "Event", "Shape", "Page"]
ODD_TYPE_NAMES = ["Exception", "id", "model_config", "Field", "List", "str", "Größe", "Über"]
# Property keys (written quoted when they are no TypeScript identifier).
KEYS = ["name", "kind", "value", "start", "next", "items"]
ODD_KEYS = [
    "_start", "_", "__init__", "class", "type", "model_config",
    "model_dump", "schema", "ключ", "変数", "größe", "a-b", "$ref", "0", "", "not valid",
    "True", "None", "self", "__class__", "mro", "register",
]  # fmt: skip
PRIMITIVES = ["string", "number", "boolean", "null", "unknown", "any"]

# The subprocess: generate into out/, then import the package under -W error and
# validate one value per model (each model's own schema is built then).
SCRIPT = """
import sys
from codegen.cli import main
try:
    main(["generate", "--schema", "schema", "--out", "out/pkg", "--no-cache", "-q"],
         standalone_mode=False)
except SystemExit as exc:
    if exc.code not in (0, None):
        sys.exit(exc.code)
sys.path.insert(0, "out")
import pydantic
import pkg
for name in dir(pkg.models):
    model = getattr(pkg.models, name)
    if (isinstance(model, type) and issubclass(model, pydantic.BaseModel)
            and model.__module__ == "pkg.models"):
        try:
            model.model_validate({})
        except pydantic.ValidationError:
            pass
print("IMPORTED")
"""


def _ident(draw: st.DrawFn, pool: list[str], odd: list[str]) -> str:
    return draw(st.sampled_from(pool + odd))


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z_$][\w$]*", key) else '"' + key + '"'


@st.composite
def programs(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 5))
    names = draw(
        st.lists(st.sampled_from(TYPE_NAMES + ODD_TYPE_NAMES), min_size=count, max_size=count)
    )
    names = list(dict.fromkeys(names))
    generic = {name: draw(st.booleans()) for name in names}
    lines = []

    def type_expr(depth: int, params: tuple[str, ...]) -> str:
        choices = ["primitive", "literal", "ref"]
        if depth < 3:
            choices += ["array", "union", "intersection", "object", "record", "partial"]
            choices += ["template", "keyof", "indexed", "tuple"]
            if params:
                choices += ["conditional", "param", "param", "grow"]
        kind = draw(st.sampled_from(choices))
        deeper = depth + 1
        if kind == "primitive":
            return draw(st.sampled_from(PRIMITIVES))
        if kind == "literal":
            return draw(st.sampled_from(['"a"', '"b"', "1", "true", '"a-b"', '"ключ"']))
        if kind == "param":
            return draw(st.sampled_from(params))
        if kind == "grow":  # the generic being declared, with a larger argument
            grown = draw(st.sampled_from(["[T, T]", "T[]", "{ a: T; b: T }", "T | T[]", "T"]))
            return f"{current[0]}<{grown}>"
        if kind == "ref":
            target = draw(st.sampled_from(names))
            if generic[target]:
                arg = type_expr(deeper, params) if depth < 3 else "string"
                return f"{target}<{arg}>"
            return target
        if kind == "array":
            return f"({type_expr(deeper, params)})[]"
        if kind == "tuple":
            return f"[{type_expr(deeper, params)}, {type_expr(deeper, params)}]"
        if kind in ("union", "intersection"):
            sep = " | " if kind == "union" else " & "
            n = draw(st.integers(2, 3))
            return "(" + sep.join(type_expr(deeper, params) for _ in range(n)) + ")"
        if kind == "object":
            return object_body(deeper, params)
        if kind == "record":
            keys = draw(st.lists(st.sampled_from(KEYS + ODD_KEYS), min_size=1, max_size=3))
            union = " | ".join('"' + k + '"' for k in dict.fromkeys(keys))
            return f"{{ [K in {union}]: {type_expr(deeper, params)} }}"
        if kind == "partial":
            return f"Partial<{type_expr(deeper, params)}>"
        if kind == "template":
            return '`x-${"a" | "b"}`'
        if kind in ("keyof", "indexed"):
            plain = [n for n in names if not generic[n]]
            if not plain:
                return "string"
            target = draw(st.sampled_from(plain))
            if kind == "keyof":
                return f"keyof {target}"
            key = draw(st.sampled_from(KEYS + ODD_KEYS))
            return f'{target}["{key}"]'
        assert kind == "conditional"
        param = draw(st.sampled_from(params))
        yes, no = type_expr(deeper, params), type_expr(deeper, params)
        return f"({param} extends string ? {yes} : {no})"

    def object_body(depth: int, params: tuple[str, ...]) -> str:
        keys = draw(st.lists(st.sampled_from(KEYS + ODD_KEYS), max_size=4, unique=True))
        members = []
        for key in keys:
            optional = "?" if draw(st.booleans()) else ""
            members.append(f"{_key(key)}{optional}: {type_expr(depth, params)};")
        return "{ " + " ".join(members) + " }"

    current = [""]
    for name in names:
        current[0] = name
        params = ("T",) if generic[name] else ()
        head = f"{name}<T>" if params else name
        if draw(st.booleans()):
            lines.append(f"export interface {head} {object_body(1, params)}")
        else:
            lines.append(f"export type {head} = {type_expr(0, params)};")
    # Something that instantiates each generic (else nothing reaches it).
    uses = [f"u{i}: {n}<string>;" for i, n in enumerate(names) if generic[n]]
    if uses:
        lines.append("export interface Uses { " + " ".join(uses) + " }")
    return "\n".join(lines) + "\n"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def outcome(program: str, folder: Path) -> str:
    """What the compiler made of ``program``: "imported" or its one located error line."""
    (folder / "schema").mkdir(parents=True)
    (folder / "schema" / "a.ts").write_text(program, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-W", "error", "-c", SCRIPT],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        timeout=120,  # wall clock: a hang guard; the bound is the CPU limit
        preexec_fn=_limits,
    )
    output = proc.stdout + proc.stderr
    context = f"\n--- program\n{program}--- output\n{output[-4000:]}"
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}{context}"
    assert "Traceback" not in output and "RecursionError" not in output, context
    # The fallback for a RecursionError caught at the top: a crash, not a located error.
    assert "schema nests too deeply" not in output, context
    if proc.returncode == 0:
        assert "IMPORTED" in proc.stdout, context
        return "imported"
    assert proc.returncode == 2, context
    errors = [line for line in proc.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and LOCATED.match(errors[0]), context
    return errors[0]


def test_every_program_compiles_or_gives_one_located_error(
    record_property: Callable[[str, object], None],
) -> None:
    # Drawn from ``random``, which pytest-randomly seeds (``--randomly-seed``); or given.
    fuzz_seed = int(os.environ.get("FUZZ_SEED") or random.getrandbits(32))
    # printed at the end of the run (tests/conftest.py), from an xdist worker too
    record_property(SUMMARY, f"program fuzz seed {fuzz_seed}: rerun with FUZZ_SEED={fuzz_seed}")

    @seed(fuzz_seed)
    @settings(max_examples=PROGRAMS, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(program=programs())
    def check(program: str) -> None:
        with tempfile.TemporaryDirectory() as folder:
            outcome(program, Path(folder))

    check()


# Programs the fuzzer found, kept so each is tried on every run (not only under its seed).
FOUND = [
    # A conditional distributed over an alias that is a union holding itself: the members'
    # walk followed the alias without end (RecursionError, "schema nests too deeply").
    "export interface Item { name: string; kind: string; value: { name: Node<Node<string>>;"
    " kind: string; }; }\n"
    "export type Node<T> = ((T extends string ? string : T) | Node<string>);\n"
    "export interface Uses { u1: Node<string>; }\n",
    # An indexed access over an alias among its own union's members: ``T[K]`` read the
    # members without end (the "schema nests too deeply" fallback at 1:1).
    "export interface Item<T> {  }\nexport type Node = (Node | string);\n"
    "export interface Box<T> {  }\nexport type Event<T> = string;\n"
    'export type Shape<T> = Node["name"];\n'
    "export interface Uses { u0: Item<string>; u2: Box<string>; u3: Event<string>;"
    " u4: Shape<string>; }\n",
]


@pytest.mark.parametrize("program", FOUND)
def test_programs_the_fuzzer_found(program: str, tmp_path: Path) -> None:
    outcome(program, tmp_path)
