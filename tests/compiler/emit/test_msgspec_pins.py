"""Pins of the msgspec target's emitters (issue #37), from their mutation survivors: the
exact annotation each TypeScript type becomes, the lowered unions' routing tables, the
tags msgspec checks, and the located errors. Texts come from the emitter in-process
(``emit_msgspec``, before formatting); behaviour from the package the real build writes
(``test_msgspec_target.package``)."""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from codegen import ir
from codegen.build.pipeline import build
from codegen.build.targets import TARGETS
from codegen.emit.python.backend import backend_of
from codegen.emit.python.msgspec import emit_msgspec
from codegen.emit.python.msgspec.types import TypeWriter, py_literal
from codegen.errors import Diagnostics, SchemaError, Unsupported
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.compiler.emit.test_msgspec_target import PRELUDE, accepts, package

Built = Callable[[str], ModuleType]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The package of a snippet, built once per test module (by the real build)."""
    found: dict[str, ModuleType] = {}

    def get(text: str) -> ModuleType:
        if text not in found:
            found[text] = package(tmp_path_factory.mktemp("pkg"), text)
        return found[text]

    return get


def emitted(
    text: str, *, integer: bool = False, prelude: str = PRELUDE
) -> tuple[dict[str, str], Diagnostics]:
    """The msgspec package's Python modules for ``text`` (with the JSON-RPC prelude), and
    what the emitter warned and noted."""
    schema = resolve([parse_module("s.ts", prelude + text)])
    if integer:  # ``--default-number-type integer``
        schema = dataclasses.replace(schema, default_number_type="integer")
    diagnostics = Diagnostics()
    return emit_msgspec(schema, diagnostics), diagnostics


def models(text: str, *, integer: bool = False, prelude: str = PRELUDE) -> str:
    return emitted(text, integer=integer, prelude=prelude)[0]["models.py"]


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


def _with_member(base: dict[str, str], raw: str) -> str:
    """The JSON object of ``base``'s members with ``raw`` (one ``"key": value``) in place of
    the member of its key."""
    key = raw.split('"')[1]
    members = [f'"{k}": {v}' for k, v in base.items() if k != key] + [raw]
    return "{" + ", ".join(members) + "}"


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
def test_each_annotation_decodes_as_the_schema_means(built: Built, raw: str, ok: bool) -> None:
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
    assert accepts(built(KINDS), "Kinds", _with_member(base, raw)) is ok


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


def test_a_routed_union_reaches_a_member_union_it_keeps_whole(built: Built) -> None:
    pkg = built(CHAIN)
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
    built: Built, type_name: str, raw: str, ok: bool
) -> None:
    assert accepts(built(CYCLES), type_name, raw) is ok


NUMBERS = """
/** @TJS-type integer
 * @minimum 1 */
