"""Per-declaration negotiation state, so that a repeated declaration costs one lookup.

What the client declared (its content-negotiation settings and variant hints) and who
it is (the principal) settle the features, the advertised variants and the variant
resolver of every request that repeats them. In the 2025-11-25 era the handshake's
capabilities object serves the whole session, so an identity check finds the state; in
the 2026-07-28 era every request carries a fresh copy, so the state is found by the
declaration's content.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import wire_get
from negotiation.content import NegotiationContext
from negotiation.versioning import Era

__all__ = ["DeclarationMemo", "Negotiated"]

DEFAULT_SIZE = 1024
# A declaration bigger than this (JSON values, counted) is settled afresh every time:
# memoising untrusted input of any size would let one client fill the server's memory.
# The budget also bounds the recursion, so deep nesting cannot overflow the stack.
MAX_KEY_NODES = 256


@dataclass(frozen=True, slots=True)
class Negotiated:
    """What one declaration and principal settle for all their requests."""

    context: NegotiationContext  # features, format, advertised, principal; no era yet
    ids: tuple[str, ...]  # the variants this principal may select, default first
    resolver: sv.VariantResolver
    _views: dict[tuple[str | None, str], NegotiationContext] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def features(self) -> cn.FeatureSet | None:
        return self.context.features

    def view(self, variant: str | None, era: Era, protocol_version: str) -> NegotiationContext:
        """The request's context for a resolved variant (one per variant and version)."""
        key = (variant, protocol_version)
        view = self._views.get(key)
        if view is None:
            # At most (variants + 1) x protocol versions: bounded by the server's config.
            view = replace(
                self.context, variant=variant, era=era, protocol_version=protocol_version
            )
            self._views[key] = view
        return view


Settle = Callable[[object, Hashable], Negotiated]


def declaration_key(capabilities: object, principal: Hashable) -> Hashable | None:
    """Everything :class:`Negotiated` depends on, hashable; None when not memoisable."""
    extensions = wire_get(capabilities, "extensions")
    content = wire_get(extensions, cn.EXTENSION_ID)
    hints = wire_get(wire_get(extensions, sv.EXTENSION_ID), "variantHints")
    budget = [MAX_KEY_NODES]
    try:
        features = None if content is None else _frozen(wire_get(content, "features"), budget)
        return (principal, content is not None, features, _frozen(hints, budget))
    except _TooBig:
        return None


class _TooBig(Exception):
    pass


def _frozen(value: object, budget: list[int]) -> Hashable:
    """A hashable copy of a JSON value, giving up past ``budget`` nodes.

    Scalars other than strings and all objects are tagged with a type, which no JSON
    value can contain, so that ``1``, ``1.0`` and ``True`` (equal in Python) and an
    object and a list of pairs get different keys.
    """
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind is list or kind is tuple:
        return tuple([_frozen(item, budget) for item in value])  # type: ignore[attr-defined]
    if kind is int or kind is float or kind is bool:
        return (kind, value)
    if isinstance(value, Mapping):
        return (dict, tuple(sorted((str(k), _frozen(v, budget)) for k, v in value.items())))
    raise _TooBig  # anything else (a model, bytes): settle it afresh, never guess a key


class DeclarationMemo:
    """Bounded memo of :class:`Negotiated` by declaration, with a per-session fast path.

    ``sticky=True`` (the handshake era) also remembers the capabilities object itself:
    the next request of the same session skips even reading the declaration.
    """

    def __init__(self, settle: Settle, *, size: int = DEFAULT_SIZE) -> None:
        self._settle = settle
        self._size = size
        self._by_declaration: dict[Hashable, Negotiated] = {}
        # id -> (weak reference, principal, state); the reference proves the id is not
        # a recycled one, and lets finished sessions' objects be freed.
        self._by_object: dict[int, tuple[weakref.ref[Any], Hashable, Negotiated]] = {}

    def get(self, capabilities: object, principal: Hashable, *, sticky: bool) -> Negotiated:
        if sticky:
            entry = self._by_object.get(id(capabilities))
            if entry is not None and entry[0]() is capabilities and entry[1] == principal:
                return entry[2]
        key = declaration_key(capabilities, principal)
        state = self._by_declaration.get(key) if key is not None else None
        if state is None:
            state = self._settle(capabilities, principal)
            if key is not None:
                _bounded_put(self._by_declaration, key, state, self._size)
        if sticky:
            self._remember(capabilities, principal, state)
        return state

    def _remember(self, capabilities: object, principal: Hashable, state: Negotiated) -> None:
        try:
            ref = weakref.ref(capabilities)
        except TypeError:  # a plain dict cannot be referenced weakly: no fast path
            return
        _bounded_put(self._by_object, id(capabilities), (ref, principal, state), self._size)

    def clear(self) -> None:
        self._by_declaration.clear()
        self._by_object.clear()


def _bounded_put(memo: dict[Any, Any], key: Any, value: Any, size: int) -> None:
    if key not in memo and len(memo) >= size:
        memo.pop(next(iter(memo)))  # oldest first: dicts keep insertion order
    memo[key] = value
