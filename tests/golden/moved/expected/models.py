"""Pydantic v2 models for moved.ts.

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
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, TypeVar
from typing import cast as _cast
from warnings import warn as _warn

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Discriminator as _Discriminator
from pydantic import Tag as _Tag
from pydantic import model_validator as _model_validator
from pydantic_core import ValidationError as _ValidationError
from pydantic_core import from_json as _from_json

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


_ABSENT = object()
_RouteKey: TypeAlias = tuple[str, int, int, dict[str, int]]


def _router(
    full: int, keys: tuple[_RouteKey, ...], tags: dict[int, str]
) -> _Callable[[object], str]:
    """A callable discriminator for a union of models no literal field tells apart.

    ``full`` has one bit per member; each key maps what the input holds there (absent, or
    a string) to the members that still admit it. The tag names the surviving members,
    among which pydantic's smart mode picks as it would over the whole union (tag ``*``):
    only members that would fail are dropped (see ``codegen.emit.python.routes``).
    """

    def route(value: object) -> str:
        if not isinstance(value, dict):
            return "*"  # a model instance or a wrong type: the whole union decides
        mask = full
        fields = _cast("dict[str, object]", value)
        for alias, absent, other, by_value in keys:
            found = fields.get(alias, _ABSENT)  # the wire name only, as validation reads it
            if found is _ABSENT:
                mask &= absent
            elif isinstance(found, str):
                mask &= by_value.get(found, other)
        return tags.get(mask, "*")

    return route


# TextResourceContents | BlobResourceContents
_route_126b938f72 = _router(
    3,
    (
        ("blob", 1, 3, {}),
        ("text", 2, 3, {}),
    ),
    {1: "TextResourceContents", 2: "BlobResourceContents"},
)


def _move_legacy(
    data: object, owner: str, legacy: str, path: tuple[tuple[str, str], ...]
) -> object:
    """Move a legacy field to where the schema now keeps it (``@moved``), on a copy.

    ``path`` holds each step as (wire key, attribute name); only wire keys are read, as
    validation reads them. A target that is already set wins; the legacy value is then
    dropped with a warning, unless the two are equal. When a step on the way is absent or
    not an object, the input stays as sent (the legacy value is kept as an extra field).
    """
    if not isinstance(data, dict):
        return data
    source = _cast("dict[str, Any]", data)
    if legacy not in source:
        return source
    value = source[legacy]
    moved = {key: item for key, item in source.items() if key != legacy}
    parent = moved
    for key, _ in path[:-1]:  # wire names: validation takes no attribute names
        child: object = parent.get(key)
        if isinstance(child, BaseModel):
            # A model given in Python code: its fields as input, so the copy validates again.
            child = child.model_dump(by_alias=True, exclude_unset=True)
        if not isinstance(child, dict):
            return source
        copied = dict(_cast("dict[str, Any]", child))
        parent[key] = copied
        parent = copied
    key = path[-1][0]
    if key not in parent:
        parent[key] = value
    elif _plain(parent[key]) != _plain(value):
        target = ".".join(step for step, _ in path)
        _warn(
            f"{owner}: the legacy '{legacy}' was dropped: '{target}' is set as well and wins",
            stacklevel=2,
        )
    return moved


def _plain(value: object) -> object:
    if isinstance(value, BaseModel):
        return value.model_dump(by_alias=True, exclude_unset=True)
    return value


class Annotations(SchemaModel):
    """Hints for the client."""

    priority: Omittable[int | float] = None
    last_modified: Annotated[Omittable[str], Field(alias="lastModified")] = None


class TextResourceContents(SchemaModel):
    """Text contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = None
    text: str


class BlobResourceContents(SchemaModel):
    """Binary contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = None
    blob: str


class EmbeddedResource(SchemaModel):
    """A resource placed inline; its annotations moved onto the resource."""

    type: Literal["resource"]
    resource: Annotated[
        Annotated[TextResourceContents, _Tag("TextResourceContents")]
        | Annotated[BlobResourceContents, _Tag("BlobResourceContents")]
        | Annotated[TextResourceContents | BlobResourceContents, _Tag("*")],
        _Discriminator(_route_126b938f72),
    ]

    @_model_validator(mode="before")
    @classmethod
    def _move_legacy_fields(cls, data: object) -> object:
        """Legacy input: each moved field goes to where the schema now keeps it."""
        data = _move_legacy(
            data,
            "EmbeddedResource",
            "annotations",
            (("resource", "resource"), ("annotations", "annotations")),
        )
        return data

    @property
    def annotations(self) -> Annotations | None:
        """Deprecated: the legacy ``annotations``, which now lives at ``resource.annotations``;
        read that instead. Read-only; given on input, it is moved there.
        """
        return self.resource.annotations


class ResourceLink(SchemaModel):
    """A link whose optional preview carries the date that used to sit here."""

    type: Literal["resource_link"]
    preview: Omittable[EmbeddedResource] = None

    @_model_validator(mode="before")
    @classmethod
    def _move_legacy_fields(cls, data: object) -> object:
        """Legacy input: each moved field goes to where the schema now keeps it."""
        data = _move_legacy(
            data,
            "ResourceLink",
            "lastModified",
            (
                ("preview", "preview"),
                ("resource", "resource"),
                ("annotations", "annotations"),
                ("lastModified", "last_modified"),
            ),
        )
        return data

    @property
    def last_modified(self) -> str | None:
        """Deprecated: the legacy ``lastModified``, which now lives at
        ``preview.resource.annotations.lastModified``; read that instead. Read-only; given
        on input, it is moved there.
        """
        step_0 = self.preview
        if step_0 is None:
            return None
        step_2 = step_0.resource.annotations
        if step_2 is None:
            return None
        return step_2.last_modified
