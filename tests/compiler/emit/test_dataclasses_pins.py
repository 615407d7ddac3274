"""Pins of the dataclasses target's emitter (``codegen/emit/python/dataclasses/``, issue
#37): the exact tables ``wire.py`` gives ``from_wire`` and the classes ``models.py``
declares for one schema of every shape the builder reads, and what the package builds
from them. In process only (``make mutation`` runs this file)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import build, package_doc
from codegen.build.targets import TARGETS
from codegen.emit.python.backend import PythonBackend
from codegen.emit.python.dataclasses.module import Specs
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
export interface Holder {
  shape: ShapeRef; pts: Point[]; byName: Record<string, Circle>; plain: Record<string, string>;
  alias?: Alias2; tuple?: Row; nested: { inner: Shape }; maybe?: Point | undefined;
}
"""


def _schema() -> ir.Schema:
    return resolve([parse_module("s.ts", RICH)])


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    return build(
        _schema(),
        command="pytest",
        emitters=TARGETS["dataclasses"],
        package_doc=package_doc("dataclasses"),
    )


@pytest.fixture(scope="module")
def pkg(files: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("dcpins")
    folder = root / "dc_pins_pkg"
    folder.mkdir()
    for rel, body in files.items():
        (folder / rel).write_text(body, "utf-8")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("dc_pins_pkg")
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m.split(".")[0] == "dc_pins_pkg"]:
            del sys.modules[name]


# ---------------------------------------------------------------------------- models.py


