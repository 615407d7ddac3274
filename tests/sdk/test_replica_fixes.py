"""Issue #23's one-process bugs: the ranking decided once per principal and hints
whatever the order of requests, cursor-key rotation, cursor positions by name, anonymous
clients' own switch buckets, and a warning when ``stateless_http=True`` meets a legacy
client."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant, VariantHints

from negotiation.sdk import (
    CURSOR_KEY_ENV,
    Negotiation,
    ServerVariants,
    available_variants,
    cursor_key_from_env,
    negotiated,
    variant_meta,
)
from negotiation.subscriptions import VariantSwitchLimiter

VARIANTS = [
    mcp_ext.ServerVariant(id="a", description="A.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="b", description="B.", hints={"useCase": "planning"}),
    mcp_ext.ServerVariant(id="c", description="C.", hints={"useCase": "chat"}),
]
DESCRIBED = {"description": "I chat a lot", "hints": {"useCase": ["ide"]}}


def _server(neg: Negotiation, *tools: str) -> MCPServer:
    server = MCPServer("probe", extensions=neg.extensions, middleware=neg.middleware)

    @server.tool(name="t")
    def served_by(ctx: Context) -> str:
        return str(negotiated(ctx).variant)

    for name in tools:
        server.tool(name=name)(lambda: "ok")
    return server


def _ranked_negotiation(asked: list[str]) -> Negotiation:
    async def ranker(variants: Sequence[ServerVariant], hints: VariantHints) -> list[str]:
        asked.append("asked")
        return ["c", "b", "a"]  # the rules would put "a" first

    return Negotiation(variants=VARIANTS, ranker=ranker)


# --- the ranking is decided once --------------------------------------------------------


@pytest.mark.parametrize("discover_first", [True, False])
def test_the_default_is_the_rankers_whatever_request_comes_first(discover_first: bool) -> None:
    asked: list[str] = []
    neg = _ranked_negotiation(asked)
    server = _server(neg)

    async def main() -> tuple[list[str], list[str]]:
        served = []
        async with Client(server, mode="auto", extensions=[ServerVariants(DESCRIBED)]) as client:
            if not discover_first:
                served.append((await client.call_tool("t", {})).content[0].text)
            ids = [v.id for v in available_variants(client)]
            served.append((await client.call_tool("t", {})).content[0].text)
        async with Client(server, mode="auto", extensions=[ServerVariants(DESCRIBED)]) as again:
            served.append((await again.call_tool("t", {})).content[0].text)
        return ids, served  # type: ignore[return-value]

    ids, served = anyio.run(main)
    assert ids == ["c", "b", "a"]
    assert set(served) == {"c"}  # the advertised default, on every request
    assert asked == ["asked"]  # once per principal and hints


def test_a_request_before_discovery_gets_the_rankers_default() -> None:
    asked: list[str] = []
    neg = _ranked_negotiation(asked)
    capabilities = {
        "extensions": {"io.modelcontextprotocol/server-variants": {"variantHints": DESCRIBED}}
    }

    async def main() -> list[Any]:
        first = await neg.advertisement_async(capabilities, None)
        return [first.ids if first else None, neg.advertisement(capabilities, None)]

    first_ids, sync = anyio.run(main)
    assert first_ids == ("c", "b", "a") and sync is not None and sync.ids == ("c", "b", "a")
    # Before the ranker was asked, the synchronous path must not decide (and store) the
    # rule-based ranking, which would then be served in place of the ranker's.
    fresh: list[str] = []
    other = _ranked_negotiation(fresh)
    ruled = other.advertisement(capabilities, None)
    assert ruled is not None and ruled.ids[0] == "a"
    ranked = anyio.run(other.advertisement_async, capabilities, None)
    assert ranked is not None and ranked.ids == ("c", "b", "a") and fresh == ["asked"]


# --- cursor keys rotate -----------------------------------------------------------------


def _pages(neg: Negotiation, cursor: str | None = None, *extra: str) -> Any:
    server = _server(neg, *(extra or ("d", "e", "f")))

    async def main() -> Any:
        async with Client(server, mode="auto") as client:
            try:
                return await client.list_tools(cursor=cursor, meta=variant_meta("a"))
            except MCPError as error:
                return error

    return anyio.run(main)


def test_a_rotated_cursor_key_still_verifies_the_cursors_of_the_old_one() -> None:
    old, new = os.urandom(32), os.urandom(32)
    first = _pages(Negotiation(VARIANTS, page_size=2, cursor_key=old))
    assert first.next_cursor is not None
    rotated = _pages(Negotiation(VARIANTS, page_size=2, cursor_key=[new, old]), first.next_cursor)
    assert not isinstance(rotated, MCPError)
    assert [t.name for t in rotated.tools] == ["e", "f"]
    # The new key signs: a server that has only the old key refuses its cursors.
    minted = _pages(Negotiation(VARIANTS, page_size=1, cursor_key=[new, old]))
    refused = _pages(Negotiation(VARIANTS, page_size=1, cursor_key=old), minted.next_cursor)
    assert isinstance(refused, MCPError) and refused.message == "Invalid cursor"
    accepted = _pages(Negotiation(VARIANTS, page_size=1, cursor_key=new), minted.next_cursor)
    assert not isinstance(accepted, MCPError)


def _cross_paging(first: list[bytes], second: list[bytes]) -> list[bool]:
    """Whether a cursor minted on a replica with keys ``first`` is accepted by one with
    ``second``, and the other way round: two replicas of a fleet mid-rollout."""
    accepted = []
    for minting, verifying in ((first, second), (second, first)):
        minted = _pages(Negotiation(VARIANTS, page_size=1, cursor_key=minting))
        assert minted.next_cursor is not None
        paged = _pages(Negotiation(VARIANTS, page_size=1, cursor_key=verifying), minted.next_cursor)
        accepted.append(not isinstance(paged, MCPError))
    return accepted


def test_a_two_phase_key_rotation_keeps_every_cursor_valid_across_replicas() -> None:
    """docs/replicas.md: phase 1 rolls out ``old,new`` (old still signs), phase 2
    ``new,old`` (new signs); at every step of both rollouts any two replicas accept each
    other's cursors. One step (``new,old`` straight away) does not."""
    old, new = os.urandom(32), os.urandom(32)
    steps = [
        ([old], [old]),  # before
        ([old, new], [old]),  # phase 1, rolling
        ([old, new], [old, new]),  # phase 1 done
        ([new, old], [old, new]),  # phase 2, rolling
        ([new, old], [new, old]),  # phase 2 done
        ([new], [new, old]),  # old dropped, once no cursor of it can be in flight
    ]
    for first, second in steps:
        assert _cross_paging(first, second) == [True, True], (first, second)
    assert _cross_paging([new, old], [old]) == [False, True]  # the one-step rollout


