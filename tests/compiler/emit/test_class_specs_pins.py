"""Pins for ``codegen.emit.python.class_specs`` read from the survivors of its mutation run
of 2026-11-29 (issue #36): a type expression of a kind the pass does not know (one the IR
gains later) is refused loudly, naming the node (``inline_class_types`` through
``needs_class``, which it asks first: its own guard is there for mypy's exhaustiveness)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from codegen import ir
from codegen.emit.python import class_specs
from codegen.ir.walk import TYPE_KINDS


@dataclass(frozen=True)
class Unknown:
    """Stands for an IR node kind that none of the matches lists."""

    span: ir.Span = ir.NO_SPAN
    kind: str = "unknown-kind"


@pytest.mark.parametrize(
    "read",
    [
        class_specs.needs_class,
        class_specs.spec_parts,
        lambda expr: list(class_specs.inline_class_types(expr)),
    ],
    ids=["needs_class", "spec_parts", "inline_class_types"],
)
def test_a_type_of_no_known_kind_is_a_compiler_bug_naming_it(
    read: Callable[[ir.TypeExpr], object],
) -> None:
    node = Unknown()
    with pytest.raises(AssertionError) as caught:
        read(node)  # type: ignore[arg-type]
    assert str(caught.value) == f"Expected code to be unreachable, but got: {node!r}"


def _schema(tmp_path: Path, text: str) -> ir.Schema:
    """``text`` as the one file of a schema, loaded as the compiler loads it."""
    from codegen.build.pipeline import load_schema

    path = tmp_path / "s.ts"
    path.write_text(text)
    return load_schema([path])


def test_a_known_kind_inside_a_union_still_reaches_its_objects() -> None:
    """The guard is only for the unknown: each known kind is matched (no class of its own
    for a literal, a reference or an array of strings; the object inside the union is)."""
    inline = ir.Object((ir.Property("x", ir.Primitive("string")),))
    union = ir.Union(
        (ir.Literal("a"), ir.Ref("T"), ir.Array(ir.Primitive("string")), ir.Array(inline))
    )
    assert list(class_specs.inline_class_types(union)) == [inline]


def test_the_structures_found_are_kept_for_the_caller(tmp_path: Path) -> None:
    """``class_specs`` hands the structures of the anonymous types it found to the memo it
    is given (the naming asks ``inline_class`` for the same types again, issue #37): each
    inline class's structure is the one kept there, not a structure computed again."""
    schema = _schema(
        tmp_path,
        "export interface A { a: { x: string }; b: { y: { z: number } }[] }\n"
        "export type B = { c: { w: boolean } } | string;\n",
    )
    memo: dict[int, tuple[object, object]] = {}
    specs = class_specs.class_specs(schema, None, memo)
    inline = [spec for spec in specs if spec.inline_of is not None]
    assert [(spec.name, spec.inline_of) for spec in inline] == [
        ("AA", ("A", "a")),
        ("ABY", ("AB", "y")),
        ("AB", ("A", "b")),
        ("B1C", ("B1", "c")),
        ("B1", ("B", "")),
    ]
    kept = [found for _, found in memo.values()]
    assert all(any(found is spec.structure for found in kept) for spec in inline)


def test_each_kind_needs_a_class_or_not_as_the_match_says() -> None:
    """``needs_class`` answers the common kinds by exact class (#37), as its ``match``
    does: an object with properties, an intersection and an ``Omit`` need one."""
    a, s = ir.Ref("A"), ir.Primitive("string")
    inline = ir.Object((ir.Property("x", s),))
    answers = {
        s: False,
        ir.Literal("a"): False,
        a: False,
        ir.Typeof("k"): False,
        ir.Array(inline): False,
        ir.Tuple((inline,)): False,
        ir.Union((inline, a)): False,
        ir.Mapping(inline): False,
        ir.Object(): False,
        ir.Object(index=ir.IndexSignature(s)): False,
        inline: True,
        ir.Intersection((a, inline)): True,
        ir.Omit(a, ("x",)): True,
    }
    assert {type(t) for t in answers} == set(TYPE_KINDS)
    assert {t: class_specs.needs_class(t) for t in answers} == answers


def test_anonymous_objects_of_one_structure_at_one_position_are_one_class(
    tmp_path: Path,
) -> None:
    """At one position the anonymous objects are one class per structure, in order of
    first appearance (``_distinct``): two of the same structure (an object and an array of
    it) are one class named after the key, a third of another structure makes two, named
    by their place (the front end lifts two objects that are members of one union); one object alone needs no structure compared (#37)."""
    schema = _schema(
        tmp_path,
        "export interface A { a: { x: string } | { x: string }[] }\n"
        "export interface B { b: { x: string }[] | { x: string }[][] | { y: number }[] }\n"
        "export interface C { c: { x: string } }\n",
    )
    specs = class_specs.class_specs(schema)
    assert [(spec.name, spec.inline_of) for spec in specs if spec.inline_of is not None] == [
        ("AA", ("A", "a")),
        ("BB1", ("B", "b")),
        ("BB2", ("B", "b")),
        ("CC", ("C", "c")),
    ]


def test_a_declared_interface_keeps_its_bases_an_alias_holds_none(tmp_path: Path) -> None:
    """An interface's spec carries the bases it declares (the layout flattens them into its
    fields); a class made of an alias's object or of an anonymous object has none."""
    schema = _schema(
        tmp_path,
        "export interface Base { a: string }\n"
        "export interface Child extends Base { b: { c: string } }\n"
        "export type O = { d: string };\n",
    )
    specs = class_specs.class_specs(schema)
    bases = {
        spec.name: [b.name if isinstance(b, ir.Ref) else b for b in spec.extends] for spec in specs
    }
    assert bases == {"Base": [], "ChildB": [], "Child": ["Base"], "O": []}
