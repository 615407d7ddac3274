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
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._cache import BoundedCache, exact_key, identity_key, json_size
from negotiation._wire import wire_get
from negotiation.content import NegotiationContext
from negotiation.versioning import Era

__all__ = ["DeclarationMemo", "Negotiated"]

DEFAULT_BYTES = 4 * 1024 * 1024
# A declaration bigger than this (estimated) is settled afresh every time: memoising
# untrusted input of any size would let one client fill the server's memory.
MAX_DECLARATION_BYTES = 64 * 1024
_SESSION_ENTRY_BYTES = 256  # a weak reference, an id, a principal key and a state


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
    """Everything :class:`Negotiated` depends on, type-exact; None when not keyable
    (too deep, or not JSON), in which case the declaration is settled afresh."""
    extensions = wire_get(capabilities, "extensions")
    content = wire_get(extensions, cn.EXTENSION_ID)
    hints = wire_get(wire_get(extensions, sv.EXTENSION_ID), "variantHints")
    try:
        return (identity_key(principal), exact_key(content), exact_key(hints))
    except TypeError:
        return None


class DeclarationMemo:
    """Byte-bounded memo of :class:`Negotiated` by declaration, with a per-session fast
    path.

    ``sticky=True`` (the handshake era) also remembers the capabilities object itself:
    the next request of the same session skips even reading the declaration.
    """

    def __init__(self, settle: Settle, *, max_bytes: int = DEFAULT_BYTES) -> None:
        self._settle = settle
        self._by_declaration: BoundedCache[Hashable, Negotiated] = BoundedCache(
            max_bytes, max_entry_bytes=MAX_DECLARATION_BYTES
        )
        # id -> (weak reference, principal, state); the reference proves the id is not
        # a recycled one, and lets finished sessions' objects be freed.
        self._by_object: BoundedCache[int, tuple[weakref.ref[Any], Hashable, Negotiated]] = (
            BoundedCache(max_bytes // 4)
        )

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
                self._by_declaration.put(key, state, size=json_size(key))
        if sticky:
            self._remember(capabilities, principal, state)
        return state

    def _remember(self, capabilities: object, principal: Hashable, state: Negotiated) -> None:
        try:
            ref = weakref.ref(capabilities)
        except TypeError:  # a plain dict cannot be referenced weakly: no fast path
            return
        entry = (ref, principal, state)
        self._by_object.put(id(capabilities), entry, size=_SESSION_ENTRY_BYTES)

    def clear(self) -> None:
        self._by_declaration.clear()
        self._by_object.clear()
