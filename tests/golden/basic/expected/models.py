"""Pydantic v2 models for base.ts, content.ts.

Field names are snake_case; the wire names are their aliases. Validating
(``model_validate``, ``model_validate_json``, a ``TypeAdapter``) is parsing the wire: wire
names only, no coercion (strict types), finite numbers, and ``model_validate_json`` takes
RFC 8259 JSON only (no ``NaN``/``Infinity``, no lone surrogates, no number that overflows
a double). Constructors are Python: they take the snake_case names too, and ``None`` for
an optional field means absent. Models dump by alias and keep unknown fields
(``extra="allow"``). An optional field that is absent reads as ``None`` but an explicit
``null`` on the wire is rejected unless the schema allows it; dump with
``exclude_unset=True`` to reproduce the input exactly.
"""

# pyright: reportIncompatibleVariableOverride=false
# (a subclass narrows an inherited field, e.g. ``method: str`` to one literal: pydantic
# validates each class's own annotation, and mypy accepts it)

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeAlias

from pydantic import Discriminator as _Discriminator
from pydantic import Field
from pydantic import Tag as _Tag
from typing_extensions import TypeAliasType

from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import by_kind as _by_kind
from ._wire import decode_wire_json as decode_wire_json

_kind_str_int_float_bool_list_dict = _by_kind(str, int, float, bool, list, dict)

LATEST_PROTOCOL_VERSION: Final = "2026-07-28"
"""The protocol revision."""
INVALID_PARAMS: Final = -32602

if TYPE_CHECKING:
    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably
    JSONValue: TypeAlias = 'Annotated[Annotated[str, _Tag("str")] | Annotated[int, _Tag("int")] | Annotated[float, _Tag("float")] | Annotated[bool, _Tag("bool")] | Annotated[JSONArray, _Tag("list")] | Annotated[JSONObject, _Tag("dict")] | Annotated[str | int | float | bool | JSONObject | JSONArray, _Tag("*")], _Discriminator(_kind_str_int_float_bool_list_dict)] | None'
    """Any JSON value."""
else:
    JSONValue = TypeAliasType(
        "JSONValue",
        'Annotated[Annotated[str, _Tag("str")] | Annotated[int, _Tag("int")] | Annotated[float, _Tag("float")] | Annotated[bool, _Tag("bool")] | Annotated[JSONArray, _Tag("list")] | Annotated[JSONObject, _Tag("dict")] | Annotated[str | int | float | bool | JSONObject | JSONArray, _Tag("*")], _Discriminator(_kind_str_int_float_bool_list_dict)] | None',
    )

if TYPE_CHECKING:
    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably
    JSONObject: TypeAlias = "dict[str, JSONValue]"
else:
    JSONObject = TypeAliasType("JSONObject", "dict[str, JSONValue]")

if TYPE_CHECKING:
    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably
    JSONArray: TypeAlias = "list[JSONValue]"
else:
    JSONArray = TypeAliasType("JSONArray", "list[JSONValue]")

RequestId: TypeAlias = str | int | float


class Result(SchemaModel):
    """Common result fields."""

    meta: Annotated[Omittable[dict[str, Any]], Field(alias="_meta")] = None
    result_type: Annotated[str, Field(alias="resultType")]
    """How to read the result.

    Known values: ``"complete"``, ``"input_required"`` (others allowed).
    """


class Error(SchemaModel):
    code: int | float
    message: str
    data: Any = None


class InvalidParamsError(Error):
    code: Literal[-32602]


class TextContent(SchemaModel):
    """Plain text."""

    type: Literal["text"]
    text: str


class ImageContent(SchemaModel):
    """An image."""

    type: Literal["image"]
    data: str
    """Base64-encoded image data."""

    mime_type: Annotated[str, Field(alias="mimeType")]


ContentBlock: TypeAlias = Annotated[TextContent | ImageContent, Field(discriminator="type")]


class ErrorResponseErrorData(SchemaModel):
    requested: str
    supported: list[str]


class ErrorResponseError(Error):
    data: ErrorResponseErrorData  # pyright: ignore[reportGeneralTypeIssues]


class ErrorResponse(SchemaModel):
    jsonrpc: Literal["2.0"]
    id: Omittable[RequestId] = None
    error: ErrorResponseError


class Envelope(SchemaModel):
    jsonrpc: Literal["2.0"]
    id: Omittable[RequestId] = None
    error: Error


class CallToolResult(Result):
    content: list[ContentBlock]
    structured_content: Annotated[Omittable[dict[str, Any]], Field(alias="structuredContent")] = (
        None
    )
    is_error: Annotated[Omittable[bool], Field(alias="isError")] = None
    legacy: Annotated[str | None, Field(deprecated="use content")] = None
    """Deprecated: use content"""

    priority: Omittable[Annotated[int, Field(ge=0, le=1)] | Annotated[float, Field(ge=0, le=1)]] = (
        None
    )


Role: TypeAlias = Literal["user", "assistant"]
