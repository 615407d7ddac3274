"""What a server author declared through [`Negotiation`][negotiation.sdk.server.Negotiation],
put back into the list items exactly as given ([`negotiation.engine_parts.restore`][negotiation.engine_parts.restore],
which the engine applies to every list it scopes).
"""

from __future__ import annotations

from typing import Any, Protocol

from negotiation import engine_parts
from negotiation.engine import Negotiator
from negotiation.scopes import Kind

__all__ = ["restore"]


class _Facade(Protocol):
    @property
    def engine(self) -> Negotiator: ...


def restore(neg: _Facade, kind: Kind, key: str, items: list[Any], variant: str | None) -> list[Any]:
    """``items`` (a list's wire items, named by ``key``) with what ``neg`` declared
    for each as given: a tool's or prompt's ``_meta`` (the definition ``variant``
    serves), a resource's ``_meta``, ``size``, ``icons`` and ``annotations``."""
    engine = neg.engine
    definitions = engine.tools if kind == "tool" else engine.prompts
    return engine_parts.restore(engine.resources, definitions, kind, key, items, variant)
