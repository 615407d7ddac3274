"""The naming authority: case rules, reserved names, anonymous classes and collisions."""

from __future__ import annotations

import keyword

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from codegen import ir
from codegen.emit.python.naming import (
    BASEMODEL_ATTRIBUTES,
    assign_names,
    attribute_name,
    pascal_case,
    snake_case,
    upper_snake,
)
from codegen.errors import SchemaError

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


def test_reserved_list_covers_pydantic_basemodel() -> None:
    public = {n for n in dir(BaseModel) if not n.startswith("_")}
    assert public <= BASEMODEL_ATTRIBUTES | {"model_fields", "model_computed_fields"}


@given(st.text(max_size=30))
def test_any_key_becomes_a_safe_identifier_or_nothing(key: str) -> None:
    name = attribute_name(key)
    if name:
        assert name.isidentifier() and not keyword.iskeyword(name)
        assert name not in BASEMODEL_ATTRIBUTES
        assert not name.startswith(("model_dump", "model_validate"))


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
    assert names.inline[("ClientCapabilities", "elicitation")] == "ClientCapabilitiesElicitation"
    assert names.attribute("ClientCapabilitiesElicitationForm", "enabled") == "enabled"


def test_index_only_objects_need_no_class() -> None:
    mapping = ir.Object(index=ir.IndexSignature(ir.Primitive("unknown")))
    names = assign_names(schema(interface("A", ir.Property("params", mapping))))
    assert [spec.name for spec in names.classes] == ["A"]


def test_constants_are_upper_snake() -> None:
    names = assign_names(schema(ir.Const("latestVersion", "1")))
    assert names.constants == {"latestVersion": "LATEST_VERSION"}


def test_colliding_attributes_are_an_error_at_the_later_one_naming_both() -> None:
    bad = schema(interface("A", prop("fooBar", span=SPAN1), prop("foo_bar", span=SPAN2)))
    with pytest.raises(SchemaError) as error:
        assign_names(bad)
    assert error.value.span == SPAN2
    assert "'foo_bar'" in error.value.message and "'fooBar'" in error.value.message
    assert "s.ts:1:1" in error.value.message


def test_an_anonymous_class_colliding_with_a_declaration_is_an_error() -> None:
    inline = ir.Object((prop("x"),))
    bad = schema(
        interface("Tool", ir.Property("annotations", inline), span=SPAN1),
        interface("ToolAnnotations", prop("y"), span=SPAN2),
    )
    with pytest.raises(SchemaError) as error:
        assign_names(bad)
    assert "ToolAnnotations" in error.value.message


def test_const_and_type_collision_is_an_error() -> None:
    bad = schema(interface("VERSION", prop("x")), ir.Const("version", "1", span=SPAN2))
    with pytest.raises(SchemaError, match="VERSION"):
        assign_names(bad)


def test_reserved_module_names_are_errors_and_helpers_are_renamed() -> None:
    with pytest.raises(SchemaError, match="SchemaModel"):
        assign_names(schema(interface("SchemaModel", prop("x"))))
    names = assign_names(schema(interface("Literal", prop("x"))))
    assert names.helpers["Literal"] == "_Literal" and names.helpers["Any"] == "Any"


def test_two_anonymous_objects_in_one_field_is_an_error() -> None:
    union = ir.Union((ir.Object((prop("a"),)), ir.Object((prop("b"),), span=SPAN2)))
    with pytest.raises(SchemaError, match="several anonymous"):
        assign_names(schema(interface("A", ir.Property("x", union))))
