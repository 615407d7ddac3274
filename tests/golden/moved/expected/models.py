"""Pydantic v2 models for moved.ts.

Field names are snake_case; the wire names are their aliases. Validating
(``model_validate``, ``model_validate_json``, a ``TypeAdapter``) is parsing the wire: wire
names only, no coercion (strict types), finite numbers, and ``model_validate_json`` takes
RFC 8259 JSON only (no ``NaN``/``Infinity``, no lone surrogates, no number that overflows
a double). Constructors are Python: they take the snake_case names too, and ``None`` for
an optional field means absent. Models dump by alias and keep unknown fields
(``extra="allow"``). An optional field that is absent reads as ``None`` but an explicit
``null`` on the wire is rejected unless the schema allows it; dump with
``exclude_unset=True`` to reproduce the input exactly.
"""

# pyright: reportIncompatibleVariableOverride=false
# (a subclass narrows an inherited field, e.g. ``method: str`` to one literal: pydantic
# validates each class's own annotation, and mypy accepts it)

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator as _Discriminator
from pydantic import Field
from pydantic import Tag as _Tag
from pydantic import model_validator as _model_validator

from ._wire import Omittable
from ._wire import SchemaModel as SchemaModel
from ._wire import decode_wire_json as decode_wire_json
from ._wire import move_legacy as _move_legacy
from ._wire import router as _router

# TextResourceContents | BlobResourceContents
_route_126b938f72 = _router(
    3,
    (
        ("blob", 1, 3, {}),
        ("text", 2, 3, {}),
    ),
    {1: "TextResourceContents", 2: "BlobResourceContents"},
)


class Annotations(SchemaModel):
    """Hints for the client."""

    priority: Omittable[int | float] = None
    last_modified: Annotated[Omittable[str], Field(alias="lastModified")] = None


class TextResourceContents(SchemaModel):
    """Text contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = None
    text: str


class BlobResourceContents(SchemaModel):
    """Binary contents of a resource."""

    uri: str
    annotations: Omittable[Annotations] = None
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
    preview: Omittable[EmbeddedResource] = None

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
