"""The dataclasses package's static runtime (``codegen/runtime/_dataclasses.py``, issue
#37), in process: small hand-written dataclasses, tables and ``schema.json`` fragments stand
for what a generated package's ``wire.py`` gives ``Codec``, and each case asserts the exact
value, type or message the runtime gives. The compiled packages' own tests are
``test_dataclasses_target.py`` (they import a copy of the file's text, so a mutant of it
never runs through them)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from codegen.runtime import _typeddict

# A package imports the TypedDict target's checker as its sibling ``_schema``: the same
# module stands for it here.
sys.modules.setdefault("codegen.runtime._schema", _typeddict)

from codegen.runtime import _dataclasses as rt  # noqa: E402

UNSET = rt.UNSET
Unset = rt.UnsetType


@dataclasses.dataclass(slots=True, kw_only=True)
class Circle:
    kind: str
    r: Any = UNSET
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True, kw_only=True)
class Square:
    kind: str
    side: Any
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True, kw_only=True)
class Point:
    x: Any
    y: Any = UNSET
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True, kw_only=True)
class Bag:
    """A class with wire names that are not its attributes, and typed other members."""

    from_: Any = UNSET
    points: Any = UNSET
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True, kw_only=True)
class Call:
    """A request: its ``params`` built as a ``Point``."""

    method: str
    params: Any = UNSET
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True, kw_only=True)
class Ping:
    """A message whose class does not name ``params``."""

    method: str
    model_extra: dict[str, Any] = dataclasses.field(default_factory=dict)


CIRCLE = rt.Member(
    frozenset({"object"}),
    rt.Ref("Circle"),
    frozenset({"kind"}),
    (("kind", ("circle",)),),
    frozenset({"kind", "r"}),
    definition="Circle",
)
SQUARE = rt.Member(
    frozenset({"object"}),
    rt.Ref("Square"),
    frozenset({"kind", "side"}),
    (("kind", ("square",)),),
    frozenset({"kind", "side"}),
    definition="Square",
)
POINT = rt.Member(
    frozenset({"object"}),
    rt.Ref("Point"),
    frozenset({"x"}),
    (),
    frozenset({"x", "y"}),
    definition="Point",
)

CLASSES: dict[str, rt.Fields] = {
    "Circle": rt.Fields(
        Circle, (("kind", "kind", None), ("r", "r", None)), None, frozenset({"kind"})
    ),
    "Square": rt.Fields(
        Square, (("kind", "kind", None), ("side", "side", None)), None, frozenset({"kind", "side"})
    ),
    "Point": rt.Fields(Point, (("x", "x", None), ("y", "y", None)), None, frozenset({"x"})),
    "Bag": rt.Fields(
        Bag,
        (("from_", "from", None), ("points", "pts", rt.ListOf(rt.Ref("Point")))),
        rt.Ref("Point"),  # an index signature of points
    ),
    "Call": rt.Fields(
        Call,
        (("method", "method", None), ("params", "params", rt.Ref("Point"))),
        None,
        frozenset({"method"}),
    ),
    "Ping": rt.Fields(Ping, (("method", "method", None),), None, frozenset({"method"})),
}

ALIASES: dict[str, rt.Spec] = {
    "Shape": rt.UnionOf((CIRCLE, SQUARE)),
    "Json": None,
    "Points": rt.DictOf(rt.Ref("Point")),
    "Deep": rt.ListOf(rt.Ref("Deep")),
    # an object member of no class beside a class: the class first, whatever the order
    "Open": rt.UnionOf((rt.Member(frozenset({"object"}), None, definition="Loose"), POINT)),
    # a string, a class, a list of classes, a fixed pair of classes
    "Mixed": rt.UnionOf(
        (
            rt.Member(frozenset({"string"}), None),
            CIRCLE,
            rt.Member(frozenset({"array"}), rt.ListOf(rt.Ref("Shape"))),
            rt.Member(
                frozenset({"array"}),
                rt.TupleOf((rt.Ref("Square"), rt.Ref("Point"))),
                length=2,
            ),
        )
    ),
    "Scalars": rt.UnionOf(
        (rt.Member(frozenset({"string", "number"}), None), rt.Member(frozenset({"null"}), None))
    ),
}

OBJECT = {"type": "object"}
SCHEMA = {
    "$defs": {
        "Circle": {
            "type": "object",
            "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}},
            "required": ["kind"],
        },
        "Square": {
            "type": "object",
            "properties": {"kind": {"const": "square"}, "side": {"type": "number"}},
            "required": ["kind", "side"],
        },
        "Point": {
            "type": "object",
            "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
            "required": ["x"],
        },
        "Loose": OBJECT,
        "Bag": OBJECT,
        "Call": {"type": "object", "required": ["method"]},
        "Ping": {"type": "object", "required": ["method"]},
        "Shape": {"anyOf": [{"$ref": "#/$defs/Circle"}, {"$ref": "#/$defs/Square"}]},
        "Json": True,
        "Points": OBJECT,
        "Deep": True,
        "Open": OBJECT,
        "Mixed": True,
        "Scalars": True,
    }
}
DEFINITIONS = {name: name for name in SCHEMA["$defs"]}
# ``Nameless`` stands for a type with no ``__name__`` that a definition names.
MODULE = SimpleNamespace(
    Circle=Circle, Square=Square, Point=Point, Bag=Bag, Call=Call, Ping=Ping, Nameless=object()
)


@pytest.fixture
def codec(tmp_path: Path) -> rt.Codec:
    # Built afresh by each test: ``make mutation`` runs a mutant of ``Codec.__init__``
    # only against the tests that called it.
    return _codec(tmp_path, SCHEMA, CLASSES, ALIASES)


def _codec(
    folder: Path, schema: dict[str, Any], classes: dict[str, rt.Fields], aliases: dict[str, Any]
) -> rt.Codec:
    (folder / "schema.json").write_text(json.dumps(schema), "utf-8")
    definitions = {n: n for n in schema["$defs"]}
    if "Json" in definitions:
        definitions["Nameless"] = "Json"
    return rt.Codec(folder, MODULE, definitions, classes, aliases)


# ---------------------------------------------------------------------------- UNSET


def test_unset_is_falsy_and_shows_as_its_name() -> None:
    assert repr(UNSET) == "UNSET" and str(UNSET.value) == "UNSET"
    assert bool(UNSET) is False and UNSET is not None
    assert rt.EXTRA == "model_extra"
    assert set(rt.__all__) >= {"UNSET", "Codec", "Fields", "Member", "ValidationError"}


# ---------------------------------------------------------------------- the tables


def test_a_member_fits_by_required_keys_and_fixed_literals() -> None:
    assert CIRCLE.keys == {"kind": frozenset({("str", "circle")})}
    assert CIRCLE.fits({"kind": "circle"}) and CIRCLE.fits({"kind": "circle", "r": 1})
    assert not CIRCLE.fits({"kind": "square"})  # the literal
    assert not CIRCLE.fits({"r": 1})  # a required key
    assert not SQUARE.fits({"kind": "square"})  # one of two required keys
    assert SQUARE.fits({"kind": "square", "side": 1})
    # a literal of a key that is not required and absent: still fits
    optional = rt.Member(frozenset({"object"}), None, literals=(("mode", ("a",)),))
    assert optional.fits({}) and not optional.fits({"mode": "b"})


@pytest.mark.parametrize(
    ("literals", "value", "fits"),
    [
        ((1,), 1.0, True),  # equal JSON numbers
        ((1,), True, False),  # a boolean is no number
        ((True,), 1, False),
        ((True,), True, True),
        ((None,), None, True),
        ((None,), "None", False),
        (("1",), 1, False),  # a string is no number
        (("a", "b"), "b", True),
        ((0,), False, False),
        ((0,), None, False),
        ((2.5,), 2.5, True),
    ],
)
def test_literals_compare_as_json(literals: tuple[object, ...], value: object, fits: bool) -> None:
    member = rt.Member(frozenset({"object"}), None, literals=(("k", literals),))
    assert member.fits({"k": value}) is fits


def test_a_literal_of_no_json_kind_is_only_itself() -> None:
    marker: list[object] = []
    member = rt.Member(frozenset({"object"}), None, literals=(("k", (marker,)),))
    assert member.fits({"k": marker}) and not member.fits({"k": []})
    assert member.keys == {"k": frozenset({("other", id(marker))})}


def test_a_member_keys_its_literals_by_json_kind() -> None:
    """The table a member keeps of its literals: numbers by value (``1`` and ``1.0`` one
    key), the others by Python type and value."""
    member = rt.Member(
        frozenset({"object"}), None, literals=(("k", (1, 1.0, True, None, "1")), ("m", (2.5,)))
    )
    assert member.keys == {
        "k": frozenset({("number", 1), ("bool", True), ("NoneType", None), ("str", "1")}),
        "m": frozenset({("number", 2.5)}),
    }


def test_a_table_knows_its_members_by_wire_key() -> None:
    bag = CLASSES["Bag"]
    assert bag.by_key == {"from": ("from_", None), "pts": ("points", rt.ListOf(rt.Ref("Point")))}
    assert bag.required == frozenset() and bag.extra == rt.Ref("Point")


# ------------------------------------------------------------------------ from_wire


def test_from_wire_builds_classes_by_wire_name_with_absent_members_unset(codec: rt.Codec) -> None:
    built = codec.from_wire({"kind": "circle"}, "Circle")
    assert built == Circle(kind="circle") and built.r is UNSET and built.model_extra == {}
    assert type(built) is Circle
    assert codec.from_wire({"kind": "circle", "r": 2}, Circle) == Circle(kind="circle", r=2)
    bag = codec.from_wire({"from": "x", "pts": [{"x": 1}, {"x": 2, "y": 3}]}, "Bag")
    assert bag == Bag(from_="x", points=[Point(x=1), Point(x=2, y=3)])


def test_unnamed_members_are_kept_in_model_extra_built_as_the_class_says(
    codec: rt.Codec,
) -> None:
    circle = codec.from_wire({"kind": "circle", "z": {"x": 1}, "w": [1]}, "Circle")
    assert circle.model_extra == {"z": {"x": 1}, "w": [1]}  # kept as they are
    bag = codec.from_wire({"a": {"x": 1}, "b": {"x": 2, "q": None}}, "Bag")
    assert bag.model_extra == {"a": Point(x=1), "b": Point(x=2, model_extra={"q": None})}
    assert bag.from_ is UNSET and bag.points is UNSET


def test_from_wire_raises_where_the_schema_refuses(codec: rt.Codec) -> None:
    with pytest.raises(rt.ValidationError, match=r"^Circle: \['r'\]: ") as caught:
        codec.from_wire({"kind": "circle", "r": "1"}, Circle)
    assert caught.value.loc == ("r",) and caught.value.definition == "Circle"
    with pytest.raises(rt.ValidationError, match=r"^Square: "):
        codec.from_wire({"kind": "square"}, "Square")
    with pytest.raises(TypeError, match="no definition"):
        codec.from_wire({}, dict)


def test_a_type_of_no_name_is_built_as_no_class(codec: rt.Codec) -> None:
    assert codec.from_wire({"x": 1}, MODULE.Nameless) == {"x": 1}


def test_a_value_deeper_than_the_stack_is_refused_not_a_traceback(codec: rt.Codec) -> None:
    deep: list[object] = []
    for _ in range(sys.getrecursionlimit() * 2):
        deep = [deep]
    with pytest.raises(rt.ValidationError) as caught:
        codec.from_wire(deep, "Deep")  # the schema accepts anything: only the build fails
    assert str(caught.value) == "Deep: value: the value is nested too deeply to build"
    assert caught.value.loc == () and caught.value.__cause__ is None
    assert caught.value.__suppress_context__
    assert codec.from_wire([[[]]], "Deep") == [[[]]]


def test_aliases_lists_and_dicts_build_their_items(codec: rt.Codec) -> None:
    assert codec.from_wire({"a": {"x": 1}}, "Points") == {"a": Point(x=1)}
    assert codec.from_wire({"a": [1]}, "Json") == {"a": [1]}
    assert codec.build(rt.DictOf(rt.Ref("Point")), [1]) == [1]  # not a dict: kept
    assert codec.build(rt.ListOf(rt.Ref("Point")), {"x": 1}) == {"x": 1}  # not a list: kept
    assert codec.build(rt.ListOf(rt.Ref("Point")), [{"x": 1}]) == [Point(x=1)]
    assert codec.build(rt.Ref("Nowhere"), {"x": 1}) == {"x": 1}  # no table: kept
    assert codec.build(None, {"x": 1}) == {"x": 1}


def test_a_fixed_tuple_is_built_only_at_its_length(codec: rt.Codec) -> None:
    pair = rt.TupleOf((rt.Ref("Point"), None))
    built = codec.build(pair, [{"x": 1}, {"x": 2}])
    assert built == (Point(x=1), {"x": 2}) and type(built) is tuple
    assert codec.build(pair, [{"x": 1}]) == [{"x": 1}]
    assert codec.build(pair, [{"x": 1}, 2, 3]) == [{"x": 1}, 2, 3]
    assert codec.build(pair, {"x": 1}) == {"x": 1}


def test_an_object_missing_a_required_key_is_kept_as_it_is(codec: rt.Codec) -> None:
    assert codec.build(rt.Ref("Square"), {"kind": "square"}) == {"kind": "square"}
    assert codec.build(rt.Ref("Point"), [1]) == [1]
    assert codec.build(rt.Ref("Point"), {"x": 1}) == Point(x=1)


# ---------------------------------------------------------------------------- unions


def test_a_union_member_is_picked_by_its_literals(codec: rt.Codec) -> None:
    assert codec.from_wire({"kind": "square", "side": 1}, "Shape") == Square(kind="square", side=1)
    assert codec.from_wire({"kind": "circle", "side": 1}, "Shape") == Circle(
        kind="circle", model_extra={"side": 1}
    )


def test_a_union_of_no_class_for_the_kind_keeps_the_value(codec: rt.Codec) -> None:
    assert codec.from_wire("s", "Mixed") == "s"
    assert codec.from_wire(3, "Scalars") == 3 and codec.from_wire(None, "Scalars") is None
    assert codec.from_wire(True, "Mixed") is True  # no member takes it: kept


def test_a_class_goes_before_an_object_of_no_class(codec: rt.Codec) -> None:
    assert codec.from_wire({"x": 1}, "Open") == Point(x=1)
    assert codec.from_wire({"k": 1}, "Open") == {"k": 1}  # Point's required key is absent


def test_the_class_that_names_most_of_the_keys_goes_first(tmp_path: Path) -> None:
    # Both fit and both definitions accept: the one naming more of the value's keys wins,
    # and of two naming as many, the first in the schema's order.
    wide = rt.Member(frozenset({"object"}), rt.Ref("Square"), named=frozenset({"kind", "side"}))
    narrow = rt.Member(frozenset({"object"}), rt.Ref("Circle"), named=frozenset({"kind"}))
    narrow2 = rt.Member(frozenset({"object"}), rt.Ref("Point"), named=frozenset({"kind"}))
    aliases = {
        "Ab": rt.UnionOf((narrow, wide)),
        "Ba": rt.UnionOf((wide, narrow)),
        "Tie": rt.UnionOf((narrow, narrow2)),
        "Tie2": rt.UnionOf((narrow2, narrow)),
    }
    classes = {
        "Circle": rt.Fields(Circle, (("kind", "kind", None),)),
        "Square": rt.Fields(Square, (("kind", "kind", None), ("side", "side", None))),
        "Point": rt.Fields(Point, (("x", "kind", None),)),
    }
    codec = _codec(tmp_path, {"$defs": {n: True for n in aliases}}, classes, aliases)
    value = {"kind": "k", "side": 2}
    assert codec.from_wire(value, "Ab") == Square(kind="k", side=2)
    assert codec.from_wire(value, "Ba") == Square(kind="k", side=2)
    assert codec.from_wire(value, "Tie") == Circle(kind="k", model_extra={"side": 2})
    assert codec.from_wire(value, "Tie2") == Point(x="k", model_extra={"side": 2})


def test_of_several_that_fit_the_first_the_schema_accepts(tmp_path: Path) -> None:
    # Point and Circle both fit {"x": 1, "kind": "c"}; Point's definition refuses a "kind",
    # so Circle is built; where neither definition accepts, the first class is.
    point = rt.Member(frozenset({"object"}), rt.Ref("Point"), named=frozenset({"x", "kind"}))
    strict_point = dataclasses.replace(point, definition="StrictPoint")
    circle = rt.Member(frozenset({"object"}), rt.Ref("Circle"), named=frozenset({"kind"}))
    closed_circle = dataclasses.replace(circle, definition="ClosedCircle")
    aliases = {
        "U": rt.UnionOf((strict_point, closed_circle)),
        "V": rt.UnionOf((strict_point, dataclasses.replace(closed_circle, definition=None))),
    }
    classes = {
        "Point": rt.Fields(Point, (("x", "x", None), ("kind", "kind", None))),
        "Circle": rt.Fields(Circle, (("kind", "kind", None),)),
    }
    closed: dict[str, Any] = {"type": "object", "additionalProperties": False}
    schema = {
        "$defs": {
            "U": True,
            "V": True,
            "StrictPoint": {**closed, "properties": {"x": {"type": "number"}}},
            "ClosedCircle": {**closed, "properties": {"kind": {}, "x": {}}},
        }
    }
    classes["Point"] = rt.Fields(Point, (("x", "x", None),))
    codec = _codec(tmp_path, schema, classes, aliases)
    assert codec.from_wire({"x": 1, "kind": "c"}, "U") == Circle(kind="c", model_extra={"x": 1})
    assert codec.from_wire({"x": 1}, "U") == Point(x=1)  # both accept: the first
    # neither accepts {"x": 1, "kind": "c", "z": 0}: the first class
    assert codec.from_wire({"x": 1, "kind": "c", "z": 0}, "U") == Point(
        x=1, model_extra={"kind": "c", "z": 0}
    )
    # an anonymous member (no definition) is never asked
    assert codec.from_wire({"x": 1, "kind": "c"}, "V") == Point(x=1, model_extra={"kind": "c"})


def test_when_no_member_fits_every_one_stays_a_candidate(tmp_path: Path) -> None:
    # neither has its required "q": both stay, the one naming the value's key first
    a = rt.Member(
        frozenset({"object"}), rt.Ref("Point"), frozenset({"x", "q"}), named=frozenset("x")
    )
    b = rt.Member(
        frozenset({"object"}), rt.Ref("Circle"), frozenset({"kind", "q"}), named=frozenset({"kind"})
    )
    classes = {
        "Point": rt.Fields(Point, (("x", "x", None),)),
        "Circle": rt.Fields(Circle, (("kind", "kind", None),)),
    }
    codec = _codec(tmp_path, {"$defs": {"U": True}}, classes, {"U": rt.UnionOf((a, b))})
    assert codec.from_wire({"kind": "c"}, "U") == Circle(kind="c")
    assert codec.from_wire({"x": 1}, "U") == Point(x=1)
    assert codec.from_wire({"x": 1, "q": 0}, "U") == Point(x=1, model_extra={"q": 0})


def test_an_array_is_a_fixed_tuple_of_its_length_whose_classes_fit_else_the_list(
    codec: rt.Codec,
) -> None:
    square, point = {"kind": "square", "side": 1}, {"x": 1}
    built = codec.from_wire([square, point], "Mixed")
    assert built == (Square(kind="square", side=1), Point(x=1)) and type(built) is tuple
    # the tuple's first class lacks a required key: the list of shapes
    circle = {"kind": "circle"}
    assert codec.from_wire([circle, circle], "Mixed") == [Circle(kind="circle")] * 2
    # the second item is no object: the list (whose items are kept as they are)
    assert codec.from_wire([square, 2], "Mixed") == [Square(kind="square", side=1), 2]
    # another length: the list
    assert codec.from_wire([square], "Mixed") == [Square(kind="square", side=1)]
    assert codec.from_wire([square, point, square], "Mixed") == [
        Square(kind="square", side=1),
        {"x": 1},
        Square(kind="square", side=1),
    ]


def test_array_members_of_no_list_fall_back_to_the_first(tmp_path: Path) -> None:
    two = rt.Member(frozenset({"array"}), rt.TupleOf((rt.Ref("Point"), None)), length=2)
    three = rt.Member(frozenset({"array"}), rt.TupleOf((None, None, rt.Ref("Point"))), length=3)
    classes = {"Point": rt.Fields(Point, (("x", "x", None),), None, frozenset({"x"}))}
    aliases = {"T": rt.UnionOf((two, three)), "S": rt.UnionOf((three, two))}
    codec = _codec(tmp_path, {"$defs": {"T": True, "S": True}}, classes, aliases)
    assert codec.from_wire([{"x": 1}, 2], "T") == (Point(x=1), 2)
    assert codec.from_wire([1, 2, {"x": 3}], "T") == (1, 2, Point(x=3))
    assert codec.from_wire([{"x": 1}, 2], "S") == (Point(x=1), 2)
    assert codec.from_wire([1], "T") == [1]  # neither length: the first member keeps it
    # the tuple of its length whose class lacks a key: still the first, the item kept
    assert codec.from_wire([1, 2, {"y": 3}], "S") == (1, 2, {"y": 3})
    assert codec.from_wire([1, 2, {"y": 3}], "T") == [1, 2, {"y": 3}]


def test_a_tuple_item_of_no_class_or_an_alias_always_fits(tmp_path: Path) -> None:
    pair = rt.Member(frozenset({"array"}), rt.TupleOf((rt.Ref("Json"), rt.ListOf(None))), length=2)
    other = rt.Member(frozenset({"array"}), rt.ListOf(rt.Ref("Point")))
    classes = {"Point": rt.Fields(Point, (("x", "x", None),), None, frozenset({"x"}))}
    aliases = {"U": rt.UnionOf((other, pair)), "Json": None}
    codec = _codec(tmp_path, {"$defs": {"U": True}}, classes, aliases)
    assert codec.from_wire([{"x": 1}, [2]], "U") == ({"x": 1}, [2])


# ------------------------------------------------------------------------- params


def test_params_are_built_as_the_message_class_says(codec: rt.Codec) -> None:
    assert codec.params({"method": "m", "params": {"x": 1}}, "Call") == Point(x=1)
    assert codec.params({"method": "m"}, "Call") is None
    assert codec.params({"method": "m", "params": {"x": 1}}, "Ping") == {"x": 1}
    assert codec.params({"method": "m", "params": {"x": 1}}, "Nowhere") == {"x": 1}
    assert codec.params({"method": "m", "params": None}, "Ping") is None


# -------------------------------------------------------------------------- to_wire


def test_to_wire_gives_wire_names_leaves_unset_out_and_keeps_extra(codec: rt.Codec) -> None:
    bag = Bag(from_="x", points=[Point(x=1, y=UNSET)], model_extra={"p": Point(x=2, y=None)})
    assert codec.to_wire(bag) == {"from": "x", "pts": [{"x": 1}], "p": {"x": 2, "y": None}}
    assert list(codec.to_wire(bag)) == ["from", "pts", "p"]
    assert codec.to_wire(Bag()) == {}
    assert codec.to_wire((Point(x=1), "s")) == [{"x": 1}, "s"]
    assert codec.to_wire({"k": (1, Point(x=0))}) == {"k": [1, {"x": 0}]}
    assert codec.to_wire(None) is None and codec.to_wire("s") == "s"
    assert codec.encode(Point(x=3)) == {"x": 3}


def test_to_wire_refuses_a_bare_unset(codec: rt.Codec) -> None:
    with pytest.raises(ValueError, match=r"^UNSET is absence: it has no JSON value$"):
        codec.to_wire([UNSET])


def test_a_subclass_is_written_as_the_package_class_it_derives_from(codec: rt.Codec) -> None:
    @dataclasses.dataclass(slots=True, kw_only=True)
    class MyPoint(Point):
        note: str = "mine"

    class Deeper(MyPoint):
        pass

    assert codec.to_wire(MyPoint(x=1, y=2)) == {"x": 1, "y": 2}
    assert codec.to_wire(Deeper(x=1)) == {"x": 1}

    class Other:
        pass

    other = Other()
    assert codec.to_wire(other) is other  # no table: kept as it is


def test_round_trip_of_every_accepted_value(codec: rt.Codec) -> None:
    values = [
        ({"kind": "circle", "r": 1, "z": [None]}, "Circle"),
        ({"from": "x", "pts": [{"x": 1}], "o": {"x": 2}}, "Bag"),
        ([{"kind": "square", "side": 1}, {"x": 1}], "Mixed"),
        ({"a": {"x": 1, "y": 2}}, "Points"),
    ]
    for value, name in values:
        assert codec.to_wire(codec.from_wire(value, name)) == value


# ------------------------------------------------------------- what is asked of the schema


class Counting:
    """The package's validator, counting the definitions it is asked about."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.asked = inner, []

    def errors(self, value: object, type_: object) -> Any:
        self.asked.append(type_)
        return self.inner.errors(value, type_)


