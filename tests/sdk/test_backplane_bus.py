"""``neg.subscriptions`` over a backplane (issue #23), in one process: three
``Negotiation`` objects sharing one :class:`InMemoryBackplane` stand in for three
replicas. One call reaches the subscribers of both eras on every "replica", scoped to
each subscriber's variant; a gap tells every client to refetch."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_ext
import mcp_types
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.subscriptions import (
    PromptsListChanged,
    ResourcesListChanged,
    ResourceUpdated,
    ToolsListChanged,
)

from negotiation.backplane import InMemoryBackplane, ListChanged
from negotiation.sdk import Negotiation
from negotiation.sdk.events import NegotiationBus, Stream, listening
from negotiation.sdk.sessions import VariantBoundSession
from negotiation.variants import META_KEY

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="Default.", hints={}),
    mcp_ext.ServerVariant(id="other", description="Other.", hints={}),
]
SHARED, OTHER_ONLY = "memo://shared", "memo://other-only"

# The legacy subscribers are the point: the SDK deprecates resources/subscribe.
pytestmark = pytest.mark.filterwarnings("ignore:resources/(un)?subscribe is removed")


def _replica(backplane: InMemoryBackplane) -> tuple[MCPServer, Negotiation]:
    neg = Negotiation(variants=VARIANTS, backplane=backplane)
    server = MCPServer(
        "probe",
        extensions=neg.extensions,
        middleware=neg.middleware,
        subscriptions=neg.subscriptions,
    )
    server.resource(SHARED, name="shared")(lambda: "s")
    server.resource(OTHER_ONLY, name="other_only")(lambda: "o")
    neg.scope("resource", OTHER_ONLY, ["other"])

    @server.tool()
    async def touch(uri: str, ctx: Context) -> str:
        await ctx.notify_resource_updated(uri)  # the SDK's own call
        return "ok"

    return server, neg


async def _collect(sub: Any, into: list[Any], until: int) -> None:
    async for event in sub:
        into.append(event)
        if len(into) >= until:
            return


def test_an_update_on_one_replica_reaches_both_eras_on_the_others_within_their_variant() -> None:
    backplane = InMemoryBackplane()
    (a, _), (b, neg_b), (c, neg_c) = (_replica(backplane) for _ in range(3))
    modern: list[Any] = []
    legacy: list[str] = []

    async def on_legacy(message: Any) -> None:
        if isinstance(message, mcp_types.ResourceUpdatedNotification):
            legacy.append(message.params.uri)

    async def main() -> None:
        async with (
            Client(a, mode="auto") as on_a,
            Client(c, mode="legacy", message_handler=on_legacy) as on_c,
        ):
            await on_c.subscribe_resource(SHARED)
            async with on_a.listen(resource_subscriptions=[SHARED]) as sub:
                async with anyio.create_task_group() as tasks:
                    tasks.start_soon(_collect, sub, modern, 2)
                    async with Client(b, mode="auto") as on_b:
                        await on_b.call_tool("touch", {"uri": SHARED})
                        await neg_b.resource_updated(OTHER_ONLY)  # no one asked for it
                        await neg_b.resource_updated(SHARED)
            assert neg_c.subscription_count == 1

    anyio.run(main)
    assert modern == [ResourceUpdated(uri=SHARED)] * 2
    assert legacy == [SHARED, SHARED]


def test_list_changed_for_one_variant_reaches_only_its_subscribers_on_every_replica() -> None:
    backplane = InMemoryBackplane()
    (a, _), (b, _), (_, neg_c) = (_replica(backplane) for _ in range(3))
    in_main: list[Any] = []
    legacy: list[Any] = []

    async def on_legacy(message: Any) -> None:
        if isinstance(message, mcp_types.ToolListChangedNotification):
            legacy.append((message.params.meta or {}).get(META_KEY) if message.params else None)

    async def main() -> int:
        async with (
            Client(a, mode="auto") as on_a,
            Client(b, mode="legacy", message_handler=on_legacy) as legacy_b,
        ):
            async with on_a.listen(tools_list_changed=True) as main_stream:  # in "main"
                async with anyio.create_task_group() as tasks:
                    tasks.start_soon(_collect, main_stream, in_main, 1)
                    told = await neg_c.list_changed("tools", "other")
                    await neg_c.list_changed("tools", None)
            await legacy_b.list_tools()  # the legacy notifications are in before its answer
        return told

    told = anyio.run(main)
    assert told == 0  # C has no legacy session of its own
    assert in_main == [ToolsListChanged()]  # the None one only: "other" is not its variant
    assert legacy == ["other", None]  # its session was advertised both


def test_a_listen_stream_in_a_variant_hears_that_variants_list_changed_stamped() -> None:
    sent: list[Any] = []

    class Recording:
        async def send_notification(self, notification: Any, *args: Any, **kwargs: Any) -> None:
            sent.append(notification)

    bound = VariantBoundSession(Recording(), "other", lambda variant, uri: True)
    given = mcp_types.ToolListChangedNotification(
        params=mcp_types.NotificationParams(_meta={"io.modelcontextprotocol/subscriptionId": 7})
    )
    anyio.run(bound.send_notification, given)
    assert sent[0].model_dump(by_alias=True, exclude_none=True) == {
        "method": "notifications/tools/list_changed",
        "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": 7, META_KEY: "other"}},
    }
    assert given.params is not None and given.params.meta == {  # the stream's own is kept
        "io.modelcontextprotocol/subscriptionId": 7
    }


def test_the_bus_delivers_a_variants_list_changed_only_to_streams_bound_to_it() -> None:
    got: dict[str, list[Any]] = {"main": [], "other": [], "unbound": []}
    bus = NegotiationBus(lambda event: anyio.sleep(0))
    for name in ("main", "other"):
        token = listening.set(Stream(name, frozenset({f"memo://{name}"})))
        bus.subscribe(got[name].append)
        listening.reset(token)
    unsubscribe = bus.subscribe(got["unbound"].append)
    bus.deliver(ListChanged("prompts", "other"))
    assert got == {"main": [], "other": [PromptsListChanged()], "unbound": [PromptsListChanged()]}
    unsubscribe()
    unsubscribe()  # idempotent
    assert len(bus) == 2
    bus.refetch()
    every = [ToolsListChanged(), PromptsListChanged(), ResourcesListChanged()]
    assert got["main"] == [*every, ResourceUpdated(uri="memo://main")]
    assert got["other"][1:] == [*every, ResourceUpdated(uri="memo://other")]


def test_a_failing_listener_does_not_starve_the_others(caplog: pytest.LogCaptureFixture) -> None:
    bus = NegotiationBus(lambda event: anyio.sleep(0))
    got: list[Any] = []

    def failing(event: Any) -> None:
        raise RuntimeError("boom")

    bus.subscribe(failing)
    bus.subscribe(got.append)
    bus.deliver(ListChanged("tools"))
    assert got == [ToolsListChanged()]
    assert [r.getMessage() for r in caplog.records] == ["a listen stream's listener failed"]


def test_a_gap_tells_legacy_sessions_to_refetch_every_list_and_subscription() -> None:
    backplane = InMemoryBackplane()
    server, neg = _replica(backplane)
    seen: list[str] = []

    async def on_message(message: Any) -> None:
        method = getattr(message, "method", None)
        if isinstance(method, str):
            uri = getattr(getattr(message, "params", None), "uri", None)
            seen.append(f"{method} {uri}" if uri else method)

    async def main() -> None:
        async with Client(server, mode="legacy", message_handler=on_message) as client:
            await client.subscribe_resource(SHARED)
            await neg.sessions.refetch()
            await client.list_tools()

    anyio.run(main)
    assert seen == [
        "notifications/tools/list_changed",
        "notifications/resources/list_changed",
        "notifications/prompts/list_changed",
        f"notifications/resources/updated {SHARED}",
    ]


def test_list_changed_refuses_an_unknown_kind() -> None:
    neg = Negotiation(variants=VARIANTS)
    with pytest.raises(ValueError, match="kind must be 'tools', 'resources' or 'prompts'"):
        anyio.run(neg.list_changed, "widgets")


def test_without_a_backplane_a_negotiation_keeps_its_events_to_itself() -> None:
    first, second = Negotiation(variants=VARIANTS), Negotiation(variants=VARIANTS)
    assert isinstance(first.backplane, InMemoryBackplane)
    assert first.backplane is not second.backplane and not first.backplane.shared


class _Flaky(InMemoryBackplane):
    """Fails to publish while ``down``."""

    down = False

    async def publish(self, event: Any, origin: str) -> None:
        if self.down:
            raise ConnectionError("Redis: down")
        await super().publish(event, origin)


def test_an_event_that_could_not_be_published_makes_every_replica_refetch_later(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane = _Flaky()
    publisher = Negotiation(variants=VARIANTS, backplane=backplane)
    server, _ = _replica(backplane)
    seen: list[str] = []

    async def on_message(message: Any) -> None:
        method = getattr(message, "method", None)
        if isinstance(method, str) and method.endswith("list_changed"):
            seen.append(method)

    async def main() -> None:
        async with Client(server, mode="legacy", message_handler=on_message) as client:
            await client.list_tools()
            backplane.down = True
            await publisher.list_changed("prompts")  # lost for the other replica
            backplane.down = False
            await publisher.list_changed("tools")  # first a refetch, then this
            await client.list_tools()

    anyio.run(main)
    assert seen == [
        "notifications/tools/list_changed",
        "notifications/resources/list_changed",
        "notifications/prompts/list_changed",
        "notifications/tools/list_changed",
    ]
    assert "ListChanged(kind='prompts', variant=None) reached only this replica" in caplog.text


def test_the_sdks_events_map_to_the_backplanes_and_back() -> None:
    from negotiation.backplane import ResourceUpdated as Updated
    from negotiation.sdk.events import from_sdk, to_sdk

    pairs = [
        (ToolsListChanged(), ListChanged("tools")),
        (PromptsListChanged(), ListChanged("prompts")),
        (ResourcesListChanged(), ListChanged("resources")),
        (ResourceUpdated(uri="memo://x"), Updated("memo://x")),
    ]
    for sdk_event, event in pairs:
        assert from_sdk(sdk_event) == event
        assert to_sdk(event) == sdk_event
    assert to_sdk(ListChanged("tools", "v")) == ToolsListChanged()


def test_a_refetch_names_every_uri_of_a_stream_in_order() -> None:
    got: list[Any] = []
    bus = NegotiationBus(lambda event: anyio.sleep(0))
    token = listening.set(Stream("main", frozenset({"memo://b", "memo://a", "memo://c"})))
    bus.subscribe(got.append)
    listening.reset(token)
    unbound: list[Any] = []
    bus.subscribe(unbound.append)  # not through the middleware: lists only
    bus.refetch()
    assert got[3:] == [ResourceUpdated(uri=f"memo://{x}") for x in "abc"]
    assert unbound == [ToolsListChanged(), PromptsListChanged(), ResourcesListChanged()]