export type Int = number;
/** @maximum 3 */
export type Small = number;
export interface H {
  i: Int;
  /** @maximum 1.5
   * @exclusiveMinimum 0.5
   * @multipleOf 0.5 */
  r: number;
  /** @TJS-type integer */
  c: number;
  /** @exclusiveMaximum 2.5
   * @minimum -1.5
   * @multipleOf 1.5 */
  q: number;
  /** @TJS-type number */
  f: number;
}
"""


def test_integer_tags_and_fractional_bounds_are_kept_for_int() -> None:
    """``@TJS-type integer`` (on a property or an alias) is ``int``, as the schema's
    ``"type": "integer"``; a fractional bound on ``int`` is rounded inwards and a fractional
    ``multipleOf`` p/q is p (msgspec takes only integers there)."""
    text = models(NUMBERS)
    assert block(text, "class H(").splitlines()[1:] == [
        "    i: Int",
        "    r: _t.Annotated[int, _msgspec.Meta(gt=0, le=1, multiple_of=1)] | "
        "_t.Annotated[float, _msgspec.Meta(gt=0.5, le=1.5, multiple_of=0.5)]",
        "    c: int",
        "    q: _t.Annotated[int, _msgspec.Meta(ge=-1, lt=3, multiple_of=3)] | "
        "_t.Annotated[float, _msgspec.Meta(ge=-1.5, lt=2.5, multiple_of=1.5)]",
        "    f: int | float",
    ]
    assert "Int: _t.TypeAlias = _t.Annotated[int, _msgspec.Meta(ge=1)]\n" in text
    small = "_t.Annotated[int, _msgspec.Meta(le=3)] | _t.Annotated[float, _msgspec.Meta(le=3)]"
    assert f"Small: _t.TypeAlias = {small}\n" in text
    assert "    f: int | float\n" in models(NUMBERS, integer=True)  # the tag wins


@pytest.mark.parametrize(
    ("type_name", "raw", "ok"),
    [
        ("Int", "1", True),
        ("Int", "1.5", False),  # "type": "integer"
        ("Int", "0", False),
        ("Small", "3", True),
        ("Small", "3.5", False),
        ("H", '{"i": 1, "r": 1, "c": 2, "q": 0, "f": 1}', True),
        ("H", '{"i": 1, "r": 1.5, "c": 2, "q": 1.5, "f": 1.5}', True),
        ("H", '{"i": 1, "r": 1, "c": 2.5, "q": 0, "f": 1}', False),  # c is an integer
        ("H", '{"i": 1, "r": 2, "c": 2, "q": 0, "f": 1}', False),  # r <= 1.5
        ("H", '{"i": 1, "r": 0.5, "c": 2, "q": 0, "f": 1}', False),  # r > 0.5
        ("H", '{"i": 1, "r": 1, "c": 2, "q": 3, "f": 1}', False),  # q < 2.5
        ("H", '{"i": 1, "r": 1, "c": 2, "q": -3, "f": 1}', False),  # q >= -1.5
        ("H", '{"i": 1, "r": 1, "c": 2, "q": 1, "f": 1}', False),  # q: a multiple of 1.5
    ],
)
def test_integer_tags_and_fractional_bounds_decode_as_the_schema_means(
    built: Built, type_name: str, raw: str, ok: bool
) -> None:
    assert accepts(built(NUMBERS), type_name, raw) is ok


ROUTED = """
export interface A { kind: "a"; x: string; }
export interface B { kind: "b"; y?: number; }
export interface Inner { type: "in"; n: number; }
export interface N1 { box: Inner; opt?: string; }
export type AB = A | B;
export type Mixed = AB | A | N1 | Record<string, string> | string[] | [1, 2] | ["x"] | string | null;
export type Two = string[] | number[] | boolean;
export type One = A | N1 | string[] | number;
"""

MIXED = """\
if _t.TYPE_CHECKING:
    _Union1: _t.TypeAlias = '_T_A | _T_B | N1 | dict[str, str] | list[str] | \
tuple[_t.Literal[1], _t.Literal[2]] | tuple[_t.Literal["x"]] | str | None'
else:

    class _Union1(_rt.Dispatch):
        objects = (\
_rt.Member(lambda: _T_A, frozenset({"kind", "x"}), {"kind": frozenset({"a"})}, {}), \
_rt.Member(lambda: _T_B, frozenset({"kind"}), {"kind": frozenset({"b"})}, {}), \
_rt.Member(lambda: N1, frozenset({"box"}), {}, \
{"box": _rt.Member(None, frozenset({"n", "type"}), {"type": frozenset({"in"})}, {})}), \
_rt.Member(lambda: dict[str, str], frozenset(), {}, {}),)
        others = {"null": lambda: None, "string": lambda: str}
        arrays = ((None, (None, ), lambda: list[str]), \
(2, (frozenset({1}), frozenset({2}), ), lambda: tuple[_t.Literal[1], _t.Literal[2]]), \
(1, (frozenset({"x"}), ), lambda: tuple[_t.Literal["x"]]),)"""


def test_a_routed_union_lists_each_member_once_with_what_it_requires() -> None:
    """Members of aliased unions come in flat, each once; an object member by its required
    keys and literals and, one level down, those of a required Struct member; arrays by
    length and literal items; the other kinds by kind."""
    text = models(ROUTED)
    start = text.index("if _t.TYPE_CHECKING:\n    _Union1:")
    assert text[start : start + len(MIXED)] == MIXED
    assert "Mixed: _t.TypeAlias = _Union1\n" in text


def test_one_array_member_of_a_routed_union_is_taken_by_kind() -> None:
    text = models(ROUTED)
    one = text[text.index("    class _Union3(_rt.Dispatch):") :].split("\n\n\n")[0]
    assert one.splitlines()[1:] == [
        '        objects = (_rt.Member(lambda: _T_A, frozenset({"kind", "x"}), '
        '{"kind": frozenset({"a"})}, {}), _rt.Member(lambda: N1, frozenset({"box"}), {}, '
        '{"box": _rt.Member(None, frozenset({"n", "type"}), '
        '{"type": frozenset({"in"})}, {})}),)',
        '        others = {"array": lambda: list[str], "number": lambda: int | float}',
    ]


def test_several_array_members_of_any_length_are_noted() -> None:
    text, diagnostics = emitted(ROUTED)
    arrays = "(None, (None, ), lambda: list[str]), (None, (None, ), lambda: list[int | float])"
    assert f"        arrays = ({arrays},)\n" in text["models.py"]
    notes = [str(n) for n in diagnostics.notes]
    note = "msgspec target: several array members of any length (docs/targets/msgspec.md)"
    assert [n for n in notes if note in n] == [f"s.ts:{PRELUDE.count(chr(10)) + 8}:19: {note}"]


@pytest.mark.parametrize(
    ("raw", "member"),
    [
        ('{"kind": "a", "x": "s"}', "A"),
        ('{"kind": "b"}', "B"),
        ('{"box": {"type": "in", "n": 1}}', "N1"),
        ('{"k": "v"}', "dict"),
        ('["y"]', "list"),
        ('"s"', "str"),
        ("null", "NoneType"),
    ],
)
def test_a_routed_union_decodes_the_member_its_rules_pick(
    built: Built, raw: str, member: str
) -> None:
    pkg = built(ROUTED)
    assert type(pkg.decode(raw, pkg.Mixed)).__name__ == member


@pytest.mark.parametrize(
    "raw",
    ['{"box": {"type": "out", "n": 1}}', '{"kind": 1}', "[1]", "[2, 1]", "1", "true"],
)
def test_a_routed_union_refuses_what_no_member_takes(built: Built, raw: str) -> None:
    assert not accepts(built(ROUTED), "Mixed", raw)


@pytest.mark.parametrize("raw", ['["x"]', '{"kind": "c"}'])
def test_a_routed_union_accepts_an_array_and_an_object_its_members_take(
    built: Built, raw: str
) -> None:
    assert accepts(built(ROUTED), "Mixed", raw)


TAGS = """
export interface P { method: "p"; type: "x"; }
export interface Q { method: "q"; type: "x"; }
export type PQ = P | Q;
export interface R { a: 1; b: "r"; }
export interface S { a: 2; b: "s"; }
export type RS = R | S;
export interface T { zz: "t"; aa: "t1"; }
export interface U { zz: "u"; aa: "u1"; }
export type TU = T | U;
export interface V { type?: "v"; k: "v"; }
export interface W { type?: "w"; k: "w"; }
export type VW = V | W;
export interface X { type: "x"; m: "a"; }
export interface Y { type: "y"; m: "b"; }
export interface Z { type: "x"; m: "c"; }
export type XY = X | Y;
export type XZ = X | Z;
export interface M1 { type: "a" | "b"; }
export interface M2 { type: "c"; }
export type MM = M1 | M2;
"""


def test_the_tag_is_the_first_key_every_member_fixes_to_a_distinct_string() -> None:
    """``type``, ``method``... first, then by name; a key is skipped where two members
    share its value, one member has a number or several values, or it is optional; a
    Struct keeps the one tag of its first union, and a union no key tells apart without
    changing it is routed."""
    text = models(TAGS)
    heads = [line for line in text.splitlines() if line.startswith("class ")]
    config = "_msgspec.Struct, kw_only=True, omit_defaults=True"
    assert heads[-13:] == [
        f'class P({config}, tag_field="method", tag="p"):',
        f'class Q({config}, tag_field="method", tag="q"):',
        f'class R({config}, tag_field="b", tag="r"):',
        f'class S({config}, tag_field="b", tag="s"):',
        f'class T({config}, tag_field="aa", tag="t1"):',
        f'class U({config}, tag_field="aa", tag="u1"):',
        f'class V({config}, tag_field="k", tag="v"):',
        f'class W({config}, tag_field="k", tag="w"):',
        f'class X({config}, tag_field="type", tag="x"):',
        f'class Y({config}, tag_field="type", tag="y"):',
        f"class Z({config}):",
        f"class M1({config}):",
        f"class M2({config}):",
    ]
    assert "XZ: _t.TypeAlias = _Union1\n" in text
    assert "MM: _t.TypeAlias = _Union2\n" in text
    assert '    _T_X = X | _rt.untagged("type")\n' in text


@pytest.mark.parametrize(
    ("type_name", "raw", "ok"),
    [
        ("PQ", '{"method": "q", "type": "x"}', True),
        ("PQ", '{"method": "r", "type": "x"}', False),
        ("VW", '{"k": "w"}', True),
        ("VW", '{"k": "w", "type": "v"}', False),
        ("XZ", '{"type": "x", "m": "c"}', True),
        ("XZ", '{"type": "x", "m": "a"}', True),
        ("XZ", '{"type": "x", "m": "b"}', False),
        ("MM", '{"type": "b"}', True),
        ("MM", '{"type": "d"}', False),
    ],
)
def test_tagged_and_routed_unions_decode_as_the_schema_means(
    built: Built, type_name: str, raw: str, ok: bool
) -> None:
    assert accepts(built(TAGS), type_name, raw) is ok


NESTED = """
export interface Base { box: { type: "in"; n: number }; }
export interface Own { box: { type: "own" }; extra: string; }
export interface Kid extends Base { k: string; }
export type BK = Kid | Own | string;
export interface Deep { type: "d"; }
export interface Mid { type: "m"; deep: Deep; }
export interface Two { mid: Mid; opt?: Mid; plain: { n: number }; }
export type TwoOr = Two | Own | number;
"""


def test_a_routed_union_reads_the_literals_of_inline_members_own_and_inherited() -> None:
    """One level down, a required member that is an inline object (declared by the class
    or by its base) brings its required keys and literals."""
    text = models(NESTED)
    kid = (
        '_rt.Member(lambda: Kid, frozenset({"box", "k"}), {}, {"box": _rt.Member(None, '
        'frozenset({"n", "type"}), {"type": frozenset({"in"})}, {})})'
    )
    own = (
        '_rt.Member(lambda: Own, frozenset({"box", "extra"}), {}, {"box": _rt.Member(None, '
        'frozenset({"type"}), {"type": frozenset({"own"})}, {})})'
    )
    assert f"        objects = ({kid}, {own},)\n" in text
    # one level only; an optional member brings nothing, a required one its keys
    mid = '_rt.Member(None, frozenset({"deep", "type"}), {"type": frozenset({"m"})}, {})'
    plain = '_rt.Member(None, frozenset({"n"}), {}, {})'
    two = f'_rt.Member(lambda: Two, frozenset({{"mid", "plain"}}), {{}}, {{"mid": {mid}, "plain": {plain}}})'
    assert f"        objects = ({two}, {own},)\n" in text


@pytest.mark.parametrize(
    ("raw", "member"),
    [
        ('{"box": {"type": "in", "n": 1}, "k": "a"}', "Kid"),
        ('{"box": {"type": "own"}, "extra": "e"}', "Own"),
        ('{"box": {"type": "own"}, "k": "a"}', None),
        ('{"box": {"type": "in"}, "k": "a"}', None),
    ],
)
def test_a_routed_union_picks_by_the_literal_one_level_down(
    built: Built, raw: str, member: str | None
) -> None:
    pkg = built(NESTED)
    if member is None:
        assert not accepts(pkg, "BK", raw)
    else:
        assert type(pkg.decode(raw, pkg.BK)).__name__ == member


METHODS = """
export interface PingRequest extends JSONRPCRequest { method: "ping"; }
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number; b: number }; }
export interface AddResult extends Result { sum: number; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
export interface ListRequest extends JSONRPCRequest { method: "list"; params?: { cursor?: string }; }
export interface ListResult extends Result { items: string[]; }
"""

# A JSON-RPC base whose requests have no params member at all.
BARE = """
export interface JSONRPCRequest { jsonrpc: "2.0"; id: string | number; method: string; }
export interface JSONRPCNotification { jsonrpc: "2.0"; method: string; }
export interface Result { [key: string]: unknown; }
export interface StopRequest extends JSONRPCRequest { method: "stop"; }
export interface StopResult extends Result { ok: boolean; }
export interface BeatNotification extends JSONRPCNotification { method: "beat"; }
"""

MODELS_IMPORT = (
    "from .models import AddRequestParams, AddResult, EmptyResult, ListRequestParams, ListResult"
)


def test_the_handler_types_params_as_the_structs_have_them() -> None:
    """Required params are the Struct; optional ones may be ``UNSET``; a request without a
    params member gets None. Each request's default answers -32601, a notification's does
    nothing; the table maps each wire method to its handler."""
    server = emitted(METHODS)[0]["server.py"]
    assert MODELS_IMPORT + "\n" in server
    methods = server[server.index("    async def add") : server.index("\n\n_HANDLERS")]
    assert methods.splitlines() == [
        "    async def add(self, params: AddRequestParams, ctx: ContextT) -> AddResult:",
        '        """``add``."""',
        '        raise _not_served("add")',
        "",
        "    async def list(self, params: ListRequestParams | _msgspec.UnsetType, ctx: "
        "ContextT) -> ListResult:",
        '        """``list``."""',
        '        raise _not_served("list")',
        "",
        "    async def ping(self, params: dict[str, _t.Any] | _msgspec.UnsetType, ctx: "
        "ContextT) -> EmptyResult:",
        '        """``ping``."""',
        '        raise _not_served("ping")',
        "",
        "    async def tick(self, params: dict[str, _t.Any] | _msgspec.UnsetType, ctx: "
        "ContextT) -> None:",
        '        """``tick``."""',
        "        return None",
    ]
    table = '    "add": "add",\n    "list": "list",\n    "ping": "ping",\n    "tick": "tick",\n'
    assert "_HANDLERS: dict[str, str] = {\n" + table + "}\n" in server
    bare = emitted(BARE, prelude="")[0]["server.py"]
    assert "from .models import StopResult\n" in bare
    assert "    async def stop(self, params: None, ctx: ContextT) -> StopResult:\n" in bare
    assert "    async def beat(self, params: None, ctx: ContextT) -> None:\n" in bare


def test_the_client_sends_optional_params_as_none_by_default() -> None:
    client = emitted(METHODS)[0]["client.py"]
    assert MODELS_IMPORT + "\n" in client
    body = client[client.index("    async def add") :]
    assert body.splitlines() == [
        "    async def add(self, params: AddRequestParams) -> AddResult:",
        '        """``add``."""',
        '        result = await self.transport.request("add", _wire(params))',
        '        return _t.cast("AddResult", _result("add", result, AddResult))',
        "",
        "    async def list(self, params: ListRequestParams | None = None) -> ListResult:",
        '        """``list``."""',
        '        result = await self.transport.request("list", _wire(params))',
        '        return _t.cast("ListResult", _result("list", result, ListResult))',
        "",
        "    async def ping(self, params: dict[str, _t.Any] | None = None) -> EmptyResult:",
        '        """``ping``."""',
        '        result = await self.transport.request("ping", _wire(params))',
        '        return _t.cast("EmptyResult", _result("ping", result, EmptyResult))',
    ]
    bare = emitted(BARE, prelude="")[0]["client.py"]
    assert "from .models import StopResult\n" in bare
    assert bare.endswith(
        "    async def stop(self) -> StopResult:\n"
        '        """``stop``."""\n'
        '        result = await self.transport.request("stop", None)\n'
        '        return _t.cast("StopResult", _result("stop", result, StopResult))\n'
    )


def test_the_method_table_names_each_message_and_result() -> None:
    messages = emitted(METHODS)[0]["messages.py"]
    names = "AddRequest, AddResult, EmptyResult, ListRequest, ListResult, PingRequest, "
    assert f"from .models import {names}TickNotification\n" in messages
    assert (
        "METHODS: dict[str, _rt.Method] = {\n"
        '    "add": _rt.Method("request", lambda: AddRequest, lambda: AddResult),\n'
        '    "list": _rt.Method("request", lambda: ListRequest, lambda: ListResult),\n'
        '    "ping": _rt.Method("request", lambda: PingRequest, lambda: EmptyResult),\n'
        '    "tick": _rt.Method("notification", lambda: TickNotification),\n'
        "}\n"
    ) in messages


def test_stubs_exist_only_for_what_the_client_sends() -> None:
    """Only a notification: a server, no client; no method at all: neither, and a method
    table that imports nothing."""
    only = BARE.replace(
        'export interface StopRequest extends JSONRPCRequest { method: "stop"; }\n', ""
    )
    files = emitted(only, prelude="")[0]
    assert "server.py" in files and "client.py" not in files
    assert "from .models" not in files["server.py"]  # a params-less notification names none
    assert "\nfrom .messages import RPCError, decode_message\n\n__all__" in files["server.py"]
    none = emitted("export interface Lone { a: string; }\n", prelude="")[0]
    assert "server.py" not in none and "client.py" not in none
    assert "from .models import" not in none["messages.py"]
    assert "METHODS: dict[str, _rt.Method] = {\n\n}\n" in none["messages.py"]
    assert sorted(none) == ["_runtime.py", "messages.py", "models.py"]


def test_the_bare_stubs_send_and_receive_no_params(tmp_path: Path) -> None:
    name = f"msgspec_bare_{abs(hash(str(tmp_path))) % 10**8}"
    folder = tmp_path / name
    folder.mkdir()
    schema = resolve([parse_module("s.ts", BARE)])
    emitters = TARGETS["msgspec"]
    for rel, body in build(schema, command="pytest", emitters=emitters).items():
        (folder / rel).write_text(body, "utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        pkg = importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))
    server = importlib.import_module(pkg.__name__ + ".server")
    client = importlib.import_module(pkg.__name__ + ".client")
    seen: list[object] = []

    class Handler(server.ServerHandler):  # type: ignore[misc, name-defined]
        async def stop(self, params: object, ctx: object) -> object:
            seen.append(params)
            return pkg.models.StopResult(ok=True)

    raw = '{"jsonrpc": "2.0", "id": 1, "method": "stop"}'
    answer = asyncio.run(server.dispatch(Handler(), raw, None))
    assert answer == {"jsonrpc": "2.0", "id": 1, "result": {"ok": True}} and seen == [None]
    sent: list[tuple[str, object]] = []

    class Fake:
        async def request(self, method: str, params: object) -> object:
            sent.append((method, params))
            return {"ok": False}

    result = asyncio.run(client.Client(Fake()).stop())
    assert type(result) is pkg.models.StopResult and result.ok is False
    assert sent == [("stop", None)]


SHAPES = """
export const NAME = "n\\"x";
export const LIMIT = 3;
export const ON = true;
/** A documented one. */
export interface Wire {
  "kebab-case": string;
  "opt-one"?: number;
  "a\\"b": string;
  plain: string;
}
export interface Empty {}
export interface Extra { a: string; [key: string]: string; }
export interface Loose { a: string; [key: string]: unknown; }
export interface OnlyIndex { [key: string]: number }
/** An alias doc. */
export type Self = { next?: Self } | string;
export type Mix = ({ b?: Mix } & { c: string }) | number;
export type Loop = Loop[] | string;
export type P = Q | string;
export type Q = P[] | number;
"""

SHAPES_TEXT = '''\
NAME: _t.Final = 'n"x'
LIMIT: _t.Final = 3
ON: _t.Final = True


class Wire(_msgspec.Struct, kw_only=True, omit_defaults=True):
    """A documented one."""
    kebab_case: str = _msgspec.field(name="kebab-case")
    opt_one: int | float | _msgspec.UnsetType = _msgspec.field(default=_msgspec.UNSET, \
name="opt-one")
    plain: str


class Empty(_msgspec.Struct, kw_only=True, omit_defaults=True):
    pass


class Extra(_msgspec.Struct, kw_only=True, omit_defaults=True):
    a: str


class Loose(_msgspec.Struct, kw_only=True, omit_defaults=True):
    a: str


class Self1(_msgspec.Struct, kw_only=True, omit_defaults=True):
    next: Self | _msgspec.UnsetType = _msgspec.UNSET


class Mix1(_msgspec.Struct, kw_only=True, omit_defaults=True):
    b: Mix | _msgspec.UnsetType = _msgspec.UNSET
    c: str


if _t.TYPE_CHECKING:
    _Union1: _t.TypeAlias = "Q | str"
else:

    class _Union1(_rt.Dispatch):
        objects = ()
        others = {"array": lambda: Q, "number": lambda: Q, "string": lambda: str}


OnlyIndex: _t.TypeAlias = dict[str, int | float]


Self: _t.TypeAlias = Self1 | str
"""An alias doc."""


Mix: _t.TypeAlias = Mix1 | int | float


if _t.TYPE_CHECKING:
    Loop: _t.TypeAlias = "list[Loop] | str"
else:

    class Loop(_rt.Recursive):
        definition = staticmethod(lambda: list[Loop] | str)


if _t.TYPE_CHECKING:
    P: _t.TypeAlias = "_Union1"
else:

    class P(_rt.Recursive):
        definition = staticmethod(lambda: _Union1)


if _t.TYPE_CHECKING:
    Q: _t.TypeAlias = "list[P] | int | float"
else:

    class Q(_rt.Recursive):
        definition = staticmethod(lambda: list[P] | int | float)


__all__ = [
    "Empty",
    "Extra",
    "LIMIT",
    "Loop",
    "Loose",
    "Mix",
    "Mix1",
    "NAME",
    "ON",
    "OnlyIndex",
    "P",
    "Q",
    "Self",
    "Self1",
    "Wire",
]
'''


def test_the_models_module_text_in_its_order() -> None:
    """Constants, Structs (wire names as ``name=``, optional members ``UNSET``, an empty
    one ``pass``), the lowered types, then the aliases after what they name: a class of
    only an index signature is a dict, an alias whose value reaches itself through an
    array or a union is ``Recursive``, one that reaches itself only inside a class is
    not; ``__all__`` sorted."""
    files, _ = emitted(SHAPES, prelude="")
    text = files["models.py"]
    assert text[text.index("NAME: _t.Final") :] == SHAPES_TEXT


def test_unnameable_members_warn_and_extra_members_are_noted() -> None:
    _, diagnostics = emitted(SHAPES, prelude="")
    assert [str(w) for w in diagnostics.warnings] == [
        "s.ts:9:3: warning: msgspec cannot name the member 'a\"b' of 'Wire' (a quote, "
        "backslash or control character): it is left out of the Struct, neither kept nor "
        "checked"
    ]
    assert [str(n) for n in diagnostics.notes] == [
        "s.ts:13:1: msgspec target: index signature beside properties (docs/targets/msgspec.md)"
    ]


@pytest.mark.parametrize(
    ("type_name", "raw", "ok"),
    [
        ("Wire", '{"kebab-case": "k", "plain": "p", "a\\"b": 1}', True),  # left out
        ("Wire", '{"kebab_case": "k", "plain": "p"}', False),
        ("Wire", '{"kebab-case": "k", "plain": "p", "opt-one": "1"}', False),
        ("Empty", '{"any": 1}', True),
        ("OnlyIndex", '{"a": 1.5}', True),
        ("OnlyIndex", '{"a": "1"}', False),
        ("Self", '{"next": {"next": "x"}}', True),
        ("Self", '{"next": 1}', False),
        ("Mix", '{"c": "c", "b": {"c": "d", "b": 2}}', True),
        ("Mix", '{"c": "c", "b": {"b": 2}}', False),
        ("Loop", '[["a"], "b"]', True),
        ("Loop", "[[1]]", False),
        ("P", '[[1, "s"], 2]', True),
        ("P", "[true]", False),
        ("Q", '["s"]', True),
        ("Q", '"s"', False),
    ],
)
def test_the_models_decode_as_the_schema_means(
    built: Built, type_name: str, raw: str, ok: bool
) -> None:
    assert accepts(built(SHAPES), type_name, raw) is ok


def _writer() -> TypeWriter:
    text = "export const C = 1;\nexport interface K { a: string }\nexport type integer = number;\n"
    return TypeWriter(backend_of(resolve([parse_module("s.ts", text)])), set(), {})


AT = ir.Span("t.ts", 2, 3)


@pytest.mark.parametrize(
    ("expr", "error"),
    [
        (ir.Ref("Nope", span=AT), "t.ts:2:3: error: unknown type 'Nope'"),
        (ir.Ref("C", span=AT), "t.ts:2:3: error: 'C' is a const, not a type; use 'typeof C'"),
        (ir.Typeof("C", span=AT), "t.ts:2:3: error: 'typeof C' was not resolved to a literal"),
        (
            ir.Primitive("symbol", span=AT),  # type: ignore[arg-type]
            "t.ts:2:3: error: the type 'symbol' has no Python equivalent here",
        ),
    ],
)
def test_what_no_annotation_stands_for_is_a_located_error(expr: ir.TypeExpr, error: str) -> None:
    with pytest.raises(SchemaError) as found:
        _writer().annotation(expr, "K", "a")
    assert str(found.value) == error
    assert isinstance(found.value, Unsupported) is ("symbol" in error)


@pytest.mark.parametrize(
    ("expr", "text", "kinds"),
    [
        (
            ir.Primitive("never"),
            "_t.Annotated[list[_t.Any], _msgspec.Meta(min_length=1, max_length=0)]",
            set(),
        ),
        (ir.Ref("integer"), "int", {"number"}),  # ``type integer = number``
        (ir.Primitive("undefined"), "None", {"null"}),
        (
            ir.Primitive("any"),
            "_t.Any",
            {"object", "array", "string", "number", "boolean", "null"},
        ),
        (ir.Literal(0.5), "_t.Annotated[float, _msgspec.Meta(ge=0.5, le=0.5)]", {"number"}),
        (ir.Literal("a"), '_t.Literal["a"]', {"string"}),
        (ir.Ref("K"), "K", {"object"}),
    ],
)
def test_each_primitive_and_reference_annotation(
    expr: ir.TypeExpr, text: str, kinds: set[str]
) -> None:
    found = _writer().annotation(expr, "K", "a")
    assert (found.text, set(found.kinds), found.lowered) == (text, kinds, False)


@pytest.mark.parametrize(
    ("expr", "kinds"),
    [
        (ir.Primitive("string"), {"string"}),
        (ir.Primitive("number"), {"number"}),
        (ir.Primitive("boolean"), {"boolean"}),
        (ir.Primitive("null"), {"null"}),
        (ir.Primitive("undefined"), {"null"}),
        (ir.Primitive("unknown"), {"object", "array", "string", "number", "boolean", "null"}),
        (ir.Primitive("any"), {"object", "array", "string", "number", "boolean", "null"}),
        (ir.Primitive("object"), {"object"}),
        (ir.Primitive("never"), set()),
        (ir.Literal(True), {"boolean"}),
        (ir.Literal(1), {"number"}),
        (ir.Literal("x"), {"string"}),
        (ir.Ref("integer"), {"number"}),
        (ir.Ref("K"), {"object"}),
        (ir.Typeof("C"), set()),
        (ir.Tuple(()), {"array"}),
        (ir.Array(ir.Primitive("string")), {"array"}),
        (ir.Mapping(ir.Primitive("string")), {"object"}),
        (ir.Union((ir.Primitive("undefined"), ir.Literal(1))), {"number"}),  # absent, not null
    ],
)
def test_the_json_kinds_of_each_type(expr: ir.TypeExpr, kinds: set[str]) -> None:
    assert set(_writer().kinds(expr)) == kinds


def test_a_never_item_admits_only_the_empty_array(built: Built) -> None:
    pkg = built("export interface E { none: never[]; }\n")
    assert accepts(pkg, "E", '{"none": []}')
    assert not accepts(pkg, "E", '{"none": [1]}')
    assert not accepts(pkg, "E", '{"none": [[]]}')


def test_a_literal_is_python_text_and_a_fraction_is_no_literal() -> None:
    """The TypedDict target writes its ``Literal`` values with this too."""
    assert [py_literal(v, AT) for v in (True, False, 'a"b', 3, -2.0)] == [
        "True",
        "False",
        "'a\"b'",
        "3",
        "-2",
    ]
    with pytest.raises(SchemaError) as found:
        py_literal(0.5, AT)
    assert str(found.value) == (
        "t.ts:2:3: error: a non-integer number literal (0.5) cannot be a Literal"
    )


def test_the_stubs_import_each_member_of_a_union_of_params() -> None:
    text = """
export interface ByName { name: string; }
export interface ById { id: number; }
export interface FindRequest extends JSONRPCRequest { method: "find"; params: ByName | ById; }
"""
    files = emitted(text)[0]
    for stub in ("server.py", "client.py"):
        assert "from .models import ById, ByName, EmptyResult\n" in files[stub]
    assert "    async def find(self, params: ByName | ById) -> EmptyResult:\n" in files["client.py"]


MCP_JSON = """
export type JSONValue = string | number | boolean | null | JSONArray | JSONObject;
export type JSONArray = JSONValue[];
export type JSONObject = { [key: string]: JSONValue };
export type Loop = Loop[] | string;
export type Both = Loop | string;
export interface Holder { two?: Loop | undefined; }
"""


def test_json_values_are_any_and_a_kind_two_members_take_goes_to_the_first() -> None:
    """MCP's ``JSONValue`` cycle is ``Any`` at run time (its array and object aliases a list
    and a dict of ``Any``); a union where a lowered member and another take strings sends
    strings to the first, noted; ``| undefined`` on an optional member is its absence."""
    files, diagnostics = emitted(MCP_JSON, prelude="")
    text = files["models.py"]
    assert "else:\n    JSONValue = _t.Any\n" in text
    assert "else:\n    JSONArray = list[_t.Any]\n" in text
    assert "else:\n    JSONObject = dict[str, _t.Any]\n" in text
    assert '        others = {"array": lambda: Loop, "string": lambda: Loop}\n' in text
    assert "Both: _t.TypeAlias = _Union1\n" in text
    assert "    two: Loop | _msgspec.UnsetType = _msgspec.UNSET\n" in text
    assert [str(n) for n in diagnostics.notes] == [
        "s.ts:6:20: msgspec target: several string members, one lowered (docs/targets/msgspec.md)"
    ]


def test_a_template_literal_is_a_pattern_beside_the_member_s_own_constraints() -> None:
    text = models(
        "export interface T { /** @minLength 2 */ both: `a${string}`; any: string | unknown; }\n"
    )
    assert block(text, "class T(").splitlines()[1:] == [
        '    both: _t.Annotated[str, _msgspec.Meta(min_length=2, pattern="^a.*$")]',
        "    any: _t.Any",
    ]


TAGGED = """
export interface W {
  /** @minimum 1 */
  n: number | null;
  /** @minItems 1
   * @maxLength 3 */
  tags: string[];
  /** @minItems 2
   * @maxLength 3 */
  rest: [string, ...string[]];
  /** @TJS-maxLength 3 */
  s: string;
  /** @see integer */
  f: number;
  /** @maximum 1e20 */
  big: number;
}
"""


def test_each_constraint_applies_to_the_kind_it_constrains() -> None:
    """A bound reaches each number member of a union; an array's ``@maxLength`` (a string
    keyword) constrains neither it nor its items; ``@TJS-`` tags read as the plain ones;
    only ``@TJS-type`` says integer; a large bound is an exact ``int``."""
    assert block(models(TAGGED), "class W(").splitlines()[1:] == [
        "    n: _t.Annotated[int, _msgspec.Meta(ge=1)] | _t.Annotated[float, "
        "_msgspec.Meta(ge=1)] | None",
        "    tags: _t.Annotated[list[str], _msgspec.Meta(min_length=1)]",
        "    rest: _t.Annotated[list[str], _msgspec.Meta(min_length=2)]",
        "    s: _t.Annotated[str, _msgspec.Meta(max_length=3)]",
        "    f: int | float",
        "    big: _t.Annotated[int, _msgspec.Meta(le=100000000000000000000)] | "
        "_t.Annotated[float, _msgspec.Meta(le=1e+20)]",
    ]


NEAR_JSON = """
export type E = number | boolean | null | E[] | { [key: string]: E } | `x${string}`;
export type G = string | number | boolean | null | G[] | { [key: string]: G }
  | (string | number)[] | { [key: string]: string | number };