def test_a_class_lists_its_members_absent_ones_unset_and_its_extra(files: dict[str, str]) -> None:
    models = files["models.py"]
    assert (
        "@_dc.dataclass(slots=True, kw_only=True)\n"
        "class Point:\n"
        '    """A point."""\n'
        "\n"
        "    x: int\n"
        "    y: int | float | _rt.UnsetType = _rt.UNSET\n"
        '    """Across."""\n'
        "    label: str | None | _rt.UnsetType = _rt.UNSET\n"
        "    model_extra: dict[str, _t.Any] = _dc.field(default_factory=dict)\n"
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


def test_the_header_constants_aliases_and_exports(files: dict[str, str]) -> None:
    models = files["models.py"]
    assert (
        "from __future__ import annotations\n\nimport dataclasses as _dc\nimport typing as _t\n\n"
        'from . import _runtime as _rt\n\n\nLIMIT: _t.Final = 3\nNAME: _t.Final = "n"\n\n\n@'
    ) in models
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


def test_a_schema_of_no_alias_has_no_alias_block() -> None:
    schema = resolve([parse_module("s.ts", "export interface A { a: string }")])
    files = build(schema, command="t", emitters=TARGETS["dataclasses"])
    assert "TYPE_CHECKING" not in files["models.py"]
    assert '__all__ = [\n    "A",\n]\n' in files["models.py"]
    assert "_ALIASES: dict[str, _rt.Spec] = {}\n" in files["wire.py"]


# ---------------------------------------------------------------------------- wire.py


def test_the_table_of_a_class(files: dict[str, str]) -> None:
    wire = files["wire.py"]
    assert (
        '    "Square": _rt.Fields(\n'
        "        _m.Square,\n"
        "        (\n"
        '            ("kind", "kind", None),\n'
        '            ("side", "side", None),\n'
        '            ("center", "center", _rt.Ref("Point")),\n'
        "        ),\n"
        "        None,\n"
        '        frozenset({"kind", "side"}),\n'
        "    ),\n"
    ) in wire
    assert (
        '            ("shape", "shape", _rt.Ref("ShapeRef")),\n'
        '            ("pts", "pts", _rt.ListOf(_rt.Ref("Point"))),\n'
        '            ("by_name", "byName", _rt.DictOf(_rt.Ref("Circle"))),\n'
        '            ("plain", "plain", None),\n'
        '            ("alias", "alias", _rt.Ref("Alias2")),\n'
        '            ("tuple_", "tuple", _rt.Ref("Row")),\n'
        '            ("nested", "nested", _rt.Ref("HolderNested")),\n'
    ) in wire
    assert '        (("inner", "inner", _rt.Ref("Shape")),),\n' in wire  # an anonymous class
    assert '        frozenset({"byName", "nested", "plain", "pts", "shape"}),\n' in wire


def test_an_index_signature_beside_members_is_the_extra_spec(files: dict[str, str]) -> None:
    wire = files["wire.py"]
    mixed = wire[wire.index('    "Mixed": _rt.Fields(') : wire.index('    "Inline1": _rt.Fields(')]
    assert mixed == (
        '    "Mixed": _rt.Fields(\n'
        "        _m.Mixed,\n"
        "        (\n"
        '            ("id", "id", None),\n'
        '            ("name", "name", None),\n'
        "        ),\n"
        "        _rt.UnionOf(\n"
        "            (\n"
        "                _rt.Member(\n"
        '                    frozenset({"object"}),\n'
        '                    _rt.Ref("Point"),\n'
        '                    frozenset({"x"}),\n'
        "                    (),\n"
        '                    frozenset({"label", "x", "y"}),\n'
        '                    definition="Point",\n'
        "                ),\n"
        '                _rt.Member(frozenset({"string"}), None),\n'
        '                _rt.Member(frozenset({"number"}), None),\n'
        '                _rt.Member(frozenset({"boolean"}), None),\n'
        "            )\n"
        "        ),\n"
        '        frozenset({"id", "name"}),\n'
        "    ),\n"
    )


def _alias(wire: str, name: str) -> str:
    start = wire.index(f'    "{name}": ', wire.index("_ALIASES"))
    end = wire.find('\n    "', start + 1)
    end = wire.index("\n}\n", start) if end < 0 else end
    return wire[start:end]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Bag", '    "Bag": _rt.DictOf(_rt.Ref("Point")),'),
        ("integer", '    "integer": None,'),
        ("ShapeRef", '    "ShapeRef": _rt.Ref("Shape"),'),
        ("Alias2", '    "Alias2": _rt.Ref("Circle"),'),
        (
            "Row",
            '    "Row": _rt.TupleOf(\n        (\n            _rt.Ref("Point"),\n            None,\n        )\n    ),',
        ),
        ("Plain", '    "Plain": None,'),
        (
            "Half",
            '    "Half": _rt.UnionOf(\n        (\n            _rt.Member(frozenset({"number"}), None),',
        ),
        (
            "Anything",
            '    "Anything": _rt.UnionOf(\n        (\n            _rt.Member('
            'frozenset({"array", "boolean", "null", "number", "object", "string"}), None),',
        ),
        (
            "Shape",
            '    "Shape": _rt.UnionOf(\n        (\n            _rt.Member(\n'
            '                frozenset({"object"}),\n                _rt.Ref("Circle"),\n'
            '                frozenset({"kind", "r"}),\n                (("kind", ("circle",)),),\n'
            '                frozenset({"kind", "r"}),\n                definition="Circle",\n'
            "            ),\n",
        ),
        (
            "Kinds",
            '            _rt.Member(frozenset({"string"}), None),\n'
            '            _rt.Member(frozenset({"number"}), None),\n'
            '            _rt.Member(frozenset({"boolean"}), None),\n'
            '            _rt.Member(frozenset({"null"}), None),\n',
        ),
        (
            "Kinds",
            '            _rt.Member(frozenset({"array"}), _rt.Ref("Row"), definition="Row"),',
        ),
        ("Rest", '    "Rest": _rt.ListOf(\n        _rt.UnionOf(\n'),
        (
            "Opt",
            '    "Opt": _rt.ListOf(\n        _rt.UnionOf(\n            (\n                _rt.Member(frozenset({"string"}), None),',
        ),
        (
            "Lists",
            '    "Lists": _rt.UnionOf(\n        (\n            _rt.Member(\n'
            '                frozenset({"array"}),\n                _rt.ListOf(\n'
            "                    _rt.UnionOf(\n",
        ),
        ("Lists", '                            _rt.Member(frozenset({"string"}), None),\n'),
        ("Inline", '                _rt.Ref("Inline2"),\n                frozenset({"b"}),\n'),
        ("Pair", "length=2"),
    ],
)
def test_the_table_of_an_alias(files: dict[str, str], name: str, text: str) -> None:
    assert text in _alias(files["wire.py"], name)


def test_several_array_members_are_one_list_member_as_deep_as_they_go(
    files: dict[str, str],
) -> None:
    lists = _alias(files["wire.py"], "Lists")
    assert lists.count('frozenset({"array"})') == 1  # the three arrays: one member
    for cls in ("Circle", "Square"):
        assert f'_rt.Ref("{cls}")' in lists
    deep = _alias(files["wire.py"], "Deep")
    assert deep.count('frozenset({"array"})') == 2  # arrays of arrays: one list of lists
    for cls in ("Circle", "Square", "Point"):
        assert deep.count(f'_rt.Ref("{cls}")') == 1
    pair = _alias(files["wire.py"], "Pair")
    assert pair.count("length=2") == 2 and pair.count('frozenset({"array"})') == 3


