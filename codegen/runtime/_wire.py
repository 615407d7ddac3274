"""The wire plumbing of the generated ``models.py``: its base model and helpers.

Hand-written (``codegen/runtime/_wire.py``) and copied verbatim into every generated
package as ``_wire.py``, so that ``models.py`` opens with the schema's own types. It needs
the standard library and pydantic, nothing of the package; ``models.py`` imports what it
uses from here (and re-exports ``SchemaModel``, ``Omittable`` and ``decode_wire_json``),
and ``_validation.py`` reads ``decode_wire_json``.

* ``SchemaModel``, the base of every generated model: validation is the wire (wire names
  only, strict types, finite numbers, RFC 8259 JSON in ``model_validate_json``); the
  constructor is Python (snake_case names too; ``None`` for an omittable field is absent).
* ``Omittable[X]``: an optional field that is absent rather than null.
* ``decode_wire_json``: one RFC 8259 JSON value, else ``ValueError``.
* What some schemas need: ``router`` and ``by_kind`` (callable discriminators for unions),
  ``not_bool``/``only_bool`` (JSON's ``true`` is not ``1``), ``move_legacy`` (``@moved``
  shims) and ``RestTuple`` (``[A, ...B[]]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, TypeVar, cast, get_args
from warnings import warn

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema, ValidationError, core_schema, from_json

__all__ = [
    "Omittable",
    "RestTuple",
    "SchemaModel",
    "by_kind",
    "decode_wire_json",
    "move_legacy",
    "not_bool",
    "only_bool",
    "router",
    "router_reading_booleans",
]

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
        value = from_json(raw, allow_inf_nan=False)
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
            stack.extend(cast("dict[str, Any]", item).values())
        elif isinstance(item, list):
            stack.extend(cast("list[object]", item))
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


def _json_invalid(title: str, raw: object, exc: ValueError) -> ValidationError:
    return ValidationError.from_exception_data(
        title,
        [{"type": "json_invalid", "loc": (), "input": raw, "ctx": {"error": str(exc)}}],
        input_type="json",
    )


def not_bool(value: object) -> object:
    """JSON's ``true`` is not the number 1 (pydantic's ``Literal[1]`` takes it)."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a number")
    return value


def only_bool(value: object) -> object:
    """The number 1 is not JSON's ``true`` (pydantic's ``Literal[True]`` takes it)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise ValueError("a number is not a boolean")
    return value


def by_kind(*kinds: type) -> Callable[[object], str]:
    """A callable discriminator on the exact built-in type of the input.

    Each listed type has one member of its own kind in the union, the one smart mode
    would pick; anything else goes to the whole union (tag ``*``).
    """
    tags = {kind: kind.__name__ for kind in kinds}

    def route(value: object) -> str:
        return tags.get(type(value), "*")

    return route


_ABSENT = object()
RouteKey: TypeAlias = tuple[str, int, int, dict[str, int]]
BoolRouteKey: TypeAlias = tuple[str, int, int, dict[str | bool, int]]


def router(full: int, keys: tuple[RouteKey, ...], tags: dict[int, str]) -> Callable[[object], str]:
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
        fields = cast("dict[str, object]", value)
        for alias, absent, other, by_value in keys:
            found = fields.get(alias, _ABSENT)  # the wire name only, as validation reads it
            if found is _ABSENT:
                mask &= absent
            elif isinstance(found, str):
                mask &= by_value.get(found, other)
        return tags.get(mask, "*")

    return route


def router_reading_booleans(
    full: int, keys: tuple[BoolRouteKey, ...], tags: dict[int, str]
) -> Callable[[object], str]:
    """``router`` for a union where a key's value may be a boolean literal too."""

    def route(value: object) -> str:
        if not isinstance(value, dict):
            return "*"  # a model instance or a wrong type: the whole union decides
        mask = full
        fields = cast("dict[str, object]", value)
        for alias, absent, other, by_value in keys:
            found = fields.get(alias, _ABSENT)  # the wire name only, as validation reads it
            if found is _ABSENT:
                mask &= absent
            elif isinstance(found, str | bool):
                mask &= by_value.get(found, other)
        return tags.get(mask, "*")

    return route


def move_legacy(data: object, owner: str, legacy: str, path: tuple[tuple[str, str], ...]) -> object:
    """Move a legacy field to where the schema now keeps it (``@moved``), on a copy.

    ``path`` holds each step as (wire key, attribute name); only wire keys are read, as
    validation reads them. A target that is already set wins; the legacy value is then
    dropped with a warning, unless the two are equal. When a step on the way is absent or
    not an object, the input stays as sent (the legacy value is kept as an extra field).
    """
    if not isinstance(data, dict):
        return data
    source = cast("dict[str, Any]", data)
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
        copied = dict(cast("dict[str, Any]", child))
        parent[key] = copied
        parent = copied
    key = path[-1][0]
    if key not in parent:
        parent[key] = value
    elif _plain(parent[key]) != _plain(value):
        target = ".".join(step for step, _ in path)
        warn(
            f"{owner}: the legacy '{legacy}' was dropped: '{target}' is set as well and wins",
            stacklevel=2,
        )
    return moved


def _plain(value: object) -> object:
    if isinstance(value, BaseModel):
        return value.model_dump(by_alias=True, exclude_unset=True)
    return value


class RestTuple:
    """``tuple[A, *tuple[B, ...]]`` (TypeScript's ``[A, ...B[]]``), which pydantic cannot
    read by itself: the items before the rest member, then the rest member at any length."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        *head, rest = get_args(source)
        # ``*tuple[B, ...]`` as written, or ``Unpack[tuple[B, ...]]`` once evaluated.
        args = get_args(rest)
        item = args[0] if args[-1] is Ellipsis else get_args(args[0])[0]
        items = [handler.generate_schema(arg) for arg in (*head, item)]
        # Lax on the container alone, as for every tuple: decoded JSON holds a list.
        return core_schema.tuple_schema(items, variadic_item_index=len(head), strict=False)
