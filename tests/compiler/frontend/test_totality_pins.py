"""Pins of ``codegen.frontend.totality``: an unsupported construct degrades the smallest
position that holds it (a property's type, an index signature's value, an alias's value,
an interface's base), else its declaration, never the whole schema."""

from __future__ import annotations

from codegen import ir
from codegen.errors import Unsupported
from codegen.frontend.totality import degrade_position, degrading

AT = ir.Span("a.ts", 2, 5)  # the unsupported node's span
ELSEWHERE = ir.Span("a.ts", 9, 1)
DECL = ir.Span("a.ts", 1, 1)
DOC = ir.Doc("d")
GONE = ir.degraded("what", AT)


def _bad(t: type = ir.Primitive) -> ir.TypeExpr:
    return ir.Primitive("string", AT) if t is ir.Primitive else ir.Literal("x", AT)


def _iface(
    *props: ir.Property, index: ir.IndexSignature | None = None, extends: tuple = ()
) -> ir.Interface:
    body = ir.Object(props, index, ELSEWHERE)
    return ir.Interface("I", body, extends, True, DOC, DECL)


def _once(decl: ir.Decl, *others: ir.Decl) -> dict[str, ir.Decl] | None:
    schema = ir.Schema({d.name: d for d in (decl, *others)})
    out = degrade_position(schema, AT, "what")
    return None if out is None else dict(out.decls)


def test_degrading_returns_what_it_builds() -> None:
    def build(a: int, *, b: int) -> ir.TypeExpr:
        return ir.Literal(a + b)

    assert degrading(build, 1, b=2) == ir.Literal(3)


def test_degrading_turns_unsupported_into_a_degraded_unknown_where_it_stands() -> None:
    def build() -> ir.TypeExpr:
        raise Unsupported(AT, "unsupported construct: x")

    assert degrading(build) == ir.degraded("unsupported construct: x", AT)


def test_nothing_holds_it() -> None:
    assert _once(_iface(ir.Property("p", ir.Primitive("string", ELSEWHERE)))) is None


def test_a_property_s_type_degrades_and_nothing_else() -> None:
    keep = ir.Property("k", ir.Primitive("number", ELSEWHERE))
    prop = ir.Property("p", ir.Array(_bad()), optional=True, span=ELSEWHERE)
    out = _once(_iface(keep, prop))
    assert out is not None
    assert out["I"] == _iface(keep, ir.Property("p", GONE, optional=True, span=ELSEWHERE))


def test_only_the_first_property_holding_it_degrades() -> None:
    first = ir.Property("a", _bad())
    second = ir.Property("b", _bad())
    out = _once(_iface(first, second))
    assert out is not None
    assert out["I"] == _iface(ir.Property("a", GONE), second)


def test_an_index_signature_s_value_degrades() -> None:
    index = ir.IndexSignature(ir.Array(_bad()), "k", DOC, ELSEWHERE, numeric=True)
    out = _once(_iface(index=index))
    assert out is not None
    assert out["I"] == _iface(index=ir.IndexSignature(GONE, "k", DOC, ELSEWHERE, numeric=True))


def test_a_base_that_holds_it_is_dropped_for_an_index_of_anything() -> None:
    good = ir.Ref("G", (), ELSEWHERE)
    base = ir.Ref("B", (_bad(),), ELSEWHERE)
    prop = ir.Property("p", _bad())  # the base is read first
    out = _once(_iface(prop, extends=(good, base)))
    assert out is not None
    degraded = ir.Interface(
        "I",
        ir.Object((prop,), ir.IndexSignature(GONE, span=AT), ELSEWHERE),
        (good,),
        True,
        DOC,
        DECL,
    )
    assert out["I"] == degraded


def test_the_declaration_itself_becomes_an_alias_of_the_degraded_type() -> None:
    decl = ir.Interface("I", ir.Object(span=ELSEWHERE), (), False, DOC, AT)
    out = _once(decl)
    assert out is not None
    assert out["I"] == ir.Alias("I", GONE, False, DOC, AT)


def test_an_interface_whose_body_holds_it_elsewhere_becomes_an_alias() -> None:
    body = ir.Object(span=AT)  # the body itself, not a member
    decl = ir.Interface("I", body, (), True, DOC, DECL)
    out = _once(decl)
    assert out is not None
    assert out["I"] == ir.Alias("I", GONE, True, DOC, DECL)


def test_an_alias_s_value_degrades_and_so_does_the_alias_at_the_span() -> None:
    alias = ir.Alias("A", ir.Union((_bad(), ir.Literal(1))), False, DOC, DECL)
    out = _once(alias)
    assert out is not None
    assert out["A"] == ir.Alias("A", GONE, False, DOC, DECL)
    itself = ir.Alias("A", ir.Literal(1), True, DOC, AT)
    out = _once(itself)
    assert out is not None
    assert out["A"] == ir.Alias("A", GONE, True, DOC, AT)


