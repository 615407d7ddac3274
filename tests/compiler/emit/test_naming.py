"""The naming authority: case rules, reserved names, anonymous classes and collisions."""

from __future__ import annotations

import keyword

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from codegen import ir
from codegen.emit.python.name_rules import (
    attribute_name,
    class_namespace_names,
    pascal_case,
    python_schema,
    snake_case,
    upper_snake,
)
from codegen.emit.python.naming import assign_names

SPAN1, SPAN2 = ir.Span("s.ts", 1, 1), ir.Span("s.ts", 2, 1)


def schema(*decls: ir.Decl) -> ir.Schema:
    return ir.Schema({decl.name: decl for decl in decls})


def interface(name: str, *props: ir.Property, span: ir.Span = SPAN1) -> ir.Interface:
    return ir.Interface(name, ir.Object(tuple(props)), span=span)


def prop(name: str, type_: ir.TypeExpr | None = None, span: ir.Span = SPAN1) -> ir.Property:
    return ir.Property(name, type_ or ir.Primitive("string"), span=span)


@pytest.mark.parametrize(
    ("key", "attribute"),
    [
        ("camelCase", "camel_case"),
        ("mimeType", "mime_type"),
        ("uri", "uri"),
        ("URLTemplate", "url_template"),
        ("_meta", "meta"),
        ("io.modelcontextprotocol/protocolVersion", "io_modelcontextprotocol_protocol_version"),
        ("$schema", "schema_"),
        ("from", "from_"),
        ("class", "class_"),
        ("type", "type"),
        ("json", "json_"),
        ("copy", "copy_"),
        ("model_dump", "field_model_dump"),
        ("modelDumpJson", "field_model_dump_json"),
        ("model_validate_xyz", "field_model_validate_xyz"),
        ("modelValidate", "field_model_validate"),
        ("model_config", "model_config_"),
        ("modelPreferences", "model_preferences"),
        ("2fa", "n2fa"),
        ("+1", "plus_1"),
        ("-1", "minus_1"),
        ("-x", "x"),
        # HTML's ``list`` attribute (@types/hast): it would shadow ``list[...]`` below it.
        ("list", "list_"),
        ("str", "str_"),
        ("dict", "dict_"),
        ("object", "object"),
    ],
)
def test_attribute_names(key: str, attribute: str) -> None:
    assert attribute_name(key) == attribute


def test_case_helpers() -> None:
    assert snake_case("ElicitURLParams") == "elicit_url_params"
    assert pascal_case("elicitation") == "Elicitation"
    assert pascal_case("input_schema") == "InputSchema"
    assert upper_snake("latestProtocolVersion") == "LATEST_PROTOCOL_VERSION"
    assert upper_snake("PARSE_ERROR") == "PARSE_ERROR"


def test_the_reserved_names_are_read_from_basemodel_and_its_metaclass() -> None:
    reserved = class_namespace_names()
    assert set(dir(BaseModel)) | set(dir(type(BaseModel))) == reserved
    assert {"model_config", "model_fields", "mro", "register", "json"} <= reserved


@given(st.text(max_size=30))
def test_any_key_becomes_a_safe_identifier_or_nothing(key: str) -> None:
    name = attribute_name(key)
    if name:
        assert name.isidentifier() and not keyword.iskeyword(name)
        assert name not in class_namespace_names()
        assert not name.startswith(("model_dump", "model_validate", "_"))


def test_anonymous_objects_are_named_owner_plus_field() -> None:
    form = ir.Object((prop("enabled", ir.Primitive("boolean")),))
    elicitation = ir.Object((ir.Property("form", form),))
    names = assign_names(
        schema(interface("ClientCapabilities", ir.Property("elicitation", elicitation)))
    )
    assert [spec.name for spec in names.classes] == [
        "ClientCapabilitiesElicitationForm",
        "ClientCapabilitiesElicitation",
        "ClientCapabilities",
    ]
    assert names.inline_at("ClientCapabilities", "elicitation") == ["ClientCapabilitiesElicitation"]
    assert names.attribute("enabled") == "enabled"


def test_index_only_objects_need_no_class() -> None:
    mapping = ir.Object(index=ir.IndexSignature(ir.Primitive("unknown")))
    names = assign_names(schema(interface("A", ir.Property("params", mapping))))
    assert [spec.name for spec in names.classes] == ["A"]


def test_constants_are_upper_snake() -> None:
    names = assign_names(schema(ir.Const("latestVersion", "1")))
    assert names.constants == {"latestVersion": "LATEST_VERSION"}


def test_colliding_attributes_are_told_apart_the_exact_key_keeping_the_name() -> None:
    """Whatever the order they are written in."""
    for order in [("fooBar", "foo_bar"), ("foo_bar", "fooBar")]:
        names = assign_names(schema(interface("A", *(prop(k) for k in order))))
        assert names.attributes == {"foo_bar": "foo_bar", "fooBar": "foo_bar_"}


def test_an_anonymous_class_colliding_with_a_declaration_takes_an_underscore() -> None:
    inline = ir.Object((prop("x"),))
    names = assign_names(
        schema(
            interface("Tool", ir.Property("annotations", inline), span=SPAN1),
            interface("ToolAnnotations", prop("y"), span=SPAN2),
        )
    )
    assert names.inline_at("Tool", "annotations") == ["ToolAnnotations_"]
    assert [str(r) for r in names.renames] == [
        "<builtin>:0:0: renamed 'ToolAnnotations' to 'ToolAnnotations_' (another name has it)"
    ]


def test_a_const_that_a_type_has_the_name_of_takes_an_underscore() -> None:
    names = assign_names(schema(interface("VERSION", prop("x")), ir.Const("version", "1")))
    assert names.constants == {"version": "VERSION_"}


def test_reserved_module_names_are_renamed_and_helpers_are_aliased() -> None:
    named, renames = python_schema(schema(interface("SchemaModel", prop("x"))))
    assert list(named.decls) == ["SchemaModel_"]
    assert [(r.old, r.new) for r in renames] == [("SchemaModel", "SchemaModel_")]
    names = assign_names(schema(interface("Literal", prop("x"))))
    assert names.helpers["Literal"] == "_Literal" and names.helpers["Any"] == "Any"


def test_two_anonymous_objects_in_one_field_are_numbered() -> None:
    union = ir.Union((ir.Object((prop("a"),)), ir.Object((prop("b"),), span=SPAN2)))
    names = assign_names(schema(interface("A", ir.Property("x", union))))
    assert names.inline_at("A", "x") == ["AX1", "AX2"]
