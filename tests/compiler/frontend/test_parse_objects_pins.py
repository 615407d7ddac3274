"""Pins of ``parse_objects`` (object type literals: members, keys, index signatures),
written from the branches its mutation run reaches least (issue #36).

Each test parses an inline snippet and asserts the exact IR or the exact located message.
"""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.parse_objects import number_name
from codegen.ir.queries import degraded_spots


def S(line: int, col: int) -> ir.Span:
    return ir.Span("t.ts", line, col)


def object_type(members: str) -> ir.Object:
    (alias,) = parse_module("t.ts", f"type T = {{ {members} }};").decls
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    return alias.type


def located(text: str) -> str:
    try:
        module = parse_module("t.ts", text)
    except SchemaError as err:
        return str(err)
    (spot,) = degraded_spots(module.decls)
    return f"{spot[0]}: error: {spot[1]}"


# ---------------------------------------------------------------------- keys


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("[`a-b`]", "a-b"),  # a template without holes is its text
        ("[1.50]", "1.5"),
        ("[0x10]", "16"),
        ("[2.0]", "2"),
        ("[1e21]", "1e+21"),  # JavaScript writes 1e21 and past it with an exponent
        ("[1000000000000000000000]", "1e+21"),
        ("[1.5e300]", "1.5e+300"),
        ("[1e-7]", "1e-7"),
        ("[-0]", None),  # no literal key: a computed expression
        ("0b11", "3"),
        ("1e3", "1000"),
    ],
)
def test_a_literal_key_is_the_name_javascript_makes_of_it(key: str, name: str | None) -> None:
    if name is None:
        assert located(f"type T = {{ {key}: 1 }};") == (
            "t.ts:1:12: error: unsupported construct: computed property name "
            "(use a plain or quoted name)"
        )
        return
    (prop,) = object_type(f"{key}: 1").properties
    assert (prop.name, prop.computed) == (name, None)


def test_two_spellings_of_one_numeric_key_are_one_property() -> None:
    assert located("type T = { [1e21]: 1; 1000000000000000000000: 2 };") == (
        "t.ts:1:23: error: duplicate property '1e+21' (first declared at t.ts:1:12)"
    )


@pytest.mark.parametrize("value", [1e21, 10**21, 1e-7, 1.5, 16, 16.0, -2.0, 1e300])
def test_number_name_is_javascript_s_string_of_the_number(value: float) -> None:
    expected = {1e21: "1e+21", 1e-7: "1e-7", 1.5: "1.5", 16: "16", -2.0: "-2", 1e300: "1e+300"}
    assert number_name(value) == expected[value]


@pytest.mark.parametrize(
    "key", ["[a.#b]", "[f().x]", "[a[0]]", "[`a${b}`]", "[a + b]", '[a["b"]]', "[this.x]"]
)
def test_a_computed_key_that_is_no_literal_or_entity_name_degrades_where_it_stands(
    key: str,
) -> None:
    assert located(f"type T = {{ {key}: 1 }};") == (
        "t.ts:1:12: error: unsupported construct: computed property name "
        "(use a plain or quoted name)"
    )


@pytest.mark.parametrize(("key", "text"), [("[a.b]", "a.b"), ("[E.M.x]", "E.M.x"), ("[k]", "k")])
def test_a_computed_entity_name_key_is_resolve_s_to_read(key: str, text: str) -> None:
    (prop,) = object_type(f"{key}: 1").properties
    assert (prop.name, prop.computed, prop.span) == (f"[{text}]", text, S(1, 12))


# ---------------------------------------------------------------------- index signatures


@pytest.mark.parametrize(
    ("key", "numeric", "pattern"),
    [
        ("string | number", False, None),  # every string key: number adds nothing
        ("number | number", True, None),
        ("symbol | number", True, None),  # a symbol is no JSON key
        ("(/* c */ number)", True, None),
        ("number | `x${string}`", False, "(?:^[0-9]+$)|(?:^x.*$)"),
        ("`a${string}` | `b${string}`", False, "(?:^a.*$)|(?:^b.*$)"),
        ("`a${string}` | (number | string)", False, None),
    ],
)
def test_an_index_signature_keyed_by_a_union_admits_what_any_member_does(
    key: str, numeric: bool, pattern: str | None
) -> None:
    index = object_type(f"[k: {key}]: 1").index
    assert index is not None
    assert (index.key_name, index.numeric, index.pattern, index.span) == (
        "k",
        numeric,
        pattern,
        S(1, 12),
    )


def test_an_index_signature_of_symbols_only_is_no_index_signature() -> None:
    assert object_type("[k: symbol | symbol]: 1; a: 2").index is None


@pytest.mark.parametrize(
    ("key", "col"), [("1 | 2", 16), ("string | true", 25), ("`a${number}` | 1", 31)]
)
def test_an_index_signature_key_of_literals_degrades_where_the_literal_stands(
    key: str, col: int
) -> None:
    assert located(f"type T = {{ [k: {key}]: 1 }};") == (
        f"t.ts:1:{col}: error: unsupported construct: index signature key other than "
        "'string', 'number' or a template"
    )


