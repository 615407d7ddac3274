"""Read protocol objects by their wire (camelCase) names.

The runtime accepts either a plain JSON mapping or a pydantic model (such as the
generated ``mcp_ext`` bindings) wherever a protocol object is passed in, so that it
works before and after the generated models are wired in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

__all__ = ["as_mapping", "wire_get"]


@lru_cache(maxsize=256)
def _attribute_by_wire_name(model_type: type[BaseModel]) -> Mapping[str, str]:
    names: dict[str, str] = {}
    for attribute, field in model_type.model_fields.items():
        names[attribute] = attribute
        if field.alias:
            # The alias is the wire name; it wins over a same-named attribute.
            names[field.alias] = attribute
    return names


def wire_get(obj: object, key: str) -> Any:
    """The value of wire field ``key`` in ``obj``; None when absent or ``obj`` is no object."""
    # Exact types first: an ABC isinstance check costs more than the lookup itself, and
    # this runs several times for every request.
    if type(obj) is dict:
        return obj.get(key)
    if obj is None:
        return None
    if isinstance(obj, BaseModel):
        attribute = _attribute_by_wire_name(type(obj)).get(key)
        if attribute is not None:
            return getattr(obj, attribute)
        extra = obj.model_extra
        return extra.get(key) if extra else None
    if isinstance(obj, Mapping):
        return obj.get(key)
    return None


def as_mapping(obj: object) -> Mapping[str, Any] | None:
    """``obj`` as a wire-shaped mapping (models dumped by alias), or None if it is neither."""
    if isinstance(obj, Mapping):
        return obj
    if isinstance(obj, BaseModel):
        return obj.model_dump(by_alias=True, exclude_none=True)
    return None
