"""Pins of the dataclasses target's emitter (``codegen/emit/python/dataclasses/``, issue
#37): the exact tables ``wire.py`` gives ``from_wire`` and the classes ``models.py``
declares for one schema of every shape the builder reads, and what the package builds
from them. In process only (``make mutation`` runs this file)."""

from __future__ import annotations

import functools
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import build, package_doc
from codegen.build.targets import TARGETS
from codegen.emit.python.backend import PythonBackend
from codegen.emit.python.dataclasses.module import Specs, emit_models
from codegen.emit.python.msgspec.module import alias_values, recursive_aliases
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

RICH = """
export type integer = number;
/** A point. */
export interface Point { x: integer; /** Across. */ y?: number; label?: string | null; }
export interface Circle { kind: "circle"; r: number; }
export interface Square { kind: "square"; side: number; center?: Point; }
export type Shape = Circle | Square;
export type ShapeRef = Shape;
export type Alias2 = Circle;
export interface Bag { [key: string]: Point; }
export interface Mixed { id: 1 | 2 | true; name: string; [key: string]: Point | string | 1 | 2 | true; }
export type Row = [Point, string];
export type Rest = [Point, ...Circle[]];
export type Opt = [string, Point?];
export type Lists = Circle[] | Square[] | string[];
export type Deep = Shape[][] | Point[][];
export type Anything = unknown | Point;
export type Inline = { a: number } | { b: string };
export type Kinds = string | number | boolean | null | Point | Row;
export type Half = 0.5 | Point;
export type Plain = string[] | number[];
export type Pair = [Circle, Square] | [Square, Circle] | Circle[];
export const LIMIT = 3;
export const NAME = "n";
export interface Other { nested: { inner: Shape }; pick?: { a: number } | Circle; }
export interface Base1 { n: { a: number }; }
export interface Base2 { n: { a: number }; }
export interface SubOfBase2 extends Base2 { m?: string; }
export type WithInline = { inner: Shape } | Square;
export type WithInline2 = { inner: Shape } | Circle;
export type Both = Point | WithInline | Alias2;
export interface Tri { sides: number; kind: "tri" | "triangle"; half: 0.5; open?: { o?: number }; }
export type Tris = Tri | Square | { o?: number; p?: string };
export type Nope = never;
export type WithNope = Nope | Circle;
export type C1 = Circle; export type C2 = C1; export type C3 = C2; export type C4 = C3;
export type C5 = C4; export type C6 = C5; export type C7 = C6; export type C8 = C7; export type C9 = C8;
export type Far = C9 | C8 | Square;
export type IntOr = integer | Point;
export type MapOr = Record<string, Circle> | Point;
export type D5 = Circle[][][][][] | Square[][][][][];
export type LP = string[] | number[] | Circle;
export type IL1 = { z: number }[];
export type IL2 = { z: number }[];
export type UL = IL1 | Square[];
export type UL2 = IL2 | Circle[];
export type PlainPair = [string, number];
export interface UsesPair { p: PlainPair; }
export interface DictHolder { m: { [k: string]: Circle }; }
export type Cyc1 = Cyc2 | string;
export type Cyc2 = Cyc3[] | Point;
export type Cyc3 = Cyc1 | null;
export type IL3 = IL2;
export type UL3 = IL3 | Square[];
export type Both2 = Point | WithInline2;
export interface UsesIL { l: IL1; }
export interface PA { q: { w: number }[] | Circle[]; }
export interface PB { q: { w: number }[] | Square[]; }
export interface TA { t: [{ a: number }, string]; }
export interface TB { t: [{ a: number }, number]; }
export interface RA { t: [string, ...{ a: number }[]]; }
export interface RB { t: [number, ...{ a: number }[]]; }
export interface EA { id: string; [k: string]: { e: number } | string; }
export interface EB { id: string; [k: string]: { e: number } | string; }
export interface Two { kind: "two"; version: 2; }
export type Twos = Two | Circle;
export type U1 = Circle | "u1"; export type U2 = U1 | "u2"; export type U3 = U2 | "u3";
export type U4 = U3 | "u4"; export type U5 = U4 | "u5"; export type U6 = U5 | "u6";
export type U7 = U6 | "u7"; export type U8 = U7 | "u8"; export type U9 = U8 | "u9";
export type Deep9 = U9 | Point;
export type PlainRest = [string, ...number[]];
export interface MA { m: Record<string, { ma: number }>; }
export interface MB { m: Record<string, { ma: number }>; }
export interface Holder {
  shape: ShapeRef; pts: Point[]; byName: Record<string, Circle>; plain: Record<string, string>;
  alias?: Alias2; tuple?: Row; nested: { inner: Shape }; maybe?: Point | undefined;
}
"""


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "dataclasses"


