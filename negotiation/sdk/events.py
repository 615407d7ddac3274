"""The SDK's ``SubscriptionBus`` over a [`Backplane`][negotiation.backplane.Backplane]:
``MCPServer(..., subscriptions=neg.subscriptions)``.

The SDK's ``ListenHandler`` registers one listener per ``subscriptions/listen`` stream.
The [`Negotiation`][negotiation.sdk.server.Negotiation] middleware tells this bus, while the handler
registers, which variant and URIs the stream is bound to; the bus then delivers a
``list_changed`` for one variant only to that variant's streams, and on a gap (the
backplane lost its connection) tells every stream to refetch.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass

from mcp.server.subscriptions import (
    PromptsListChanged,
    ResourcesListChanged,
    ServerEvent,
    ToolsListChanged,
)
from mcp.server.subscriptions import ResourceUpdated as SdkResourceUpdated

from negotiation.backplane import ListChanged, ListKind, ResourceUpdated

__all__ = ["NegotiationBus", "Stream", "from_sdk", "listening", "to_sdk"]

logger = logging.getLogger("negotiation.sdk")

_TO_SDK: dict[str, ServerEvent] = {
    "tools": ToolsListChanged(),
    "prompts": PromptsListChanged(),
    "resources": ResourcesListChanged(),
}
_FROM_SDK: dict[type, ListKind] = {
    ToolsListChanged: "tools",
    PromptsListChanged: "prompts",
    ResourcesListChanged: "resources",
}


@dataclass(frozen=True, slots=True)
class Stream:
    """What one listen stream is bound to: its variant (None: no variants) and URIs."""

    variant: str | None
    uris: frozenset[str]


listening: ContextVar[Stream | None] = ContextVar("negotiation_sdk_listen", default=None)
"""Set by the middleware around a ``subscriptions/listen`` handler."""


def to_sdk(event: ResourceUpdated | ListChanged) -> ServerEvent:
    if isinstance(event, ResourceUpdated):
        return SdkResourceUpdated(uri=event.uri)
    return _TO_SDK[event.kind]


def from_sdk(event: ServerEvent) -> ResourceUpdated | ListChanged:
    if isinstance(event, SdkResourceUpdated):
        return ResourceUpdated(event.uri)
    return ListChanged(_FROM_SDK[type(event)])


class NegotiationBus:
    """A ``SubscriptionBus``: ``publish`` (the SDK's ``ctx.notify_*``) goes through
    ``emit`` (the negotiation's, which reaches both eras on every replica); ``deliver``
    hands an event to this replica's listen streams."""

    def __init__(self, emit: Callable[[ResourceUpdated | ListChanged], Awaitable[object]]) -> None:
        self._emit = emit
        self._listeners: dict[object, tuple[Callable[[ServerEvent], None], Stream | None]] = {}

    async def publish(self, event: ServerEvent) -> None:
        await self._emit(from_sdk(event))

    def subscribe(self, listener: Callable[[ServerEvent], None]) -> Callable[[], None]:
        token = object()
        self._listeners[token] = (listener, listening.get())

        def unsubscribe() -> None:
            self._listeners.pop(token, None)

        return unsubscribe

    def __len__(self) -> int:
        """How many listen streams are open on this replica."""
        return len(self._listeners)

    def deliver(self, event: ResourceUpdated | ListChanged) -> None:
        """To each stream bound to the event's variant (all, for no variant). An update
        goes to every stream that asked for the URI; the stream's session drops it when
        its variant lacks the resource."""
        sdk_event = to_sdk(event)
        variant = event.variant if isinstance(event, ListChanged) else None
        for listener, stream in list(self._listeners.values()):
            if variant is not None and stream is not None and stream.variant not in (None, variant):
                continue
            self._call(listener, sdk_event)

    def refetch(self) -> None:
        """Events may have been lost: every list changed, and every URI a stream holds."""
        for listener, stream in list(self._listeners.values()):
            for sdk_event in _TO_SDK.values():
                self._call(listener, sdk_event)
            for uri in sorted(stream.uris) if stream is not None else ():
                self._call(listener, SdkResourceUpdated(uri=uri))

    @staticmethod
    def _call(listener: Callable[[ServerEvent], None], event: ServerEvent) -> None:
        try:
            listener(event)
        except Exception:  # fan-out boundary: one listener must not starve the others
            logger.exception("a listen stream's listener failed")
