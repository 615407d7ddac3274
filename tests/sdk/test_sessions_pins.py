"""Exact pins of ``negotiation.sdk.sessions`` (issue #22), without a server: ``Sessions``
over a recording backplane, with stand-ins for the SDK's sessions and connections. Each
test states one behaviour and asserts the exact notifications, publications, counts and
log lines."""

from __future__ import annotations

import logging
from collections.abc import Hashable
from contextlib import ExitStack
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_types
import pytest
from mcp.server.subscriptions import ResourceUpdated as SdkResourceUpdated
from mcp.server.subscriptions import ToolsListChanged

from negotiation.backplane import Event, InMemoryBackplane, ListChanged, Refetch, ResourceUpdated
from negotiation.sdk.sessions import LIST_CHANGED, LegacySession, Sessions, VariantBoundSession
from negotiation.variants import META_KEY

IN_MAIN = {("main", "memo://a"), ("main", "memo://b"), ("other", "memo://b")}


def _exists(variant: str | None, uri: str) -> bool:
    return (variant, uri) in IN_MAIN or variant is None


def _records(caplog: pytest.LogCaptureFixture, level: int = logging.DEBUG) -> list[str]:
    return [
        r.getMessage() for r in caplog.records if r.name == "negotiation.sdk" and r.levelno >= level
    ]


class _Backplane(InMemoryBackplane):
    """Records what is published and started; fails as told."""

    def __init__(self, *, shared: bool = False) -> None:
        super().__init__()
        self.shared = shared
        self.published: list[tuple[Event, str]] = []
        self.subscribed: list[tuple[str, Any, Any]] = []
        self.starts = 0
        self.failure: Exception | None = None

    async def start(self) -> None:
        self.starts += 1

    async def publish(self, event: Event, origin: str) -> None:
        if self.failure is not None:
            raise self.failure
        self.published.append((event, origin))

    def subscribe(self, origin: str, on_event: Any, on_gap: Any) -> Any:
        self.subscribed.append((origin, on_event, on_gap))
        return super().subscribe(origin, on_event, on_gap)


class _Session:
    """An SDK session stand-in: records what it is told; fails when ``broken``."""

    def __init__(self, name: str, told: list[str], *, broken: bool = False) -> None:
        self.name, self.told, self.broken = name, told, broken
        self.client_params = f"params of {name}"

    async def send_notification(self, notification: Any, *args: Any, **kwargs: Any) -> None:
        if self.broken:
            raise RuntimeError("closed")
        params = notification.params
        meta = params.meta if params is not None else None
        self.told.append(f"{self.name} {notification.method} {meta} {args} {kwargs}")

    async def send_resource_updated(self, uri: str) -> None:
        if self.broken:
            raise RuntimeError("closed")
        self.told.append(f"{self.name} updated {uri}")


class _Connection(SimpleNamespace):
    """An SDK connection stand-in: hashable, as the SDK's is (it keys a session)."""

    __hash__ = object.__hash__


def _legacy(sessions: Sessions, key: str, ids: tuple[str, ...], session: _Session) -> None:
    """A 2025-11-25 session: the engine's entry (values), and the SDK session kept here."""
    sessions.legacy[key] = LegacySession(principal=None, settled=SimpleNamespace(ids=ids))  # type: ignore[arg-type]
    sessions.keep(key, session)


# --- VariantBoundSession --------------------------------------------------------------


def _bound(variant: str | None, told: list[str]) -> VariantBoundSession:
    return VariantBoundSession(_Session("s", told), variant, _exists)


def test_a_bound_session_forwards_what_it_does_not_override() -> None:
    told: list[str] = []
    bound = _bound("main", told)
    assert bound.client_params == "params of s"
    assert bound.name == "s"
    with pytest.raises(AttributeError):
        bound.missing  # noqa: B018


