"""Content-negotiation feature tags: parsing and feature sets (server predicates over them
are [`negotiation.predicates`][negotiation.predicates]; importing them from here is deprecated).

This module owns the [`FeatureSet`][negotiation.features.FeatureSet] of a client's
declaration: its parse (a fast path and the earlier-wins builder), the bounded cache of
parsed declarations, and the tags mirrored from MCP capabilities. One tag's grammar and
parse are [`negotiation.feature_tags`][negotiation.feature_tags]; its names are
re-exported here.

Tags are case-sensitive, as the spec's ``features.includes(...)`` helpers are. A client
may declare at most 256 tags; the rest are reported as invalid.

Invalid tags never raise: they are collected (with a reason) on the resulting
[`FeatureSet`][negotiation.features.FeatureSet] and logged once per distinct declaration (Requirement 4, Risk 2).

**Feature tags shape content only.** Nothing in this module takes features as an
authorization input, and no caller should: they are unverified client hints
(Requirement 3, Risks 1 and 4).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mcp_ext._validation import MAX_TAG_LENGTH
from mcp_ext.models import CONTENT_NEGOTIATION_EXTENSION_ID

from negotiation._cache import BoundedCache, ascii_strings_size, exact_key
from negotiation._wire import wire_get
from negotiation.feature_tags import (
    WELL_FORMED_TAG,
    FeatureTag,
    InvalidTag,
    TagConflict,
    TagKind,
    parse_tag,
    tag_from_text,
    why_invalid,
)

# Deprecated aliases, kept for one release: the predicates moved to their own module,
# which imports this one, so this module never imports it but for a deprecated name.
_PREDICATES = frozenset({"Predicate", "PredicateError", "compile_predicate"})


def __getattr__(name: str) -> Any:
    """Deprecated: the predicate names live in [`negotiation.predicates`][negotiation.predicates]."""
    if name in _PREDICATES:
        warnings.warn(
            f"negotiation.features.{name} moved to negotiation.predicates.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        from negotiation import predicates

        return getattr(predicates, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CACHE_BYTES",
    "EXTENSION_ID",
    "MAX_TAGS",
    "MAX_TAG_LENGTH",
    "FeatureSet",
    "FeatureTag",
    "InvalidTag",
    "TagConflict",
    "client_features",
    "features_from_capabilities",
    "parse_features",
    "parse_tag",
]

EXTENSION_ID = CONTENT_NEGOTIATION_EXTENSION_ID
MAX_TAGS = 256
# Parsed declarations are cached up to this many bytes (key and result, estimated). Only
# fully valid declarations are cached, so one entry is at most MAX_TAGS tags of
# MAX_TAG_LENGTH characters (about 230 KB).
CACHE_BYTES = 4 * 1024 * 1024
# Warnings already logged, so a repeated bad declaration is logged once.
_WARNED_BYTES = 256 * 1024

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FeatureSet:
    """The effective features of one client declaration.

    Contradictions are resolved deterministically: **the earlier tag wins**, the later
    contradicting tag is dropped, recorded in ``conflicts`` and logged as a
    warning. ``interactive`` then ``!interactive`` means interactive; ``format=json``
    then ``format=markdown`` means json. Tags that agree (``format=json`` and
    ``format!=xml``; a duplicate) are not conflicts.

    A feature set describes the content a client prefers. It is not an identity and
    must never gate access to anything (Requirement 3).
    """

    tags: tuple[FeatureTag, ...] = ()
    invalid: tuple[InvalidTag, ...] = ()
    conflicts: tuple[TagConflict, ...] = ()
    _declared: frozenset[str] = field(default=frozenset(), repr=False)
    _negated: frozenset[str] = field(default=frozenset(), repr=False)
    _values: Mapping[str, str] = field(default_factory=dict, repr=False)
    _excluded: frozenset[tuple[str, str]] = field(default=frozenset(), repr=False)

    def has(self, name: str) -> bool:
        """``name`` was declared, as a presence tag or with a value."""
        return name in self._declared

    def lacks(self, name: str) -> bool:
        """``name`` is absent: negated with ``!name`` *or* never declared (RFC 2295)."""
        return name not in self._declared

    def negated(self, name: str) -> bool:
        """``name`` was explicitly declared absent with ``!name``."""
        return name in self._negated

    def equals(self, key: str, value: str) -> bool:
        """``key=value`` was declared."""
        return self._values.get(key) == value

    def differs(self, key: str, value: str) -> bool:
        """``key`` has a value other than ``value``, or ``key!=value`` was declared."""
        declared = self._values.get(key)
        if declared is not None:
            return declared != value
        return (key, value) in self._excluded

    def value(self, key: str) -> str | None:
        """The declared value of ``key`` (``format=json`` -> ``"json"``), if any."""
        return self._values.get(key)

    def __bool__(self) -> bool:
        return bool(self.tags)


EMPTY = FeatureSet()

# Building the result of every uncached declaration is most of its cost. A frozen dataclass
# sets each field through object.__setattr__; setting the slots through their descriptors
# gives the same objects (equal, hashing alike) for half the time. Only the two helpers below
# do this, and only with values the dataclass would accept.
_TAG_SLOTS = tuple(FeatureTag.__dict__[name].__set__ for name in ("kind", "name", "value"))
_SET_SLOTS = tuple(
    FeatureSet.__dict__[name].__set__
    for name in ("tags", "invalid", "conflicts", "_declared", "_negated", "_values", "_excluded")
)


def _new_tag(kind: TagKind, name: str, value: str | None = None) -> FeatureTag:
    """``FeatureTag(kind, name, value)``, built faster."""
    tag = object.__new__(FeatureTag)
    set_kind, set_name, set_value = _TAG_SLOTS
    set_kind(tag, kind)
    set_name(tag, name)
    set_value(tag, value)
    return tag


def _new_feature_set(
    tags: tuple[FeatureTag, ...],
    declared: frozenset[str],
    negated: frozenset[str],
    values: dict[str, str],
    excluded: frozenset[tuple[str, str]],
) -> FeatureSet:
    """A `FeatureSet` with nothing invalid and no conflicts, built faster."""
    features = object.__new__(FeatureSet)
    set_tags, set_invalid, set_conflicts, set_declared, set_negated, set_values, set_excluded = (
        _SET_SLOTS
    )
    set_tags(features, tags)
    set_invalid(features, ())
    set_conflicts(features, ())
    set_declared(features, declared)
    set_negated(features, negated)
    set_values(features, values)
    set_excluded(features, excluded)
    return features


# The spec's tag registry (v1.0) and the negations of its presence tags, parsed once here:
# a declaration of standard tags builds no new tags. A constant table, not a cache.
_REGISTRY_NAMES = (
    "agent", "human", "mcp-capable", "interactive", "sampling", "elicitation", "roots", "tasks",
)  # fmt: skip
_REGISTRY_VALUES = {
    "verbosity": ("compact", "standard", "verbose"),
    "format": ("json", "text", "markdown"),
}
_REGISTRY: dict[str, tuple[FeatureTag, TagKind, str, str | None]] = {
    str(tag): (tag, tag.kind, tag.name, tag.value)
    for tag in (
        *(FeatureTag("presence", name) for name in _REGISTRY_NAMES),
        *(FeatureTag("negation", name) for name in _REGISTRY_NAMES),
        *(
            FeatureTag("equality", key, value)
            for key, values in _REGISTRY_VALUES.items()
            for value in values
        ),
    )
}


def _parse_common(declaration: tuple[object, ...]) -> FeatureSet | None:
    """The common case fast: every tag a well-formed exact ``str``, none repeated or
    contradicting.

    None for anything else (an invalid tag, a ``str`` subclass, a repeat, a
    contradiction, too many tags), which `_Builder` then handles. Both give equal
    `FeatureSet`s for the common case. An answer here is therefore cacheable as is.
    """
    count = len(declaration)
    if not 0 < count <= MAX_TAGS:
        return None
    try:
        if len(set(declaration)) != count:  # a repeated tag
            return None
    except TypeError:  # an unhashable element (a JSON object)
        return None
    tags: list[FeatureTag] = []
    declared: set[str] = set()
    negated: set[str] = set()
    values: dict[str, str] = {}
    excluded: set[tuple[str, str]] = set()
    registered = _REGISTRY.get
    well_formed = WELL_FORMED_TAG.fullmatch
    keep = tags.append
    declare = declared.add
    for text in declaration:
        if type(text) is not str:
            return None
        known = registered(text)
        kind: TagKind
        if known is not None:  # a registry tag: parsed once, at import
            tag, kind, name, value = known
        else:
            if len(text) > MAX_TAG_LENGTH or well_formed(text) is None:
                return None
            if text[0] == "!":
                kind, name, value = "negation", text[1:], None
            else:
                equals = text.find("=")
                if equals < 0:
                    kind, name, value = "presence", text, None
                elif text[equals - 1] == "!":
                    kind, name, value = "inequality", text[: equals - 1], text[equals + 1 :]
                else:
                    kind, name, value = "equality", text[:equals], text[equals + 1 :]
            tag = _new_tag(kind, name, value)
        keep(tag)
        if kind == "presence":
            declare(name)
        elif kind == "negation":
            negated.add(name)
        elif value is None:  # unreachable: both value forms carry one
            return None
        elif kind == "equality":
            if name in values:  # two values for one key: a contradiction
                return None
            values[name] = value
            declare(name)
        else:
            excluded.add((name, value))
    if negated and not negated.isdisjoint(declared):
        return None
    for key, value in excluded:
        if values.get(key) == value:
            return None
    return _new_feature_set(
        tuple(tags), frozenset(declared), frozenset(negated), values, frozenset(excluded)
    )


class _Builder:
    """Accumulates tags in declaration order, applying the earlier-wins rule.

    Duplicates are found by the tag's canonical text, ``str(tag)``: the text it was
    parsed from, except ``name=*``, which reads as ``name``. A string hashes once.
    """

    def __init__(self) -> None:
        self.tags: list[FeatureTag] = []
        self.invalid: list[InvalidTag] = []
        self.conflicts: list[TagConflict] = []
        self.kept: set[str] = set()  # the text of every kept tag
        self.present: dict[str, FeatureTag] = {}
        self.negated: dict[str, FeatureTag] = {}
        self.values: dict[str, FeatureTag] = {}
        self.excluded: dict[tuple[str, str], FeatureTag] = {}

    def add_raw(self, raw: object) -> None:
        """One declared element: a tag to keep, a duplicate, a conflict or invalid."""
        if isinstance(raw, str) and len(raw) <= MAX_TAG_LENGTH:
            if raw in self.kept:
                return
            parsed = tag_from_text(raw)
            if isinstance(parsed, FeatureTag):
                canonical = str(parsed)  # the text itself, but "name" for "name=*"
                if canonical not in self.kept:
                    self.add(parsed, canonical)
                return
            if parsed is not None:
                self.invalid.append(parsed)
                return
        self.invalid.append(InvalidTag(raw, why_invalid(raw)))

    def add(self, tag: FeatureTag, text: str) -> None:
        clash = self._clash(tag)
        if clash is not None:
            self.conflicts.append(TagConflict(clash, tag))
            return
        self.kept.add(text)
        self.tags.append(tag)
        kind = tag.kind
        if kind == "presence":
            self.present[tag.name] = tag
        elif kind == "negation":
            self.negated[tag.name] = tag
        elif kind == "equality":
            self.values[tag.name] = tag
        else:
            assert tag.value is not None
            self.excluded[(tag.name, tag.value)] = tag

    def _clash(self, tag: FeatureTag) -> FeatureTag | None:
        name = tag.name
        kind = tag.kind
        if kind == "presence":
            return self.negated.get(name) if self.negated else None
        if kind == "negation":
            return self.present.get(name) or self.values.get(name)
        assert tag.value is not None
        if kind == "equality":
            earlier = self.negated.get(name)
            if earlier is None and self.excluded:
                earlier = self.excluded.get((name, tag.value))
            if earlier is not None:
                return earlier
            declared = self.values.get(name)
            return declared if declared is not None and declared.value != tag.value else None
        declared = self.values.get(name)
        return declared if declared is not None and declared.value == tag.value else None

    def build(self) -> FeatureSet:
        return FeatureSet(
            tags=tuple(self.tags),
            invalid=tuple(self.invalid),
            conflicts=tuple(self.conflicts),
            _declared=frozenset((*self.present, *self.values)),
            _negated=frozenset(self.negated),
            _values={name: tag.value for name, tag in self.values.items() if tag.value},
            _excluded=frozenset(self.excluded),
        )


def _parse(declaration: tuple[object, ...]) -> FeatureSet:
    """Everything `_parse_common` leaves: invalid or repeated tags, contradictions."""
    builder = _Builder()
    add_raw = builder.add_raw
    for raw in declaration[:MAX_TAGS]:
        add_raw(raw)
    overflow = len(declaration) - MAX_TAGS
    if overflow > 0:
        builder.invalid.append(
            InvalidTag(f"<{overflow} more>", f"more than {MAX_TAGS} tags; the rest are ignored")
        )
    features = builder.build()
    _report(features, declaration)
    return features


def _report(features: FeatureSet, declaration: object = None) -> None:
    if features.invalid:
        _warn_once(
            declaration,
            "ignoring %d invalid feature tag(s): %s",
            len(features.invalid),
            "; ".join(f"{_shorten(bad.tag)}: {bad.reason}" for bad in features.invalid),
        )
    if features.conflicts:
        _warn_once(
            declaration,
            "contradictory feature tags, keeping the earlier: %s",
            "; ".join(f"kept {c.kept}, dropped {c.dropped}" for c in features.conflicts),
        )


# Which (declaration, warning) pairs were logged: hashes only, so an entry is small.
_warned: BoundedCache[int, bool] = BoundedCache(_WARNED_BYTES)


def _warn_once(declaration: object, template: str, *args: object) -> None:
    """Log a warning once per distinct declaration (by exact key; by text if unkeyable)."""
    message = template % args
    try:
        token = hash((exact_key(declaration), message))
    except TypeError:
        token = hash(message)
    if _warned.get(token) is None:
        _warned.put(token, True, size=96)
        logger.warning("%s", message)


def _shorten(tag: object) -> str:
    if not isinstance(tag, str):
        return f"<{type(tag).__name__}>"  # never repr a client's arbitrary structure
    text = repr(tag[:40])
    return text if len(tag) <= 40 else text[:-1] + "..." + text[-1]


# Keyed by the declaration tuple, whose elements are all exact ``str``: with
# per-request capabilities (modern era) a repeat declaration is one hash lookup.
_parsed: BoundedCache[tuple[str, ...], FeatureSet] = BoundedCache(
    CACHE_BYTES, max_entry_bytes=CACHE_BYTES // 8
)


def parse_features(features: object) -> FeatureSet:
    """The feature set of a declaration (the ``features`` array); never raises.

    Anything that is not an array of strings degrades to the valid part of it (or to the
    empty set) with the problems recorded in ``FeatureSet.invalid``. Only fully
    valid declarations are cached: an invalid one (a tag over ``MAX_TAG_LENGTH``,
    more than ``MAX_TAGS`` tags, a malformed tag) is parsed afresh every time, so it
    can never occupy the cache.
    """
    if features is None:
        return EMPTY
    if isinstance(features, list | tuple):
        declaration = tuple(features)
        try:
            # Only tuples of exact strs are stored, and only a str equals a str: a
            # hit is always the same declaration.
            hit = _parsed.get(declaration)
        except TypeError:  # an unhashable element (a JSON object): invalid anyway
            hit = None
        if hit is not None:
            return hit
        parsed = _parse_common(declaration)
        if parsed is None:
            parsed = _parse(declaration)
            # Valid means at most MAX_TAGS exact strings of at most MAX_TAG_LENGTH
            # characters (the fast path's answers are valid by construction).
            if parsed.invalid or not all(type(tag) is str for tag in declaration):
                return parsed
        _parsed.put(declaration, parsed, size=_entry_size(declaration))
        return parsed
    bad = FeatureSet(invalid=(InvalidTag(features, "features must be an array of strings"),))
    _report(bad, features)
    return bad


def _entry_size(declaration: tuple[str, ...]) -> int:
    # The key's strings and tuple, plus the FeatureSet (measured: about 1 KB, 250 bytes
    # a tag and the tag text again). Only valid declarations are cached, and valid tags
    # are ASCII, so their size is arithmetic: json_size's walk would cost as much as
    # the parse.
    return 2 * ascii_strings_size(declaration) + 1024 + 256 * len(declaration)


def clear_cache() -> None:
    """Forget cached declarations and logged warnings (tests and benchmarks)."""
    _parsed.clear()
    _warned.clear()


def cache_bytes() -> int:
    """Bytes the declaration cache holds now (its estimate)."""
    return _parsed.bytes_used


def client_features(client_capabilities: object) -> FeatureSet | None:
    """The client's declared features, or None when it did not declare the extension.

    None means "no negotiation": the server MUST send its default content (graceful
    degradation; Test Case 3). Accepts a mapping or a model of ``ClientCapabilities``.
    """
    extensions = wire_get(client_capabilities, "extensions")
    settings = wire_get(extensions, EXTENSION_ID)
    if settings is None:
        return None
    return parse_features(wire_get(settings, "features"))


_MIRRORED = ("sampling", "elicitation", "roots", "tasks")
_TASKS_EXTENSION = "io.modelcontextprotocol/tasks"


def features_from_capabilities(client_capabilities: object) -> tuple[str, ...]:
    """Presence tags mirroring the declared MCP capabilities (Requirement 2).

    ``tasks`` is a capability up to 2025-11-25 and the ``io.modelcontextprotocol/tasks``
    extension from 2026-07-28; either counts. A client merges these into the features
    it declares.
    """
    mirrored = [name for name in _MIRRORED if wire_get(client_capabilities, name) is not None]
    if "tasks" not in mirrored:
        extensions = wire_get(client_capabilities, "extensions")
        if wire_get(extensions, _TASKS_EXTENSION) is not None:
            mirrored.append("tasks")
    return tuple(mirrored)


def declared_tags(features: Iterable[FeatureTag]) -> list[str]:
    """The wire form of tags, e.g. to echo them in a debug log (Expected Behavior 6)."""
    return [str(tag) for tag in features]
