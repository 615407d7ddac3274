"""The developer-platform server: server variants with different tool sets and
descriptions, a deprecated variant, variant-bound cursors, variant-scoped
subscriptions, and a variant one principal may not see (SEP-2053)."""

from __future__ import annotations

import json
import os
from collections.abc import Hashable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.server.session import ServerSession
from mcp_ext import models as m
from mcp_ext.methods import RPCError
from mcp_ext.server import ServerHandler

from negotiation import errors
from negotiation.cursors import CursorCodec
from negotiation.sdk import HandlerContext, NegotiationAdapter, serve
from negotiation.subscriptions import SubscriptionRegistry
from negotiation.variants import Variant

__all__ = ["PAGE_SIZE", "DevPlatformHandler", "build", "principal_from"]

DATA = Path(__file__).with_name("data.json")
PAGE_SIZE = 3
DEFAULT_PRINCIPAL = "maintainer"
# What a server without variants serves (negotiation switched off).
IMPLICIT_VARIANT = "code-review"
# Tools that change a resource, and so notify its subscribers.
_COMMENT_TOOLS = frozenset({"add_review_comment", "add_comment"})


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def variants() -> list[Variant]:
    return [Variant.from_wire(entry) for entry in _data()["variants"]]


def visible(principal: Hashable, variant: Variant) -> bool:
    """Visibility is authorization, decided by who asks, never by what they declare."""
    return variant.id not in _data()["hidden"].get(principal, [])


def _rpc(error: Mapping[str, Any]) -> RPCError:
    return RPCError(error["code"], error["message"], error.get("data"))


def _exists(variant: str | None, uri: str) -> bool:
    resource = _data()["resources"].get(uri)
    return resource is not None and (variant or IMPLICIT_VARIANT) in resource["variants"]


def principal_from(default: str) -> Any:
    """The principal: an HTTP ``Authorization: Bearer <name>`` when there is one (a demo
    stand-in for real authentication), else the process's configured principal."""

    def principal_of(ctx: ServerRequestContext[Any, Any]) -> Hashable:
        headers = getattr(ctx.request, "headers", None)
        authorization = headers.get("authorization", "") if headers is not None else ""
        scheme, _, token = authorization.partition(" ")
        return token.strip() if scheme.lower() == "bearer" and token.strip() else default

    return principal_of