def test_the_definitions_are_the_declarations_with_one(files: dict[str, str]) -> None:
    wire = files["wire.py"]
    assert (
        '    "Point": "Point",\n' in wire
        and '    "HolderNested"' not in wire[: wire.index("_CLASSES")]
    )


def test_an_anonymous_type_with_no_class_name_is_a_located_error() -> None:
    backend = PythonBackend(_schema())
    values = alias_values(backend)
    specs = Specs(backend, values, recursive_aliases(backend)[2])
    inline = ir.Object(properties=(ir.Property("q", ir.Primitive("string")),))
    with pytest.raises(SchemaError, match="has no class name; declare it as an interface"):
        specs.spec(inline, "Nowhere", "k")
    assert specs.needs >= {"Shape", "ShapeRef", "Row", "Bag", "Lists", "Deep"}
    assert not specs.needs & {"integer", "Plain"}
    assert specs.kinds_of["Kinds"] == frozenset(
        {"string", "number", "boolean", "null", "object", "array"}
    )
    assert specs.kinds_of["ShapeRef"] == frozenset({"object"})
    assert specs.kinds_of["integer"] == frozenset({"number"})
    assert specs.kinds(ir.Primitive("never")) == frozenset()
    assert specs.kinds(ir.Literal(True)) == frozenset({"boolean"})
    assert specs.kinds(ir.Literal("a")) == frozenset({"string"})
    assert specs.kinds(ir.Literal(2)) == frozenset({"number"})
    assert specs.kinds(ir.Primitive("undefined")) == frozenset({"null"})
    assert specs.kinds(ir.Typeof("X")) == frozenset()


# ---------------------------------------------------------------------------- built


@pytest.mark.parametrize(
    ("type_name", "value", "shape"),
    [
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
    ],
)
def test_what_from_wire_builds(pkg: ModuleType, type_name: str, value: Any, shape: Any) -> None:
    built = pkg.from_wire(value, type_name)
    assert _shape(built) == shape
    assert pkg.to_wire(built) == value


def _shape(value: Any) -> Any:
    if isinstance(value, list):
        return [_shape(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_shape(v) for v in value)
    if isinstance(value, dict) and any(not isinstance(v, int | str) for v in value.values()):
        return {k: _shape(v) for k, v in value.items()}
    return type(value).__name__


def test_a_class_with_every_kind_of_member(pkg: ModuleType) -> None:
    value = {
        "shape": {"kind": "circle", "r": 1},
        "pts": [{"x": 1, "y": 2.5, "label": None}],
        "byName": {"c": {"kind": "circle", "r": 1}},
        "plain": {"k": "v"},
        "nested": {"inner": {"kind": "square", "side": 2, "center": {"x": 0}}},
        "tuple": [{"x": 1}, "s"],
        "alias": {"kind": "circle", "r": 3},
        "maybe": {"x": 2},
    }
    holder = pkg.from_wire(value, pkg.Holder)
    assert type(holder.shape) is pkg.Circle and holder.by_name["c"] == pkg.Circle(
        kind="circle", r=1
    )
    assert holder.pts == [pkg.Point(x=1, y=2.5, label=None)]
    assert type(holder.nested.inner.center) is pkg.Point and holder.plain == {"k": "v"}
    assert holder.tuple_ == (pkg.Point(x=1), "s") and type(holder.maybe) is pkg.Point
    assert pkg.to_wire(holder) == value
    mixed = pkg.from_wire({"id": True, "name": "n", "p": {"x": 1}, "q": 2}, pkg.Mixed)
    assert mixed.model_extra == {"p": pkg.Point(x=1), "q": 2} and mixed.id is True


def test_a_module_constant_is_exported(pkg: ModuleType) -> None:
    assert (pkg.LIMIT, pkg.NAME) == (3, "n")


def test_the_files(files: dict[str, str]) -> None:
    assert sorted(files) == [
        "__init__.py",
        "_runtime.py",
        "_schema.py",
        "models.py",
        "py.typed",
        "schema.json",
        "wire.py",
    ]
    root = Path(__file__).resolve().parents[3] / "codegen" / "runtime"
    assert files["_runtime.py"].endswith((root / "_dataclasses.py").read_text("utf-8"))
    assert files["_schema.py"].endswith((root / "_typeddict.py").read_text("utf-8"))
