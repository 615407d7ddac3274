"""The static runtime of the dataclasses target: ``from_wire(value, Type)`` and
``to_wire(obj)``.

Hand-written (``codegen/runtime/_dataclasses.py``) and copied verbatim into every
dataclasses package as ``_runtime.py``, beside ``_schema.py`` (the TypedDict target's
``schema.json`` checker, ``codegen/runtime/_typeddict.py``, verbatim). Standard library
only.

``from_wire`` first checks the value against the package's ``schema.json`` (so it accepts
and refuses exactly what the schema does), then builds the dataclasses the generated
``wire.py`` tables describe. The builder only ever sees values the schema holds: it picks a
union's member by the value's JSON kind, then by the keys each object member requires and
the literals it fixes, then (where several are left) by the schema's own definition of each
member. A shape the tables do not expect is kept as the plain JSON it is, never an error,
so ``to_wire(from_wire(x)) == x`` holds for every value ``x`` the schema accepts.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias, TypeVar, cast, overload

from ._schema import Alias, SchemaUnsupported, ValidationError, Validator

__all__ = [
    "UNSET",
    "Alias",
    "Codec",
    "DictOf",
    "Fields",
    "ListOf",
    "Member",
    "Ref",
    "SchemaUnsupported",
    "TupleOf",
    "UnionOf",
    "UnsetType",
    "ValidationError",
    "no_extra",
]

T = TypeVar("T")


class UnsetType(enum.Enum):
    """The type of ``UNSET``: a member that is absent, which is not ``None`` (``null``)."""

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> Literal[False]:
        return False


UNSET: Final = UnsetType.UNSET

EXTRA = "model_extra"  # the field of every class that keeps the members it does not name


def no_extra() -> dict[str, Any]:
    """The default of every class's ``model_extra``: a typed ``dict`` (pyright --strict
    takes a bare ``default_factory=dict`` as ``dict[Unknown, Unknown]``)."""
    return {}


# ----------------------------------------------------------------- the tables' nodes
# ``None`` in a table is a value kept as it is (JSON with no class anywhere inside).


@dataclass(frozen=True, slots=True)
class Ref:
    """A class or alias of the package, by its Python name (looked up when first used)."""

    name: str


@dataclass(frozen=True, slots=True)
class ListOf:
    item: Spec


@dataclass(frozen=True, slots=True)
class DictOf:
    value: Spec


@dataclass(frozen=True, slots=True)
class TupleOf:
    """A fixed tuple: its items by position, built into a ``tuple``."""

    items: tuple[Spec, ...]


@dataclass(frozen=True, slots=True)
class Member:
    """One member of a union: the JSON kinds it takes, how it is built, the wire keys it
    requires, the literals it fixes and the keys it names (an object member), its length (a
    fixed tuple) and the package's name for it in ``schema.json`` (None for an anonymous
    one)."""

    kinds: frozenset[str]
    spec: Spec
    required: frozenset[str] = frozenset()
    literals: tuple[tuple[str, tuple[object, ...]], ...] = ()
    named: frozenset[str] = frozenset()
    length: int | None = None
    definition: str | None = None
    keys: dict[str, frozenset[tuple[str, object]]] = field(
        default_factory=dict[str, frozenset[tuple[str, object]]], compare=False
    )

    def __post_init__(self) -> None:
        for key, values in self.literals:
            self.keys[key] = frozenset(_literal_key(v) for v in values)

    def fits(self, value: Any) -> bool:
        """Whether an object has every key this member requires and its fixed literals."""
        if not self.required <= value.keys():
            return False
        return all(
            _literal_key(value[key]) in allowed
            for key, allowed in self.keys.items()
            if key in value
        )


@dataclass(frozen=True, slots=True)
class UnionOf:
    members: tuple[Member, ...]


Spec: TypeAlias = Ref | ListOf | DictOf | TupleOf | UnionOf | None


@dataclass(frozen=True, slots=True)
class Fields:
    """A class: its members as (attribute, wire key, spec), what its other members are
    (an index signature's value, or kept as they are) and the wire keys it requires."""

    cls: type
    fields: tuple[tuple[str, str, Spec], ...]
    extra: Spec = None
    required: frozenset[str] = frozenset()
    by_key: dict[str, tuple[str, Spec]] = field(
        default_factory=dict[str, tuple[str, Spec]], compare=False
    )

    def __post_init__(self) -> None:
        self.by_key.update((key, (attr, spec)) for attr, key, spec in self.fields)


def _literal_key(value: object) -> tuple[str, object]:
    """Equal for equal JSON literals (``1 == 1.0``, ``True != 1``)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return (type(value).__name__, value)
    if isinstance(value, int | float):
        return ("number", value)
    return ("other", id(value))


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return "number"


class Codec:
    """``from_wire``/``to_wire`` of one package (its ``wire.py`` makes one)."""

    def __init__(
        self,
        folder: Path,
        module: object,
        definitions: Mapping[str, str],
        classes: Mapping[str, Fields],
        aliases: Mapping[str, Spec],
    ) -> None:
        self.validator = Validator(folder, module, definitions)
        self._classes = classes
        self._aliases = aliases
        self._by_type = {fields.cls: fields for fields in classes.values()}

    # ------------------------------------------------------------------ from the wire

    @overload
    def from_wire(self, value: object, type_: type[T]) -> T: ...
    @overload
    def from_wire(self, value: object, type_: object) -> Any: ...
    def from_wire(self, value: object, type_: object) -> Any:
        """``value`` (plain JSON) as ``Type``, once ``schema.json`` has accepted it as
        ``Type``'s definition; ``ValidationError`` where it refuses it."""
        errors = self.validator.errors(value, type_)
        if errors:
            raise errors[0]
        name = type_ if isinstance(type_, str) else getattr(type_, "__name__", "")
        try:
            return self.build(Ref(name), value)
        except RecursionError:  # checked already, so only a value deeper than the stack
            raise ValidationError(name, (), "the value is nested too deeply to build") from None

    def build(self, spec: Spec, value: Any) -> Any:
        """``value`` built as ``spec`` says; a shape it does not expect is kept as it is."""
        if spec is None:
            return value
        if isinstance(spec, Ref):
            found = self._classes.get(spec.name)
            if found is not None:
                return self._object(found, value)
            return self.build(self._aliases.get(spec.name), value)
        if isinstance(spec, UnionOf):
            return self._union(spec, value)
        if isinstance(spec, ListOf):
            if not isinstance(value, list):
                return value
            items = cast("Sequence[Any]", value)  # not list: redundant to mypy
            return [self.build(spec.item, item) for item in items]
        if isinstance(spec, DictOf):
            if not isinstance(value, dict):
                return value
            members = cast("dict[str, Any]", value)  # JSON: its keys are strings
            return {key: self.build(spec.value, item) for key, item in members.items()}
        if not isinstance(value, list):
            return value
        items = cast("Sequence[Any]", value)  # not list: redundant to mypy
        if len(items) != len(spec.items):
            return items
        return tuple(self.build(s, item) for s, item in zip(spec.items, items, strict=True))

    def _object(self, fields: Fields, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        members = cast("dict[str, Any]", value)  # JSON: its keys are strings
        if not fields.required <= members.keys():
            return members
        kwargs: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, item in members.items():
            slot = fields.by_key.get(key)
            if slot is None:
                extra[key] = self.build(fields.extra, item)
            else:
                kwargs[slot[0]] = self.build(slot[1], item)
        if extra:
            kwargs[EXTRA] = extra
        return fields.cls(**kwargs)

    def _union(self, union: UnionOf, value: Any) -> Any:
        kind = _kind(value)
        candidates = [m for m in union.members if kind in m.kinds]
        if not any(m.spec is not None for m in candidates):
            return value
        if len(candidates) > 1 and kind == "object":
            # One decision: the members whose keys and literals fit, the classes that name
            # the most of the value's keys first, then the rest in the schema's order.
            fitting = [m for m in candidates if m.fits(value)] or candidates
            classes = [m for m in fitting if m.spec is not None]
            classes.sort(key=lambda m: -len(m.named & value.keys()))
            candidates = classes + [m for m in fitting if m.spec is None]
            if len(candidates) > 1:
                # Several fit: the first the schema's own definition accepts.
                for member in candidates:
                    if member.definition is not None and not self.validator.errors(
                        value, member.definition
                    ):
                        candidates = [member]
                        break
        elif len(candidates) > 1 and kind == "array":
            # A fixed tuple of the value's length whose classes' required keys are there,
            # else the list member.
            sized = [
                m for m in candidates if m.length == len(value) and self._items_fit(m.spec, value)
            ]
            candidates = sized or [m for m in candidates if m.length is None] or candidates
        return self.build(candidates[0].spec, value)

    def _items_fit(self, spec: Spec, value: list[Any]) -> bool:
        if not isinstance(spec, TupleOf):
            return True
        for item_spec, item in zip(spec.items, value, strict=True):
            fields = self._classes.get(item_spec.name) if isinstance(item_spec, Ref) else None
            if fields is not None and not (
                isinstance(item, dict) and fields.required <= item.keys()
            ):
                return False
        return True

    def params(self, message: dict[str, Any], definition: str) -> object:
        """The params of a checked message, built as its class's ``params`` member."""
        if "params" not in message:
            return None
        fields = self._classes.get(definition)
        slot = fields.by_key.get("params") if fields is not None else None
        return message["params"] if slot is None else self.build(slot[1], message["params"])

    # ------------------------------------------------------------------ to the wire

    def to_wire(self, obj: object) -> Any:
        """``obj`` as plain JSON: each dataclass as an object of its wire names, its
        ``UNSET`` members left out and its other members (``model_extra``) kept; tuples as
        arrays. It checks nothing: ``from_wire`` of the result does."""
        fields = self._fields_of(type(obj))
        if fields is not None:
            out: dict[str, Any] = {}
            for attr, key, _ in fields.fields:
                item = getattr(obj, attr)
                if item is not UNSET:
                    out[key] = self.to_wire(item)
            extra: dict[str, Any] = getattr(obj, EXTRA)
            for key, item in extra.items():
                out[key] = self.to_wire(item)
            return out
        if isinstance(obj, list | tuple):
            return [self.to_wire(item) for item in cast("Sequence[Any]", obj)]
        if isinstance(obj, dict):
            members = cast("Mapping[Any, Any]", obj)  # not dict: redundant to mypy
            return {key: self.to_wire(item) for key, item in members.items()}
        if obj is UNSET:
            raise ValueError("UNSET is absence: it has no JSON value")
        return obj

    def _fields_of(self, cls: type) -> Fields | None:
        """The table of a package class, or of the first one a user's subclass derives from."""
        found = self._by_type.get(cls)
        if found is None and cls.__mro__[1:2] != (object,):
            found = next((self._by_type[b] for b in cls.__mro__ if b in self._by_type), None)
        return found

    def encode(self, result: object) -> object:
        return self.to_wire(result)
