"""Pins of ``codegen.frontend.bases``: what an interface extends, as TypeScript reads it.
Interfaces and ``Omit`` of one stay bases; every other object type's members move into the
interface's body, bases' members first in TypeScript's order, the interface's own last;
a base that is no object type is a located error."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.bases import normalise_bases

S = ir.Span("a.ts", 3, 7)
DOC = ir.Doc("kept")


def _span(col: int) -> ir.Span:
    return ir.Span("a.ts", 1, col)


def _prop(name: str, t: ir.TypeExpr | None = None, col: int = 1) -> ir.Property:
    return ir.Property(name, t or ir.Primitive("string"), span=_span(col))


def _iface(
    name: str, *props: ir.Property, extends: tuple[ir.TypeExpr, ...] = (), **kw: object
) -> ir.Interface:
    return ir.Interface(name, ir.Object(props), extends, span=S, **kw)  # type: ignore[arg-type]


def _alias(name: str, t: ir.TypeExpr) -> ir.Alias:
    return ir.Alias(name, t)


def _obj(*props: ir.Property, index: ir.IndexSignature | None = None) -> ir.Object:
    return ir.Object(props, index)


def _normal(*decls: ir.Decl) -> ir.Interface:
    """The last of ``decls`` (an interface) once its bases are normalised."""
    out = normalise_bases({d.name: d for d in decls})
    assert list(out) == [d.name for d in decls]  # every declaration, in order
    last = out[decls[-1].name]
    assert isinstance(last, ir.Interface)
    return last


def _names(decl: ir.Interface) -> list[str]:
    return [p.name for p in decl.body.properties]


def test_interfaces_and_omit_of_an_interface_stay_bases_untouched() -> None:
    base = _iface("B", _prop("b"))
    omit = ir.Omit(ir.Ref("B"), ("b",))
    decl = _iface("I", _prop("i"), extends=(ir.Ref("B"), omit))
    out = normalise_bases({"B": base, "I": decl})
    assert out["I"] is decl and out["B"] is base


def test_an_alias_base_moves_its_members_before_the_own_ones() -> None:
    decls = (
        _alias("O", _obj(_prop("a"), _prop("b"))),
        _iface("I", _prop("own"), _prop("b", ir.Literal("x")), extends=(ir.Ref("O"),)),
    )
    out = _normal(*decls)
    assert _names(out) == ["a", "own", "b"]
    assert out.body.properties[-1].type == ir.Literal("x")  # the own one replaces it
    assert out.extends == ()


def test_bases_are_read_in_order_and_a_later_one_replaces_an_earlier_member() -> None:
    decls = (
        ir.Interface("K", ir.Object((_prop("k"),)), span=S),
        _alias("A", _obj(_prop("x", ir.Literal(1)), _prop("a"))),
        _alias("B", ir.Intersection((_obj(_prop("b")), _obj(_prop("x", ir.Literal(2)))))),
        _iface("I", extends=(ir.Ref("A"), ir.Ref("K"), ir.Ref("B"))),
    )
    out = _normal(*decls)
    assert _names(out) == ["x", "a", "b"]
    assert out.body.properties[0].type == ir.Literal(2)
    assert out.extends == (ir.Ref("K"),)  # the interface among them stays a base


def test_an_intersection_base_is_read_member_by_member_in_order() -> None:
    inter = ir.Intersection(
        (_obj(_prop("p", ir.Literal(1)), _prop("q")), _obj(_prop("p", ir.Literal(2))))
    )
    out = _normal(_iface("I", extends=(inter,)))
    assert _names(out) == ["p", "q"]
    assert out.body.properties[0].type == ir.Literal(2)


def test_an_index_signature_of_a_base_is_inherited_and_the_own_one_wins() -> None:
    sig = ir.IndexSignature(ir.Literal("v"), span=_span(4))
    own = ir.IndexSignature(ir.Literal("own"), span=_span(9))
    base = ir.Ref("O")
    o = _alias("O", _obj(index=sig))
    assert _normal(o, _iface("I", extends=(base,))).body.index == sig
    mine = ir.Interface("I", ir.Object((), own), (base,), span=S)
    assert _normal(o, mine).body.index == own


def test_a_record_base_is_an_index_signature_at_the_record() -> None:
    record = ir.Mapping(ir.Literal(3), span=_span(12))
    out = _normal(_iface("I", extends=(record,)))
    assert out.body.index == ir.IndexSignature(ir.Literal(3), span=_span(12))
    assert out.body.properties == ()


def test_omit_of_what_is_no_interface_is_its_members_but_the_keys() -> None:
    sig = ir.IndexSignature(ir.Literal("v"))
    o = _alias("O", _obj(_prop("a"), _prop("b"), _prop("c"), index=sig))
    out = _normal(o, _iface("I", extends=(ir.Omit(ir.Ref("O"), ("b",)),)))
    assert _names(out) == ["a", "c"]
    assert out.body.index == sig
    plain = _alias("P", _obj(_prop("a")))
    assert _normal(plain, _iface("I", extends=(ir.Omit(ir.Ref("P"), ()),))).body.index is None


def test_a_degraded_base_is_an_index_of_anything_first_among_the_indexes() -> None:
    bad = ir.degraded("pkg", _span(5))
    sig = ir.IndexSignature(ir.Literal("v"))
    o = _alias("O", _obj(index=sig))
    out = _normal(o, _iface("I", extends=(ir.Ref("O"), bad)))
    assert out.body.index == ir.IndexSignature(bad, span=_span(5))
    alone = _normal(o, _iface("I", extends=(ir.Ref("O"), ir.Mapping(ir.Literal(1)))))
    assert alone.body.index == sig  # none degraded: the first in order


@pytest.mark.parametrize("name", ["object", "unknown", "any"])
def test_a_function_type_object_or_unknown_base_adds_no_member(name: str) -> None:
    out = _normal(_iface("I", _prop("i"), extends=(ir.Primitive(name),)))  # type: ignore[arg-type]
    assert _names(out) == ["i"] and out.body.index is None and out.extends == ()


def test_an_alias_cycle_among_bases_ends() -> None:
    decls = (
        _alias("A", ir.Intersection((ir.Ref("B"), _obj(_prop("a"))))),
        _alias("B", ir.Intersection((ir.Ref("A"), _obj(_prop("b"))))),
        _iface("I", extends=(ir.Ref("A"), ir.Ref("A"))),
    )
    assert _names(_normal(*decls)) == ["b", "a"]


def test_the_interface_keeps_its_name_doc_and_span() -> None:
    o = _alias("O", _obj(_prop("a")))
    decl = ir.Interface("I", ir.Object((), span=_span(20)), (ir.Ref("O"),), False, DOC, S)
    out = _normal(o, decl)
    assert (out.name, out.exported, out.doc, out.span) == ("I", False, DOC, S)
    assert out.body.span == _span(20)


@pytest.mark.parametrize(
    ("base", "what", "at"),
    [
        (ir.Primitive("string", _span(30)), "a primitive type", _span(30)),
        (ir.Literal("x", _span(31)), "a literal type", _span(31)),
        (ir.Array(ir.Primitive("string"), _span(32)), "a array type", _span(32)),
        (ir.Tuple((), _span(33)), "a tuple type", _span(33)),
        (ir.Union((ir.Literal(1), ir.Literal(2)), _span(34)), "a union type", _span(34)),
        (ir.Typeof("v", _span(35)), "a typeof type", _span(35)),
        (ir.Ref("Nowhere", (), _span(36)), "'Nowhere'", _span(36)),
        # no span of its own: the interface's
        (ir.Union((ir.Literal(1), ir.Literal(2))), "a union type", S),
    ],
)
def test_a_base_that_is_no_object_type_is_a_located_error(
    base: ir.TypeExpr, what: str, at: ir.Span
) -> None:
    with pytest.raises(SchemaError) as info:
        _normal(_iface("I", extends=(base,)))
    assert str(info.value) == (
        f"{at}: error: interface 'I' cannot extend {what}: an interface can only extend an "
        "object type or an intersection of object types"
    )


def test_an_error_inside_an_alias_is_located_at_the_extends_entry() -> None:
    decls = (_alias("U", ir.Union((ir.Literal(1), ir.Literal(2)))),)
    entry = ir.Ref("U", (), _span(40))
    with pytest.raises(SchemaError) as info:
        _normal(*decls, _iface("I", extends=(entry,)))
    assert str(info.value).startswith("a.ts:1:40: error: interface 'I' cannot extend 'U': ")