def test_a_bound_session_drops_the_updates_of_resources_its_variant_lacks(
    caplog: pytest.LogCaptureFixture,
) -> None:
    told: list[str] = []
    bound = _bound("main", told)

    def updated(uri: str) -> mcp_types.ResourceUpdatedNotification:
        params = mcp_types.ResourceUpdatedNotificationParams(uri=uri)
        return mcp_types.ResourceUpdatedNotification(params=params)

    async def main() -> None:
        await bound.send_notification(updated("memo://a"), "related", flag=True)
        await bound.send_notification(updated("memo://c"))

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        anyio.run(main)
    assert told == ["s notifications/resources/updated None ('related',) {'flag': True}"]
    assert _records(caplog) == ["listen: update of 'memo://c' dropped: not in main"]


def test_a_bound_session_names_its_variant_in_each_list_changed() -> None:
    told: list[str] = []
    kept = mcp_types.ToolListChangedNotification(
        params=mcp_types.NotificationParams(_meta={"trace": "t1"})
    )

    async def main() -> None:
        bound = _bound("main", told)
        for kind in ("tools", "resources", "prompts"):
            notification = LIST_CHANGED[kind](params=mcp_types.NotificationParams())
            await bound.send_notification(notification)
        await bound.send_notification(kept)
        # Without params (nothing to stamp), without a variant, or another method: as is.
        await bound.send_notification(mcp_types.ToolListChangedNotification())
        await _bound(None, told).send_notification(
            mcp_types.ToolListChangedNotification(params=mcp_types.NotificationParams())
        )
        await bound.send_notification(
            mcp_types.LoggingMessageNotification(
                params=mcp_types.LoggingMessageNotificationParams(level="info", data="x")
            )
        )

    anyio.run(main)
    stamped = {META_KEY: "main"}
    traced = {"trace": "t1", META_KEY: "main"}
    assert told == [
        f"s notifications/tools/list_changed {stamped} () {{}}",
        f"s notifications/resources/list_changed {stamped} () {{}}",
        f"s notifications/prompts/list_changed {stamped} () {{}}",
        f"s notifications/tools/list_changed {traced} () {{}}",
        "s notifications/tools/list_changed None () {}",
        "s notifications/tools/list_changed None () {}",
        "s notifications/message None () {}",
    ]
    assert kept.params is not None and kept.params.meta == {"trace": "t1"}  # not changed


def test_a_bound_session_passes_a_list_changed_that_is_not_a_model_as_is() -> None:
    sent: list[Any] = []

    class Raw:
        async def send_notification(self, notification: Any) -> None:
            sent.append(notification)

    raw = SimpleNamespace(
        method="notifications/tools/list_changed", params=mcp_types.NotificationParams()
    )
    anyio.run(VariantBoundSession(Raw(), "main", _exists).send_notification, raw)
    assert sent == [raw] and sent[0].params.meta is None


# --- the sessions' state ----------------------------------------------------------------


def test_sessions_subscribe_to_the_backplane_under_a_random_origin() -> None:
    backplane = _Backplane()
    first, second = Sessions(_exists, backplane), Sessions(_exists, backplane)
    (origin_a, deliver_a, refetch_a), (origin_b, _, _) = backplane.subscribed
    assert len(origin_a) == 16 and int(origin_a, 16) >= 0
    assert origin_a != origin_b
    assert deliver_a == first.deliver and refetch_a == first.refetch
    assert second.backplane is backplane


def test_start_starts_the_backplane_once() -> None:
    backplane = _Backplane()
    sessions = Sessions(_exists, backplane)

    async def main() -> None:
        await sessions.start()
        await sessions.start()

    anyio.run(main)
    assert backplane.starts == 1


def test_subscribe_keeps_the_session_only_for_a_uri_in_the_variant() -> None:
    sessions = Sessions(_exists, _Backplane())
    assert sessions.subscribe("k1", "session-1", "memo://c", "main") is False
    assert (sessions.subscribers, len(sessions.subscriptions)) == (0, 0)
    assert sessions.subscribe("k1", "session-1", "memo://a", "main") is True
    assert sessions.subscribe("k1", "session-1", "memo://b", "main") is True
    assert sessions.subscribe("k2", "session-2", "memo://b", "other") is True
    assert (sessions.subscribers, len(sessions.subscriptions)) == (2, 3)


