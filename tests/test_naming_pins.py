"""The naming authority's errors, exactly: message and location (pinned from its
mutation run)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import SchemaError
from codegen.naming import assign_names
from tests.test_naming import SPAN1, SPAN2, interface, prop, schema

INLINE_SPAN = ir.Span("s.ts", 3, 5)


@pytest.mark.parametrize(
    ("decls", "message"),
    [
        (
            (interface("A", prop("fooBar", span=SPAN1), prop("foo_bar", span=SPAN2)),),
            "property 'foo_bar' and property 'fooBar' (at s.ts:1:1) both become the Python"
            " attribute of 'A' 'foo_bar'; rename one of them",
        ),
        (
            (interface("VERSION", prop("x")), ir.Const("version", "1", span=SPAN2)),
            "const 'version' and type 'VERSION' (at s.ts:1:1) both become the Python module"
            " name 'VERSION'; rename one of them",
        ),
        (
            (interface("SchemaModel", prop("x"), span=SPAN2),),
            "type 'SchemaModel' and the generated module's own 'SchemaModel' (at"
            " <builtin>:0:0) both become the Python module name 'SchemaModel'; rename one of"
            " them",
        ),
        (
            (
                interface(
                    "A",
                    ir.Property(
                        "u",
                        ir.Union((ir.Object((prop("a"),)), ir.Object((prop("b"),), span=SPAN2))),
                    ),
                ),
            ),
            "property 'u' of 'A' holds several anonymous object types; declare them as named"
            " interfaces",
        ),
        (
            (interface("str", prop("x"), span=SPAN2),),
            "type 'str' would shadow Python's built-in 'str'; rename it",
        ),
    ],
)
def test_naming_errors_name_both_sides_at_the_later_one(
    decls: tuple[ir.Decl, ...], message: str
) -> None:
    with pytest.raises(SchemaError) as caught:
        assign_names(schema(*decls))
    assert caught.value.span == SPAN2
    assert caught.value.message == message
    assert str(caught.value) == f"s.ts:2:1: error: {message}"


def test_an_anonymous_class_collision_is_reported_at_the_later_declaration() -> None:
    inline = ir.Object((prop("x"),), span=INLINE_SPAN)
    bad = schema(
        interface("Tool", ir.Property("annotations", inline), span=SPAN1),
        interface("ToolAnnotations", prop("y"), span=SPAN2),
    )
    with pytest.raises(SchemaError) as caught:
        assign_names(bad)
    assert caught.value.span == SPAN2
    # The anonymous class is located where its object type is written.
    assert caught.value.message == (
        "type 'ToolAnnotations' and type 'ToolAnnotations' (at s.ts:3:5) both become the"
        " Python module name 'ToolAnnotations'; rename one of them"
    )