@pytest.mark.parametrize("bad", [[], [b"short"], ["not bytes"], 42])
def test_a_bad_cursor_key_list_is_a_clear_error(bad: Any) -> None:
    with pytest.raises((TypeError, ValueError), match="cursor"):
        Negotiation(VARIANTS, page_size=1, cursor_key=bad)


def test_cursor_key_from_env_reads_a_comma_separated_list() -> None:
    new, old = "ab" * 16, "cd" * 32
    keys = cursor_key_from_env(environ={CURSOR_KEY_ENV: f" {new} ,{old}\n"})
    assert keys == (b"\xab" * 16, b"\xcd" * 32)
    assert cursor_key_from_env(environ={CURSOR_KEY_ENV: new}) == b"\xab" * 16
    with pytest.raises(ValueError, match=re.escape(f"${CURSOR_KEY_ENV} (key 2) must be hex")):
        cursor_key_from_env(environ={CURSOR_KEY_ENV: f"{new},zz"})
    with pytest.raises(ValueError, match=re.escape("(key 1) must hold at least 16 bytes")):
        cursor_key_from_env(environ={CURSOR_KEY_ENV: f"abcd,{new}"})


# --- cursor positions are names -----------------------------------------------------------


def test_a_page_continues_after_the_last_name_when_the_next_replicas_list_differs() -> None:
    key = os.urandom(32)
    # Replica A: t, d, e, f. Replica B (a rolling deploy) has one tool more, early on.
    first = _pages(Negotiation(VARIANTS, page_size=2, cursor_key=key))
    assert [t.name for t in first.tools] == ["t", "d"]
    on_b = _pages(Negotiation(VARIANTS, page_size=2, cursor_key=key), first.next_cursor, *"cdef")
    assert [t.name for t in on_b.tools] == ["e", "f"]  # an offset would repeat "d"
    # And when the last item is gone on the next replica, the offset is the fallback.
    gone = _pages(Negotiation(VARIANTS, page_size=2, cursor_key=key), first.next_cursor, *"ef")
    assert [t.name for t in gone.tools] == ["f"]


# --- anonymous clients do not share one switch bucket -----------------------------------


def test_anonymous_clients_each_have_their_own_switch_bucket() -> None:
    limiter = VariantSwitchLimiter(capacity=1, refill_per_second=0.001)
    server = _server(Negotiation(variants=VARIANTS, switch_limiter=limiter))

    async def one_client() -> list[str]:
        outcomes = []
        async with Client(server, mode="legacy") as client:
            for variant in ("a", "b", "a"):
                try:
                    result = await client.call_tool("t", {}, meta=variant_meta(variant))
                    outcomes.append(result.content[0].text)  # type: ignore[union-attr]
                except MCPError as error:
                    outcomes.append(error.message)
        return outcomes

    async def main() -> list[list[str]]:
        return [await one_client(), await one_client()]

    first, second = anyio.run(main)
    limited = "Too many server variant switches"
    assert first == ["a", "b", limited]
    assert second == ["a", "b", limited]  # not refused from the first client's bucket


# --- stateless_http meets a legacy client ------------------------------------------------


def test_a_legacy_request_without_capabilities_after_initialize_is_warned_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.e2e.servers import LOOPBACK, free_port

    neg = Negotiation(variants=VARIANTS)
    server = _server(neg)
    port = free_port()

    async def main() -> list[str]:
        import uvicorn

        app = server.streamable_http_app(stateless_http=True)
        config = uvicorn.Config(app, host=LOOPBACK, port=port, log_level="error")
        web = uvicorn.Server(config)
        served = []
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(web.serve)
            while not web.started:
                await anyio.sleep(0.01)
            async with Client(f"http://{LOOPBACK}:{port}/mcp", mode="legacy") as client:
                for _ in range(2):
                    served.append((await client.call_tool("t", {})).content[0].text)
            web.should_exit = True
        return served

    with caplog.at_level(logging.WARNING, logger="negotiation.sdk"):
        served = anyio.run(main)
    assert served == ["a", "a"]
    warnings = [r.getMessage() for r in caplog.records if r.name == "negotiation.sdk"]
    assert len(warnings) == 1
    assert "stateless_http" in warnings[0] and "Mcp-Session-Id" in warnings[0]
