"""The ``finish`` steps of [`negotiation.engine`][negotiation.engine]: what it does to a
``*/list`` result (scoped to the variant, redefined, paged, the authored ``_meta`` restored),
to a ``resources/read`` of a multi-format resource, and to ``initialize`` and
``server/discover`` (the advertisement). Pure, as the engine is."""

from __future__ import annotations

import logging
from typing import Any

from negotiation import errors, scopes
from negotiation import features as cn
from negotiation import variants as sv
from negotiation._wire import wire_dump
from negotiation.context import NegotiationContext
from negotiation.cursors import CursorCodec
from negotiation.engine_parts import (
    LIST_KINDS,
    RESOURCE_METADATA_EXTENSION_ID,
    Declared,
    Refusal,
    Request,
    envelope,
    restore,
    unmatched_scope,
    who,
)
from negotiation.resources import ResourceRegistry
from negotiation.scopes import LISTS, Kind, VariantScopes
from negotiation.versioning import Era

__all__ = ["Lists", "advertised"]

logger = logging.getLogger("negotiation.sdk")
audit = logging.getLogger("negotiation.sdk.audit")


def _param(request: Request, key: str) -> object:
    params = request.params
    return params.get(key) if params is not None else None


class Lists:
    """The list and read steps of one engine, over its scopes, cursors and declarations."""

    def __init__(
        self,
        scopes: VariantScopes,
        *,
        cursors: CursorCodec | None,
        page_size: int | None,
        tools: Declared,
        prompts: Declared,
        resources: ResourceRegistry,
        default_variant: str | None,
    ) -> None:
        self.scopes = scopes
        self.cursors = cursors
        self.page_size = page_size
        self.tools = tools
        self.prompts = prompts
        self.resources = resources
        self.default_variant = default_variant
        self._first_lists = set(LIST_KINDS)  # each checked against the scopes once

    def list(
        self, request: Request, view: NegotiationContext, result: dict[str, Any]
    ) -> dict[str, Any]:
        """A ``tools/list``, ``prompts/list`` or ``resources/list`` result for the view's
        variant: the declared prompts added, the items the variant lacks dropped, varying
        tools redefined, paged, and the authored ``_meta`` restored."""
        method = request.method
        if method == "prompts/list" and self.prompts.names():
            self._list_prompts(request, view, result)
        if method in self._first_lists:
            self._first_lists.discard(method)
            self._check_scopes(method, result)
        listed = self._scoped_list(request, view, result, *LISTS[method])
        # No cache may serve one variant's listing for another (SEP-2053, Response
        # Caching): the framework applies its server-wide hints after this; these win.
        listed.update(scopes.list_cache_hints(view.variant, view.advertised))
        return listed

    def _scoped_list(
        self,
        request: Request,
        view: NegotiationContext,
        result: dict[str, Any],
        kind: Kind,
        member: str,
        key: str,
    ) -> dict[str, Any]:
        items = result.get(member)
        if not isinstance(items, list):
            return result
        variant = self.scopes.serving(view.variant)
        tools = self.tools

        def redefine(name: str, item: Any) -> Any | None:
            if kind != "tool" or not tools.varies(name):
                return item
            definition = tools.definition(name, variant)
            if definition is None:
                return None
            return definition.wire(request.method, request.protocol_version, envelope(result))

        kept = self.scopes.filter(kind, key, items, view.variant, redefine)
        cursor = _param(request, "cursor")
        if self.cursors is not None and self.page_size is not None:
            # Without negotiation the cursor is bound to no variant: none is on the wire.
            page = scopes.paginate(
                kept,
                cursor,
                size=self.page_size,
                cursors=self.cursors,
                variant=view.variant,
                principal=view.principal,
                key=key,
            )
            if page.error is not None:
                audit.info("%s: refused cursor for %s", request.method, who(view.principal))
                raise Refusal(page.error)
            kept = page.items
            if page.next_cursor is not None:
                result["nextCursor"] = page.next_cursor
        elif cursor is not None:
            # Not paginated (the SDK's lists never are): no cursor was ever minted.
            audit.info("%s: refused cursor for %s", request.method, who(view.principal))
            raise Refusal(errors.invalid_cursor(view.variant))
        definitions = self.tools if kind == "tool" else self.prompts
        result[member] = restore(self.resources, definitions, kind, key, kept, variant)
        return result

    def _check_scopes(self, method: str, result: dict[str, Any]) -> None:
        """Warn, once per kind, about scoped names the server's full list lacks."""
        kind, member, key = LISTS[method]
        items = result.get(member)
        if not isinstance(items, list) or result.get("nextCursor") is not None:
            return  # a paginated or odd list is not the whole picture
        listed = [item.get(key) for item in items if isinstance(item, dict)]
        scoped = self.scopes.names(kind)
        for message in unmatched_scope(kind, scoped, [n for n in listed if n]):
            logger.warning(message)

    def _list_prompts(
        self, request: Request, view: NegotiationContext, result: dict[str, Any]
    ) -> None:
        """The declared prompts after the framework's own, as the variant defines them
        (``_scoped_list`` then keeps those of the variant)."""
        items = result.get("prompts")
        if not isinstance(items, list):
            return
        variant = view.variant if view.variant is not None else self.default_variant
        for name in self.prompts.names():
            definition = self.prompts.definition(name, variant)
            if definition is not None:
                items.append(
                    definition.wire(request.method, request.protocol_version, envelope(result))
                )

    def read(
        self, request: Request, view: NegotiationContext, result: dict[str, Any]
    ) -> dict[str, Any]:
        """A ``resources/read`` result of a multi-format resource, in the negotiated
        formats (any other resource's is left as it is)."""
        uri = _param(request, "uri")
        if not isinstance(uri, str) or uri not in self.resources:
            return result
        # The framework answered for the registered primary format; answer in the
        # formats the client negotiated, with the draft fields a model would drop.
        contents = self.resources.read(uri, view, legacy=view.era is Era.LEGACY).contents
        result["contents"] = [wire_dump(c) for c in contents]  # null in _meta stays
        return result


def advertised(
    method: str,
    result: dict[str, Any],
    ad: sv.Advertisement | None,
    *,
    negotiate: bool,
    experimental: bool,
) -> dict[str, Any]:
    """An ``initialize`` or ``server/discover`` result with our extensions in
    ``capabilities.extensions`` (a 2025-11-25 model drops the member) and the variants
    ranked for this client and principal (``ad``)."""
    extensions: dict[str, object] = {}
    if negotiate:
        extensions[cn.EXTENSION_ID] = {}
        if ad is not None:
            extensions[sv.EXTENSION_ID] = ad.to_wire()
            logger.debug("%s: advertised variants %s", method, list(ad.ids))
    patched = scopes.advertise_extensions(
        result,
        owned=(RESOURCE_METADATA_EXTENSION_ID, sv.EXTENSION_ID, cn.EXTENSION_ID),
        advertised=extensions,
        experimental=(sv.EXTENSION_ID,) if experimental else (),
        # The adapter serves resources/subscribe in the legacy era; say so.
        resources_subscribe=method == "initialize",
    )
    return patched  # type: ignore[return-value]
