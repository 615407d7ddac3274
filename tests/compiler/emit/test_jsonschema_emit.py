"""The JSON Schema emitter on hand-built IR: one rule per test, plus property tests."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import ir
from codegen.emit.jsonschema import emit_jsonschema, render_description, schema_document
from codegen.errors import SchemaError
from codegen.frontend.resolve import resolve
from tests.jsonschema_normalise import differences, normalise_document, normalise_schema

S, N, B = ir.Primitive("string"), ir.Primitive("number"), ir.Primitive("boolean")


def prop(
    name: str, t: ir.TypeExpr, optional: bool = False, doc: str = "", **tags: str
) -> ir.Property:
    return ir.Property(name, t, optional, doc=make_doc(doc, **tags))


def make_doc(description: str = "", **tags: str) -> ir.Doc:
    return ir.Doc(description, tuple(ir.DocTag(k.replace("_", "-"), v) for k, v in tags.items()))


def iface(
    name: str,
    *props: ir.Property,
    extends: tuple[ir.TypeExpr, ...] = (),
    doc: str = "",
    index: ir.TypeExpr | None = None,
) -> ir.Interface:
    body = ir.Object(props, ir.IndexSignature(index) if index is not None else None)
    return ir.Interface(name, body, extends, doc=make_doc(doc))


def alias(name: str, t: ir.TypeExpr, doc: str = "", **tags: str) -> ir.Alias:
    return ir.Alias(name, t, doc=make_doc(doc, **tags))


def defs(*decls: ir.Decl) -> dict[str, Any]:
    document = schema_document(ir.Schema({d.name: d for d in decls}))
    jsonschema.Draft202012Validator.check_schema(document)
    result: dict[str, Any] = document["$defs"]
    return result


def test_document_shape_and_deterministic_text() -> None:
    schema = ir.Schema({"B": alias("B", S), "A": iface("A", prop("x", S))})
    ((path, text),) = emit_jsonschema(schema).items()
    assert path == "schema.json"
    assert text.endswith("}\n") and text == emit_jsonschema(schema)["schema.json"]
    document = json.loads(text)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert list(document["$defs"]) == ["A", "B"]  # sorted keys
    assert emit_jsonschema(schema, None, "x/s.json").keys() == {"x/s.json"}


def test_a_property_declared_twice_in_one_body_is_one_the_later() -> None:
    """Only hand-built IR has one (the parser refuses it): the later declaration wins and
    keeps the earlier's description, as for a redeclared base property; the shortcut for
    an interface without bases must not keep both (#37)."""
    d = defs(iface("A", prop("a", S, doc="First."), prop("a", N)))
    assert d["A"] == {
        "type": "object",
        "properties": {"a": {"type": "number", "description": "First."}},
        "required": ["a"],
    }


def test_interface_properties_required_and_descriptions() -> None:
    d = defs(iface("A", prop("b", S, doc="The b."), prop("a", N, optional=True), doc="An A."))
    assert d["A"] == {
        "type": "object",
        "description": "An A.",
        "properties": {"b": {"type": "string", "description": "The b."}, "a": {"type": "number"}},
        "required": ["b"],
    }


def test_number_stays_number_unless_tagged_integer() -> None:
    d = defs(iface("A", prop("n", N), prop("i", N, TJS_type="integer"), prop("c", ir.Literal(-3))))
    props = d["A"]["properties"]
    assert props["n"] == {"type": "number"}
    assert props["i"] == {"type": "integer"}
    assert props["c"] == {"const": -3, "type": "integer"}


def test_keyword_tags_parse_json_values() -> None:
    p = prop("p", N, minimum="0", maximum="1", format="uri", default='"x"', see="ignored")
    assert defs(iface("A", p))["A"]["properties"]["p"] == {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "format": "uri",
        "default": "x",
    }


def test_deprecated_and_nullable() -> None:
    d = defs(iface("A", prop("d", S, deprecated="Use e."), prop("t", N, nullable="")))
    assert d["A"]["properties"]["d"] == {"type": "string", "deprecated": True}
    assert d["A"]["properties"]["t"] == {"type": ["number", "null"]}


def test_link_rendering_matches_the_oracle() -> None:
    assert render_description("see {@link Foo | foo/bar} and {@link Baz}.") == (
        "see {@link Foofoo/bar} and {@link Baz}."
    )
    assert render_description("{@link A|b c}") == "{@link Ab c}"


def test_literal_unions_enum_sorted_and_const() -> None:
    d = defs(
        alias("Role", ir.Union((ir.Literal("user"), ir.Literal("assistant")))),
        alias("One", ir.Union((ir.Literal("x"),))),
    )
    assert d["Role"] == {"enum": ["assistant", "user"], "type": "string"}
    assert d["One"] == {"const": "x", "type": "string"}


def test_open_union_is_its_primitive_and_inlined_where_used() -> None:
    d = defs(
        alias("Kind", ir.Union((ir.Literal("a"), S)), doc="Open."),
        iface("A", prop("k", ir.Ref("Kind"))),
    )
    assert d["Kind"] == {"type": "string", "description": "Open."}
    assert d["A"]["properties"]["k"] == {"type": "string"}


def test_null_kept_and_simple_types_merged() -> None:
    d = defs(
        iface("O"),
        alias("V", ir.Union((S, N, B, ir.Primitive("null"), ir.Ref("O"), ir.Array(ir.Ref("V"))))),
    )
    assert normalise_schema(d["V"]) == normalise_schema(
        {
            "anyOf": [
                {"$ref": "#/$defs/O"},
                {"type": "array", "items": {"$ref": "#/$defs/V"}},
                {"type": ["string", "number", "boolean", "null"]},
            ]
        }
    )


def test_alias_of_primitive_or_array_is_inlined_union_alias_is_ref() -> None:
    d = defs(
        alias("Cursor", S),
        alias("List", ir.Array(S)),
        alias("Id", ir.Union((S, N))),
        iface("A", prop("c", ir.Ref("Cursor")), prop("l", ir.Ref("List")), prop("i", ir.Ref("Id"))),
    )
    assert d["A"]["properties"] == {
        "c": {"type": "string"},
        "l": {"type": "array", "items": {"type": "string"}},
        "i": {"$ref": "#/$defs/Id"},
    }


def test_union_aliases_are_spliced_and_member_aliases_show_their_doc() -> None:
    d = defs(
        iface("X"),
        iface("Y"),
        iface("Z"),
        alias("XY", ir.Union((ir.Ref("X"), ir.Ref("Y")))),
        alias("Zs", ir.Array(ir.Ref("Z")), doc="Many Z."),
        alias("All", ir.Union((ir.Ref("XY"), ir.Ref("Z"), ir.Ref("Zs")))),
    )
    assert d["All"]["anyOf"] == [
        {"$ref": "#/$defs/X"},
        {"$ref": "#/$defs/Y"},
        {"$ref": "#/$defs/Z"},
        {"type": "array", "items": {"$ref": "#/$defs/Z"}, "description": "Many Z."},
    ]


def test_extends_flattens_and_inherits_property_docs_but_not_index() -> None:
    base = iface(
        "Base", prop("code", N, doc="The code."), prop("m", S), index=ir.Primitive("unknown")
    )
    sub = iface("Sub", prop("code", ir.Literal(1)), extends=(ir.Ref("Base"),), doc="Sub.")
    d = defs(base, sub)
    assert d["Base"]["additionalProperties"] == {}
    assert d["Sub"] == {
        "type": "object",
        "description": "Sub.",
        "properties": {
            "m": {"type": "string"},
            "code": {"const": 1, "type": "integer", "description": "The code."},
        },
        "required": ["code", "m"],
    }


def test_omit_intersection_mapping_object() -> None:
    base = iface("Base", prop("a", S), prop("b", S, optional=True))
    d = defs(
        base,
        iface("NoA", extends=(ir.Omit(ir.Ref("Base"), ("a",)),)),
        alias("Meta", ir.Mapping(ir.Primitive("unknown"))),
        alias("Both", ir.Intersection((ir.Ref("Base"), ir.Object((prop("c", B),))))),
        iface(
            "E",
            prop("empty", ir.Object()),
            prop("obj", ir.Primitive("object")),
            prop("any", ir.Primitive("any")),
            prop("strs", ir.Mapping(S)),
        ),
    )
    assert d["NoA"] == {"type": "object", "properties": {"b": {"type": "string"}}}
    assert d["Meta"] == {"type": "object"}
    assert d["Both"] == {
        "allOf": [
            {"$ref": "#/$defs/Base"},
            {"type": "object", "properties": {"c": {"type": "boolean"}}, "required": ["c"]},
        ]
    }
    assert d["E"]["properties"] == {
        "empty": {"type": "object", "properties": {}},
        "obj": {"type": "object", "properties": {}, "additionalProperties": True},
        "any": {},
        "strs": {"type": "object", "additionalProperties": {"type": "string"}},
    }


def test_alias_of_named_type_is_a_ref_with_its_own_description() -> None:
    d = defs(
        iface("R", doc="Result."),
        alias("Empty", ir.Ref("R"), doc="Nothing."),
        alias("Again", ir.Ref("Empty")),
    )
    assert d["Empty"] == {"$ref": "#/$defs/R", "description": "Nothing."}
    assert d["Again"] == {"$ref": "#/$defs/R"}


def test_consts_get_no_definition() -> None:
    assert defs(ir.Const("V", "2.0"), alias("A", S)).keys() == {"A"}


@pytest.mark.parametrize(
    "decls, message",
    [
        ((iface("A", prop("x", ir.Ref("Missing"))),), "unknown type 'Missing'"),
        (
            (alias("A", ir.Ref("B")), alias("B", ir.Ref("A")), iface("C", prop("x", ir.Ref("A")))),
            "refers to itself",
        ),
        ((iface("A", extends=(ir.Ref("A"),)),), "extends itself"),
        ((ir.Const("V", 1), iface("A", prop("x", ir.Ref("V")))), "is a value"),
        ((iface("A", prop("x", ir.Typeof("V"))),), "was not resolved"),
    ],
)
def test_bad_input_is_a_schema_error(decls: tuple[ir.Decl, ...], message: str) -> None:
    with pytest.raises(SchemaError, match=message):
        schema_document(ir.Schema({d.name: d for d in decls}))


# --------------------------------------------------------------------------- properties

NAMES = ("A", "B", "C")
leaf = st.one_of(
    st.sampled_from(
        [
            ir.Primitive(n)
            for n in (
                "string",
                "number",
                "boolean",
                "null",
                "unknown",
                "any",
                "undefined",
                "never",
                "object",
            )
        ]
    ),
    st.builds(
        ir.Literal,
        st.one_of(
            st.text(max_size=3),
            st.integers(),
            st.booleans(),
            st.floats(allow_nan=False, allow_infinity=False),
        ),
    ),
    st.builds(ir.Ref, st.sampled_from((*NAMES, "Nope"))),
)
types = st.recursive(
    leaf,
    lambda inner: st.one_of(
        st.builds(ir.Array, inner),
        st.builds(ir.Union, st.lists(inner, min_size=1, max_size=4).map(tuple)),
        st.builds(ir.Intersection, st.lists(inner, min_size=1, max_size=3).map(tuple)),
        st.builds(ir.Mapping, inner),
        st.builds(ir.Tuple, st.lists(inner, max_size=3).map(tuple)),
        st.builds(
            lambda ps: ir.Object(tuple(ir.Property(f"p{i}", t) for i, t in enumerate(ps))),
            st.lists(inner, max_size=3),
        ),
    ),
    max_leaves=8,
)
decl = st.one_of(
    st.builds(lambda t: ("alias", t), types),
    st.builds(lambda t, e: ("iface", t, e), types, st.lists(st.sampled_from(NAMES), max_size=2)),
)


def build_schema(kinds: list[Any]) -> ir.Schema:
    """A random schema, through resolve as in the pipeline: the emitter's input contract
    is a resolved schema (no unknown names, no alias cycles unguarded by an object or array).
    """
    decls: list[ir.Decl] = []
    for name, spec in zip(NAMES, kinds, strict=False):
        if spec[0] == "alias":
            decls.append(ir.Alias(name, spec[1]))
        else:
            extends = tuple(ir.Ref(n) for n in spec[2])
            decls.append(ir.Interface(name, ir.Object((ir.Property("v", spec[1]),)), extends))
    return resolve([ir.Module("random.ts", tuple(decls))])


@settings(max_examples=300, deadline=None)
@given(st.lists(decl, min_size=1, max_size=3))
def test_any_schema_gives_a_valid_document_or_a_schema_error(kinds: list[Any]) -> None:
    try:
        schema = build_schema(kinds)
        text = emit_jsonschema(schema)["schema.json"]
    except SchemaError as err:
        assert str(err).count("error:") == 1
        return
    document = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(document)
    assert set(document["$defs"]) == set(schema.decls)
    assert emit_jsonschema(schema)["schema.json"] == text  # deterministic


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=10,
)


@given(json_values)
def test_normaliser_is_idempotent_and_self_equal(value: Any) -> None:
    schema = {"anyOf": [{"const": value}, {"type": ["string", "null"]}], "required": ["b", "a"]}
    once = normalise_schema(schema)
    assert normalise_schema(once) == once
    assert differences(once, once) == []


def test_normaliser_unifies_draft07_spelling_only() -> None:
    draft07 = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {
            "A": {
                "anyOf": [{"$ref": "#/definitions/B"}, {"type": ["string", "integer"]}],
                "items": [{"type": "string"}],
                "additionalItems": False,
                "required": ["y", "x"],
            },
        },
    }
    assert normalise_document(draft07) == {
        "A": {
            "anyOf": [{"$ref": "#/$defs/B"}, {"type": ["integer", "string"]}],
            "prefixItems": [{"type": "string"}],
            "items": False,
            "required": ["x", "y"],
        }
    }
    assert differences({"a": {"b": 1}, "c": [1]}, {"a": {"b": 2}, "c": [2]}) == ["/a/b", "/c"]
