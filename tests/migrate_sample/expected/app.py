# ruff: noqa
# fmt: off
# Sample user code for the migrate codemod: kept exactly as written.
"""User code written against the old generated package."""

from mcp_ext import EmbeddedResource, ResourceTemplateReference, TextResourceContents, ToolResult
from mcp_ext.models import Annotations
from mcp_ext.models import ResourceTemplateReference as Ref
import mcp_ext.models as models


def embed(text: str) -> EmbeddedResource:
    return EmbeddedResource(
        type="resource",
        resource=TextResourceContents(uri="file:///a.txt", text=text, annotations=Annotations(priority=0.5)),
    )


def embed_existing(contents: TextResourceContents) -> EmbeddedResource:
    return EmbeddedResource(type="resource", resource=contents, annotations=Annotations())


def reference(uri: str) -> ResourceTemplateReference:
    return ResourceTemplateReference(type="ref/resource", uri=uri)


def aliased(uri: str) -> Ref:
    return Ref(type="ref/resource", uri=uri)


def through_module(uri: str) -> models.ResourceTemplateReference:
    return models.ResourceTemplateReference(type="ref/resource", uri=uri)


def result(data: dict[str, object]) -> ToolResult:
    out = ToolResult(isError=False, structured_content=data, legacy_note="old")
    print(out.structured_content, out.legacy_note)
    return out


def priority(embedded: EmbeddedResource) -> float | None:
    return embedded.annotations.priority if embedded.annotations else None