@functools.cache
def _backend() -> PythonBackend:
    """The schema named for Python (neither pass is this target's: kept for every test)."""
    return PythonBackend(resolve([parse_module("s.ts", RICH)]))


def _emit(text: str | None = None) -> dict[str, str]:
    """``models.py`` and ``wire.py`` as the emitter writes them (before formatting), run
    afresh by each test (``make mutation`` runs each test against each mutant)."""
    backend = _backend() if text is None else PythonBackend(resolve([parse_module("s.ts", text)]))
    return emit_models(backend, "The doc.")


def _package(tmp_path: Path, name: str) -> ModuleType:
    files = build(
        _backend().source,
        command="pytest",
        emitters=TARGETS["dataclasses"],
        package_doc=package_doc("dataclasses"),
    )
    for rel, body in files.items():
        (tmp_path / name / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name / rel).write_text(body, "utf-8")
    # A copy imported by an earlier run in this process (``make mutation`` forks it) is
    # not this build's.
    for module in [m for m in sys.modules if m.split(".")[0] == name]:
        del sys.modules[module]
    importlib.invalidate_caches()
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


@pytest.mark.parametrize("module", ["models.py", "wire.py"])
def test_the_emitted_text_is_the_golden_one(module: str, update_golden: bool) -> None:
    """Every table and class of the schema above, exactly (``--update-golden`` rewrites)."""
    text = _emit()[module]
    golden = GOLDEN / f"{module}.txt"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, "utf-8")
    assert text == golden.read_text("utf-8")


# ---------------------------------------------------------------------------- models.py


def test_a_class_lists_its_members_absent_ones_unset_and_its_extra() -> None:
    models = _emit()["models.py"]
    assert (
        "@_dc.dataclass(slots=True, kw_only=True)\n"
        "class Point:\n"
        '    """A point."""\n'
        "\n"
        "    x: int\n"
        "    y: int | float | _rt.UnsetType = _rt.UNSET\n"
        '    """Across."""\n'
        "    label: str | None | _rt.UnsetType = _rt.UNSET\n"
        "    model_extra: dict[str, _t.Any] = _dc.field(default_factory=_rt.no_extra)\n"
        '    """The members the class does not name, by wire name."""\n'
    ) in models
    assert (
        "class Holder:\n"
        "    shape: ShapeRef\n"
        "    pts: list[Point]\n"
        "    by_name: dict[str, Circle]\n"
        "    plain: dict[str, str]\n"
        "    alias: Alias2 | _rt.UnsetType = _rt.UNSET\n"
        "    tuple_: Row | _rt.UnsetType = _rt.UNSET\n"
        "    nested: HolderNested\n"
        "    maybe: Point | _rt.UnsetType = _rt.UNSET\n"
        "    model_extra:"
    ) in models
    assert 'class Circle:\n    kind: _t.Literal["circle"]\n    r: int | float\n' in models


def test_the_header_constants_aliases_and_exports() -> None:
    models = _emit()["models.py"]
    assert models.startswith(
        '"""The doc."""\n\n\nfrom __future__ import annotations\n\nimport dataclasses as _dc\n'
        "import typing as _t\n\nfrom . import _runtime as _rt\n\n\n\n"
        'LIMIT: _t.Final = 3\nNAME: _t.Final = "n"\n\n\n@'
    )
    assert (
        "if _t.TYPE_CHECKING:\n"
        "    Bag: _t.TypeAlias = dict[str, Point]\n"
        "    integer: _t.TypeAlias = int | float\n"
        "    Shape: _t.TypeAlias = Circle | Square\n"
        "    ShapeRef: _t.TypeAlias = Shape\n"
    ) in models
    assert 'else:\n    Bag = _rt.Alias("Bag")\n    integer = _rt.Alias("integer")\n' in models
    exported = models[models.index("__all__ = [") :]
    for name in ("Bag", "Circle", "HolderNested", "LIMIT", "NAME", "Shape"):
        assert f'    "{name}",\n' in exported
    assert models.endswith("]\n")