def test_end_forgets_the_session_then_tells_every_callback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    sessions = Sessions(_exists, _Backplane())
    ended: list[tuple[str, Hashable]] = []

    def failing(key: Hashable) -> None:
        ended.append(("failing", key))
        raise RuntimeError("callback failed")

    sessions.on_end(failing)
    sessions.on_end(lambda key: ended.append(("second", key)))
    sessions.subscribe("k1", "session-1", "memo://a", "main")
    sessions.subscribe("k2", "session-2", "memo://a", "main")
    _legacy(sessions, "k1", ("main",), _Session("one", []))
    _legacy(sessions, "k2", ("main",), _Session("two", []))
    with caplog.at_level(logging.ERROR, logger="negotiation.sdk"):
        sessions.end("k1")
    assert ended == [("failing", "k1"), ("second", "k1")]
    assert _records(caplog, logging.ERROR) == ["a session-end callback failed"]
    assert list(sessions.legacy) == ["k2"]
    assert (sessions.subscribers, len(sessions.subscriptions)) == (1, 1)
    sessions.end("unknown")  # nothing to forget: the callbacks are still told
    assert ended[-2:] == [("failing", "unknown"), ("second", "unknown")]


def test_watch_registers_the_end_of_a_connection_once() -> None:
    sessions = Sessions(_exists, _Backplane())
    ended: list[Hashable] = []
    sessions.on_end(ended.append)
    with ExitStack() as stack:
        connection = _Connection(state={}, exit_stack=stack)
        ctx: Any = SimpleNamespace(session=SimpleNamespace(_connection=connection))
        assert sessions.watch(ctx) is True
        assert sessions.watch(ctx) is True
        assert connection.state == {"negotiation.sdk.session_end": sessions}
        other = Sessions(_exists, _Backplane())  # a second Negotiation on one connection
        other_ended: list[Hashable] = []
        other.on_end(other_ended.append)
        assert other.watch(ctx) is True
        assert ended == []
    assert ended == [connection]  # once, though watched twice
    assert other_ended == [connection]


def test_watch_keeps_the_first_sdk_session_to_tell_the_legacy_session_of_list_changes() -> None:
    sessions = Sessions(_exists, _Backplane())
    told: list[str] = []
    ended = ExitStack()
    connection = _Connection(state={}, exit_stack=ended)
    first: Any = SimpleNamespace(session=_Session("first", told))
    first.session._connection = connection
    later: Any = SimpleNamespace(session=_Session("later", told))
    later.session._connection = connection
    assert sessions.watch(first) and sessions.watch(later)
    sessions.legacy[connection] = LegacySession(None, SimpleNamespace(ids=("main",)))  # type: ignore[arg-type]
    sessions.legacy["unwatched"] = LegacySession(None, SimpleNamespace(ids=("main",)))  # type: ignore[arg-type]

    async def emit() -> int:
        return await sessions.emit(ListChanged("tools"))

    assert anyio.run(emit) == 1  # the unwatched one has no SDK session to be told through
    assert told == ["first notifications/tools/list_changed None () {}"]
    ended.close()  # the connection ends: its session is no longer told
    sessions.legacy[connection] = LegacySession(None, SimpleNamespace(ids=("main",)))  # type: ignore[arg-type]
    assert anyio.run(emit) == 0
    assert len(told) == 1