class DevPlatformHandler(ServerHandler[HandlerContext]):
    def __init__(self, cursor_key: bytes | None = None) -> None:
        self._cursors = CursorCodec(cursor_key or os.urandom(32))
        self._subscriptions = SubscriptionRegistry(_exists)
        self._sessions: dict[Hashable, ServerSession] = {}
        self.comments: dict[str, list[str]] = {}

    @staticmethod
    def _tools(variant: str | None) -> list[list[str]]:
        tools: list[list[str]] = _data()["tools"].get(variant or IMPLICIT_VARIANT, [])
        return tools

    async def tools_list(
        self, params: m.PaginatedRequestParams | None, ctx: HandlerContext
    ) -> m.ListToolsResult:
        start = 0
        cursor = params.cursor if params is not None else None
        if cursor is not None:
            check = self._cursors.check(cursor, ctx.variant)
            if check.error is not None:
                raise _rpc(check.error)
            start = int(check.position or 0)
        tools = self._tools(ctx.variant)
        page = tools[start : start + PAGE_SIZE]
        result: dict[str, Any] = {
            "tools": [
                {
                    "name": name,
                    "description": description,
                    "inputSchema": {"type": "object", "properties": {"uri": {"type": "string"}}},
                }
                for name, description in page
            ]
        }
        if start + PAGE_SIZE < len(tools):
            result["nextCursor"] = self._cursors.mint(ctx.variant, str(start + PAGE_SIZE))
        return m.ListToolsResult.model_validate(result)

    async def tools_call(
        self, params: m.CallToolRequestParams, ctx: HandlerContext
    ) -> m.CallToolResult:
        names = {name for name, _ in self._tools(ctx.variant)}
        if params.name not in names:
            raise _rpc(errors.unknown_identifier("tool", params.name, ctx.variant or ""))
        arguments = params.arguments or {}
        text = f"{params.name} done in {ctx.variant}"
        if params.name in _COMMENT_TOOLS:
            uri = str(arguments.get("uri", ""))
            if not _exists(ctx.variant, uri):
                raise _rpc(errors.unknown_identifier("resource", uri, ctx.variant or ""))
            self.comments.setdefault(uri, []).append(str(arguments.get("text", "")))
            await self._notify_updated(uri)
            text = f"commented on {uri}"
        return m.CallToolResult.model_validate(
            {
                "content": [{"type": "text", "text": text}],
                # Echoes what served the call, so load tests can spot cross-session leaks.
                "structuredContent": {
                    "variant": ctx.variant,
                    "format": ctx.features.value("format") if ctx.features else None,
                },
            }
        )

    async def _notify_updated(self, uri: str) -> None:
        # Only subscriptions whose variant still has the resource hear about it.
        for subscription in self._subscriptions.recipients(uri):
            session = self._sessions.get(subscription.subscriber)
            if session is not None:
                await session.send_resource_updated(uri)

    async def resources_list(
        self, params: m.PaginatedRequestParams | None, ctx: HandlerContext
    ) -> m.ListResourcesResult:
        resources = [
            {
                "uri": uri,
                "name": uri.rsplit("/", 1)[-1],
                "title": entry["title"],
                "mimeType": "text/plain",
            }
            for uri, entry in _data()["resources"].items()
            if (ctx.variant or IMPLICIT_VARIANT) in entry["variants"]
        ]
        return m.ListResourcesResult.model_validate({"resources": resources})

    async def resources_read(
        self, params: m.ReadResourceRequestParams, ctx: HandlerContext
    ) -> m.ReadResourceResult:
        if not _exists(ctx.variant, params.uri):
            raise _rpc(errors.unknown_identifier("resource", params.uri, ctx.variant or ""))
        entry = _data()["resources"][params.uri]
        text = "\n".join([entry["text"], *self.comments.get(params.uri, [])])
        content = {
            "uri": params.uri,
            "name": params.uri.rsplit("/", 1)[-1],
            "title": entry["title"],
            "mimeType": "text/plain",
            "text": text,
        }
        return m.ReadResourceResult.model_validate({"contents": [content]})

    @staticmethod
    def _subscriber(ctx: HandlerContext) -> tuple[Hashable, ServerSession]:
        session: ServerSession = ctx.sdk.session
        # The SDK makes a session object per request; the connection is what persists.
        connection: Hashable = getattr(session, "_connection", session)
        return connection, session

    async def resources_subscribe(
        self, params: m.SubscribeRequestParams, ctx: HandlerContext
    ) -> m.EmptyResult:
        subscriber, session = self._subscriber(ctx)
        error = self._subscriptions.subscribe(subscriber, params.uri, ctx.variant)
        if error is not None:
            raise _rpc(error)
        self._sessions[subscriber] = session
        return m.EmptyResult.model_validate({})

    async def resources_unsubscribe(
        self, params: m.UnsubscribeRequestParams, ctx: HandlerContext
    ) -> m.EmptyResult:
        subscriber, _ = self._subscriber(ctx)
        self._subscriptions.unsubscribe(subscriber, params.uri, ctx.variant)
        return m.EmptyResult.model_validate({})

    def session_ended(self, subscriber: Hashable) -> None:
        """A session closed: its subscriptions (and the way to reach it) go with it."""
        self._subscriptions.drop_subscriber(subscriber)
        self._sessions.pop(subscriber, None)

    @property
    def subscription_count(self) -> int:
        return len(self._subscriptions)


def build(
    *, principal: str | None = None, cursor_key: bytes | None = None, negotiate: bool = True
) -> NegotiationAdapter:
    default = principal or os.environ.get("DEVPLATFORM_PRINCIPAL", DEFAULT_PRINCIPAL)
    handler = DevPlatformHandler(cursor_key)
    adapter = serve(
        handler,
        name="Developer Platform",
        version="1.0.0",
        variants=variants(),
        visible=visible,
        principal_of=principal_from(default),
        negotiate=negotiate,
    )
    adapter.on_session_end(handler.session_ended)
    return adapter