"""


def test_a_cycle_with_a_constrained_or_compound_member_is_not_any_json() -> None:
    """Only plain scalars, and arrays and maps of the cycle's own aliases, make JSON's
    value type: a pattern on the string, or an array or a map of a union, is lowered."""
    text = models(NEAR_JSON)
    assert "    class E(_rt.Recursive):\n" in text
    assert "    class G(_rt.Recursive):\n" in text
    assert "else:\n    E =" not in text and "else:\n    G =" not in text


HELD = """
export type H = string | number | boolean | null | H[] | { [key: string]: K };
export type K = string | H[];
export type V1 = string | V2;
export type V2 = number | V3;
export type V3 = boolean | null | V1[] | { [key: string]: V1 };
"""


def test_every_alias_a_map_holds_must_take_every_json_kind() -> None:
    """K, held as a map's values, takes only strings and arrays: H and K are lowered. V1
    reaches every kind through the unions of V2 and V3: ``Any``."""
    text = models(HELD)
    assert "    class H(_rt.Recursive):\n" in text
    assert "    class K(_rt.Recursive):\n" in text
    for name in ("V1", "V2", "V3"):
        assert f"else:\n    {name} = " in text


def test_a_string_constant_is_written_double_quoted() -> None:
    assert 'JSONRPC_VERSION: _t.Final = "2.0"\n' in models("")


OWNERS = """
export interface A { box: { x: string }; }
export interface B { box: { x: string }; }
export interface C extends A { c: string; }
export interface X { a: string; [key: string]: { b: string } | string; }
"""


def test_an_inline_member_names_the_class_of_its_declaring_interface() -> None:
    """Two interfaces with the same anonymous member type get a class each; an inherited
    member keeps its base's; an index signature of an inline object beside properties
    compiles, noted."""
    files, diagnostics = emitted(OWNERS, prelude="")
    text = files["models.py"]
    assert block(text, "class A(").splitlines()[1:] == ["    box: ABox"]
    assert block(text, "class B(").splitlines()[1:] == ["    box: BBox"]
    assert block(text, "class C(").splitlines()[1:] == ["    box: ABox", "    c: str"]
    assert block(text, "class X(").splitlines()[1:] == ["    a: str"]
    assert [str(n) for n in diagnostics.notes] == [
        "s.ts:5:1: msgspec target: index signature beside properties (docs/targets/msgspec.md)"
    ]


def test_an_any_json_alias_is_its_union_for_type_checkers() -> None:
    text = models(CYCLES)
    static = "str | int | float | bool | None | list[Json] | dict[str, Json]"
    assert (
        "if _t.TYPE_CHECKING:\n"
        f'    Json: _t.TypeAlias = "{static}"\n'
        "else:\n"
        "    Json = str | int | float | bool | None | list[_t.Any] | dict[str, _t.Any]\n"
    ) in text


ALIASES = """
export type P1 = { a: string } | number;
export type P2 = { a: string } | boolean;
export type R1 = { a: string } | R1[];
export type R2 = { a: string } | R2[] | boolean;
export interface N { "a b": string; "X-ray": string; }
"""


def test_each_alias_names_its_own_inline_class_and_wire_names_keep_spaces() -> None:
    """Two aliases (plain or recursive) of the same anonymous object each name their own
    class; a wire name with a space or capitals is a field msgspec can name."""
    text = models(ALIASES)
    assert "P1: _t.TypeAlias = P11 | int | float\n" in text
    assert "P2: _t.TypeAlias = P21 | bool\n" in text
    assert "        definition = staticmethod(lambda: R11 | list[R1])\n" in text
    assert "        definition = staticmethod(lambda: R21 | list[R2] | bool)\n" in text
    assert block(text, "class N(").splitlines()[1:] == [
        '    a_b: str = _msgspec.field(name="a b")',
        '    x_ray: str = _msgspec.field(name="X-ray")',
    ]


def test_an_infinite_bound_on_an_alias_is_located_at_the_alias() -> None:
    with pytest.raises(SchemaError) as found:
        emitted("/** @maximum 1e400 */\nexport type Big = number;\n", prelude="")
    assert str(found.value) == "s.ts:2:1: error: the bound inf has no finite value"


def test_the_notes_come_in_the_order_of_their_places() -> None:
    text = (
        "export interface T { opt: [string, number?]; }\nexport type Two = string[] | number[];\n"
    )
    _, diagnostics = emitted(text, prelude="")
    assert [str(n).split(": msgspec target: ")[1] for n in diagnostics.notes] == [
        "tuple with optional or rest items (docs/targets/msgspec.md)",
        "several array members of any length (docs/targets/msgspec.md)",
    ]


def test_notes_on_later_lines_come_after_earlier_ones_not_by_their_text() -> None:
    # Line 9 before line 16, though "16" sorts before "9" as text.
    text = "\n" * 8 + "export type Two = string[] | number[];\n" + "\n" * 6
    text += "export interface T { opt: [string, number?]; }\n"
    _, diagnostics = emitted(text, prelude="")
    assert [str(n).split(": msgspec target: ")[0] for n in diagnostics.notes] == [
        "s.ts:9:19",
        "s.ts:16:27",
    ]


PROBED = """
export interface NumKeys { [key: number]: string }
export interface TextBlock { type: "text"; text: string; }
export interface ImageBlock { type: "image"; data: string; }
export interface H { block: TextBlock | ImageBlock; }
export interface A { v: { type: "x"; a: string } | { type: "y" }; }
export interface B { v: { type: "x"; a: string } | { type: "y" }; }
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JSONValue = string | number | boolean | null | JSONArray | JSONObject;
export type JSONArray = JSONValue[];
export type JSONObject = { [key: string]: JSONValue };
"""


def test_every_class_s_unions_are_tagged_and_every_json_cycle_is_any() -> None:
    """The first pass reads every class's members (after a dict class too), each inline
    union member by its own declaring interface: a union written only in a member is
    tagged; a dict class of numeric keys keeps their pattern; two JSON cycles are both
    ``Any``."""
    text = models(PROBED, prelude="")
    assert block(text, "class H(").splitlines()[1:] == ["    block: _T_TextBlock | _T_ImageBlock"]
    assert block(text, "class A(").splitlines()[1:] == ["    v: _T_AVX | _T_AVY"]
    assert block(text, "class B(").splitlines()[1:] == ["    v: _T_BVX | _T_BVY"]
    tagged = 'kw_only=True, omit_defaults=True, tag_field="type", tag="y"):'
    assert f"class BVY(_msgspec.Struct, {tagged}\n" in text
    key = '_t.Annotated[str, _msgspec.Meta(pattern="^[0-9]+$")]'
    assert f"NumKeys: _t.TypeAlias = dict[{key}, str]\n" in text
    assert (
        "else:\n    Json = str | int | float | bool | None | list[_t.Any] | dict[str, _t.Any]\n"
        in text
    )
    assert "else:\n    JSONValue = _t.Any\n" in text


NESTED_UNIONS = """
export interface A { kind: "a"; x: string; }
export interface N1 { box: string; }
export type Routed = A | N1 | string;
export type Outer = Routed | number;
export type Lits = A | N1 | 1 | 2;
export type AT = string[] | [number] | boolean;
export interface F { xs: (0.5 | 1)[]; }
export type P = Q | string;
export type Q = P[] | number;
export type Outer2 = P | boolean;
"""


def test_a_routed_union_inside_another_is_routed_with_its_members() -> None:
    """A routed alias beside another member is lowered, not a native union; two literals
    of one kind share its entry; a tuple of open items is no list of any length (no
    note); a fractional literal item leaves the items open; a recursive alias's kinds
    are its cycle's fixed point (P takes arrays and numbers through Q)."""
    files, diagnostics = emitted(NESTED_UNIONS, prelude="")
    text = files["models.py"]
    assert "Outer: _t.TypeAlias = _Union2\n" in text
    assert '        others = {"number": lambda: int | float, "string": lambda: str}\n' in text
    assert '        others = {"number": lambda: _t.Literal[1] | _t.Literal[2]}\n' in text
    arrays = "(None, (None, ), lambda: list[str]), (1, (None, ), lambda: tuple[int | float])"
    assert f"        arrays = ({arrays},)\n" in text
    assert (
        "    xs: list[_t.Annotated[float, _msgspec.Meta(ge=0.5, le=0.5)] | _t.Literal[1]]\n" in text
    )
    others = '"array": lambda: P, "boolean": lambda: bool, "number": lambda: P, "string": lambda: P'
    assert f"        others = {{{others}}}\n" in text
    assert diagnostics.notes == []