def test_a_schema_of_no_alias_or_constant_has_no_block_for_them() -> None:
    files = _emit("export interface A { a: string }")
    assert "TYPE_CHECKING" not in files["models.py"]
    assert '__all__ = [\n    "A",\n]\n' in files["models.py"]
    assert files["models.py"] == (
        '"""The doc."""\n\n\nfrom __future__ import annotations\n\nimport dataclasses as _dc\n'
        "import typing as _t\n\nfrom . import _runtime as _rt\n\n\n\n"
        "@_dc.dataclass(slots=True, kw_only=True)\nclass A:\n    a: str\n"
        "    model_extra: dict[str, _t.Any] = _dc.field(default_factory=_rt.no_extra)\n"
        '    """The members the class does not name, by wire name."""\n\n\n'
        '__all__ = [\n    "A",\n]\n'
    )
    assert "_ALIASES: dict[str, _rt.Spec] = {\n\n}" in files["wire.py"]


def test_an_alias_naming_a_later_one_or_itself_is_quoted_for_mypy() -> None:
    models = _emit(
        "/** Any JSON. */\nexport type Json = string | Json[];\n"
        "export type A = B[];\nexport type B = string;\n"
    )["models.py"]
    assert '    Json: _t.TypeAlias = "str | list[Json]"\n    """Any JSON."""\n' in models
    assert "    B: _t.TypeAlias = str\n    A: _t.TypeAlias = list[B]\n" in models


# ---------------------------------------------------------------------------- wire.py


def test_the_table_of_a_class() -> None:
    wire = _emit()["wire.py"]
    assert (
        '    "Square": _rt.Fields(\n'
        "        _m.Square,\n"
        '        (("kind", "kind", None), ("side", "side", None), '
        '("center", "center", _rt.Ref("Point")),),\n'
        "        None,\n"
        '        frozenset({"kind", "side"}),\n'
        "    ),\n"
    ) in wire
    assert '("by_name", "byName", _rt.DictOf(_rt.Ref("Circle")))' in wire
    assert '("tuple_", "tuple", _rt.Ref("Row"))' in wire
    assert '        (("inner", "inner", _rt.Ref("Shape")),),\n' in wire  # an anonymous class
    assert '        frozenset({"byName", "nested", "plain", "pts", "shape"}),\n' in wire
    assert '    "Point": "Point",\n' in wire
    assert '    "HolderNested": "' not in wire  # no definition of its own


def _alias(wire: str, name: str) -> str:
    start = wire.index(f'    "{name}": ', wire.index("_ALIASES"))
    return wire[start : wire.index("\n", start)]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Bag", '_rt.DictOf(_rt.Ref("Point")),'),
        ("integer", ": None,"),
        ("Plain", ": None,"),
        ("ShapeRef", '_rt.Ref("Shape"),'),
        ("Alias2", '_rt.Ref("Circle"),'),
        ("Row", '_rt.TupleOf((_rt.Ref("Point"), None,)),'),
        (
            "Shape",
            '_rt.UnionOf((_rt.Member(frozenset({"object"}), _rt.Ref("Circle"), '
            'frozenset({"kind", "r"}), (("kind", ("circle",)), ), frozenset({"kind", "r"}), '
            'definition="Circle"), ',
        ),
        ("Kinds", '_rt.Member(frozenset({"array"}), _rt.Ref("Row"), definition="Row"),)),'),
        ("Half", '_rt.UnionOf((_rt.Member(frozenset({"number"}), None), '),
        ("Pair", '_rt.TupleOf((_rt.Ref("Circle"), _rt.Ref("Square"),)), length=2), '),
        ("Pair", '_rt.Member(frozenset({"array"}), _rt.ListOf(_rt.Ref("Circle"))),)),'),
    ],
)
def test_the_table_of_an_alias(name: str, text: str) -> None:
    assert text in _alias(_emit()["wire.py"], name)


