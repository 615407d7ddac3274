"""What a server author declared through [`Negotiation`][negotiation.sdk.server.Negotiation],
put back into the list items exactly as given.

The SDK loses some of it on the way: its 2026-07-28 surface holds an item's ``_meta`` in
a model and ``mcp_types.methods.serialize_server_result`` dumps it with
``exclude_none``, which drops every top-level ``null`` entry the author wrote; and a
resource of [`add_resource()`][negotiation.sdk.server.Negotiation.add_resource] is listed
from the SDK's ``TextResource``, which holds no ``size``, ``icons``, ``annotations`` or
``_meta`` of ours. An item whose author gave no ``_meta`` keeps none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pydantic_core

from negotiation._wire import wire_dump
from negotiation.scopes import Kind

if TYPE_CHECKING:
    from negotiation.sdk.server import Negotiation

__all__ = ["restore"]

# The Resource members the SDK's list item may lack or change; the rest (uri, name,
# title, description, mimeType) it lists as given, and a variant may redescribe it.
_RESOURCE_MEMBERS = ("_meta", "size", "icons", "annotations")


def restore(
    neg: Negotiation, kind: Kind, key: str, items: list[Any], variant: str | None
) -> list[Any]:
    """``items`` (a list's wire items, named by ``key``) with what ``neg`` declared
    for each as given: a tool's or prompt's ``_meta`` (the definition ``variant``
    serves), a resource's ``_meta``, ``size``, ``icons`` and ``annotations``."""
    return [
        _restored(neg, kind, item, item.get(key), variant) if isinstance(item, dict) else item
        for item in items
    ]


def _restored(
    neg: Negotiation, kind: Kind, item: dict[str, Any], name: object, variant: str | None
) -> dict[str, Any]:
    if not isinstance(name, str):
        return item
    if kind == "resource":
        resource = neg.resources.get(name)
        if resource is None:
            return item
        given = wire_dump(resource)  # a copy: the answer never aliases the registry
        return {**item, **{k: given[k] for k in _RESOURCE_MEMBERS if k in given}}
    definitions = neg._tools if kind == "tool" else neg._prompts
    definition = definitions.definition(name, variant)
    if definition is None or definition.meta is None:
        return item
    # A copy: the answer never aliases what the author holds.
    return {**item, "_meta": pydantic_core.to_jsonable_python(definition.meta)}