PLACES = """
export interface A { x: string; }
export interface B { y: string; }
export type AB = A | B;
export interface H1 {
  xs: { a: string }[];
  t: [{ a: string }];
  r: [{ a: string }, ...number[]];
  m: Record<string, { a: string }>;
  i: { [k: string]: { a: string } };
  v: { a: string } | AB;
}
export interface H2 {
  xs: { a: string }[];
  t: [{ a: string }];
  r: [{ a: string }, ...number[]];
  m: Record<string, { a: string }>;
  i: { [k: string]: { a: string } };
  v: { a: string } | AB;
}
"""


def test_an_anonymous_object_anywhere_in_a_member_names_its_own_interface_s_class() -> None:
    """In an array, a tuple, a rest tuple, a record, an index signature and a routed union
    whose alias member is flattened in: two interfaces writing the same object type at the
    same key each get their own class."""
    text = models(PLACES, prelude="")
    for owner in ("H1", "H2"):
        assert block(text, f"class {owner}(").splitlines()[1:] == [
            f"    xs: list[{owner}Xs]",
            f"    t: tuple[{owner}T]",
            f"    r: list[{owner}R | int | float]",
            f"    m: dict[str, {owner}M]",
            f"    i: dict[str, {owner}I]",
            f"    v: _Union{2 if owner == 'H1' else 3}",
        ]
        static = f"{owner}V | A | B"
        assert f'    _Union{2 if owner == "H1" else 3}: _t.TypeAlias = "{static}"\n' in text