def test_several_array_members_are_one_list_member_as_deep_as_they_go() -> None:
    wire = _emit()["wire.py"]
    lists = _alias(wire, "Lists")
    assert lists.count('frozenset({"array"})') == 1  # the three arrays: one member
    assert '_rt.Member(frozenset({"string"}), None),)))),)),' in lists
    deep = _alias(wire, "Deep")
    assert deep.count('frozenset({"array"})') == 2  # arrays of arrays: one list of lists
    for cls in ("Circle", "Square", "Point"):
        assert deep.count(f'_rt.Ref("{cls}")') == 1
    pair = _alias(wire, "Pair")
    assert pair.count("length=2") == 2 and pair.count('frozenset({"array"})') == 3


def test_anonymous_classes_are_the_ones_of_their_owner() -> None:
    wire = _emit()["wire.py"]
    # Two declarations with one anonymous structure at one key: each its own class.
    assert '("nested", "nested", _rt.Ref("OtherNested"))' in wire
    assert '("n", "n", _rt.Ref("Base2N")), ("m", "m", None),' in wire  # inherited: its owner's
    assert (
        '"Base1": _rt.Fields(\n        _m.Base1,\n        (("n", "n", _rt.Ref("Base1N")),),' in wire
    )
    assert '_rt.Ref("WithInline1"), frozenset({"inner"}), (), frozenset({"inner"})), ' in _alias(
        wire, "Both"
    )
    assert '_rt.Ref("WithInline21")' in _alias(wire, "WithInline2")
    assert '_rt.Ref("IL11")' in _alias(wire, "UL") and '_rt.Ref("IL21")' in _alias(wire, "UL2")
    assert '("m", "m", _rt.DictOf(_rt.Ref("Circle"))),' in wire  # an inline map
    assert '("p", "p", _rt.Ref("PlainPair"))' in wire  # a fixed tuple is built
    assert '    "PlainPair": _rt.TupleOf((None, None,)),' in wire
    models = _emit()["models.py"]
    assert "    WithInline2: _t.TypeAlias = WithInline21 | Circle\n" in models


def test_what_a_union_member_says_of_itself() -> None:
    wire = _emit()["wire.py"]
    tris = _alias(wire, "Tris")
    # every literal a member fixes, a float one left out (no Literal holds it)
    assert (
        '(("kind", ("tri", "triangle",)), ), frozenset({"half", "kind", "open", "sides"})' in tris
    )
    assert '_rt.Ref("Tris1"), frozenset(), (), frozenset({"o", "p"}))' in tris  # requires none
    assert '_rt.Member(frozenset(), None, definition="Nope")' in _alias(wire, "WithNope")
    far = _alias(wire, "Far")
    # a chain of names followed 8 deep to the class it names
    assert '_rt.Member(frozenset({"object"}), _rt.Ref("C9"), definition="C9")' in far
    assert '_rt.Ref("C8"), frozenset({"kind", "r"}), (("kind", ("circle",)), )' in far
    # an alias of a class: its class's keys and literals
    assert '_rt.Ref("Alias2"), frozenset({"kind", "r"}), (("kind", ("circle",)), )' in _alias(
        wire, "Both"
    )
    assert '_rt.Member(frozenset({"number"}), None, definition="integer"), ' in _alias(
        wire, "IntOr"
    )
    assert '_rt.Member(frozenset({"object"}), _rt.DictOf(_rt.Ref("Circle"))), ' in _alias(
        wire, "MapOr"
    )
    assert '_rt.UnionOf((_rt.Member(frozenset({"array"}), None), ' in _alias(wire, "LP")
    d5 = _alias(wire, "D5")
    # arrays of arrays merge 4 deep; the fifth level keeps the first member's items
    assert d5.count('frozenset({"array"})') == 5 and '_rt.Ref("Square")' not in d5
    assert d5.endswith('_rt.ListOf(_rt.Ref("Circle"))),)))),)))),)))),)))),)),')
    assert '_rt.Ref("OtherPick"), frozenset({"a"}), (), frozenset({"a"})), ' in wire