def test_an_intersection_member_is_degraded_before_any_other_position() -> None:
    """An emitter refuses the member of an intersection: where the span is one in one
    declaration and a plain type in another, only the intersection's degrades."""
    plain = ir.Alias("P", _bad(), span=DECL)
    inter = ir.Alias("X", ir.Intersection((ir.Ref("G"), _bad())), span=DECL)
    out = _once(plain, inter)
    assert out is not None
    assert out["P"] == plain
    assert out["X"] == ir.Alias("X", GONE, span=DECL)


def test_an_intersection_s_own_span_is_no_member() -> None:
    inter = ir.Intersection((ir.Ref("G"), ir.Ref("H")), AT)
    plain = ir.Alias("P", ir.Array(_bad()), span=DECL)
    out = _once(ir.Alias("X", ir.Array(inter), span=DECL), plain)
    assert out is not None  # read as a plain position (second round): both degrade
    assert out["X"] == ir.Alias("X", GONE, span=DECL)
    assert out["P"] == ir.Alias("P", GONE, span=DECL)


def test_a_member_nested_in_an_intersection_member_is_no_member() -> None:
    """Only a direct member of an intersection is one (``A & B[]``'s ``B`` is not)."""
    inter = ir.Alias("X", ir.Intersection((ir.Ref("G"), ir.Array(_bad()))), span=DECL)
    plain = ir.Alias("P", _bad(), span=DECL)
    out = _once(inter, plain)
    assert out is not None
    assert out["P"] == ir.Alias("P", GONE, span=DECL)


def test_a_property_in_an_intersection_member_degrades_first() -> None:
    prop = ir.Property("p", ir.Intersection((ir.Ref("G"), _bad())))
    index = ir.IndexSignature(_bad())
    out = _once(_iface(prop, index=index))
    assert out is not None
    assert out["I"] == _iface(ir.Property("p", GONE), index=index)


def test_an_index_in_an_intersection_member_degrades_first() -> None:
    index = ir.IndexSignature(ir.Intersection((ir.Ref("G"), _bad())))
    alias = ir.Alias("A", _bad(), span=DECL)
    out = _once(_iface(index=index), alias)
    assert out is not None
    assert out["I"] == _iface(index=ir.IndexSignature(GONE))
    assert out["A"] == alias


def test_a_degraded_node_at_the_span_is_not_degraded_again() -> None:
    alias = ir.Alias("A", ir.Union((GONE, ir.Literal(1))), span=DECL)
    assert _once(alias) is None


def test_a_tuple_of_types_is_read_item_by_item() -> None:
    alias = ir.Alias("A", ir.Tuple((ir.Literal(1), ir.Array(_bad()))), span=DECL)
    out = _once(alias)
    assert out is not None
    assert out["A"] == ir.Alias("A", GONE, span=DECL)


def test_every_declaration_that_holds_it_degrades() -> None:
    """A generic's instances share their template's spans."""
    a = ir.Alias("A", ir.Array(_bad()), span=DECL)
    b = ir.Alias("B", ir.Array(_bad()), span=ELSEWHERE)
    out = _once(a, b)
    assert out is not None
    assert out == {"A": ir.Alias("A", GONE, span=DECL), "B": ir.Alias("B", GONE, span=ELSEWHERE)}


def test_the_schema_s_other_fields_are_kept() -> None:
    override = ir.Override("A", DECL, ELSEWHERE)
    schema = ir.Schema({"A": ir.Alias("A", _bad(), span=DECL)}, (override,), ("a.ts",))
    out = degrade_position(schema, AT, "what")
    assert out is not None
    assert (out.overrides, out.files) == ((override,), ("a.ts",))


def test_a_base_that_does_not_hold_it_stays() -> None:
    good = ir.Ref("G", (), ELSEWHERE)
    prop = ir.Property("p", _bad())
    out = _once(_iface(prop, extends=(good,)))
    assert out is not None
    assert out["I"] == _iface(ir.Property("p", GONE), extends=(good,))


def test_a_plain_position_waits_while_an_intersection_member_holds_it() -> None:
    """The first round degrades only intersection members, wherever the others stand."""
    culprit = ir.Alias("X", ir.Intersection((ir.Ref("G"), _bad())), span=DECL)
    gone = ir.Alias("X", GONE, span=DECL)
    plain_prop = _iface(ir.Property("p", _bad()), index=ir.IndexSignature(ir.Array(_bad())))
    plain_index = _iface(index=ir.IndexSignature(_bad()))
    at_span = ir.Alias("A", ir.Literal(1), span=AT)
    in_union = ir.Alias("U", ir.Union((ir.Literal(1), _bad())), span=DECL)
    for plain in (plain_prop, plain_index, at_span, in_union):
        assert _once(culprit, plain) == {"X": gone, plain.name: plain}


def test_an_earlier_degraded_node_does_not_end_the_search() -> None:
    alias = ir.Alias("A", ir.Union((_bad(), ir.degraded("old", ELSEWHERE))), span=DECL)
    out = _once(alias)
    assert out is not None
    assert out["A"] == ir.Alias("A", GONE, span=DECL)