def test_watch_needs_a_dict_state_and_an_exit_stack() -> None:
    sessions = Sessions(_exists, _Backplane())
    for connection in (
        SimpleNamespace(state=None, exit_stack=ExitStack()),
        SimpleNamespace(state={}, exit_stack=None),
        SimpleNamespace(state={}),
        SimpleNamespace(exit_stack=ExitStack()),
    ):
        ctx: Any = SimpleNamespace(session=SimpleNamespace(_connection=connection))
        assert sessions.watch(ctx) is False
        assert getattr(connection, "state", None) in (None, {})


# --- events -----------------------------------------------------------------------------


def _populated(backplane: _Backplane) -> tuple[Sessions, list[str], list[Any]]:
    """Three legacy sessions (main; main and other; a broken one in main) and, on the
    bus, one unbound listener."""
    sessions = Sessions(_exists, backplane)
    told: list[str] = []
    _legacy(sessions, "one", ("main",), _Session("one", told))
    _legacy(sessions, "broken", ("main",), _Session("broken", told, broken=True))
    _legacy(sessions, "two", ("main", "other"), _Session("two", told))
    heard: list[Any] = []
    sessions.bus.subscribe(heard.append)
    return sessions, told, heard


def test_list_changed_tells_the_legacy_sessions_that_have_the_variant() -> None:
    backplane = _Backplane()
    sessions, told, heard = _populated(backplane)

    async def main() -> list[int]:
        return [
            await sessions.emit(ListChanged("tools", "other")),
            await sessions.emit(ListChanged("prompts")),
            await sessions.emit(ListChanged("resources", "nowhere")),
        ]

    assert anyio.run(main) == [1, 2, 0]  # the broken session is not counted
    other = {META_KEY: "other"}
    assert told == [
        f"two notifications/tools/list_changed {other} () {{}}",
        "one notifications/prompts/list_changed None () {}",
        "two notifications/prompts/list_changed None () {}",
    ]
    assert len(heard) == 3 and heard[0] == ToolsListChanged()
    origin = backplane.subscribed[0][0]
    assert backplane.published == [
        (ListChanged("tools", "other"), origin),
        (ListChanged("prompts"), origin),
        (ListChanged("resources", "nowhere"), origin),
    ]
    assert backplane.starts == 0  # a backplane that is not shared is not started


def test_an_update_reaches_each_subscriber_of_the_uri_whose_variant_has_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Backplane(shared=True)
    sessions, told, heard = _populated(backplane)
    sessions.subscribe("k1", _Session("one", told), "memo://b", "main")
    sessions.subscribe("k2", _Session("broken", told, broken=True), "memo://b", "main")
    sessions.subscribe("k3", _Session("two", told), "memo://b", "other")
    sessions.subscribe("k4", _Session("three", told), "memo://a", "main")

    async def main() -> list[int]:
        return [
            await sessions.emit(ResourceUpdated("memo://b")),
            await sessions.deliver(ResourceUpdated("memo://a")),
            await sessions.deliver(ResourceUpdated("memo://none")),
        ]

    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        assert anyio.run(main) == [0, 0, 0]
    assert told == ["one updated memo://b", "two updated memo://b", "three updated memo://a"]
    # The broken session is skipped with one debug line carrying its exception.
    (failed,) = [r for r in caplog.records if r.name == "negotiation.sdk"]
    assert failed.getMessage() == "resource_updated: a session could not be told"
    assert failed.exc_info is not None and str(failed.exc_info[1]) == "closed"
    assert heard == [SdkResourceUpdated(uri=f"memo://{x}") for x in ("b", "a", "none")]
    origin = backplane.subscribed[0][0]
    assert backplane.published == [(ResourceUpdated("memo://b"), origin)]  # emit only
    assert backplane.starts == 1  # a shared backplane is started by the first emit


def test_deliver_tells_this_replicas_clients_and_publishes_nothing() -> None:
    backplane = _Backplane()
    sessions, told, heard = _populated(backplane)
    assert anyio.run(sessions.deliver, ListChanged("tools", "main")) == 2
    main = {META_KEY: "main"}
    assert told == [
        f"one notifications/tools/list_changed {main} () {{}}",
        f"two notifications/tools/list_changed {main} () {{}}",
    ]
    assert heard == [ToolsListChanged()]
    assert backplane.published == []