def test_one_member_for_the_value_is_built_without_asking_the_schema_again(
    codec: rt.Codec,
) -> None:
    counting = Counting(codec.validator)
    codec.validator = counting  # type: ignore[assignment]
    square = {"kind": "square", "side": 1}
    assert codec.from_wire(square, "Shape") == Square(kind="square", side=1)  # Square alone fits
    assert counting.asked == ["Shape"]
    assert codec.from_wire({"kind": "circle"}, "Mixed") == Circle(kind="circle")  # one class
    assert counting.asked == ["Shape", "Mixed"]
    # two fit (Point, and the object of no class): the schema is asked about the first
    assert codec.from_wire({"x": 1}, "Open") == Point(x=1)
    assert counting.asked == ["Shape", "Mixed", "Open", "Point"]


def test_several_members_that_take_a_scalar_keep_it(tmp_path: Path) -> None:
    # A member that takes numbers and objects (an alias of ``number | Point``) beside a
    # number member: a number is kept as it is.
    either = rt.Member(frozenset({"number", "object"}), rt.Ref("IntOr"), definition="IntOr")
    number = rt.Member(frozenset({"number", "string"}), None)
    aliases: dict[str, rt.Spec] = {
        "U": rt.UnionOf((either, number)),
        "IntOr": rt.UnionOf((rt.Member(frozenset({"number"}), None), POINT)),
    }
    classes = {"Point": CLASSES["Point"]}
    codec = _codec(tmp_path, {"$defs": {"U": True, "IntOr": True}}, classes, aliases)
    assert codec.from_wire(3, "U") == 3 and codec.from_wire("s", "U") == "s"
    assert codec.from_wire({"x": 1}, "U") == Point(x=1)


def test_a_fixed_tuple_named_by_an_alias_goes_before_the_list(tmp_path: Path) -> None:
    # Its items are not looked into (the alias is no ``TupleOf``): its length decides.
    row = rt.Member(frozenset({"array"}), rt.Ref("Row"), length=2, definition="Row")
    rows = rt.Member(frozenset({"array"}), rt.ListOf(None))
    aliases: dict[str, rt.Spec] = {
        "U": rt.UnionOf((rows, row)),
        "Row": rt.TupleOf((rt.Ref("Point"), None)),
    }
    classes = {"Point": CLASSES["Point"]}
    codec = _codec(tmp_path, {"$defs": {"U": True, "Row": True}}, classes, aliases)
    built = codec.from_wire([{"x": 1}, "s"], "U")
    assert built == (Point(x=1), "s") and type(built) is tuple
    assert codec.from_wire([{"y": 1}, "s"], "U") == ({"y": 1}, "s")
    assert codec.from_wire([{"x": 1}], "U") == [{"x": 1}]  # another length: the list
