"""A generated msgspec package must never crash the interpreter (issue #37).

msgspec 0.22 over-releases the compiled pattern of a union of an array or object type
and a pattern-constrained string each time it frees that union's decoding plan
(msgspec/msgspec#717): converting through such a union call after call segfaulted the
process. The decodes run in a child interpreter, so a crash is a failed test (a negative
return code), not a dead test run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from codegen.cli import main
from tests.compiler.emit.test_msgspec_target import PRELUDE, files_of

SCHEMA = """
export type E = number | boolean | null | E[] | { [key: string]: E } | `x${string}`;
export interface A { kind: "a"; v: string }
export interface B { kind: "b"; w: number }
export type R = A | B | (number[] | `x${string}`)[] | [string, string];
export interface F {
  a: { [key: string]: number } | `x${string}`;
  b?: [number] | `x${string}`;
  c?: A | `x${string}`;
  d?: number | `x${string}`;
}
export type X = `x${string}`;
export type Y = number | `x${string}`;
export type W = `x${string}` | undefined;
export type T = A | B | `x${string}`;
export interface G {
  x: X | number[];
  y: Y | string[];
  w: W | { [key: string]: number };
  t: T | number[];
}
"""

CHILD = """
import json, sys
import msgspec
import pkg

results = []
for _ in range(int(sys.argv[1])):
    round_ = []
    for name, raw in json.loads(sys.argv[2]):
        try:
            round_.append(["ok", msgspec.to_builtins(pkg.decode(raw, getattr(pkg, name)))])
        except msgspec.ValidationError as exc:
            round_.append(["refused", str(exc)])
    results.append(round_)
assert all(r == results[0] for r in results), results
print(json.dumps(results[0]))
"""

PATTERN = "Expected `str` matching regex '^x.*$'"
CASES: list[tuple[str, str, list[object]]] = [
    ("E", "[1]", ["ok", [1]]),
    ("E", '"xy"', ["ok", "xy"]),
    ("E", '"y"', ["refused", PATTERN]),
    ("E", '[1, "y"]', ["refused", PATTERN + " - at `$[1]`"]),  # located through the routing
    ("E", '{"a": [{"b": "q"}]}', ["refused", PATTERN + " - at `$[...][0][...]`"]),
    ("E", '[[["xz", 2.5, null, {"k": true}]]]', ["ok", [[["xz", 2.5, None, {"k": True}]]]]),
    ("R", '[[1, 2], "xa"]', ["ok", [[1, 2], "xa"]]),
    ("R", '[[1, 2], "a"]', ["refused", PATTERN + " - at `$[1]`"]),
    ("R", '{"kind": "a", "v": "s"}', ["ok", {"kind": "a", "v": "s"}]),
    ("F", '{"a": {"k": 1}, "b": [2]}', ["ok", {"a": {"k": 1}, "b": [2]}]),
    ("F", '{"a": "xk", "b": "xb"}', ["ok", {"a": "xk", "b": "xb"}]),
    ("F", '{"a": "k"}', ["refused", PATTERN + " - at `$.a`"]),
    ("F", '{"a": "xk", "b": "b"}', ["refused", PATTERN + " - at `$.b`"]),
    (
        "G",
        '{"x": [1], "y": ["s"], "w": {"k": 1}, "t": [1]}',
        ["ok", {"x": [1], "y": ["s"], "w": {"k": 1}, "t": [1]}],
    ),
    (
        "G",
        '{"x": "xa", "y": "xb", "w": "xc", "t": "xd"}',
        ["ok", {"x": "xa", "y": "xb", "w": "xc", "t": "xd"}],
    ),
    ("G", '{"x": [1], "y": 2, "w": "c", "t": [1]}', ["refused", PATTERN + " - at `$.w`"]),
    ("R", '{"kind": "b", "w": "s"}', ["refused", "Expected `int | float`, got `str` - at `$.w`"]),
]


def decode_in_child(tmp_path: Path, rounds: int) -> subprocess.CompletedProcess[str]:
    schema = tmp_path / "s.ts"
    schema.write_text(PRELUDE + SCHEMA, "utf-8")
    out = tmp_path / "pkg"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    generated = CliRunner().invoke(main, [*args, "--target", "msgspec"])
    assert generated.exit_code == 0, generated.output
    inputs = json.dumps([[name, raw] for name, raw, _ in CASES])
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(rounds), inputs],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_a_recursive_or_routed_type_with_a_pattern_string_decodes_without_crashing(
    tmp_path: Path,
) -> None:
    run = decode_in_child(tmp_path, 1)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert json.loads(run.stdout) == [expected for _, _, expected in CASES]


def test_many_decodes_through_a_pattern_string_union_keep_the_process_alive(
    tmp_path: Path,
) -> None:
    # the crash needed repetition: each decode freed one more plan
    run = decode_in_child(tmp_path, 300)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert json.loads(run.stdout) == [expected for _, _, expected in CASES]


def test_a_pattern_string_beside_a_list_or_dict_is_routed_and_beside_a_tuple_is_not() -> None:
    models = files_of(SCHEMA)["models.py"]
    fields = models[models.index("class F(") :].split("\n\n\n")[0]
    pattern = '_t.Annotated[str, _msgspec.Meta(pattern="^x.*$")]'
    assert "    a: _Union1\n" in fields  # a map beside a pattern: routed
    assert f'"string": lambda: {pattern}' in models
    # a fixed tuple, a Struct and scalars keep apart from a pattern in msgspec's plans
    assert f"tuple[int | float] | {pattern} | _msgspec.UnsetType" in fields
    assert f"_T_A | {pattern} | _msgspec.UnsetType" in fields
    assert f"int | float | {pattern} | _msgspec.UnsetType" in fields
    # an alias holding a pattern, alone or in a native union, brings it along
    routed = models[models.index("class G(") :].split("\n\n\n")[0].splitlines()[1:]
    assert [line.split(":")[1].strip().startswith("_Union") for line in routed] == [True] * 4
    # at run time (the quoted texts are for type checkers only)
    native = [
        line
        for line in models.splitlines()
        if "Meta(pattern" in line and "|" in line and "'" not in line
    ]
    assert not [line for line in native if "list[" in line or "dict[" in line], native