def test_an_anonymous_object_decodes_as_its_own_interface_s_class(built: Built) -> None:
    pkg = built(PLACES)
    item = '{"a": "s"}'
    raw = (
        f'{{"xs": [{item}], "t": [{item}], "r": [{item}, 1], "m": {{"k": {item}}}, '
        f'"i": {{"k": {item}}}, "v": {item}}}'
    )
    found = pkg.decode(raw, pkg.H2)
    assert [type(v).__name__ for v in (found.xs[0], found.t[0], found.r[0])] == [
        "H2Xs",
        "H2T",
        "H2R",
    ]
    assert [type(found.m["k"]).__name__, type(found.i["k"]).__name__] == ["H2M", "H2I"]
    assert type(found.v).__name__ == "H2V"


OBJECT_KINDS = """
export interface A { x: string; }
export interface B { y: string; }
export type AB = A | B;
export type R = R[] | string;
export type X = R | undefined;
export interface K {
  closed: Record<string, never> | string;
  bare: {} | number;
  obj: object | boolean;
  rest: [string, ...number[]] | boolean;
  /** @minimum 1 */
  low: AB | number;
  rn: R | number | null;
  x: X | number;
}
"""


def test_each_object_and_array_type_takes_its_kind_beside_other_members() -> None:
    """A closed record, ``{}``, ``object`` and a rest tuple beside a scalar are native
    unions; a bound reaches the number member of a union flattened from an alias; a
    lowered alias beside a scalar and ``null`` is routed, and so is an alias that is a
    lowered type ``| undefined`` beside a number."""
    text = models(OBJECT_KINDS, prelude="")
    assert block(text, "class K(").splitlines()[1:] == [
        "    closed: _t.Annotated[dict[str, _t.Any], _msgspec.Meta(max_length=0)] | str",
        "    bare: dict[str, _t.Any] | int | float",
        "    obj: dict[str, _t.Any] | bool",
        "    rest: list[str | int | float] | bool",
        "    low: _Union2",
        "    rn: _Union3",
        "    x: _Union4",
    ]
    low = "_t.Annotated[int, _msgspec.Meta(ge=1)] | _t.Annotated[float, _msgspec.Meta(ge=1)]"
    assert f'    _Union2: _t.TypeAlias = "A | B | {low}"\n' in text
    assert f'        others = {{"number": lambda: {low}}}\n' in text
    assert '    _Union3: _t.TypeAlias = "R | int | float | None"\n' in text
    assert '    _Union4: _t.TypeAlias = "R | int | float"\n' in text
    assert "X: _t.TypeAlias = R\n" in text


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ('"closed": "s"', True),
        ('"closed": {"a": 1}', False),
        ('"bare": {"a": 1}', True),
        ('"obj": false', True),
        ('"rest": ["a", 1]', True),
        ('"rest": ["a", true]', False),
        ('"low": {"y": "s"}', True),
        ('"low": 1', True),
        ('"low": 0.5', False),  # the bound of the flattened number member
        ('"rn": null', True),
        ('"rn": ["a", ["b"]]', True),
        ('"rn": [1]', False),
        ('"x": 2', True),
        ('"x": null', False),
    ],
)
def test_each_object_and_array_type_decodes_beside_other_members(
    built: Built, raw: str, ok: bool
) -> None:
    base = {
        "closed": "{}",
        "bare": "1",
        "obj": "{}",
        "rest": "true",
        "low": '{"x": "s"}',
        "rn": '"s"',
        "x": '"s"',
    }
    assert accepts(built(OBJECT_KINDS), "K", _with_member(base, raw)) is ok


