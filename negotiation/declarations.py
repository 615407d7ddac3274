"""Per-declaration negotiation state, so that a repeated declaration costs one lookup.

What the client declared (its content-negotiation settings and variant hints) and who
it is (the principal) settle the features, the advertised variants and the variant
resolver of every request that repeats them. In the 2025-11-25 era the handshake's
capabilities object serves the whole session, so an identity check finds the state; in
the 2026-07-28 era every request carries a fresh copy, so the state is found by the
declaration's content: by its wire form's bytes when the caller has it (one C call and a
lookup), else by a type-exact key of the parts negotiation reads.

[`settle()`][negotiation.declarations.settle] is the decision itself, pure: the SDK layer memoises it per declaration.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from negotiation import features as cn
from negotiation import variants as sv
from negotiation._cache import BoundedCache, exact_key, identity_key, json_size, wire_key
from negotiation._wire import wire_get
from negotiation.context import NegotiationContext, context_from_capabilities
from negotiation.variants._forms import NormalHints
from negotiation.versioning import Era

__all__ = ["DeclarationMemo", "Negotiated", "ViewKey", "client_hints", "settle", "view_key"]

# The four memos together hold at most this many bytes (estimated). Keys are type-exact, and
# a declaration that is invalid (a bad tag, malformed hints) or not JSON is settled
# afresh every time: memoising untrusted input would let one client fill the memory.
MEMO_BYTES = 8 * 1024 * 1024
MAX_ENTRY_BYTES = 512 * 1024
_ENTRY_OVERHEAD = 1024  # the entry, the key tuple, the Negotiated and its resolver


@dataclass(frozen=True, slots=True)
class Negotiated:
    """What one declaration and principal settle for all their requests."""

    context: NegotiationContext  # features, format, advertised, principal; no era yet
    ids: tuple[str, ...]  # the variants this principal may select, default first
    resolver: sv.VariantResolver
    cacheable: bool = True  # False when the declaration was invalid: never memoised
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

ViewKey = tuple[Hashable, str, str | None, str | None, bytes]
"""Principal key, protocol version, selected variant, variant header, capabilities' bytes."""


def view_key(
    principal: Hashable, protocol_version: str, selected: object, header: object, wire: object
) -> ViewKey | None:
    """The key of a 2026-07-28 request's view in [`DeclarationMemo.views`][negotiation.declarations.DeclarationMemo.views]:
    who asks, in which version, the variant ``_meta`` selects (else the header's), and
    the capabilities the request carried (``wire``, an object as the transport parsed it).

    None when a part is not plain data: such a request is settled in full, never kept.
    The parts are type-exact, as are the memo's other keys.
    """
    if type(wire) is not dict:
        return None
    if not (selected is None or type(selected) is str) or not (
        header is None or type(header) is str
    ):
        return None
    text = wire_key(wire)
    if text is None:
        return None
    simple = principal is None or type(principal) is str
    return (
        principal if simple else identity_key(principal),
        protocol_version,
        selected,
        header,
        text,
    )


def client_hints(capabilities: object) -> NormalHints:
    """The client's variant hints (either placement). Untrusted: malformed hints are read
    as far as they go, never raised."""
    return NormalHints.from_wire(wire_get(sv.extension_settings(capabilities), "variantHints"))


def settle(
    capabilities: object,
    principal: Hashable,
    advertised: tuple[str, ...],
    *,
    hints_matter: bool = True,
) -> Negotiated:
    """What a declaration and principal decide for all their requests, given the variants
    advertised to them (default first; empty without variants). ``hints_matter=False``
    (a server without variants) ignores malformed variant hints."""
    context = context_from_capabilities(capabilities, era=None)
    features = context.features
    # An invalid declaration (a bad tag, malformed hints) is never memoised.
    valid = (features is None or not features.invalid) and not (
        hints_matter and client_hints(capabilities).malformed
    )
    context = replace(context, advertised=advertised, principal=principal)
    return Negotiated(context, advertised, sv.VariantResolver(advertised), cacheable=valid)


def declaration_parts(capabilities: object) -> tuple[object, object, object]:
    """The parts of ``capabilities`` negotiation depends on: (content settings, features,
    variant hints), each as sent."""
    extensions = wire_get(capabilities, "extensions")
    if extensions is None and wire_get(capabilities, "experimental") is None:
        return None, None, None  # the common client that declares neither extension
    content = wire_get(extensions, cn.EXTENSION_ID)
    hints = wire_get(sv.extension_settings(capabilities), "variantHints")
    features = None if content is None else wire_get(content, "features")
    return content, features, hints