def test_each_place_names_its_own_anonymous_class() -> None:
    wire = _emit()["wire.py"]
    assert '_rt.Ref("IL21")' in _alias(wire, "UL3")  # through a name: the alias of the array
    assert '_rt.Ref("WithInline21")' in _alias(wire, "Both2")  # a union alias's own
    assert '(("l", "l", _rt.Ref("IL1")),),' in wire  # an alias holding a class is built
    assert '_rt.Ref("PAQ")' in wire and '_rt.Ref("PBQ")' in wire  # in an array member
    assert '(("t", "t", _rt.TupleOf((_rt.Ref("TAT"), None,))),),' in wire  # in a fixed tuple
    assert '(("t", "t", _rt.TupleOf((_rt.Ref("TBT"), None,))),),' in wire
    assert '_rt.Ref("RAT")' in wire and '_rt.Ref("RBT")' in wire  # in a rest tuple
    assert '_rt.UnionOf((_rt.Member(frozenset({"object"}), _rt.Ref("EB1"), ' in wire  # an extra
    assert '(("kind", ("two",)), ("version", (2,)), )' in _alias(wire, "Twos")
    assert '(("m", "m", _rt.DictOf(_rt.Ref("MBM"))),),' in wire  # in a map's values
    assert '    "PlainRest": None,' in wire  # a rest tuple of plain items is kept as it is


def test_aliases_of_unions_expand_eight_deep() -> None:
    deep = _alias(_emit()["wire.py"], "Deep9")
    # U9 .. U2 give their literals (one string member); U1, at the ninth level, stays itself
    assert deep == (
        '    "Deep9": _rt.UnionOf((_rt.Member(frozenset({"object", "string"}), _rt.Ref("U1"), '
        'definition="U1"), _rt.Member(frozenset({"string"}), None), _rt.Member('
        'frozenset({"object"}), _rt.Ref("Point"), frozenset({"x"}), (), '
        'frozenset({"label", "x", "y"}), definition="Point"),)),'
    )


def test_specs_know_what_needs_building_and_each_kind() -> None:
    backend = _backend()
    specs = Specs(backend, alias_values(backend), recursive_aliases(backend)[2])
    where = ir.Span("s.ts", 7, 3)
    inline = ir.Object(properties=(ir.Property("q", ir.Primitive("string")),), span=where)
    with pytest.raises(SchemaError, match="has no class name; declare it as an interface") as e:
        specs.spec(inline, "Nowhere", "k")
    assert e.value.span == where
    # a cycle of aliases: each takes every kind the cycle reaches
    assert specs.kinds_of["Cyc1"] == frozenset({"array", "object", "string"})
    assert specs.kinds_of["Cyc2"] == frozenset({"array", "object"})
    assert specs.kinds_of["Cyc3"] == frozenset({"array", "object", "string", "null"})
    assert specs.kinds_of["Nope"] == frozenset()
    assert specs.kinds(ir.Mapping(ir.Primitive("string"))) == frozenset({"object"})
    assert specs.needs >= {"Shape", "ShapeRef", "Row", "Bag", "Lists", "Deep", "Pair"}
    assert not specs.needs & {"integer", "Plain"}
    assert specs.kinds_of["Kinds"] == frozenset(
        {"string", "number", "boolean", "null", "object", "array"}
    )
    assert specs.kinds_of["ShapeRef"] == frozenset({"object"})
    assert specs.kinds_of["integer"] == frozenset({"number"})
    assert specs.kinds_of["Plain"] == frozenset({"array"})
    assert specs.kinds(ir.Primitive("never")) == frozenset()
    assert specs.kinds(ir.Literal(True)) == frozenset({"boolean"})
    assert specs.kinds(ir.Literal("a")) == frozenset({"string"})
    assert specs.kinds(ir.Literal(2)) == frozenset({"number"})
    assert specs.kinds(ir.Primitive("undefined")) == frozenset({"null"})
    assert specs.kinds(ir.Typeof("X")) == frozenset()
    assert specs.kinds(ir.Ref("integer")) == frozenset({"number"})
    assert specs.spec(ir.Ref("integer"), "", "") is None
    assert specs.spec(ir.Tuple(()), "", "") == "_rt.TupleOf(())"


