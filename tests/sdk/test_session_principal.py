"""SEP-2053 on the ``MCPServer`` path: the advertised variant set is stable for the
session (``variants.advertise.stable-for-session``, ``variants.advertise.no-mid-session-change``)
and cursors are bound to the principal (``variants.privacy.no-hidden-metadata``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp_ext import ServerVariant

from negotiation.sdk import Negotiation, variant_meta

VARIANTS = [
    mcp_ext.ServerVariant(id="full", description="Every tool.", hints={"useCase": "ide"}),
    mcp_ext.ServerVariant(id="secret", description="Hidden from guests.", hints={}),
]


class Server:
    """A negotiated server whose principal is whatever ``self.principal`` says now."""

    def __init__(self) -> None:
        self.principal: Hashable = "admin"

        def visible(principal: Hashable, variant: ServerVariant) -> bool:
            return not (principal == "guest" and variant.id == "secret")

        self.neg = Negotiation(
            variants=VARIANTS,
            visible=visible,
            principal_of=lambda ctx: self.principal,
            page_size=1,
            cursor_key=b"shared key of the replicas",  # as replicas share it
        )
        self.mcp = MCPServer(
            "probe", extensions=self.neg.extensions, middleware=self.neg.middleware
        )
        for name in ("a", "b", "c"):
            self.mcp.tool(name=name)(lambda: "ok")


def _run(server: Server, mode: str, body: Any) -> Any:
    async def main() -> Any:
        async with Client(server.mcp, mode=mode) as client:
            return await body(client)

    return anyio.run(main)


def test_variants_advertise_stable_for_session_a_new_principal_is_refused_not_narrowed() -> None:
    server = Server()

    async def body(client: Any) -> MCPError:
        await client.list_tools(meta=variant_meta("secret"))
        server.principal = "guest"  # e.g. another bearer token on the same HTTP session
        with pytest.raises(MCPError) as caught:
            await client.list_tools(meta=variant_meta("full"))
        return caught.value

    error = _run(server, "legacy", body)
    assert error.code == -32600
    assert error.message == "Principal changed within the session"
    assert error.data == {
        "hint": "Re-initialize (or reconnect) to get the variants for this principal"
    }
    assert "secret" not in repr(error.data)


def test_variants_advertise_no_mid_session_change_the_same_principal_keeps_its_set() -> None:
    server = Server()

    async def body(client: Any) -> list[str]:
        names = []
        for variant in ("secret", "full", "secret"):
            result = await client.list_tools(meta=variant_meta(variant))
            names.append(result.tools[0].name)
        return names

    assert _run(server, "legacy", body) == ["a", "a", "a"]


def test_a_session_that_ends_forgets_its_principal() -> None:
    server = Server()
    _run(server, "legacy", lambda client: client.list_tools())
    assert server.neg.sessions.legacy == {}
    server.principal = "guest"
    # A new session for the new principal: its own (smaller) set, no refusal.
    result = _run(server, "legacy", lambda client: client.list_tools(meta=variant_meta("full")))
    assert [tool.name for tool in result.tools] == ["a"]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_variants_privacy_no_hidden_metadata_a_cursor_is_bound_to_its_principal(
    mode: str,
) -> None:
    admin = Server()
    page = _run(admin, mode, lambda client: client.list_tools(meta=variant_meta("secret")))
    assert page.next_cursor is not None

    guest = Server()
    guest.principal = "guest"

    async def body(client: Any) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await client.list_tools(cursor=page.next_cursor)
        return caught.value

    error = _run(guest, mode, body)
    assert (error.code, error.message) == (-32602, "Invalid cursor")
    assert error.data == {"activeVariant": "full"}
    # The admin, on the same key, still pages on.
    more = _run(
        Server(),
        mode,
        lambda client: client.list_tools(cursor=page.next_cursor, meta=variant_meta("secret")),
    )
    assert [tool.name for tool in more.tools] == ["b"]