def declaration_key(capabilities: object, principal: Hashable) -> Hashable | None:
    """A type-exact key for everything [`Negotiated`][negotiation.declarations.Negotiated] depends on; None when the
    declaration is not JSON (so not memoisable)."""
    content, _, hints = declaration_parts(capabilities)
    try:
        # The whole settings object: its version shapes the context too.
        return (
            identity_key(principal),
            None if content is None else exact_key(content),  # exact_key(None) is None
            None if hints is None else exact_key(hints),
        )
    except TypeError:
        return None


def declaration_size(capabilities: object) -> int:
    """What memoising this declaration costs, in bytes (estimated)."""
    content, _, hints = declaration_parts(capabilities)
    return _ENTRY_OVERHEAD + 2 * (json_size(content) + json_size(hints))


class DeclarationMemo:
    """Byte-bounded memo of [`Negotiated`][negotiation.declarations.Negotiated] by declaration, with a per-session fast
    path.

    ``sticky=True`` (the handshake era) also remembers the capabilities object itself:
    the next request of the same session skips even reading the declaration.

    ``wire`` (the 2026-07-28 era) is the capabilities as the request carried them, before
    any model was made of them: ``capabilities`` must be what they parse to. A request
    that repeats a declaration byte for byte then costs one C call and one lookup.
    """

    def __init__(self, settle: Settle, *, max_bytes: int = MEMO_BYTES) -> None:
        self._settle = settle
        entry_bound = min(MAX_ENTRY_BYTES, max_bytes)
        self._by_declaration: BoundedCache[Hashable, Negotiated] = BoundedCache(
            max_bytes // 4, max_entry_bytes=entry_bound
        )
        # id -> (weak reference, principal key, state); the reference proves the id is
        # not a recycled one, and lets finished sessions' objects be freed.
        self._by_object: BoundedCache[int, tuple[weakref.ref[Any], Hashable, Negotiated]] = (
            BoundedCache(max_bytes // 4, max_entry_bytes=entry_bound)
        )
        # (principal key, wire_key of the capabilities) -> state.
        self._by_wire: BoundedCache[tuple[Hashable, bytes], Negotiated] = BoundedCache(
            max_bytes // 4, max_entry_bytes=entry_bound
        )
        self.views: BoundedCache[ViewKey, NegotiationContext] = BoundedCache(
            max_bytes // 4, max_entry_bytes=entry_bound
        )
        """A 2026-07-28 request's whole settlement in one lookup: its view, by
        [`view_key()`][negotiation.declarations.view_key]. Only views of requests that resolved are kept."""

    def keep_view(self, key: ViewKey, view: NegotiationContext) -> None:
        """Remember the view of a request that resolved (sized by its key)."""
        principal, version, selected, header, text = key
        size = _ENTRY_OVERHEAD + 2 * len(text) + json_size((principal, version, selected, header))
        self.views.put(key, view, size=size)

    def get(
        self, capabilities: object, principal: Hashable, *, sticky: bool, wire: object = None
    ) -> Negotiated:
        if sticky:
            entry = self._by_object.get(id(capabilities))
            if (
                entry is not None
                and entry[0]() is capabilities
                and entry[1] == identity_key(principal)
            ):
                return entry[2]
        text = wire_key(wire) if wire is not None else None
        if text is not None:
            # identity_key() of the usual principals (None, a name) is the principal.
            simple = principal is None or type(principal) is str
            wire_entry = (principal if simple else identity_key(principal), text)
            found = self._by_wire.get(wire_entry)
            if found is not None:
                return found
        key = declaration_key(capabilities, principal)
        state = self._by_declaration.get(key) if key is not None else None
        if state is None:
            state = self._settle(capabilities, principal)
            if key is not None and state.cacheable:
                self._by_declaration.put(key, state, size=declaration_size(capabilities))
        if text is not None and key is not None and state.cacheable:
            # Kept on the same terms as by its parts: valid, and the parts are JSON.
            self._by_wire.put(wire_entry, state, size=_ENTRY_OVERHEAD + 2 * len(text))
        if sticky and key is not None and state.cacheable:
            self._remember(capabilities, principal, state, declaration_size(capabilities))
        return state

    def _remember(
        self, capabilities: object, principal: Hashable, state: Negotiated, size: int
    ) -> None:
        try:
            ref = weakref.ref(capabilities)
        except TypeError:  # a plain dict cannot be referenced weakly: no fast path
            return
        self._by_object.put(id(capabilities), (ref, identity_key(principal), state), size=size)

    @property
    def bytes_used(self) -> int:
        return (
            self._by_declaration.bytes_used
            + self._by_object.bytes_used
            + self._by_wire.bytes_used
            + self.views.bytes_used
        )

    def clear(self) -> None:
        self._by_declaration.clear()
        self._by_object.clear()
        self._by_wire.clear()
        self.views.clear()
