"""The runtime's normalised forms of ``ServerVariant`` and ``VariantHints``, and the
limits on untrusted hints.

Ranking and selection read these (hints of strings only, a status always, hints as
ordered tuples); what the public API takes and returns are the generated
``mcp_ext.ServerVariant`` and ``mcp_ext.VariantHints``. Internal: the names users once
imported (``Variant``, ``DeprecationInfo``, ``ClientHints``) warn, in
[`negotiation.variants`][negotiation.variants].
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mcp_ext.models import (
    SERVER_VARIANT_HEADER,
    SERVER_VARIANT_META_KEY,
    SERVER_VARIANTS_EXTENSION_ID,
    ServerVariant,
    VariantHints,
)
from pydantic import BaseModel

from negotiation._wire import as_mapping, wire_get

EXTENSION_ID = SERVER_VARIANTS_EXTENSION_ID
META_KEY = SERVER_VARIANT_META_KEY
HEADER = SERVER_VARIANT_HEADER
COMPACT_TOKEN_THRESHOLD = 10_000

Status = Literal["stable", "experimental", "deprecated"]
_STATUSES: dict[object, Status] = {
    "stable": "stable",
    "experimental": "experimental",
    "deprecated": "deprecated",
}
# Client hints are untrusted: bound what one declaration can make the ranker do.
# Anything past these is dropped and the hints count as malformed (never cached).
MAX_HINT_KEYS = 64
MAX_HINT_VALUES = 32  # per key
MAX_HINT_LENGTH = 256  # characters, of a key or a value
MAX_HINT_DESCRIPTION = 1024  # characters
RANKING_CACHE_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class NormalDeprecation:
    message: str
    replacement: str | None = None
    removal_date: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The members the spec does not name, as the author wrote them."""

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"message": self.message}
        if self.replacement is not None:
            wire["replacement"] = self.replacement
        if self.removal_date is not None:
            wire["removalDate"] = self.removal_date
        wire.update(self.extra)
        return wire

    @classmethod
    def from_wire(cls, variant_id: str, info: object) -> NormalDeprecation:
        """Read a variant's ``deprecationInfo`` (a mapping or model); ``ValueError``
        naming the variant if a member the spec names is not a string (None: absent)."""
        message = wire_get(info, "message")
        if not isinstance(message, str):
            raise ValueError(f"server variant {variant_id!r}: deprecationInfo needs a message")
        named = {}
        for key in _DEPRECATION_MEMBERS[1:]:
            value = wire_get(info, key)
            if value is not None and not isinstance(value, str):
                raise ValueError(
                    f"server variant {variant_id!r}: deprecationInfo {key!r} must be a string,"
                    f" not {value!r} ({type(value).__name__})"
                )
            named[key] = value
        given = as_mapping(info) or {}
        extra = {k: v for k, v in given.items() if k not in _DEPRECATION_MEMBERS}
        return cls(message, named["replacement"], named["removalDate"], extra)


_DEPRECATION_MEMBERS = ("message", "replacement", "removalDate")


@dataclass(frozen=True, slots=True)
class NormalVariant:
    """A ``ServerVariant``, normalised for ranking (hints of strings only, a status
    always); ``to_model()`` gives the public one back."""

    id: str
    description: str
    hints: Mapping[str, str] = field(default_factory=dict)
    status: Status = "stable"
    deprecation: NormalDeprecation | None = None

    @classmethod
    def from_wire(cls, obj: object) -> NormalVariant:
        """Read a ``ServerVariant`` mapping or model; ``ValueError`` if it is malformed."""
        variant_id = wire_get(obj, "id")
        description = wire_get(obj, "description")
        if not isinstance(variant_id, str) or not variant_id:
            raise ValueError("a server variant needs a non-empty string 'id'")
        if not isinstance(description, str):
            raise ValueError(f"server variant {variant_id!r} needs a string 'description'")
        hints = _string_hints(variant_id, wire_get(obj, "hints"))
        raw_status = wire_get(obj, "status") or "stable"
        status = _STATUSES.get(raw_status) if isinstance(raw_status, str) else None
        if status is None:
            raise ValueError(f"server variant {variant_id!r} has unknown status {raw_status!r}")
        info = wire_get(obj, "deprecationInfo")
        deprecation = None if info is None else NormalDeprecation.from_wire(variant_id, info)
        return cls(variant_id, description, hints, status, deprecation)

    def to_model(self) -> ServerVariant:
        """The generated ``mcp_ext.ServerVariant`` of this variant."""
        return ServerVariant.model_validate(self.to_wire())

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"id": self.id, "description": self.description}
        if self.hints:
            wire["hints"] = dict(self.hints)
        wire["status"] = self.status
        if self.deprecation is not None:
            wire["deprecationInfo"] = self.deprecation.to_wire()
        return wire


def _string_hints(variant_id: str, given: object) -> dict[str, str]:
    """A variant's hints, which the spec types ``{ [key: string]: string }``; anything
    else is a ``ValueError`` naming the variant and the hint (None: no hints)."""
    if given is None:
        return {}
    raw = as_mapping(given)
    if raw is None:
        raise ValueError(
            f"server variant {variant_id!r}: hints must be an object of strings, "
            f"not {given!r} ({type(given).__name__})"
        )
    for key, value in raw.items():
        if not isinstance(key, str):
            raise ValueError(
                f"server variant {variant_id!r}: hint key {key!r} ({type(key).__name__})"
                " must be a string"
            )
        if not isinstance(value, str):
            raise ValueError(
                f"server variant {variant_id!r}: hint {key!r} must be a string, "
                f"not {value!r} ({type(value).__name__})"
            )
    return dict(raw)


