"""Pydantic v2 models for moved.ts.

Field names are snake_case; the wire names are their aliases. Models accept both, dump by
alias, and keep unknown fields (``extra="allow"``). An optional field that is absent reads
as ``None`` but an explicit ``null`` is rejected unless the schema allows it; dump with
``exclude_unset=True`` to reproduce the input exactly.
"""

from __future__ import annotations

from collections.abc import Callable as _Callable
from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias, TypeVar
from warnings import warn as _warn

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Discriminator as _Discriminator
from pydantic import Tag as _Tag
from pydantic import model_validator as _model_validator

if TYPE_CHECKING:
    _T = TypeVar("_T")
    # For type checkers an omittable field reads as None when absent...
    Omittable: TypeAlias = _T | None
else:

    class Omittable:
        """...but at run time only the type itself validates, so an explicit null fails."""

        def __class_getitem__(cls, item: object) -> object:
            return item


def _is_none(value: object) -> bool:
    """Absent optional fields stay absent on dump, even without ``exclude_unset``."""
    return value is None


class SchemaModel(BaseModel):
    """Base of every generated model."""

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        use_attribute_docstrings=True,
    )


_ABSENT = object()
_RouteKey: TypeAlias = tuple[str, str, int, int, dict[str, int]]


def _router(
    full: int, keys: tuple[_RouteKey, ...], tags: dict[int, str]
) -> _Callable[[object], str]:
    """A callable discriminator for a union of models no literal field tells apart.

    ``full`` has one bit per member; each key maps what the input holds there (absent, or
    a string) to the members that still admit it. The tag names the surviving members,
    among which pydantic's smart mode picks as it would over the whole union (tag ``*``):
    only members that would fail are dropped (see ``codegen.emit.py_routes``).
    """

    def route(value: object) -> str:
        if not isinstance(value, dict):
            return "*"  # a model instance or a wrong type: the whole union decides
        mask = full
        for alias, name, absent, other, by_value in keys:
            found = value.get(alias, _ABSENT)
            if found is _ABSENT and name:
                found = value.get(name, _ABSENT)
            if found is _ABSENT:
                mask &= absent
            elif isinstance(found, str):
                mask &= by_value.get(found, other)
        return tags.get(mask, "*")

    return route


# TextResourceContents | BlobResourceContents
_route_126b938f72 = _router(
    3,
    (
        ("blob", "", 1, 3, {}),
        ("text", "", 2, 3, {}),
    ),
    {1: "TextResourceContents", 2: "BlobResourceContents"},
)


def _move_legacy(
    data: object, owner: str, legacy: str, path: tuple[tuple[str, str], ...]
) -> object:
    """Move a legacy field to where the schema now keeps it (``@moved``), on a copy.

    ``path`` holds each step as (wire key, attribute name). A target that is already set
    wins; the legacy value is then dropped with a warning, unless the two are equal. When a
    step on the way is absent or not an object, the input stays as sent (the legacy value
    is kept as an extra field).
    """
    if not isinstance(data, dict) or legacy not in data:
        return data
    value = data[legacy]
    moved = {key: item for key, item in data.items() if key != legacy}
    parent = moved
    for alias, name in path[:-1]:
        key = alias if alias in parent else name
        child = parent.get(key)
        if isinstance(child, BaseModel):
            # A model given in Python code: its fields as input, so the copy validates again.
            child = child.model_dump(by_alias=True, exclude_unset=True)
        if not isinstance(child, dict):
            return data
        child = dict(child)
        parent[key] = child
        parent = child
    alias, name = path[-1]
    key = alias if alias in parent else name
    if key not in parent:
        parent[alias] = value
    elif _plain(parent[key]) != _plain(value):
        target = ".".join(step for step, _ in path)
        _warn(
            f"{owner}: the legacy '{legacy}' was dropped: '{target}' is set as well and wins",
            stacklevel=2,
        )
    return moved


def _plain(value: object) -> object:
    if isinstance(value, BaseModel):
        return value.model_dump(by_alias=True, exclude_unset=True)
    return value


class Annotations(SchemaModel):
    """Hints for the client."""

    priority: Omittable[int | float] = Field(default=None, exclude_if=_is_none)
    last_modified: Omittable[str] = Field(default=None, exclude_if=_is_none, alias="lastModified")


class TextResourceContents(SchemaModel):
    """Text contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = Field(default=None, exclude_if=_is_none)
    text: str


class BlobResourceContents(SchemaModel):
    """Binary contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = Field(default=None, exclude_if=_is_none)
    blob: str


class EmbeddedResource(SchemaModel):
    """A resource placed inline; its annotations moved onto the resource."""

    type: Literal["resource"]
    resource: Annotated[
        Annotated[TextResourceContents, _Tag("TextResourceContents")]
        | Annotated[BlobResourceContents, _Tag("BlobResourceContents")]
        | Annotated[TextResourceContents | BlobResourceContents, _Tag("*")],
        _Discriminator(_route_126b938f72),
    ]

    @_model_validator(mode="before")
    @classmethod
    def _move_legacy_fields(cls, data: object) -> object:
        """Legacy input: each moved field goes to where the schema now keeps it."""
        data = _move_legacy(
            data,
            "EmbeddedResource",
            "annotations",
            (("resource", "resource"), ("annotations", "annotations")),
        )
        return data

    @property
    def annotations(self) -> Annotations | None:
        """Deprecated: the legacy ``annotations``, which now lives at ``resource.annotations``;
        read that instead. Read-only; given on input, it is moved there.
        """
        return self.resource.annotations


class ResourceLink(SchemaModel):
    """A link whose optional preview carries the date that used to sit here."""

    type: Literal["resource_link"]
    preview: Omittable[EmbeddedResource] = Field(default=None, exclude_if=_is_none)

    @_model_validator(mode="before")
    @classmethod
    def _move_legacy_fields(cls, data: object) -> object:
        """Legacy input: each moved field goes to where the schema now keeps it."""
        data = _move_legacy(
            data,
            "ResourceLink",
            "lastModified",
            (
                ("preview", "preview"),
                ("resource", "resource"),
                ("annotations", "annotations"),
                ("lastModified", "last_modified"),
            ),
        )
        return data

    @property
    def last_modified(self) -> str | None:
        """Deprecated: the legacy ``lastModified``, which now lives at
        ``preview.resource.annotations.lastModified``; read that instead. Read-only; given
        on input, it is moved there.
        """
        step_0 = self.preview
        if step_0 is None:
            return None
        step_2 = step_0.resource.annotations
        if step_2 is None:
            return None
        return step_2.last_modified
