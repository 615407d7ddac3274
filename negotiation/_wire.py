"""Read protocol objects by their wire (camelCase) names.

The runtime accepts either a plain JSON mapping or a pydantic model (such as the
generated ``mcp_ext`` bindings) wherever a protocol object is passed in, so that it
works before and after the generated models are wired in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

from mcp_ext.models import SchemaModel
from pydantic import BaseModel

__all__ = ["as_mapping", "wire_dump", "wire_get"]


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
        return wire_dump(obj)
    return None


def wire_dump(obj: BaseModel, *, mode: Literal["python", "json"] = "python") -> dict[str, Any]:
    """``obj`` as its wire mapping (by alias), holding exactly what was given: absent
    stays absent and ``null`` stays ``null``.

    A generated (``mcp_ext``) model omits what was never set (its omittable fields are
    absent at None, and ``structuredContent: null`` set on purpose is kept). Another
    binding's model (the SDK's) uses None for "absent" in its declared fields, but the
    members it does not declare (the entries of its ``_meta`` object) are free-form
    JSON, where ``exclude_none`` would drop a ``null`` the author wrote.
    """
    if isinstance(obj, SchemaModel):
        return obj.model_dump(by_alias=True, mode=mode, exclude_unset=True)
    dumped = obj.model_dump(by_alias=True, mode=mode, exclude_none=True)
    _keep_extra_nulls(obj, dumped)
    return dumped


def _keep_extra_nulls(value: object, dumped: object) -> None:
    """Put back the ``null`` members that ``exclude_none`` took out of the undeclared
    members of ``value``'s models (``dumped`` is its dump; pydantic never drops None
    inside a dict or a list, only members of models)."""
    if isinstance(value, BaseModel) and isinstance(dumped, dict):
        for key, member in (value.model_extra or {}).items():
            if member is None:
                dumped[key] = None
            else:
                _keep_extra_nulls(member, dumped.get(key))
        for name, field in type(value).model_fields.items():
            key = field.serialization_alias or field.alias or name
            if key in dumped:
                _keep_extra_nulls(getattr(value, name), dumped[key])
    elif isinstance(value, list | tuple) and isinstance(dumped, list) and len(value) == len(dumped):
        for item, dumped_item in zip(value, dumped, strict=True):
            _keep_extra_nulls(item, dumped_item)
    elif isinstance(value, Mapping) and isinstance(dumped, dict):
        for key, member in value.items():
            if key in dumped:
                _keep_extra_nulls(member, dumped[key])
