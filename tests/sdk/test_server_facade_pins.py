"""Exact pins of ``negotiation.sdk.server`` after issue #22 (the ``Negotiation`` façade):
the fleet-wide ranking over a shared backplane (a recording stand-in for Redis), which
definition a varying tool runs outside a negotiated request, the declaration
decorators, and the façade's small accessors and refusals. ``test_middleware_request_pins.py`` pins
the rest through the SDK's in-memory ``Client``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from types import SimpleNamespace
from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_ext import ServerVariant, VariantHints

from negotiation.backplane import InMemoryBackplane, principal_digest
from negotiation.sdk import Negotiation, SessionTransport, variant_meta
from negotiation.sdk.server import RANKING_TTL_SECONDS
from negotiation.variants._forms import NormalHints

SV = "io.modelcontextprotocol/server-variants"
VARIANTS = [
    mcp_ext.ServerVariant(id="a", description="A.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="b", description="B.", hints={"useCase": "planning"}),
    mcp_ext.ServerVariant(id="c", description="C.", hints={"useCase": "chat"}),
]
HINTS = {"description": "I chat a lot", "hints": {"useCase": ["ide"]}}
DECLARED = {"extensions": {SV: {"variantHints": HINTS}}}
RANKINGS = [["c", "b", "a"], ["b", "a", "c"], ["a", "c", "b"]]


def _records(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk"]


class _Shared(InMemoryBackplane):
    """A shared backplane that keeps rankings (as Redis would): the first ``rank`` of a
    key wins. ``fail_before``/``fail_after`` raise ConnectionError around ``rank``."""

    shared = True

    def __init__(self, stored: dict[str, tuple[str, ...]] | None = None) -> None:
        super().__init__()
        self.stored = dict(stored or {})
        self.asked: list[tuple[str, float]] = []
        self.fail_before = self.fail_after = False

    async def ranking(
        self, key: str, rank: Callable[[], Awaitable[Sequence[str]]], ttl_seconds: float
    ) -> tuple[str, ...] | None:
        self.asked.append((key, ttl_seconds))
        if self.fail_before:
            raise ConnectionError("down")
        if key not in self.stored:
            self.stored[key] = tuple(await rank())
        if self.fail_after:
            raise ConnectionError("down after ranking")
        return self.stored[key]


def _ranker(asked: list[str]) -> Any:
    answers = iter(RANKINGS)

    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append("asked")
        return next(answers)  # each replica's model would answer differently

    return ranker


def _key(principal: object) -> str:
    return f"{NormalHints.from_wire(HINTS).digest()}:{principal_digest(principal)}"


def _ids(neg: Negotiation, principal: object = "alice") -> tuple[str, ...] | None:
    ad = anyio.run(neg.advertisement_async, DECLARED, principal)
    return None if ad is None else ad.ids


# --- the fleet-wide ranking -----------------------------------------------------------


def test_the_first_replicas_ranking_is_served_by_every_replica() -> None:
    backplane, asked = _Shared(), list[str]()
    ranker = _ranker(asked)
    first = Negotiation(VARIANTS, ranker=ranker, backplane=backplane)
    second = Negotiation(VARIANTS, ranker=ranker, backplane=backplane)
    assert _ids(first) == ("c", "b", "a")
    assert _ids(second) == ("c", "b", "a")  # not the ranker's second answer
    assert asked == ["asked"]
    assert backplane.asked == [(_key("alice"), 300.0)] * 2
    assert RANKING_TTL_SECONDS == 300.0
    # Decided: a replica asks neither the backplane nor the ranker again.
    assert _ids(first) == ("c", "b", "a")
    assert len(backplane.asked) == 2


def test_each_principal_has_its_own_fleet_wide_ranking() -> None:
    backplane, asked = _Shared(), list[str]()
    neg = Negotiation(VARIANTS, ranker=_ranker(asked), backplane=backplane)
    assert _ids(neg, "alice") == ("c", "b", "a")
    assert _ids(neg, "bob") == ("b", "a", "c")
    assert [key for key, _ in backplane.asked] == [_key("alice"), _key("bob")]


def test_an_unreachable_shared_ranking_ranks_locally_with_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane, asked = _Shared(), list[str]()
    backplane.fail_before = True
    neg = Negotiation(VARIANTS, ranker=_ranker(asked), backplane=backplane)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert _ids(neg) == ("c", "b", "a")
        assert _ids(neg) == ("c", "b", "a")  # remembered: not asked again
    assert asked == ["asked"]
    assert len(backplane.asked) == 1
    assert _records(caplog) == ["the shared ranking is unreachable (down); ranking locally"]


def test_a_ranking_made_before_the_backplane_failed_is_not_asked_for_twice(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backplane, asked = _Shared(), list[str]()
    backplane.fail_after = True
    neg = Negotiation(VARIANTS, ranker=_ranker(asked), backplane=backplane)
    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        assert _ids(neg) == ("c", "b", "a")
    assert asked == ["asked"]
    assert _records(caplog) == [
        "the shared ranking is unreachable (down after ranking); ranking locally"
    ]


def test_a_stored_ranking_this_principal_cannot_use_is_ranked_anew() -> None:
    asked: list[str] = []
    hidden = Negotiation(
        VARIANTS,
        ranker=_ranker(asked),
        backplane=_Shared({_key("alice"): ("c", "a")}),
        visible=lambda principal, variant: variant.id != "c",
    )
    assert _ids(hidden) == ("a", "b")  # rule-based: the ranker named a hidden variant
    assert asked == ["asked"]
    repeated = Negotiation(
        VARIANTS, ranker=_ranker(asked), backplane=_Shared({_key("alice"): ("a", "a")})
    )
    assert _ids(repeated) == ("c", "b", "a")


def test_a_stored_ranking_is_served_without_asking_the_ranker() -> None:
    asked: list[str] = []
    backplane = _Shared({_key("alice"): ("b", "c")})
    neg = Negotiation(VARIANTS, ranker=_ranker(asked), backplane=backplane)
    assert _ids(neg) == ("b", "c")
    assert asked == []


def test_the_ranking_stays_local_without_a_ranker_a_shared_backplane_or_valid_hints() -> None:
    asked: list[str] = []
    shared = _Shared()
    assert _ids(Negotiation(VARIANTS, backplane=shared)) == ("a", "b", "c")  # rule-based
    local = Negotiation(VARIANTS, ranker=_ranker(asked))
    assert _ids(local) == ("c", "b", "a")
    malformed = Negotiation(VARIANTS, ranker=_ranker(asked), backplane=shared)
    bad = {"extensions": {SV: {"variantHints": {"hints": 42}}}}
    ad = anyio.run(malformed.advertisement_async, bad, "alice")
    assert ad is not None and ad.ids == ("a", "b", "c")  # rule-based, decided here
    assert shared.asked == []
    assert asked == ["asked"]  # the local ranker's only


def test_without_variants_or_negotiation_nothing_is_advertised() -> None:
    for neg in (Negotiation(), Negotiation(VARIANTS, negotiate=False)):
        assert neg.advertisement(DECLARED, "alice") is None
        assert anyio.run(neg.advertisement_async, DECLARED, "alice") is None


# --- which definition a varying tool runs -------------------------------------------


def _which(neg: Negotiation, *, middleware: bool = True, metas: Any = (None, "b")) -> Any:
    @neg.tool(variants=["a"], name="which")
    def which_a() -> str:
        return "a's"

    @neg.tool(variants=["b", "c"], name="which")
    def which_bc() -> str:
        return "b's or c's"

    server = MCPServer(
        "probe", extensions=neg.extensions, middleware=neg.middleware if middleware else []
    )

    async def main() -> list[str]:
        async with Client(server, mode="legacy") as client:
            texts = []
            for variant in metas:
                meta = variant_meta(variant) if variant else None
                result = await client.call_tool("which", {}, meta=meta)
                texts.append(result.content[0].text)  # type: ignore[union-attr]
            return texts

    return anyio.run(main)


def test_a_varying_tool_runs_the_requests_variants_definition() -> None:
    assert _which(Negotiation(VARIANTS)) == ["a's", "b's or c's"]
    assert _which(Negotiation(VARIANTS, default_variant="c")) == ["b's or c's", "b's or c's"]


def test_without_negotiation_a_varying_tool_runs_the_default_variants_definition() -> None:
    # (naming a variant is refused without negotiation)
    assert _which(Negotiation(VARIANTS, negotiate=False), metas=[None]) == ["a's"]
    assert _which(Negotiation(VARIANTS, "b", negotiate=False), metas=[None]) == ["b's or c's"]


def test_without_the_middleware_a_varying_tool_runs_the_default_variants_definition() -> None:
    assert _which(Negotiation(VARIANTS), middleware=False) == ["a's", "a's"]
    assert _which(Negotiation(VARIANTS, "c"), middleware=False) == ["b's or c's"] * 2


# --- declaring ------------------------------------------------------------------------


def test_the_decorators_return_the_function_and_name_it_by_default() -> None:
    neg = Negotiation(VARIANTS)

    def forecast() -> str:
        return "x"

    def greet() -> str:
        return "hello"

    assert neg.tool(variants=["b"])(forecast) is forecast
    assert neg.prompt(variants=["b"], descriptions={"b": "Greets in b."})(greet) is greet
    assert neg.prompt(name="hello", title="Hello")(greet) is greet
    assert [neg.exists(v, "forecast", "tool") for v in "abc"] == [False, True, False]
    assert [neg.exists(v, "greet", "prompt") for v in "abc"] == [False, True, False]
    assert [neg.exists(v, "hello", "prompt") for v in "abc"] == [True, True, True]
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> list[Any]:
        async with Client(server, mode="legacy") as client:
            listed: list[Any] = []
            for variant in "ab":
                prompts = (await client.list_prompts(meta=variant_meta(variant))).prompts
                listed.append([(p.name, p.title, p.description) for p in prompts])
            tools = (await client.list_tools(meta=variant_meta("b"))).tools
            listed.append([t.name for t in tools])
            return listed

    in_a, in_b, tools_in_b = anyio.run(main)
    assert in_a == [("hello", "Hello", "")]
    assert in_b == [("greet", None, "Greets in b."), ("hello", "Hello", "")]
    assert tools_in_b == ["forecast"]


def test_a_tools_meta_is_kept_apart_from_its_other_arguments() -> None:
    neg = Negotiation(VARIANTS)

    @neg.tool(variants=["a"], meta={"ui": "card"}, title="Card")
    def card() -> str:
        return "x"

    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> Any:
        async with Client(server, mode="legacy") as client:
            return (await client.list_tools()).tools

    (tool,) = anyio.run(main)
    assert (tool.name, tool.title, tool.meta) == ("card", "Card", {"ui": "card"})


# --- the façade's accessors and refusals ------------------------------------------------


def test_attach_returns_the_server_and_shows_it_to_exists() -> None:
    neg = Negotiation(VARIANTS)
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://own", name="own")(lambda: "o")
    assert neg.exists("a", "memo://nowhere") is True  # not attached: it cannot know
    assert neg.attach(server) is server
    assert neg.exists("a", "memo://nowhere") is False
    assert neg.exists("a", "memo://own") is True
    assert neg.exists("a", "memo://nowhere", "tool") is True  # tools: not the server's


def test_exists_reads_the_scopes_of_each_kind() -> None:
    neg = Negotiation(VARIANTS)
    neg.add_resource({"uri": "doc://b", "name": "b"}, {"text/plain": "b"}, variants=["b"])
    neg.add_resource({"uri": "doc://all", "name": "all"}, {"text/plain": "x"})
    neg.scope("tool", "t", ["c"])
    neg.scope("resource", "memo://c", ["c"])
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    neg.attach(server)  # has none of these: the declarations decide
    assert [neg.exists(v, "doc://b") for v in "abc"] == [False, True, False]
    assert [neg.exists(v, "doc://all") for v in "abc"] == [True, True, True]
    assert [neg.exists(v, "t", "tool") for v in "abc"] == [False, False, True]
    assert [neg.exists(v, "memo://c") for v in "abc"] == [False, False, True]
    assert neg.exists("a", "t", "prompt") is True  # a prompt of that name is not scoped


def test_subscriptions_is_the_sessions_bus() -> None:
    neg = Negotiation(VARIANTS)
    assert neg.subscriptions is neg.sessions.bus
    assert neg.subscription_count == 0


def test_list_changed_names_the_kinds_it_takes() -> None:
    neg = Negotiation(VARIANTS)
    with pytest.raises(ValueError) as wrong:
        anyio.run(neg.list_changed, "widgets")  # type: ignore[arg-type]
    assert str(wrong.value) == "kind must be 'tools', 'resources' or 'prompts', not 'widgets'"
    assert anyio.run(neg.list_changed, "tools", "a") == 0  # no session to tell


def test_the_constructor_refuses_what_it_cannot_serve() -> None:
    with pytest.raises(ValueError) as empty:
        Negotiation([])
    assert str(empty.value) == (
        "variants is empty: give at least one variant, or leave variants out"
        " (None) for a server without server variants"
    )
    with pytest.raises(ValueError):
        Negotiation([{"id": "a"}, {"id": "a"}])  # the runtime refuses a repeated id
    with pytest.raises(ValueError):
        Negotiation(VARIANTS, page_size=2, cursor_key=b"short")
    assert Negotiation(VARIANTS, page_size=2, cursor_key=b"k" * 16).variants == tuple(VARIANTS)
    assert Negotiation(VARIANTS, cursor_key=b"short").variants == tuple(VARIANTS)  # unused


def test_a_principals_fleet_wide_ranking_is_made_and_read_within_what_it_may_see() -> None:
    def visible(principal: object, variant: ServerVariant) -> bool:
        return not (principal == "alice" and variant.id == "c")

    asked: list[str] = []
    ranked_here = Negotiation(VARIANTS, ranker=_ranker(asked), visible=visible, backplane=_Shared())
    # The ranker's first answer starts with "c", which alice cannot see: rule-based.
    assert _ids(ranked_here, "alice") == ("a", "b")
    stored = _Shared({_key("alice"): ("c", "a"), _key("bob"): ("c", "a")})
    read = Negotiation(VARIANTS, ranker=_ranker(asked), visible=visible, backplane=stored)
    assert _ids(read, "bob") == ("c", "a")
    # Not hers to read: ranked anew for her, and the ranker's "c" is refused again.
    assert _ids(read, "alice") == ("a", "b")
    down = _Shared()
    down.fail_before = True
    local = Negotiation(VARIANTS, ranker=_ranker(asked), visible=visible, backplane=down)
    assert _ids(local, "alice") == ("a", "b")  # ranked locally, within what she may see


# --- one request's view, through the public context() ---------------------------------


def _request(capabilities: object) -> Any:
    """What ``context()`` reads of the SDK's request context (a 2026-07-28 request)."""
    session = SimpleNamespace(client_capabilities=capabilities)
    return SimpleNamespace(
        protocol_version="2026-07-28",
        session=session,
        params={},
        method="tools/call",
        request=None,
    )


