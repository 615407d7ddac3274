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

from collections.abc import Callable as _Callable
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeAlias, TypeVar
from typing import cast as _cast

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Discriminator as _Discriminator
from pydantic import Tag as _Tag
from pydantic_core import ValidationError as _ValidationError
from pydantic_core import from_json as _from_json
from typing_extensions import TypeAliasType

if TYPE_CHECKING:
    _T = TypeVar("_T")
    # For type checkers an omittable field reads as None when absent...
    Omittable: TypeAlias = _T | None
else:

    class Omittable:
        """...but at run time only the type itself validates, so an explicit null fails,
        and an absent field is never dumped, even without ``exclude_unset``."""

        def __class_getitem__(cls, item: object) -> object:
            return Annotated[item, Field(exclude_if=_is_none)]


def _is_none(value: object) -> bool:
    return value is None


# A number overflows a double (> 1.8e308) only with a 3-digit exponent or, as the
# exponent is then at most 99, with over 200 digits. Folded (every digit read as 0, E as
# e, + dropped), such a number shows "e000" or 200 zeros. Other texts may show them too:
# the exact check after parsing decides.
_OVERFLOW_FOLD = bytes.maketrans(b"123456789E", b"000000000e")
_OVERFLOW_DIGITS = "0" * 200


def _folded(raw: str | bytes | bytearray) -> str:
    """``raw`` folded as above, as text: one pass in C (a regex costs more than the
    decoding), and ``in`` costs several times less on text than on bytes. Only ASCII
    matters, so UTF-8 (lone surrogates kept) and Latin-1 keep every position."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    return data.translate(_OVERFLOW_FOLD, b"+").decode("latin-1")


def decode_wire_json(raw: str | bytes | bytearray) -> Any:
    """One JSON value as RFC 8259 defines it, else ``ValueError``.

    Rejected: ``NaN``/``Infinity``, lone surrogates, invalid UTF-8, trailing data, and
    numbers that overflow a double (they would come back as something else). Objects
    nest at most 200 deep (RFC 8259 section 9 lets a parser limit depth). A repeated
    key keeps its last value, as in Python's ``json``.
    """
    try:
        value = _from_json(raw, allow_inf_nan=False)
    except TypeError:
        if not isinstance(raw, str):
            raise
        # pydantic-core takes no str holding a lone surrogate (it is not Unicode text).
        raise ValueError("the text holds a lone surrogate") from None
    folded = _folded(raw)
    if ("e000" in folded or _OVERFLOW_DIGITS in folded) and _holds_infinity(value):
        raise ValueError("a number is out of the range of a double")
    return value


def _holds_infinity(value: object) -> bool:
    stack: list[Any] = [value]  # decoded JSON: dicts, lists and scalars
    while stack:
        item = stack.pop()
        if isinstance(item, float) and item in (_INF, -_INF):
            return True
        if isinstance(item, dict):
            stack.extend(_cast("dict[str, Any]", item).values())
        elif isinstance(item, list):
            stack.extend(_cast("list[object]", item))
    return False


_INF = float("inf")


class SchemaModel(BaseModel):
    """Base of every generated model.

    Validation is the wire (camelCase names only, strict types, finite numbers); the
    constructor is Python (snake_case names too; ``None`` for an omittable field is absent).
    """

    model_config = ConfigDict(
        extra="allow",
        strict=True,
        allow_inf_nan=False,
        validate_by_name=False,
        validate_by_alias=True,
        serialize_by_alias=True,
        use_attribute_docstrings=True,
    )

    if not TYPE_CHECKING:
        # Hidden from type checkers: they build the constructor from the fields, with the
        # snake_case names (the aliases sit in ``Annotated``, where they do not look).

        def __init__(self, /, **data: Any) -> None:
            __tracebackhide__ = True
            if None in data.values():
                omittable = _omittable_keys(type(self))
                data = {k: v for k, v in data.items() if v is not None or k not in omittable}
            self.__pydantic_validator__.validate_python(data, self_instance=self, by_name=True)

        # pydantic's own marker (``BaseModel.__init__`` and ``RootModel.__init__`` carry it):
        # without it every validation would go through this constructor.
        __init__.__pydantic_base_init__ = True

        @classmethod
        def model_validate_json(cls, json_data: str | bytes | bytearray, **options: Any) -> Any:
            """``model_validate`` of ``decode_wire_json(json_data)``; bad JSON raises a
            ``ValidationError`` of type ``json_invalid``, and neither text nor bytes one of
            type ``json_type``, as pydantic's own does."""
            __tracebackhide__ = True
            # Only a text holding NaN, Infinity or an overflowing number reads differently
            # in pydantic's own JSON parsing (as floats). Inlined: a call costs about as
            # much as one search.
            if isinstance(json_data, str):
                raw = json_data.encode("utf-8", "surrogatepass")
            elif isinstance(json_data, bytes | bytearray):
                raw = json_data
            else:
                return cls.__pydantic_validator__.validate_json(json_data, **options)
            folded = raw.translate(_OVERFLOW_FOLD, b"+").decode("latin-1")  # as _folded does
            if not (
                "e000" in folded
                or ("N" in folded and "NaN" in folded)  # a search for one letter is a memchr
                or ("I" in folded and "Infinity" in folded)
                or _OVERFLOW_DIGITS in folded
            ):
                # One pass, in pydantic-core: the same JSON, so the same result.
                if options:
                    return cls.__pydantic_validator__.validate_json(json_data, **options)
                return cls.__pydantic_validator__.validate_json(json_data)
            try:
                data = decode_wire_json(json_data)
            except ValueError as exc:
                raise _json_invalid(cls.__name__, json_data, exc) from None
            return cls.__pydantic_validator__.validate_python(data, **options)


def _omittable_keys(model: type[BaseModel]) -> set[str]:
    """The names and aliases of the fields where ``None`` means absent."""
    keys: set[str] = set()
    for name, info in model.model_fields.items():
        if info.exclude_if is _is_none:
            keys.add(name)
            if info.alias is not None:
                keys.add(info.alias)
    return keys


def _json_invalid(title: str, raw: object, exc: ValueError) -> _ValidationError:
    return _ValidationError.from_exception_data(
        title,
        [{"type": "json_invalid", "loc": (), "input": raw, "ctx": {"error": str(exc)}}],
        input_type="json",
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
