"""Pins of the msgspec target's emitters (issue #37), from their mutation survivors: the
exact annotation each TypeScript type becomes, the lowered unions' routing tables, the
tags msgspec checks, and the located errors. Texts come from the emitter in-process
(``emit_msgspec``, before formatting); behaviour from the package the real build writes
(``test_msgspec_target.package``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from codegen.emit.python.msgspec import emit_msgspec
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.compiler.emit.test_msgspec_target import PRELUDE, accepts, package


def emitted(text: str, *, integer: bool = False) -> tuple[dict[str, str], Diagnostics]:
    """The msgspec package's Python modules for ``text`` (with the JSON-RPC prelude), and
    what the emitter warned and noted."""
    schema = resolve([parse_module("s.ts", PRELUDE + text)])
    if integer:  # ``--default-number-type integer``
        schema = dataclasses.replace(schema, default_number_type="integer")
    diagnostics = Diagnostics()
    return emit_msgspec(schema, diagnostics), diagnostics


def models(text: str, *, integer: bool = False) -> str:
    return emitted(text, integer=integer)[0]["models.py"]


def block(text: str, first: str) -> str:
    """The lines of ``text`` from the one starting with ``first`` to the next blank line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[start:end])


KINDS = """
export interface Kinds {
  flag: boolean;
  nothing: null;
  anything: unknown;
  obj: object;
  empty: [];
  pair: [string, number];
  rest: [string, ...boolean[]];
  opt: [string, number?];
  closed: { [key: string]: never };
  rec: Record<string, number>;
  keyed: { [key: `x-${string}`]: string };
  bare: {};
  lit: true;
  no: false;
  five: 5;
  neg: -2;
  /** @minimum 0
   * @exclusiveMaximum 10
   * @multipleOf 2 */
  bounded: number;
  /** @exclusiveMinimum 0
   * @maximum 5 */
  ratio: number;
  /** @minLength 1
   * @maxLength 3
   * @pattern ^a */
  short: string;
  /** @pattern */
  blank: string;
  /** @minItems 1
   * @maxItems 2 */
  few: string[];
  maybe?: string | undefined;
  nested: { a: string };
}
"""

KINDS_CLASS = """\
class Kinds(_msgspec.Struct, kw_only=True, omit_defaults=True):
    flag: bool
    nothing: None
    anything: _t.Any
    obj: dict[str, _t.Any]
    empty: tuple[()]
    pair: tuple[str, int | float]
    rest: list[str | bool]
    opt: list[str | int | float]
    closed: _t.Annotated[dict[str, _t.Any], _msgspec.Meta(max_length=0)]
    rec: dict[str, int | float]
    keyed: dict[_t.Annotated[str, _msgspec.Meta(pattern="^x-.*$")], str]
    bare: dict[str, _t.Any]
    lit: _t.Literal[True]
    no: _t.Literal[False]
    five: _t.Literal[5]
    neg: _t.Literal[-2]
    bounded: _t.Annotated[int, _msgspec.Meta(ge=0, lt=10, multiple_of=2)] | \
_t.Annotated[float, _msgspec.Meta(ge=0, lt=10, multiple_of=2)]
    ratio: _t.Annotated[int, _msgspec.Meta(gt=0, le=5)] | \
_t.Annotated[float, _msgspec.Meta(gt=0, le=5)]
    short: _t.Annotated[str, _msgspec.Meta(max_length=3, min_length=1, pattern="^a")]
    blank: str
    few: _t.Annotated[list[str], _msgspec.Meta(max_length=2, min_length=1)]
    maybe: str | _msgspec.UnsetType = _msgspec.UNSET
    nested: KindsNested"""


def test_each_type_becomes_its_exact_annotation() -> None:
    """Primitives, literals, tuples, mappings and constraints, field by field: a bound is
    ``Meta`` on both ``int`` and ``float``, an empty ``@pattern`` is no pattern, an
    optional tuple item or a rest makes a list of the item types."""
    assert block(models(KINDS), "class Kinds(") == KINDS_CLASS