def test_context_settles_with_a_fresh_ranking_when_given_one() -> None:
    asked: list[str] = []
    neg = Negotiation(VARIANTS, ranker=_ranker(asked))
    request = _request(DECLARED)
    assert neg.context(request).advertised == ("a", "b", "c")  # rule-based, memoised
    ranked = anyio.run(neg.advertisement_async, DECLARED, None)
    assert ranked is not None and ranked.ids == ("c", "b", "a")
    assert neg.context(request).advertised == ("a", "b", "c")  # the memo's, until told
    assert neg.context(request, ranked=ranked).advertised == ("c", "b", "a")


def test_malformed_hints_are_settled_anew_only_on_a_server_with_variants() -> None:
    malformed = {"extensions": {SV: {"variantHints": {"hints": 42}}}}
    with_variants = Negotiation(VARIANTS)
    request = _request(malformed)
    assert with_variants.context(request) is not with_variants.context(request)
    valid = _request(DECLARED)
    assert with_variants.context(valid) is with_variants.context(valid)  # memoised
    without = Negotiation()
    assert without.context(request) is without.context(request)  # hints do not matter


def test_the_view_names_the_principal() -> None:
    neg = Negotiation(VARIANTS, principal_of=lambda ctx: "alice")
    view = neg.context(_request(DECLARED))
    assert (view.principal, view.variant) == ("alice", "a")
    assert Negotiation(VARIANTS).context(_request(DECLARED)).principal is None


