"""Pins of ``codegen.frontend.intersect.object_parts`` (issue #33): an intersection of
object types as both back ends take it, IR in and IR out (``test_object_types.py``
compiles and imports the same rules): nested intersections spliced in order, ``A & A``
once, ``Record<string, V>`` an index signature, a degraded member a loud index signature,
``object`` and ``{}`` adding nothing, and two index signatures merged."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend.intersect import flat_members, object_parts, simplified

S1, S2, S3 = ir.Span("t.ts", 1, 1), ir.Span("t.ts", 2, 2), ir.Span("t.ts", 3, 3)
STRING, NUMBER = ir.Primitive("string"), ir.Primitive("number")


class Types:
    """Aliases by name; no interface is looked up here."""

    def __init__(self, aliases: dict[str, ir.TypeExpr] | None = None) -> None:
        self.aliases = aliases or {}

    def through_alias(self, t: ir.TypeExpr) -> ir.TypeExpr:
        while isinstance(t, ir.Ref) and t.name in self.aliases:
            t = self.aliases[t.name]
        return t

    def lookup(self, name: str) -> ir.Decl | None:
        return None

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        return ()

    def meet(self, members: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
        """As the expander's: TypeScript's reductions, else the intersection at ``span``."""
        return simplified(members, self) or ir.Intersection(members, span)


A, B, C = ir.Ref("A", (), S1), ir.Ref("B", (), S2), ir.Ref("C", (), S3)
PA = ir.Object((ir.Property("a", STRING),), None, S1)


def index(value: ir.TypeExpr, span: ir.Span = S1, **kw: object) -> ir.Object:
    return ir.Object((), ir.IndexSignature(value, span=span, **kw), span)  # type: ignore[arg-type]


def test_nested_intersections_are_spliced_in_order() -> None:
    parts = object_parts((A, ir.Intersection((B, ir.Intersection((C,), S3)), S2), PA), Types())
    assert parts == (A, B, C, PA)


def test_a_named_type_met_twice_is_once() -> None:
    assert object_parts((A, B, A, ir.Intersection((B,), S2)), Types()) == (A, B)
    # the same name with other arguments is another type
    a_string, a_number = ir.Ref("G", (STRING,), S1), ir.Ref("G", (NUMBER,), S2)
    assert object_parts((a_string, a_number, a_string), Types()) == (a_string, a_number)
    # an inline object written twice is kept: only names are compared
    assert object_parts((PA, PA), Types()) == (PA, PA)


def test_a_record_is_an_index_signature_at_its_place() -> None:
    types = Types({"R": ir.Mapping(NUMBER, S3)})
    record = ir.Ref("R", (), S2)
    assert object_parts((A, record), types) == (A, index(NUMBER, S2))
    assert object_parts((ir.Mapping(STRING, S1), A), types) == (index(STRING, S1), A)


def test_a_degraded_member_stays_loud_as_an_index_signature() -> None:
    lost = ir.degraded("a function", S3)
    types = Types({"L": lost})
    assert object_parts((A, ir.Ref("L", (), S2)), types) == (A, index(lost, S2))
    # a plain unknown is no degraded spot: kept as written
    unknown = ir.Primitive("unknown", S2)
    assert object_parts((A, unknown), types) == (A, unknown)


def test_object_and_empty_object_types_add_nothing() -> None:
    types = Types({"F": ir.Primitive("object", S3), "E": ir.Object((), None, S3)})
    f, e = ir.Ref("F", (), S2), ir.Ref("E", (), S2)
    assert object_parts((A, f, e, ir.Object((), None, S1), B), types) == (A, B)
    # nothing left: the first member stands for the whole
    assert object_parts((f, e), types) == (f,)
    # an object of an index signature only, or of members only, is data
    only_index = index(STRING)
    assert object_parts((f, only_index), types) == (only_index,)
    assert object_parts((PA, f), types) == (PA,)


def test_one_index_signature_is_kept_as_written() -> None:
    one = index(STRING)
    assert object_parts((A, one, PA), Types()) == (A, one, PA)


# ``simplified``: TypeScript's reductions, each result exactly (the member as written)
G_STRING, G_NUMBER = ir.Ref("G", (STRING,), S1), ir.Ref("G", (NUMBER,), S2)
STR = ir.Ref("Str", (), S2)  # an alias of ``string``
REDUCING = Types({"A": PA, "B": PA, "Str": ir.Primitive("string", S3), "G": PA})


def test_a_member_written_twice_is_once() -> None:
    assert simplified((A, A), REDUCING) is A
    assert simplified((A, A, B), REDUCING) is None  # ``A & B`` is left as written
    # a generic instance is not compared: both stay
    assert simplified((G_STRING, G_STRING), REDUCING) is None
    assert simplified((G_STRING, G_NUMBER), REDUCING) is None
    # two inline ``{}``: one
    assert simplified((ir.Object((), None, S1), ir.Object((), None, S2)), REDUCING) == ir.Object(
        (), None, S1
    )


def test_a_literal_and_a_boolean_of_the_same_python_value_differ() -> None:
    # ``1 & true``: 1 == True in Python, not in TypeScript
    one, true = ir.Literal(1, S1), ir.Literal(True, S2)
    assert simplified((one, true), REDUCING) == ir.Primitive("never", S1)
    assert simplified((true, one), REDUCING) == ir.Primitive("never", S2)


def test_empty_object_beside_a_named_type_adds_nothing() -> None:
    assert simplified((A, ir.Object((), None, S3)), REDUCING) is A
    assert simplified((ir.Object((), None, S3), STR), REDUCING) is STR  # as written
    # beside an inline object type the rule of object_parts applies later
    assert simplified((PA, ir.Object((), None, S3)), REDUCING) is None


def test_disjoint_members_are_never_at_the_first_member() -> None:
    assert simplified((ir.Literal("a", S2), ir.Literal("b", S1)), REDUCING) == ir.Primitive(
        "never", S2
    )
    assert simplified((STR, ir.Primitive("number", S1)), REDUCING) == ir.Primitive("never", S2)


def test_a_lone_object_type_is_left_as_written() -> None:
    assert simplified((ir.Primitive("object", S1),), REDUCING) is None


def test_a_literal_meets_its_own_primitive_only() -> None:
    one = ir.Literal(1, S1)
    assert simplified((one, ir.Primitive("number", S2)), REDUCING) is one
    assert simplified((ir.Primitive("number", S2), one), REDUCING) is one
    assert simplified((one, ir.Primitive("string", S2)), REDUCING) == ir.Primitive("never", S1)
    assert simplified((one, ir.Primitive("boolean", S2)), REDUCING) == ir.Primitive("never", S1)


def test_a_brand_of_never_members_adds_nothing() -> None:
    brand = ir.Object((ir.Property("__tag", ir.Primitive("never", S2)),), None, S2)
    assert simplified((STR, brand), REDUCING) is STR


def test_an_index_signature_is_no_empty_object() -> None:
    types = Types({"N": index(STRING, S3)})
    named = ir.Ref("N", (), S1)
    assert simplified((named, ir.Object((), None, S2)), types) is named


def test_a_repeated_name_does_not_end_the_parts() -> None:
    assert object_parts((A, A, B, C), Types()) == (A, B, C)


def test_a_name_of_the_empty_object_and_empty_object_are_one() -> None:
    types = Types({"E": ir.Object((), None, S3)})
    named = ir.Ref("E", (), S1)
    assert simplified((named, ir.Object((), None, S2)), types) is named


NEVER1 = ir.Primitive("never", S1)
UNKNOWN = ir.Primitive("unknown", S3)


def tup(
    *items: ir.TypeExpr, min_items: int | None = None, rest: ir.TypeExpr | None = None
) -> ir.Tuple:
    return ir.Tuple(items, S1, min_items=min_items, rest=rest)


@pytest.mark.parametrize(
    ("members", "meaning"),
    [
        # ``unknown`` items add nothing, on either side
        ((tup(A, B), ir.Array(UNKNOWN, S2)), tup(A, B)),
        ((ir.Array(UNKNOWN, S1), ir.Tuple((A, B), S2)), tup(A, B)),
        # the same item on both sides is that item, not an intersection of it with itself
        ((tup(A), ir.Array(A, S2)), tup(A)),
        # items that are object types meet where the arrays are (the first one written)
        ((ir.Array(A, S1), ir.Array(B, S2)), ir.Array(ir.Intersection((A, B), S1), S1)),
        ((tup(A), ir.Tuple((B,), S2)), tup(ir.Intersection((A, B), S1))),
        # no item is both: the empty array only
        ((ir.Array(STRING, S1), ir.Array(NUMBER, S2)), tup()),
        # an optional member beside an array: still optional
        ((tup(A, B, min_items=1), ir.Array(UNKNOWN, S2)), tup(A, B, min_items=1)),
        # an optional member no array both have: the arrays end before it
        (
            (
                tup(A, ir.Literal("x", S2), min_items=1),
                ir.Tuple((A, ir.Literal("y", S3)), S2, min_items=1),
            ),
            tup(A),
        ),
        # a required one: none
        ((tup(A, ir.Literal("x", S2)), ir.Tuple((A, ir.Literal("y", S3)), S2)), NEVER1),
        ((tup(A), ir.Tuple((A, B), S2)), NEVER1),
        # rest members meet too
        (
            (tup(A, rest=B), ir.Array(C, S2)),
            tup(ir.Intersection((A, C), S1), rest=ir.Intersection((B, C), S1)),
        ),
    ],
)
def test_arrays_and_tuples_meet_position_by_position(
    members: tuple[ir.TypeExpr, ...], meaning: ir.TypeExpr
) -> None:
    assert simplified(members, Types()) == meaning


def test_two_names_of_one_array_type_are_the_first() -> None:
    types = Types({"X": ir.Array(A, S3), "Y": ir.Array(A, S2)})
    first = ir.Ref("X", (), S1)
    assert simplified((first, ir.Ref("Y", (), S2)), types) is first


def test_arrays_with_no_length_in_common_are_never_beside_any_object_type() -> None:
    # not the located error of a data member: no array is both to begin with
    members = (tup(A), ir.Tuple((A, B), S2), PA)
    assert simplified(members, Types()) == NEVER1


# ``object_parts``: two index signatures and more, merged into one object type
PB = ir.Object((ir.Property("b", NUMBER, span=S2),), None, S2)


def test_two_index_signatures_become_one_whose_value_is_both() -> None:
    first = ir.Object((ir.Property("a", STRING, span=S1),), ir.IndexSignature(A, "k", span=S1), S1)
    second = ir.Object((), ir.IndexSignature(B, "j", span=S2), S2)
    parts = object_parts((first, C, second, PB), Types())
    # the names first, then the one object type: the first signature's key, at its place
    merged = ir.Object(
        (ir.Property("a", STRING, span=S1), ir.Property("b", NUMBER, span=S2)),
        ir.IndexSignature(ir.Intersection((A, B), S1), "k", span=S1),
        S1,
    )
    assert parts == (C, merged)


def test_three_index_signatures_of_one_value_are_that_value() -> None:
    parts = object_parts((index(A), index(A, S2), index(B, S3)), Types())
    assert parts == (index(ir.Intersection((A, B), S1)),)
    assert object_parts((index(A), index(A, S2)), Types()) == (index(A),)


def test_index_signatures_over_different_keys_degrade_at_the_first() -> None:
    lost = ir.degraded("an intersection of index signatures over different keys", S1)
    assert object_parts((index(A), index(A, S2, numeric=True)), Types()) == (index(lost),)
    numeric = object_parts((index(A, numeric=True), index(B, S2, numeric=True)), Types())
    assert numeric == (index(ir.Intersection((A, B), S1), numeric=True),)


def test_a_member_of_two_merged_object_types_is_both() -> None:
    def prop(t: ir.TypeExpr, span: ir.Span, *, optional: bool) -> ir.Object:
        return ir.Object((ir.Property("p", t, optional, span=span),), None, span)

    for left, right, optional in [(True, True, True), (True, False, False), (False, True, False)]:
        parts = object_parts(
            (
                index(STRING),
                prop(A, S2, optional=left),
                prop(B, S3, optional=right),
                index(STRING, S3),
            ),
            Types(),
        )
        met = ir.Property("p", ir.Intersection((A, B), S3), optional, span=S2)
        assert parts == (ir.Object((met,), ir.IndexSignature(STRING, span=S1), S1),)
    # the same type twice: that type
    parts = object_parts(
        (index(STRING), prop(A, S2, optional=True), prop(A, S3, optional=True), index(STRING, S3)),
        Types(),
    )
    assert parts == (
        ir.Object((ir.Property("p", A, True, span=S2),), ir.IndexSignature(STRING, span=S1), S1),
    )


def test_flat_members_splice_nested_intersections_and_omits_base() -> None:
    nested = ir.Intersection((A, ir.Intersection((B, C), S2)), S1)
    assert flat_members(nested) == (A, B, C)
    assert flat_members(ir.Omit(nested, ("a",), S3)) == (A, B, C)
    assert flat_members(A) == (A,)