def test_a_rest_tuple_s_members_are_noted_at_the_tuple() -> None:
    _, diagnostics = emitted(
        "export interface T {\n  r: [string[], ...number[][]];\n}\n", prelude=""
    )
    assert [str(n) for n in diagnostics.notes] == [
        "s.ts:2:6: msgspec target: several array members of any length (docs/targets/msgspec.md)",
        "s.ts:2:6: msgspec target: tuple with optional or rest items (docs/targets/msgspec.md)",
    ]


def test_a_record_in_a_json_cycle_is_a_dict_of_any() -> None:
    text = models(
        "export type J = string | number | boolean | null | J[] | Record<string, J>;\n",
        prelude="",
    )
    assert (
        "else:\n    J = str | int | float | bool | None | list[_t.Any] | dict[str, _t.Any]\n"
        in text
    )


def test_an_anonymous_object_no_class_was_named_for_is_a_located_error() -> None:
    inline = ir.Object(properties=(ir.Property("b", ir.Primitive("string")),), span=AT)
    with pytest.raises(SchemaError) as found:
        _writer().annotation(inline, "K", "zz")
    assert str(found.value) == (
        "t.ts:2:3: error: an anonymous object type here has no class name; declare it as an "
        "interface"
    )


def test_a_count_or_multiple_no_keyword_takes_constrains_nothing() -> None:
    """A negative or fractional count and a ``multipleOf`` of 0 are no keyword's value
    (the front end warns): the member is left unconstrained, as in the JSON Schema."""
    text = models(
        "export interface C {\n"
        "  /** @minLength -1 */\n  s: string;\n"
        "  /** @maxItems 1.5 */\n  xs: string[];\n"
        "  /** @multipleOf 0 */\n  n: number;\n"
        "  /** @minLength 2 */\n  t: string;\n"
        "}\n",
        prelude="",
    )
    assert block(text, "class C(").splitlines()[1:] == [
        "    s: str",
        "    xs: list[str]",
        "    n: int | float",
        "    t: _t.Annotated[str, _msgspec.Meta(min_length=2)]",
    ]
