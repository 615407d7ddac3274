"""Pins for ``codegen.emit.python.name_rules`` read from the survivors of its mutation run
of 2026-11-29 (issue #36): ``_`` parts words in a non-ASCII name, and a type held many
times over is walked once when its property keys are collected."""

from __future__ import annotations

from typing import get_args

import pytest

from codegen import ir
from codegen.emit.python import name_rules
from tests.compiler.emit.test_naming import SPAN1, SPAN2, prop, schema


@pytest.mark.parametrize(
    ("name", "pascal", "snake"),
    [
        ("é_x", "ÉX", "é_x"),  # "_" parts words as in an ASCII name ("a_x" is "AX")
        ("ünder_score_Ω", "ÜnderScoreΩ", "ünder_score_ω"),
        ("_é", "É", "é"),
    ],
)
def test_an_underscore_parts_the_words_of_a_non_ascii_name(
    name: str, pascal: str, snake: str
) -> None:
    assert name_rules.words(name) == [w for w in name.split("_") if w]
    assert name_rules.pascal_case(name) == pascal
    assert name_rules.snake_case(name) == snake


def test_a_type_held_many_times_over_is_walked_once() -> None:
    """Each union holds the one before it twice: 2**64 paths through 65 nodes. The keys
    come out in a blink, each with where it is first written."""
    node: ir.TypeExpr = ir.Object((prop("leaf", span=SPAN2),))
    for _ in range(64):
        node = ir.Union((node, node))
    keys = name_rules.property_keys(
        schema(
            ir.Alias("Deep", node),
            ir.Interface("Owner", ir.Object((prop("leaf", span=SPAN1), prop("other"))), span=SPAN1),
        )
    )
    assert keys == {"leaf": SPAN2, "other": SPAN1}


def _obj(key: str) -> ir.Object:
    return ir.Object((prop(key),))


def test_the_keys_of_objects_held_anywhere_in_a_type_in_depth_first_field_order() -> None:
    """The walk enters only the fields that may hold a type (#37): each of them here holds
    an object with its own key, and the keys come out as a recursive walk meets them."""
    num = ir.Primitive("number")
    index = ir.IndexSignature(_obj("index"))
    body = ir.Object((prop("own", ir.Array(_obj("item"))),), index)
    kinds = ir.Union(
        (
            ir.Tuple((_obj("first"),), rest=_obj("rest")),
            ir.Mapping(_obj("mapped")),
            ir.Intersection((_obj("left"), _obj("right"))),
            ir.Omit(_obj("omitted"), ("omitted",)),
            ir.Ref("G", (_obj("arg"),)),
            ir.Literal(1),
            ir.Typeof("X"),
            num,
        )
    )
    keys = name_rules.property_keys(
        schema(
            ir.Interface(
                "I",
                body,
                extends=(ir.Ref("B", (_obj("base"),)),),
                params=(ir.TypeParam("T", _obj("default")),),
            ),
            ir.Const("C", 1),
            ir.Alias("A", kinds, params=(ir.TypeParam("U", _obj("later")),)),
        )
    )
    assert list(keys) == [
        *("own", "item", "index", "base", "default"),
        *("first", "rest", "mapped", "left", "right", "omitted", "arg", "later"),
    ]


def test_the_walk_enters_each_field_that_may_hold_a_node() -> None:
    """``NODE_FIELDS`` names, per IR class, exactly the fields whose annotation names a node
    class (a type, a property, an index signature, a type parameter); the rest hold leaves."""
    import dataclasses
    import re

    nodes = {"TypeExpr", "Decl", "Property", "IndexSignature", "TypeParam", "Object"}
    for cls, holders in name_rules.NODE_FIELDS.items():
        want = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in ("span", "doc") and set(re.findall(r"\w+", str(f.type))) & nodes
        )
        assert holders == want, cls
    # Every kind of type and declaration, read from the IR: a new one must join the table.
    kinds = {*get_args(ir.TypeExpr), *get_args(ir.Decl)}
    assert set(name_rules.NODE_FIELDS) == kinds | {ir.Property, ir.IndexSignature, ir.TypeParam}
    # The walk's own branch for leaves skips kinds the table says hold no node, only.
    assert all(name_rules.NODE_FIELDS.get(kind, ()) == () for kind in name_rules.LEAF_KINDS)


def test_a_node_kind_the_table_does_not_list_is_walked_through_every_field() -> None:
    """A kind added to the IR before ``NODE_FIELDS`` lists it (here a dataclass and a named
    tuple, held by a union) still has its keys found, in order, with what follows it."""
    import dataclasses
    from typing import NamedTuple

    @dataclasses.dataclass(frozen=True)
    class Wrapper:
        label: str
        inner: ir.TypeExpr
        span: ir.Span = ir.NO_SPAN

    class Pair(NamedTuple):
        first: ir.TypeExpr
        second: ir.TypeExpr

    held = (Wrapper("w", _obj("wrapped")), Pair(_obj("one"), _obj("two")), _obj("after"))
    keys = name_rules.property_keys(schema(ir.Alias("A", ir.Union(held))))  # type: ignore[arg-type]
    assert list(keys) == ["wrapped", "one", "two", "after"]
