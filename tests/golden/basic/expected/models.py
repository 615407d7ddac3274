"""Pydantic v2 models for base.ts, content.ts.

Field names are snake_case; the wire names are their aliases. Models accept both, dump by
alias, and keep unknown fields (``extra="allow"``). An optional field that is absent reads
as ``None`` but an explicit ``null`` is rejected unless the schema allows it; dump with
``exclude_unset=True`` to reproduce the input exactly.
"""

from __future__ import annotations

from collections.abc import Callable as _Callable
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeAlias, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Discriminator as _Discriminator
from pydantic import Tag as _Tag
from typing_extensions import TypeAliasType

if TYPE_CHECKING:
    _T = TypeVar("_T")
    # For type checkers an omittable field reads as None when absent...
    Omittable: TypeAlias = _T | None
else:

    class Omittable:
        """...but at run time only the type itself validates, so an explicit null fails."""

        def __class_getitem__(cls, item: object) -> object:
            return item


def _is_none(value: object) -> bool:
    """Absent optional fields stay absent on dump, even without ``exclude_unset``."""
    return value is None


class SchemaModel(BaseModel):
    """Base of every generated model."""

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        use_attribute_docstrings=True,
    )


def _by_kind(*kinds: type) -> _Callable[[object], str]:
    """A callable discriminator on the exact built-in type of the input.

    Each listed type has one member of its own kind in the union, the one smart mode
    would pick; anything else goes to the whole union (tag ``*``).
    """
    tags = {kind: kind.__name__ for kind in kinds}

    def route(value: object) -> str:
        return tags.get(type(value), "*")

    return route


_kind_str_int_float_bool_list_dict = _by_kind(str, int, float, bool, list, dict)

LATEST_PROTOCOL_VERSION: Final = "2026-07-28"
"""The protocol revision."""
INVALID_PARAMS: Final = -32602

JSONValue = TypeAliasType(
    "JSONValue",
    'Annotated[Annotated[str, _Tag("str")] | Annotated[int, _Tag("int")] | Annotated[float, _Tag("float")] | Annotated[bool, _Tag("bool")] | Annotated[JSONArray, _Tag("list")] | Annotated[JSONObject, _Tag("dict")] | Annotated[str | int | float | bool | JSONObject | JSONArray, _Tag("*")], _Discriminator(_kind_str_int_float_bool_list_dict)] | None',
)
"""Any JSON value."""

JSONObject = TypeAliasType("JSONObject", "dict[str, JSONValue]")

JSONArray = TypeAliasType("JSONArray", "list[JSONValue]")

RequestId: TypeAlias = str | int | float


class Result(SchemaModel):
    """Common result fields."""

    meta: Omittable[dict[str, Any]] = Field(default=None, exclude_if=_is_none, alias="_meta")
    result_type: str = Field(alias="resultType")
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

    mime_type: str = Field(alias="mimeType")


ContentBlock: TypeAlias = Annotated[TextContent | ImageContent, Field(discriminator="type")]


class ErrorResponseErrorData(SchemaModel):
    requested: str
    supported: list[str]


class ErrorResponseError(Error):
    data: ErrorResponseErrorData


class ErrorResponse(SchemaModel):
    jsonrpc: Literal["2.0"]
    id: Omittable[RequestId] = Field(default=None, exclude_if=_is_none)
    error: ErrorResponseError


class Envelope(SchemaModel):
    jsonrpc: Literal["2.0"]
    id: Omittable[RequestId] = Field(default=None, exclude_if=_is_none)
    error: Error


class CallToolResult(Result):
    content: list[ContentBlock]
    structured_content: Omittable[dict[str, Any]] = Field(
        default=None, exclude_if=_is_none, alias="structuredContent"
    )
    is_error: Omittable[bool] = Field(default=None, exclude_if=_is_none, alias="isError")
    legacy: str | None = Field(default=None, deprecated="use content")
    """Deprecated: use content"""

    priority: Omittable[Annotated[int, Field(ge=0, le=1)] | Annotated[float, Field(ge=0, le=1)]] = (
        Field(default=None, exclude_if=_is_none)
    )


Role: TypeAlias = Literal["user", "assistant"]
