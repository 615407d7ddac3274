"""``ir.node_class.node`` (#37) applied AT TEST TIME: each class here is declared inside its
test, once with ``@node`` and once with ``@dataclass(frozen=True, slots=True)``, and the two
must behave alike (fields, ``__init__``, repr, eq, hash, frozen errors, ``replace``,
``copy``). The IR's own source is also compiled again inside a test with ``@node`` kept.
(test_ir_node_class.py compares the classes made at import, which a mutation run's forked
workers never re-make.)"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from codegen import ir
from codegen.ir.node_class import node

from .test_ir_node_class import REFERENCES, _outcome

FROZEN = dataclasses.dataclass(frozen=True, slots=True)
DECORATORS = {"node": node, "dataclass": FROZEN}
_SHARED = ("shared",)  # a default whose identity is kept


def _pair(make: Callable[[Callable[[type], type]], type]) -> tuple[Any, Any]:
    """The class ``make`` declares, made by ``node`` and by ``dataclass``."""
    return make(node), make(FROZEN)


def _point(decorate: Callable[[type], type]) -> type:
    @decorate
    class Point:
        x: int
        y: Any = _SHARED
        label: str = dataclasses.field(default="p", repr=False, compare=False)
        weight: int = dataclasses.field(default=1, hash=False)
        tag: str = dataclasses.field(default="t", compare=False, hash=True)

    return Point


def _one(decorate: Callable[[type], type]) -> type:
    @decorate
    class One:
        """One field, documented."""

        value: Any

    return One


def _empty(decorate: Callable[[type], type]) -> type:
    @decorate
    class Empty:
        pass

    return Empty


def _blank_doc(decorate: Callable[[type], type]) -> type:
    @decorate
    class Blank:
        """"""

        a: int
        b: str = "b"

    return Blank


MAKERS = [_point, _one, _empty, _blank_doc]


def _args(kind: type) -> dict[str, Any]:
    return {f.name: [f.name] for f in dataclasses.fields(kind)}


def _methods(kind: type) -> list[tuple[str, str, str]]:
    names = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
    return [
        (getattr(kind, n).__name__, getattr(kind, n).__qualname__, getattr(kind, n).__module__)
        for n in names
    ]


def _parameters(kind: type) -> list[tuple[str, object, object]]:
    """``__init__``'s parameters (``node``'s carries no annotations)."""
    parameters = inspect.signature(kind.__init__).parameters.values()  # type: ignore[misc]
    return [(p.name, p.kind, p.default) for p in parameters]


@pytest.mark.parametrize("make", MAKERS, ids=lambda m: m.__name__)
def test_a_class_node_makes_now_is_the_frozen_dataclass(make: Any) -> None:
    mine, theirs = _pair(make)
    assert mine.__doc__ == theirs.__doc__
    assert mine.__match_args__ == theirs.__match_args__
    assert mine.__slots__ == theirs.__slots__
    assert repr(mine.__dataclass_params__) == repr(theirs.__dataclass_params__)
    assert mine.__dataclass_params__.frozen and not mine.__dataclass_params__.unsafe_hash
    assert [repr(f) for f in dataclasses.fields(mine)] == [
        repr(f) for f in dataclasses.fields(theirs)
    ]
    assert _parameters(mine) == _parameters(theirs)
    assert _methods(mine) == _methods(theirs)
    assert mine.__repr__.__qualname__ == f"{make.__name__}.<locals>.{mine.__name__}.__repr__"
    assert mine.__init__.__module__ == __name__


@pytest.mark.parametrize("make", MAKERS, ids=lambda m: m.__name__)
def test_an_instance_node_makes_now_behaves_as_the_dataclass_one(make: Any) -> None:
    mine_kind, theirs_kind = _pair(make)
    values = _args(mine_kind)
    mine, theirs = mine_kind(**values), theirs_kind(**values)
    assert repr(mine) == repr(theirs)
    assert _outcome(hash, mine) == _outcome(hash, theirs)
    assert (mine == mine_kind(**values)) is (theirs == theirs_kind(**values)) is True
    assert (mine != mine_kind(**values)) is (theirs != theirs_kind(**values)) is False
    assert mine.__eq__(values) is theirs.__eq__(values) is NotImplemented
    for name in [*values, "not_a_field"]:
        assert _outcome(setattr, mine, name, 1) == _outcome(setattr, theirs, name, 1)
        assert _outcome(delattr, mine, name) == _outcome(delattr, theirs, name)
    for field_name, value in values.items():
        assert getattr(mine, field_name) is value
        changed = dataclasses.replace(mine, **{field_name: ["other"]})
        changed_ref = dataclasses.replace(theirs, **{field_name: ["other"]})
        assert (changed == mine) is (changed_ref == theirs)
        assert repr(changed) == repr(changed_ref)
        assert _outcome(hash, changed) == _outcome(hash, changed_ref)
    for copier in (copy.copy, copy.deepcopy):
        assert copier(mine) == mine and type(copier(mine)) is mine_kind
        assert repr(copier(mine)) == repr(copier(theirs))


def test_init_takes_the_fields_in_order_with_their_defaults() -> None:
    Point, Ref = _pair(_point)
    point = Point(1)
    assert (point.x, point.y, point.label, point.weight, point.tag) == (1, ("shared",), "p", 1, "t")
    assert point.y is _SHARED  # the default itself, not a copy
    assert Point(1, 2, "l", 3, "g") == Point(x=1, y=2, label="m", weight=3, tag="h")
    assert (
        repr(Point(1, 2, "l", 3, "g"))
        == repr(Ref(1, 2, "l", 3, "g"))
        == (f"{Point.__qualname__}(x=1, y=2, weight=3, tag='g')")
    )
    with pytest.raises(TypeError, match=r"missing 1 required positional argument: 'x'"):
        Point()
    with pytest.raises(TypeError, match=r"takes from 2 to 6 positional arguments but 7"):
        Point(1, 2, 3, 4, 5, 6)
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'z'"):
        Point(1, z=2)
    Empty, _ = _pair(_empty)
    assert repr(Empty()) == f"{Empty.__qualname__}()" and Empty() == Empty()
    assert hash(Empty()) == hash(())
    with pytest.raises(TypeError, match=r"takes 1 positional argument but 2"):
        Empty(1)


def test_eq_and_hash_read_the_compared_and_hashed_fields() -> None:
    Point, Ref = _pair(_point)
    a = Point(1, 2, "l", 3, "g")
    # label and tag are not compared; weight is compared but not hashed; tag is hashed
    assert a == Point(1, 2, "other", 3, "other")
    assert a != Point(1, 2, "l", 4, "g") and a != Point(2, 2, "l", 3, "g")
    assert a != Point(1, 3, "l", 3, "g")
    assert hash(a) == hash((1, 2, "g")) == hash(Ref(1, 2, "l", 3, "g"))
    assert hash(Point(1, 2, "l", 9, "g")) == hash(a)
    assert hash(Point(1, 2, "l", 3, "h")) != hash(a)
    One, OneRef = _pair(_one)
    assert hash(One("v")) == hash(("v",)) == hash(OneRef("v"))
    assert One("v") == One("v") and One("v") != One("w")
    assert (One("v") == OneRef("v")) is False  # another class: NotImplemented both ways


def test_a_subclass_is_not_equal_and_names_itself() -> None:
    One, OneRef = _pair(_one)

    class Sub(One):  # type: ignore[misc, valid-type]
        pass

    class SubRef(OneRef):  # type: ignore[misc, valid-type]
        pass

    assert One("v").__eq__(Sub("v")) is NotImplemented
    assert (One("v") == Sub("v")) is (OneRef("v") == SubRef("v")) is False
    assert repr(Sub("v")) == f"{Sub.__qualname__}(value='v')"
    assert repr(Sub("v")).replace("Sub", "") == repr(SubRef("v")).replace("SubRef", "")
    # the frozen check is made against the class before its slots were added, so a name
    # that is no field fails in ``super()``, for a subclass too, as in ``dataclasses``
    for name in ("value", "extra"):
        assert _outcome(setattr, Sub("v"), name, 1) == _outcome(setattr, SubRef("v"), name, 1)
        assert _outcome(delattr, Sub("v"), name) == _outcome(delattr, SubRef("v"), name)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'value'"):
        Sub("v").value = 2
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'value'"):
        del Sub("v").value
    with pytest.raises(TypeError, match=r"super\(type, obj\)"):
        Sub("v").extra = 1


def test_frozen_errors_name_the_attribute() -> None:
    One, _ = _pair(_one)
    one = One("v")
    with pytest.raises(dataclasses.FrozenInstanceError, match=r"^cannot assign to field 'value'$"):
        one.value = 1
    with pytest.raises(TypeError, match=r"super\(type, obj\)"):
        one.x = 1
    with pytest.raises(TypeError, match=r"super\(type, obj\)"):
        del one.x
    with pytest.raises(dataclasses.FrozenInstanceError, match=r"^cannot delete field 'value'$"):
        del one.value
    assert one.value == "v"


def test_a_recursive_value_is_written_once() -> None:
    One, OneRef = _pair(_one)
    held: list[Any] = []
    held_ref: list[Any] = []
    mine, theirs = One(held), OneRef(held_ref)
    held.append(mine)
    held_ref.append(theirs)
    assert repr(mine) == repr(theirs) == f"{One.__qualname__}(value=[...])"


def test_the_written_docstring_is_the_signature() -> None:
    Point, Ref = _pair(_point)
    assert (
        Point.__doc__
        == Ref.__doc__
        == (
            "Point(x: 'int', y: 'Any' = ('shared',), label: 'str' = 'p', weight: 'int' = 1, tag: 'str' = 't')"
        )
    )
    One, _ = _pair(_one)
    assert One.__doc__ == "One field, documented."
    Blank, BlankRef = _pair(_blank_doc)
    assert Blank.__doc__ == BlankRef.__doc__ == "Blank(a: 'int', b: 'str' = 'b')"
    Empty, _ = _pair(_empty)
    assert Empty.__doc__ == "Empty()"


def test_copy_and_pickle_keep_every_field() -> None:
    Point, _ = _pair(_point)
    point = Point(1, [2], "l", 3, "g")
    state = point.__getstate__()
    assert state == [1, [2], "l", 3, "g"]
    fresh = Point.__new__(Point)
    fresh.__setstate__(state)
    assert (fresh.x, fresh.y, fresh.label, fresh.weight, fresh.tag) == (1, [2], "l", 3, "g")
    deep = copy.deepcopy(point)
    assert deep.y == [2] and deep.y is not point.y and deep.label == "l"
    # pickle finds a class by module and name: this one, declared in a test, gets both
    module = types.ModuleType("node_pickle_pins")
    sys.modules[module.__name__] = module
    try:
        Point.__qualname__ = "Point"
        Point.__module__ = module.__name__
        module.Point = Point  # type: ignore[attr-defined]
        back = pickle.loads(pickle.dumps(point))
        assert (back.x, back.y, back.label, back.weight, back.tag) == (1, [2], "l", 3, "g")
    finally:
        del sys.modules[module.__name__]


def test_a_state_of_another_length_sets_the_fields_it_has_as_dataclasses_does() -> None:
    # a pickle written by the class with fewer or more fields: the leading ones are set
    Point, Ref = _pair(_point)
    for state in ([1], [1, 2, "l", 3, "g", "extra"]):
        mine, theirs = Point.__new__(Point), Ref.__new__(Ref)
        mine.__setstate__(state)
        theirs.__setstate__(state)
        for f in dataclasses.fields(Point):
            assert _outcome(getattr, mine, f.name) == _outcome(getattr, theirs, f.name)
        assert mine.x == 1
    short = Point.__new__(Point)
    short.__setstate__([1])
    with pytest.raises(AttributeError):
        _ = short.y


def _refused(make: Callable[[], object]) -> str:
    with pytest.raises(TypeError) as caught:
        make()
    return str(caught.value)


def test_a_class_whose_init_does_more_is_refused() -> None:
    expected = "{}: a node class only sets its fields (see ir.node_class)"

    def post_init() -> object:
        @node
        class Checked:
            value: int

            def __post_init__(self) -> None:
                pass

        return Checked

    def factory() -> object:
        @node
        class Listed:
            values: list[int] = dataclasses.field(default_factory=list)

        return Listed

    def keyword() -> object:
        @node
        class Keyword:
            a: int
            b: int = dataclasses.field(default=0, kw_only=True)

        return Keyword

    def uninitialised() -> object:
        @node
        class Unset:
            a: int
            b: int = dataclasses.field(default=0, init=False)

        return Unset

    def extended() -> object:
        @dataclasses.dataclass(slots=True)
        class Base:
            a: int

        @node
        class Grown(Base):  # type: ignore[misc]  # a field not in its own slots
            b: int = 0

        return Grown

    for make, name in (
        (post_init, "Checked"),
        (factory, "Listed"),
        (keyword, "Keyword"),
        (uninitialised, "Unset"),
        (extended, "Grown"),
    ):
        assert _refused(make) == expected.format(name), name


def test_a_lone_accepted_field_is_not_enough() -> None:
    # every field is checked, not the first one only
    def later() -> object:
        @node
        class Later:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)

        return Later

    assert "only sets its fields" in _refused(later)


def test_annotations_that_are_no_strings_are_refused_when_the_doc_is_written() -> None:
    namespace = {"__annotations__": {"a": int}, "__module__": __name__}
    with pytest.raises(TypeError, match=r"^a: a node class's annotations are strings$"):
        node(type("Typed", (), dict(namespace)))
    documented = node(type("Typed", (), {**namespace, "__doc__": "Typed."}))
    assert documented(1).a == 1 and documented.__doc__ == "Typed."


def _node_source_module() -> types.ModuleType:
    """``codegen.ir`` compiled again now, with its ``@node``."""
    assert ir.__file__ is not None
    module = types.ModuleType("codegen.ir_again")
    module.__dict__.update(__package__="codegen.ir", __file__=ir.__file__)
    sys.modules[module.__name__] = module
    try:
        source = Path(ir.__file__).read_text("utf-8")
        exec(compile(source, ir.__file__, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def test_the_ir_classes_made_now_are_the_dataclasses() -> None:
    again = _node_source_module()
    reference = REFERENCES[ir]
    kinds: list[Any] = [
        value
        for value in vars(again).values()
        if isinstance(value, type)
        and "__dataclass_params__" in vars(value)
        and value.__module__ == again.__name__
    ]
    assert len(kinds) >= 20
    for kind in kinds:
        ref = getattr(reference, kind.__name__)
        assert kind.__doc__ == ref.__doc__, kind.__name__
        assert kind.__match_args__ == ref.__match_args__
        assert kind.__slots__ == ref.__slots__
        assert repr(kind.__dataclass_params__) == repr(ref.__dataclass_params__)
        assert [repr(f) for f in dataclasses.fields(kind)] == [
            repr(f) for f in dataclasses.fields(ref)
        ]
        values = {f.name: [f.name] for f in dataclasses.fields(kind)}
        mine, theirs = kind(**values), ref(**values)
        assert repr(mine) == repr(theirs)
        assert _outcome(hash, mine) == _outcome(hash, theirs)
        assert mine == kind(**values) and mine.__eq__(values) is NotImplemented