# --- more of declaring ----------------------------------------------------------------


def test_a_declaration_naming_an_unknown_variant_is_refused_and_not_kept() -> None:
    neg = Negotiation(VARIANTS)

    def forecast() -> str:
        return "x"

    with pytest.raises(ValueError) as in_variants:
        neg.tool(variants=["zzz"])(forecast)
    assert str(in_variants.value) == "tool 'forecast': 'zzz' is not a declared variant"
    with pytest.raises(ValueError) as in_descriptions:
        neg.tool(descriptions={"zzz": "Elsewhere."})(forecast)
    assert str(in_descriptions.value) == "tool 'forecast': 'zzz' is not a declared variant"
    with pytest.raises(ValueError) as prompt:
        neg.prompt(variants=["b"], descriptions={"zzz": "Elsewhere."})(forecast)
    assert str(prompt.value) == "prompt 'forecast': 'zzz' is not a declared variant"
    # Nothing was kept: the name is still free in every variant.
    assert neg.tool()(forecast) is forecast
    assert [neg.exists(v, "forecast", "tool") for v in "abc"] == [True, True, True]


def test_a_resource_model_declared_late_is_refused_by_its_uri() -> None:
    neg = Negotiation(VARIANTS)
    MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    with pytest.raises(RuntimeError) as late:
        neg.add_resource(mcp_ext.Resource(uri="doc://late", name="late"), {"text/plain": "x"})
    assert str(late.value).startswith("resource 'doc://late' is declared after MCPServer(...)")


def test_a_prompt_is_served_on_a_server_without_variants() -> None:
    neg = Negotiation()

    @neg.prompt(description="Says hello.")
    def hello(name: str) -> str:
        return f"Hello, {name}."

    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> Any:
        async with Client(server, mode="legacy") as client:
            return await client.get_prompt("hello", {"name": "Ann"})

    result = anyio.run(main)
    assert result.description == "Says hello."
    assert [m.content.text for m in result.messages] == ["Hello, Ann."]


def test_attach_lets_resources_metadata_describe_the_servers_own_resources() -> None:
    neg = Negotiation()
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)
    server.resource("memo://own", name="own", mime_type="text/plain")(lambda: "four")
    neg.attach(server)

    async def main() -> Any:
        async with Client(server, mode="legacy") as client:
            return await SessionTransport(client.session).request(
                "resources/metadata", {"uri": "memo://own"}
            )

    assert anyio.run(main)["metadata"] == [
        {"uri": "memo://own", "name": "own", "mimeType": "text/plain", "size": 4}
    ]