@pytest.mark.parametrize("key", ["`a${1 | 2}`", "`a`"])
def test_an_index_signature_keyed_by_a_template_of_literals_degrades(key: str) -> None:
    # tsc: "An index signature parameter type cannot be a literal type" (a mapped type is)
    assert located(f"type T = {{ [k: {key}]: 1 }};") == (
        "t.ts:1:16: error: unsupported construct: index signature key of literal values only"
    )


def test_comments_in_a_computed_key_and_a_union_key_are_skipped() -> None:
    found = object_type('[/* c */ "a"]: 1; [k: string /* c */ | number]: 2')
    assert [(p.name, p.computed) for p in found.properties] == [("a", None)]
    assert found.index is not None and (found.index.numeric, found.index.pattern) == (False, None)


def test_methods_keep_their_names_setters_and_symbol_keys_add_nothing() -> None:
    """A method's name stays for ``T["m"]`` (a function type); a setter alone is no data,
    nor a member keyed by a well-known symbol (a comment beside it changes nothing)."""
    found = object_type('set z(v: number); m(): void; "q"(): 1; [/* c */ Symbol.iterator]: 1; a: 2')
    assert found.methods == ("m", "q")
    assert [p.name for p in found.properties] == ["a"]


def test_a_statement_inside_an_object_type_is_named_in_words() -> None:
    # a syntax error to tsc too
    assert located("type T = { export type X = 1 };") == (
        "t.ts:1:12: error: unsupported construct: export statement"
    )


# ---------------------------------------------------------------------- docs (#37)


def test_a_symbol_keyed_member_keeps_its_doc_comment_to_itself() -> None:
    """The JSDoc above a skipped ``[Symbol.iterator]`` member is not the next property's."""
    found = object_type("/** The iterator. */ [Symbol.iterator]: 1; a: 2; /** A b. */ b: 3")
    assert [(p.name, p.doc) for p in found.properties] == [
        ("a", ir.EMPTY_DOC),
        ("b", ir.Doc(description="A b.")),
    ]


def test_a_key_written_as_a_number_stays_numeric_computed_or_not() -> None:
    """``200: T`` and ``[200]: T`` (comments aside) are keys TypeScript keeps numbers
    (``keyof`` gives ``200``); a string key, computed or not, is not, even of digits."""
    found = object_type('[200]: 1; [/* c */ 7]: 2; ["8"]: 3; 9: 4; [/* c */ "x"]: 5; a: 6; "10": 7')
    assert [(p.name, p.numeric_name) for p in found.properties] == [
        ("200", True),
        ("7", True),
        ("8", False),
        ("9", True),
        ("x", False),
        ("a", False),
        ("10", False),
    ]


def test_a_property_of_an_unsupported_type_degrades_alone_and_located() -> None:
    """``import("./x")`` with no member named is no type here: that property's type
    degrades (loudly, at the type), its siblings are read as written."""
    found = object_type('a: import("./x"); b: 1')
    assert [(p.name, p.type) for p in found.properties] == [
        ("a", ir.degraded("unsupported construct: call_expression", S(1, 15))),
        ("b", ir.Literal(1, S(1, 33))),
    ]


# ---------------------------------------------------------------------- index signatures (#37)


def _index(members: str) -> tuple[object, ...]:
    index = object_type(members).index
    assert index is not None
    return (index.value, index.key_name, index.span, index.numeric, index.pattern)


def test_signatures_over_different_keys_of_one_value_are_one_over_every_key() -> None:
    """``[n: number]`` and ``[k: string]``: every key, so the ``string`` one stands (wherever
    it is written) with no pattern; two patterned ones admit either pattern; no number key
    is kept once a string or template key is there."""
    assert _index("[n: number]: 1; [k: string]: 1") == (
        ir.Literal(1, S(1, 41)),
        "k",
        S(1, 28),
        False,
        None,
    )
    assert _index("[k: `a${string}`]: 1; [n: number]: 1") == (
        ir.Literal(1, S(1, 31)),
        "k",
        S(1, 12),
        False,
        "(?:^a.*$)|(?:^[0-9]+$)",
    )
    assert _index("[n: number]: 1; [k: `a${string}`]: 1") == (
        ir.Literal(1, S(1, 25)),
        "n",
        S(1, 12),
        False,
        "(?:^[0-9]+$)|(?:^a.*$)",
    )


def test_signatures_over_different_keys_of_different_values_degrade_at_the_second() -> None:
    """Which value a key has depends on which signatures admit it, which one signature
    cannot say: the value degrades, located at the second signature; the keys stay."""
    what = (
        "index signatures over different keys with different value types in one object "
        "type (a key's value depends on the signatures that admit it)"
    )
    assert _index("[k: `a${string}`]: 1; [n: `b${string}`]: 2") == (
        ir.degraded(what, S(1, 34)),
        "k",
        S(1, 12),
        False,
        "(?:^a.*$)|(?:^b.*$)",
    )
