"""The developer-platform server on ``MCPServer``: server variants with different tool
sets and descriptions, a deprecated variant, variant-bound cursors, variant-scoped
subscriptions, and a variant one principal may not see (SEP-2053)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp_ext import ServerVariant
from mcp_types import CallToolResult, TextContent

from negotiation import errors
from negotiation.backplane import Backplane
from negotiation.sdk import Negotiation, PrincipalOf, mcp_error, negotiated

__all__ = ["PAGE_SIZE", "build", "build_with_negotiation", "principal_from", "variants", "visible"]

DATA = Path(__file__).with_name("data.json")
PAGE_SIZE = 3
DEFAULT_PRINCIPAL = "maintainer"
# Tools that change a resource, and so notify its subscribers.
_COMMENT_TOOLS = frozenset({"add_review_comment", "add_comment"})


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def variants() -> list[ServerVariant]:
    return [ServerVariant.model_validate(entry) for entry in _data()["variants"]]


def visible(principal: Hashable, variant: ServerVariant) -> bool:
    """Visibility is authorization, decided by who asks, never by what they declare."""
    return variant.id not in _data()["hidden"].get(principal, [])


def principal_from(default: str) -> PrincipalOf:
    """The principal: an HTTP ``Authorization: Bearer <name>`` when there is one (a demo
    stand-in for real authentication), else the process's configured principal."""

    def principal_of(ctx: ServerRequestContext[Any, Any]) -> Hashable:
        headers = getattr(ctx.request, "headers", None)
        authorization = headers.get("authorization", "") if headers is not None else ""
        scheme, _, token = authorization.partition(" ")
        return token.strip() if scheme.lower() == "bearer" and token.strip() else default

    return principal_of


def build(
    *,
    principal: str | None = None,
    cursor_key: bytes | Sequence[bytes] | None = None,
    negotiate: bool = True,
    experimental_capability: bool = False,
    backplane: Backplane | None = None,
) -> MCPServer:
    """The developer-platform server; ``experimental_capability`` also advertises the
    variants where the Go implementation's clients look; ``backplane`` is shared with other
    replicas."""
    server, _ = build_with_negotiation(
        principal=principal,
        cursor_key=cursor_key,
        negotiate=negotiate,
        experimental_capability=experimental_capability,
        backplane=backplane,
    )
    return server


def build_with_negotiation(
    *,
    principal: str | None = None,
    cursor_key: bytes | Sequence[bytes] | None = None,
    negotiate: bool = True,
    experimental_capability: bool = False,
    backplane: Backplane | None = None,
) -> tuple[MCPServer, Negotiation]:
    """The server and its :class:`Negotiation` (which holds the subscriptions)."""
    default = principal or os.environ.get("DEVPLATFORM_PRINCIPAL", DEFAULT_PRINCIPAL)
    neg = Negotiation(
        variants=variants(),
        visible=visible,
        principal_of=principal_from(default),
        page_size=PAGE_SIZE,
        cursor_key=cursor_key,
        negotiate=negotiate,
        experimental_capability=experimental_capability,
        backplane=backplane,
    )
    comments: dict[str, list[str]] = {}

    def tool(name: str) -> Callable[..., Any]:
        async def call(ctx: Context, uri: str = "", text: str = "") -> CallToolResult:
            view = negotiated(ctx)
            variant = view.variant or ""
            answer = f"{name} done in {variant}"
            if name in _COMMENT_TOOLS:
                if uri not in neg.resources or not neg.exists(view.variant, uri):
                    raise mcp_error(errors.unknown_identifier("resource", uri, variant))
                comments.setdefault(uri, []).append(text)
                await neg.resource_updated(uri)
                answer = f"commented on {uri}"
            # Echoes what served the call, so load tests can spot cross-session leaks.
            served = {"variant": view.variant, "format": view.format}
            content = [TextContent(type="text", text=answer)]
            return CallToolResult(content=content, structured_content=served)

        return call

    # One tool per name; its variants, and its description in each. Registered in the
    # order of each name's last listing, which keeps every variant's own order here.
    descriptions: dict[str, dict[str, str]] = {}
    last: dict[str, int] = {}
    listed = [(v, tool) for v, tools in _data()["tools"].items() for tool in tools]
    for position, (variant_id, (name, description)) in enumerate(listed):
        descriptions.setdefault(name, {})[variant_id] = description
        last[name] = position
    for name in sorted(descriptions, key=last.__getitem__):
        described = descriptions[name]
        neg.tool(
            variants=described,
            descriptions=described,
            name=name,
            description=next(iter(described.values())),
        )(tool(name))

    for uri, entry in _data()["resources"].items():
        neg.add_resource(
            {
                "uri": uri,
                "name": uri.rsplit("/", 1)[-1],
                "title": entry["title"],
                "mimeType": "text/plain",
            },
            {
                "text/plain": lambda uri=uri, entry=entry: "\n".join(
                    [entry["text"], *comments.get(uri, [])]
                )
            },
            variants=entry["variants"],
        )
    server = MCPServer(
        "Developer Platform",
        version="1.0.0",
        log_level="WARNING",
        extensions=neg.extensions,
        middleware=neg.middleware,
        subscriptions=neg.subscriptions,
    )
    neg.attach(server)
    return server, neg