def test_refetch_tells_every_list_and_every_subscribed_uri_in_order(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Backplane()
    sessions, told, heard = _populated(backplane)
    del sessions.legacy["two"]
    sessions.subscribe("k1", _Session("one", told), "memo://b", "main")
    sessions.subscribe("k1", _Session("one", told), "memo://a", "main")
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert anyio.run(sessions.emit, Refetch()) == 0
    assert told == [
        "one notifications/tools/list_changed None () {}",
        "one notifications/resources/list_changed None () {}",
        "one notifications/prompts/list_changed None () {}",
        "one updated memo://a",
        "one updated memo://b",
    ]
    assert len(heard) == 3  # the unbound listener: every list
    assert _records(caplog, logging.WARNING) == [
        "events may have been lost: telling this replica's clients to refetch"
    ]
    assert backplane.published == []  # a refetch of its own is not passed on


def test_an_event_that_could_not_be_published_is_followed_by_a_refetch(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Backplane()
    sessions = Sessions(_exists, backplane)
    origin = backplane.subscribed[0][0]

    async def main() -> None:
        backplane.failure = ConnectionError("down")
        await sessions.emit(ListChanged("tools"))
        backplane.failure = None
        await sessions.emit(ListChanged("prompts"))
        await sessions.emit(ListChanged("resources"))

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        anyio.run(main)
    assert backplane.published == [
        (Refetch(), origin),
        (ListChanged("prompts"), origin),
        (ListChanged("resources"), origin),  # once only
    ]
    assert _records(caplog, logging.WARNING) == [
        "ListChanged(kind='tools', variant=None) reached only this replica: down (1 event(s)"
        " since the last line; the other replicas' clients refetch once publishing works"
        " again)"
    ]


def test_an_event_too_long_to_travel_is_not_followed_by_a_refetch(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Backplane()
    sessions = Sessions(_exists, backplane)
    origin = backplane.subscribed[0][0]

    async def main() -> None:
        backplane.failure = ValueError("too long")
        await sessions.emit(ResourceUpdated("memo://long"))
        backplane.failure = None
        await sessions.emit(ListChanged("prompts"))

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        anyio.run(main)
    assert backplane.published == [(ListChanged("prompts"), origin)]
    assert _records(caplog, logging.WARNING) == [
        "ResourceUpdated(uri='memo://long') reached only this replica: too long"
    ]


def test_a_refetch_after_a_lost_event_passes_the_refetch_on_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Backplane()
    sessions = Sessions(_exists, backplane)
    origin = backplane.subscribed[0][0]

    async def main() -> None:
        backplane.failure = ConnectionError("down")
        await sessions.emit(ListChanged("tools"))
        backplane.failure = None
        await sessions.refetch()  # the backplane's connection is back
        await sessions.refetch()
        await sessions.emit(ListChanged("prompts"))

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        anyio.run(main)
    assert backplane.published == [(Refetch(), origin), (ListChanged("prompts"), origin)]


def test_a_refetch_that_cannot_be_published_is_tried_again() -> None:
    backplane = _Backplane()
    sessions = Sessions(_exists, backplane)
    origin = backplane.subscribed[0][0]

    async def main() -> None:
        backplane.failure = ConnectionError("down")
        await sessions.emit(ListChanged("tools"))
        await sessions.refetch()  # still down
        backplane.failure = None
        await sessions.emit(ListChanged("prompts"))

    anyio.run(main)
    assert backplane.published == [(Refetch(), origin), (ListChanged("prompts"), origin)]


def test_the_list_changed_models_per_kind() -> None:
    assert LIST_CHANGED == {
        "tools": mcp_types.ToolListChangedNotification,
        "resources": mcp_types.ResourceListChangedNotification,
        "prompts": mcp_types.PromptListChangedNotification,
    }
