"""Per-session state of [`Negotiation`][negotiation.sdk.server.Negotiation], and the events that reach
sessions: the 2025-11-25 sessions (who initialized each, what it was advertised),
``resources/subscribe`` subscriptions, the end of a session, and ``list_changed`` /
``resources/updated`` delivered here and, through the backplane, on every replica.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Hashable, MutableMapping
from typing import Any

import anyio.lowlevel
import mcp_types
from mcp.server.context import ServerRequestContext
from pydantic import BaseModel

from negotiation import variants as sv
from negotiation.backplane import (
    Backplane,
    Event,
    ListChanged,
    ListKind,
    LogThrottle,
    Refetch,
    ResourceUpdated,
)
from negotiation.engine_parts import LegacySession
from negotiation.sdk.events import NegotiationBus
from negotiation.subscriptions import SubscriptionRegistry, list_changed_notification

__all__ = ["LegacySession", "SessionEnded", "Sessions", "VariantBoundSession"]

logger = logging.getLogger("negotiation.sdk")

SessionEnded = Callable[[Hashable], None]
"""Called with a session's key (the SDK's per-client connection) when it ends."""

_WATCHED = "negotiation.sdk.session_end"  # in the SDK connection's per-connection state
_STAMPED = frozenset(
    f"notifications/{kind}/list_changed" for kind in ("tools", "resources", "prompts")
)
LIST_CHANGED: dict[str, type[BaseModel]] = {
    "tools": mcp_types.ToolListChangedNotification,
    "resources": mcp_types.ResourceListChangedNotification,
    "prompts": mcp_types.PromptListChangedNotification,
}


class VariantBoundSession:
    """The SDK session of one ``subscriptions/listen`` stream, dropping the
    ``notifications/resources/updated`` of resources its variant no longer has."""

    def __init__(
        self, session: Any, variant: str | None, exists: Callable[[str | None, str], bool]
    ) -> None:
        self._session = session
        self._variant = variant
        self._exists = exists

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    async def send_notification(self, notification: Any, *args: Any, **kwargs: Any) -> None:
        method = getattr(notification, "method", None)
        if method == "notifications/resources/updated":
            uri = str(getattr(getattr(notification, "params", None), "uri", ""))
            if not self._exists(self._variant, uri):
                logger.debug("listen: update of %r dropped: not in %s", uri, self._variant)
                return
        elif method in _STAMPED and self._variant is not None:
            # SEP-2053: list_changed names its variant. A stream serves one variant and
            # only hears of changes in it (or in every variant), so it names its own.
            params = getattr(notification, "params", None)
            if isinstance(notification, BaseModel) and isinstance(
                params, mcp_types.NotificationParams
            ):
                meta = {**(params.meta or {}), sv.META_KEY: self._variant}
                notification = notification.model_copy(
                    update={"params": params.model_copy(update={"meta": meta})}
                )
        await self._session.send_notification(notification, *args, **kwargs)


class Sessions:
    """The sessions one [`Negotiation`][negotiation.sdk.server.Negotiation] serves on this replica.

    ``legacy`` holds the live 2025-11-25 sessions by session key, ``subscriptions`` the
    ``resources/subscribe`` subscriptions (each bound to its variant); both are dropped
    when the session ends. Events go to this replica's clients, then through
    ``backplane`` to the others.
    """

    def __init__(
        self,
        exists: Callable[[str | None, str], bool],
        backplane: Backplane,
        *,
        legacy: MutableMapping[Hashable, LegacySession] | None = None,
        subscriptions: SubscriptionRegistry | None = None,
    ) -> None:
        # Shared with the engine, which decides them; dropped here when a session ends.
        self.legacy = legacy if legacy is not None else {}  # until each ends
        self.subscriptions = (
            subscriptions if subscriptions is not None else SubscriptionRegistry(exists)
        )
        self._subscribers: dict[Hashable, Any] = {}  # the SDK session, until it ends
        # The SDK session of each watched session (the engine keeps values only): a
        # 2025-11-25 session in ``legacy`` is told of list changes through it.
        self._watched: dict[Hashable, Any] = {}
        self._ended: list[SessionEnded] = []
        self.backplane = backplane
        self._origin = os.urandom(8).hex()  # this replica, on the backplane
        self.bus = NegotiationBus(self.emit)
        self._started = False
        # When an event last could not be published (the others must refetch), monotonic.
        self._unsent_at: float | None = None
        self._unsent_log = LogThrottle()  # one warning per minute during an outage
        backplane.subscribe(self._origin, self.deliver, self.refetch)

    @property
    def subscribers(self) -> int:
        """How many sessions hold ``resources/subscribe`` subscriptions."""
        return len(self._subscribers)

    @property
    def started(self) -> bool:
        return self._started

    async def start(self) -> None:
        """Start receiving from the backplane (once)."""
        if not self._started:
            self._started = True
            await self.backplane.start()

    # --- the end of a session -----------------------------------------------------------

    def on_end(self, callback: SessionEnded) -> None:
        self._ended.append(callback)

    def watch(self, ctx: ServerRequestContext[Any, Any]) -> bool:
        """Drop this session's state when it ends; False when the end can't be seen
        (then keep no per-session state)."""
        connection = getattr(ctx.session, "_connection", None)
        state = getattr(connection, "state", None)
        exit_stack = getattr(connection, "exit_stack", None)
        if not isinstance(state, dict) or exit_stack is None:
            return False
        if state.get(_WATCHED) is not self:
            state[_WATCHED] = self
            self._watched[connection] = ctx.session
            exit_stack.callback(self.end, connection)
        return True

    def keep(self, key: Hashable, session: Any) -> None:
        """Tell ``session`` (an SDK session) the events of the 2025-11-25 session ``key``
        (what [`watch()`][negotiation.sdk.sessions.Sessions.watch] does for a request's)."""
        self._watched[key] = session

    def end(self, key: Hashable) -> None:
        """Forget the session ``key``, then tell the [`on_end()`][negotiation.sdk.sessions.Sessions.on_end] callbacks."""
        self.subscriptions.drop_subscriber(key)
        self._subscribers.pop(key, None)
        self._watched.pop(key, None)
        self.legacy.pop(key, None)
        for callback in self._ended:
            try:
                callback(key)
            except Exception:  # one failing callback must not keep the others' state
                logger.exception("a session-end callback failed")

    def subscribe(self, key: Hashable, session: Any, uri: str, variant: str | None) -> bool:
        """A 2025-11-25 ``resources/subscribe``; False when ``uri`` is not in
        ``variant``."""
        if self.subscriptions.subscribe(key, uri, variant) is not None:
            return False
        self.hold(key, session)
        return True

    def hold(self, key: Hashable, session: Any) -> None:
        """Keep the SDK session of ``key``, which holds subscriptions, until it ends."""
        self._subscribers[key] = session

    # --- events -------------------------------------------------------------------------

    async def emit(self, event: Event) -> int:
        """Deliver ``event`` to this replica's listen streams, then to the other replicas,
        then to this replica's 2025-11-25 sessions: those are told one await at a time,
        and the other replicas must not wait for them."""
        if isinstance(event, Refetch):
            return await self.deliver(event)
        self.bus.deliver(event)
        if self.backplane.shared:
            await self.start()
        await self._publish(event)
        told = await self._deliver_legacy(event)
        await anyio.lowlevel.checkpoint()  # let listen streams drain between events
        return told

    async def _publish(self, event: Event) -> None:
        """To the other replicas. One that could not be sent is never lost silently:
        once publishing works again, every replica's clients are told to refetch."""
        try:
            if self._unsent_at is not None and not isinstance(event, Refetch):
                await self.backplane.publish(self._refetch_signal(), self._origin)
                self._unsent_at = None
            await self.backplane.publish(event, self._origin)
        except ConnectionError as problem:
            self._unsent_at = time.monotonic()
            count = self._unsent_log.hit()
            if count is not None:
                logger.warning(
                    "%s reached only this replica: %s (%d event(s) since the last line; the"
                    " other replicas' clients refetch once publishing works again)",
                    event,
                    " ".join(str(problem).split()),
                    count,
                )
        except ValueError as problem:  # too long to travel (a URI of kilobytes)
            logger.warning("%s reached only this replica: %s", event, problem)

    def _refetch_signal(self) -> Refetch:
        """For the other replicas: how long ago the last event that could not be
        published was (a replica whose clients refetched since then drops it)."""
        assert self._unsent_at is not None
        return Refetch(max(0, math.floor((time.monotonic() - self._unsent_at) * 1000)))

    async def deliver(self, event: Event) -> int:
        """``event`` to this replica's clients, each scoped to its own variant; returns
        how many 2025-11-25 sessions were told of a ``list_changed``."""
        if isinstance(event, Refetch):
            await self.refetch()
            return 0
        self.bus.deliver(event)
        return await self._deliver_legacy(event)

    async def _deliver_legacy(self, event: ResourceUpdated | ListChanged) -> int:
        """``event`` to this replica's 2025-11-25 sessions; how many were told of a
        list change."""
        if isinstance(event, ResourceUpdated):
            await self._notify_legacy(event.uri)
            return 0
        return await self._tell_legacy(event.kind, event.variant)

    async def refetch(self) -> None:
        """Events may have been lost (the backplane's connection dropped and is back):
        every client refetches every list and every resource it subscribed to."""
        logger.warning("events may have been lost: telling this replica's clients to refetch")
        if self._unsent_at is not None:  # the other replicas missed what this one could not send
            signal = self._refetch_signal()
            self._unsent_at = None
            await self._publish(signal)
        self.bus.refetch()
        for kind in LIST_CHANGED:
            await self._tell_legacy(kind, None)  # type: ignore[arg-type]
        uris = {
            s.uri for key in list(self._subscribers) for s in self.subscriptions.subscriptions(key)
        }
        for uri in sorted(uris):
            await self._notify_legacy(uri)

    async def _tell_legacy(self, kind: ListKind, variant: str | None) -> int:
        wire = list_changed_notification(kind, variant)
        notification = LIST_CHANGED[kind].model_validate(
            {"method": wire["method"], "params": wire["params"]}, by_name=False
        )
        told = 0
        for key, legacy in list(self.legacy.items()):
            session = self._watched.get(key)
            if session is None or (variant is not None and variant not in legacy.settled.ids):
                continue
            try:
                await session.send_notification(notification)
            except Exception:  # a closed session must not stop the others
                logger.debug("list_changed: a session could not be told", exc_info=True)
                continue
            told += 1
        return told

    async def _notify_legacy(self, uri: str) -> None:
        for subscription in self.subscriptions.recipients(uri):
            session = self._subscribers.get(subscription.subscriber)
            if session is not None:
                try:
                    await session.send_resource_updated(uri)
                except Exception:  # a closed session must not stop the others
                    logger.debug("resource_updated: a session could not be told", exc_info=True)