@dataclass(frozen=True, slots=True)
class NormalHints:
    """The client's ``VariantHints``, normalised: every hint is an ordered tuple.

    A client asks for experimental variants first by listing ``"experimental"`` under
    the ``status`` hint (the spec leaves the spelling open).
    """

    description: str | None = None
    hints: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    malformed: bool = False
    """Something was dropped reading the wire (a wrong type, a limit exceeded)."""

    @classmethod
    def from_wire(cls, obj: object) -> NormalHints:
        """Read untrusted ``VariantHints``; malformed parts are dropped, never raised."""
        if obj is None:
            return cls()
        mapping = as_mapping(obj)
        if mapping is None:
            return cls(malformed=True)
        malformed = False
        description = mapping.get("description")
        if description is not None and (
            not isinstance(description, str) or len(description) > MAX_HINT_DESCRIPTION
        ):
            description, malformed = None, True
        raw_hints = mapping.get("hints")
        raw = as_mapping(raw_hints)
        if raw is None:
            raw, malformed = {}, malformed or raw_hints is not None
        if len(raw) > MAX_HINT_KEYS:
            malformed = True
        hints: dict[str, tuple[str, ...]] = {}
        for key, value in list(raw.items())[:MAX_HINT_KEYS]:
            values = [value] if isinstance(value, str) else value
            if (
                not isinstance(key, str)
                or len(key) > MAX_HINT_LENGTH
                or not isinstance(values, list | tuple)
            ):
                malformed = True
                continue
            kept = tuple(
                v
                for v in values[:MAX_HINT_VALUES]
                if isinstance(v, str) and len(v) <= MAX_HINT_LENGTH
            )
            if len(kept) != len(values):
                malformed = True
            if kept:
                hints[key] = kept
        return cls(description, hints, malformed)

    def to_model(self) -> VariantHints:
        """The generated ``mcp_ext.VariantHints`` of these (normalised) hints."""
        hints = {key: list(values) for key, values in self.hints.items()}
        return VariantHints.model_validate(
            {
                **({} if self.description is None else {"description": self.description}),
                **({"hints": hints} if hints else {}),
            }
        )

    @property
    def wants_experimental(self) -> bool:
        return "experimental" in self.hints.get("status", ())

    def digest(self) -> str:
        """A stable hash of the hints, for caching rankings."""
        canonical = json.dumps(
            [self.description, sorted((k, list(v)) for k, v in self.hints.items())],
            separators=(",", ":"),
        )
        return hashlib.sha256(canonical.encode()).hexdigest()


VariantLike = ServerVariant | BaseModel | Mapping[str, Any]
"""A variant as the runtime accepts it: the generated ``mcp_ext.ServerVariant`` or its
wire mapping."""
HintsLike = VariantHints | BaseModel | Mapping[str, Any] | None
"""Client hints: the generated ``mcp_ext.VariantHints``, its wire mapping, or None (no
hints)."""


def as_variant(obj: object) -> NormalVariant:
    """``obj`` normalised; TypeError for anything but a variant or its wire form."""
    if isinstance(obj, NormalVariant):
        return obj
    if isinstance(obj, BaseModel | Mapping):
        return NormalVariant.from_wire(obj)
    raise TypeError(
        f"expected an mcp_ext.ServerVariant or its wire mapping, not {type(obj).__name__}"
    )


def as_variants(variants: object) -> tuple[NormalVariant, ...]:
    """A sequence of variants (any ``VariantLike``), normalised."""
    if isinstance(variants, str | bytes | Mapping | BaseModel) or not isinstance(
        variants, Sequence
    ):
        raise TypeError(f"expected a sequence of server variants, not {type(variants).__name__}")
    return tuple(as_variant(v) for v in variants)


def public_variants(given: Sequence[VariantLike]) -> tuple[ServerVariant, ...]:
    """``given`` as the public ``mcp_ext.ServerVariant``, in order: a ``ServerVariant``
    is returned as it is, anything else (checked as ``as_variants()`` does) converted,
    with the members the schema does not name kept as given."""
    return tuple(
        obj if isinstance(obj, ServerVariant) else public_variant(obj, variant)
        for obj, variant in zip(given, as_variants(given), strict=True)
    )


_VARIANT_MEMBERS = frozenset(f.alias or n for n, f in ServerVariant.model_fields.items())


def public_variant(obj: object, variant: NormalVariant) -> ServerVariant:
    wire = as_mapping(obj) or {}
    extra = {k: v for k, v in wire.items() if k not in _VARIANT_MEMBERS}
    return ServerVariant.model_validate({**variant.to_wire(), **extra})


def as_hints(obj: object) -> NormalHints:
    """``obj`` normalised; TypeError for anything but hints or their wire form."""
    if isinstance(obj, NormalHints):
        return obj
    if obj is None or isinstance(obj, BaseModel | Mapping):
        return NormalHints.from_wire(obj)
    raise TypeError(
        f"expected an mcp_ext.VariantHints or its wire mapping, not {type(obj).__name__}"
    )