# ---------------------------------------------------------------------------- built

BUILT: list[tuple[str, Any, Any]] = [
    ("Lists", [{"kind": "square", "side": 1}], ["Square"]),
    ("Lists", ["s"], ["str"]),
    ("Deep", [[{"x": 1}], [{"x": 2}]], [["Point"], ["Point"]]),
    ("Deep", [[{"kind": "circle", "r": 1}]], [["Circle"]]),
    ("Anything", {"x": 1}, "Point"),
    ("Anything", {"y": 1}, "dict"),
    ("Kinds", [{"x": 1}, "a"], ("Point", "str")),
    ("Rest", [{"x": 1}, {"kind": "circle", "r": 2}], ["Point", "Circle"]),
    ("Opt", ["a", {"x": 1}], ["str", "Point"]),
    ("Inline", {"b": "x"}, "Inline2"),
    ("Pair", [{"kind": "square", "side": 1}, {"kind": "circle", "r": 1}], ("Square", "Circle")),
    ("Pair", [{"kind": "circle", "r": 1}, {"kind": "square", "side": 1}], ("Circle", "Square")),
    ("Pair", [{"kind": "circle", "r": 1}, {"kind": "circle", "r": 2}], ["Circle", "Circle"]),
    ("Bag", {"a": {"x": 1}}, {"a": "Point"}),
    ("Half", 0.5, "float"),
    ("Shape", {"kind": "square", "side": 1, "center": {"x": 1}}, "Square"),
    ("UL", [{"kind": "square", "side": 1}], ["Square"]),
    ("UL", [{"z": 1}], ["IL11"]),
    ("Both", {"inner": {"kind": "circle", "r": 1}}, "WithInline1"),
    ("Both", {"kind": "circle", "r": 1}, "Circle"),
    ("Tris", {"sides": 3, "kind": "triangle", "half": 0.5}, "Tri"),
    ("Tris", {"o": 1}, "Tris1"),
    ("Far", {"kind": "square", "side": 1}, "Square"),
    ("MapOr", {"a": {"kind": "circle", "r": 1}}, {"a": "Circle"}),
    ("LP", [1, 2], ["int", "int"]),
    ("Cyc1", [{"x": 1}, None, "s"], ["Point", "NoneType", "str"]),
]


def _shape(value: Any) -> Any:
    if isinstance(value, list):
        return [_shape(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_shape(v) for v in value)
    if isinstance(value, dict) and any(not isinstance(v, int | str) for v in value.values()):
        return {k: _shape(v) for k, v in value.items()}
    return type(value).__name__


def test_what_from_wire_builds(tmp_path: Path) -> None:
    pkg = _package(tmp_path, "dc_pins_built")
    for type_name, value, shape in BUILT:
        built = pkg.from_wire(value, type_name)
        assert _shape(built) == shape, type_name
        assert pkg.to_wire(built) == value
    holder_value = {
        "shape": {"kind": "circle", "r": 1},
        "pts": [{"x": 1, "y": 2.5, "label": None}],
        "byName": {"c": {"kind": "circle", "r": 1}},
        "plain": {"k": "v"},
        "nested": {"inner": {"kind": "square", "side": 2, "center": {"x": 0}}},
        "tuple": [{"x": 1}, "s"],
        "alias": {"kind": "circle", "r": 3},
        "maybe": {"x": 2},
    }
    holder = pkg.from_wire(holder_value, pkg.Holder)
    assert type(holder.shape) is pkg.Circle
    assert holder.by_name["c"] == pkg.Circle(kind="circle", r=1)
    assert holder.pts == [pkg.Point(x=1, y=2.5, label=None)]
    assert type(holder.nested.inner.center) is pkg.Point and holder.plain == {"k": "v"}
    assert holder.tuple_ == (pkg.Point(x=1), "s") and type(holder.maybe) is pkg.Point
    assert pkg.to_wire(holder) == holder_value
    mixed = pkg.from_wire({"id": True, "name": "n", "p": {"x": 1}, "q": 2}, pkg.Mixed)
    assert mixed.model_extra == {"p": pkg.Point(x=1), "q": 2} and mixed.id is True
    assert (pkg.LIMIT, pkg.NAME) == (3, "n")