def test_tuples_with_optional_or_rest_items_are_noted_as_deviations() -> None:
    _, diagnostics = emitted(KINDS)
    notes = [str(n) for n in diagnostics.notes]
    expected = "msgspec target: tuple with optional or rest items (docs/targets/msgspec.md)"
    assert sum(expected in n for n in notes) == 2, notes
    assert all(n.startswith("s.ts:") for n in notes)


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ('"closed": {}', True),
        ('"closed": {"a": 1}', False),  # an index signature of never: no member at all
        ('"empty": [1]', False),  # the empty tuple holds nothing
        ('"bounded": 8', True),
        ('"bounded": 7', False),  # multipleOf
        ('"bounded": 10', False),  # exclusiveMaximum
        ('"bounded": -2', False),  # minimum
        ('"ratio": 0', False),  # exclusiveMinimum
        ('"ratio": 0.5', True),
        ('"ratio": 5.5', False),  # maximum
        ('"keyed": {"x-a": "v"}', True),
        ('"keyed": {"y": "v"}', False),  # the key's template is its pattern
        ('"no": true', False),
        ('"neg": 2', False),
        ('"pair": ["a", 1, 2]', False),
        ('"rest": ["a", true, false]', True),
        ('"rest": ["a", 1]', False),  # the list's items are the tuple's item types
    ],
)
def test_each_annotation_decodes_as_the_schema_means(tmp_path: Path, raw: str, ok: bool) -> None:
    base = {
        "flag": "true",
        "nothing": "null",
        "anything": "1",
        "obj": "{}",
        "empty": "[]",
        "pair": '["a", 1]',
        "rest": '["a"]',
        "opt": '["a"]',
        "closed": "{}",
        "rec": "{}",
        "keyed": "{}",
        "bare": "{}",
        "lit": "true",
        "no": "false",
        "five": "5",
        "neg": "-2",
        "bounded": "0",
        "ratio": "1",
        "short": '"a"',
        "blank": '""',
        "few": '["a"]',
        "nested": '{"a": "a"}',
    }
    key = raw.split('"')[1]
    members = [f'"{k}": {v}' for k, v in base.items() if k != key] + [raw]
    assert accepts(package(tmp_path, KINDS), "Kinds", "{" + ", ".join(members) + "}") is ok


def test_an_infinite_bound_is_a_located_error() -> None:
    with pytest.raises(SchemaError) as found:
        emitted("export interface K {\n  /** @minimum 1e400 */\n  n: number;\n}\n")
    assert str(found.value).endswith(": error: the bound inf has no finite value")
    assert str(found.value).startswith("s.ts:")
    assert found.value.span.line > PRELUDE.count("\n")


def test_integer_numbers_by_default_are_int_with_their_bounds() -> None:
    text = "export interface N { /** @minimum 1 */ n: number; m: number; }\n"
    found = block(models(text, integer=True), "class N(")
    assert found.splitlines()[1:] == [
        "    n: _t.Annotated[int, _msgspec.Meta(ge=1)]",
        "    m: int",
    ]


CHAIN = "".join(f'export interface S{i} {{ type: "s{i}"; }}\n' for i in range(11)) + "".join(
    f"export type U{i} = S{i} | U{i + 1};\n" for i in range(9)
)
CHAIN += "export type U9 = S9 | S10;\n"


def test_aliases_of_unions_are_flattened_eight_levels_deep() -> None:
    """A union whose members are aliases of unions is one union of their members, down to
    eight nested aliases: U1's ten Structs are one tagged union; U0 reaches U9 a level
    deeper, keeps it whole and is routed."""
    text = models(CHAIN)
    tagged = " | ".join(f"_T_S{i}" for i in range(1, 11))
    assert f"U1: _t.TypeAlias = {tagged}\n" in text
    assert "U0: _t.TypeAlias = _Union1\n" in text
    static = "S0 | " + " | ".join(f"_T_S{i}" for i in range(1, 9)) + " | U9"
    assert f'    _Union1: _t.TypeAlias = "{static}"\n' in text


def test_a_routed_union_reaches_a_member_union_it_keeps_whole(tmp_path: Path) -> None:
    pkg = package(tmp_path, CHAIN)
    assert type(pkg.decode('{"type": "s10"}', pkg.U0)) is pkg.S10
    assert type(pkg.decode('{"type": "s0"}', pkg.U0)) is pkg.S0
    assert not accepts(pkg, "U0", '{"type": "s11"}')


CYCLES = """
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JMap = string | JMap[] | Record<string, JMap>;
export type JArr = JVal[];
export type JVal = string | null | JArr | { [key: string]: JVal };
"""


def test_only_a_cycle_of_every_json_kind_is_read_as_any_json() -> None:
    """JSON's own value type is msgspec's ``Any`` at run time; a self-referring alias that
    leaves out a JSON kind is not, or its arrays and maps would take any value."""
    text = models(CYCLES)
    assert "    Json = str | int | float | bool | None | list[_t.Any] | dict[str, _t.Any]\n" in text
    assert "    class JMap(_rt.Recursive):\n" in text
    assert "    class JArr(_rt.Recursive):\n" in text
    assert "    class JVal(_rt.Recursive):\n" in text


@pytest.mark.parametrize(
    ("type_name", "raw", "ok"),
    [
        ("Json", '[1, "a", true, null, {"k": [1.5]}]', True),
        ("JMap", '["a", {"k": ["b", {}]}]', True),
        ("JMap", "[1]", False),  # only strings at the leaves
        ("JMap", '{"k": null}', False),
        ("JVal", '[null, "a", {"k": [null]}]', True),
        ("JVal", "1", False),
        ("JVal", '{"k": [true]}', False),
        ("JArr", '[["a"], null]', True),
        ("JArr", "[1]", False),
    ],
)
def test_a_cycle_short_of_any_json_refuses_what_it_leaves_out(
    tmp_path: Path, type_name: str, raw: str, ok: bool
) -> None:
    assert accepts(package(tmp_path, CYCLES), type_name, raw) is ok
