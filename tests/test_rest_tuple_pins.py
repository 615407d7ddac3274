"""The rest tuple helper of the models module (``codegen.emit.python.rest_tuple``): the text
it writes, run as the module runs it (issue #21)."""

from __future__ import annotations

from typing import Annotated, Any, Unpack

import pytest
from pydantic import ConfigDict, TypeAdapter, ValidationError

from codegen.emit.python import rest_tuple

# The names a models module binds, renamed as it renames them (``Any`` too, when a schema
# type takes that name).
SYM = {
    "Any": "_AnyT",
    "get_args": "_get_args",
    "GetCoreSchemaHandler": "_GetCoreSchemaHandler",
    "CoreSchema": "_CoreSchema",
    "core_schema": "_core_schema",
}


def helper() -> Any:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema, core_schema

    namespace: dict[str, Any] = {
        "_AnyT": Any,
        "_get_args": __import__("typing").get_args,
        "_GetCoreSchemaHandler": GetCoreSchemaHandler,
        "_CoreSchema": CoreSchema,
        "_core_schema": core_schema,
    }
    exec(rest_tuple.helper_text(SYM), namespace)
    return namespace[rest_tuple.REST_TUPLE]()


def test_the_annotation_is_the_static_type_and_the_helper() -> None:
    assert rest_tuple.annotation_text("Annotated", ["str", "Fwd"], "int | float") == (
        "Annotated[tuple[str, Fwd, *tuple[int | float, ...]], _RestTuple()]"
    )
    assert rest_tuple.annotation_text("_Annotated", [], "str") == (
        "_Annotated[tuple[*tuple[str, ...]], _RestTuple()]"
    )


def test_the_helper_uses_the_module_names_only() -> None:
    text = rest_tuple.helper_text(SYM)
    assert text.startswith(f"class {rest_tuple.REST_TUPLE}:\n")
    assert "source: _AnyT, handler: _GetCoreSchemaHandler" in text
    assert ") -> _CoreSchema:" in text
    assert "_core_schema.tuple_schema(" in text
    assert text.count("_get_args(") == 3
    assert rest_tuple.IMPORTS == set(SYM)


# ``*tuple[B, ...]`` as the source holds it, and as ``Unpack`` once pydantic evaluated it.
STARRED = eval("tuple[str, *tuple[int, ...]]")
UNPACKED = tuple[str, Unpack[tuple[int, ...]]]  # noqa: UP044 (this spelling is the point)


@pytest.mark.parametrize("static", [STARRED, UNPACKED], ids=["starred", "unpacked"])
def test_the_helper_validates_the_rest_at_any_length(static: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(
        Annotated[static, helper()], config=ConfigDict(strict=True)
    )
    assert adapter.validate_json('["a"]') == ("a",)
    assert adapter.validate_json('["a", 1, 2, 3]') == ("a", 1, 2, 3)
    assert adapter.validate_python(["a", 1]) == ("a", 1)  # a list: the container is lax
    for bad in ("[]", "[1]", '["a", "1"]', '["a", 1, 2.5]', '{"a": 1}'):
        with pytest.raises(ValidationError):
            adapter.validate_json(bad)
    assert adapter.json_schema() == {
        "type": "array",
        "prefixItems": [{"type": "string"}],
        "items": {"type": "integer"},
        "minItems": 1,
    }


def test_the_models_tell_a_rest_tuple_from_a_fixed_one() -> None:
    """Where a class redeclares a field, ``same_type`` decides whether it narrows it."""
    from codegen import ir
    from codegen.emit.python.layout import same_type

    string, number = ir.Primitive("string"), ir.Primitive("number")
    fixed = ir.Tuple((string,))
    rest = ir.Tuple((string,), rest=number)
    assert same_type(rest, ir.Tuple((string,), ir.Span("elsewhere", 2, 3), rest=number))
    assert not same_type(fixed, rest)
    assert not same_type(rest, ir.Tuple((string,), rest=string))
    assert not same_type(rest, ir.Tuple((string,), min_items=0, rest=number))
