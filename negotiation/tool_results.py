"""Tool results shaped for the client's audience (sep-tool-result-content.md,
sep-content-negotiation.md): what a tool sends, and which field a client shows its model.

**Tool results: structured answers carry a text fallback, unless asked not to.** The
specs disagree. sep-tool-result-content.md §2: "For backwards compatibility, tools that
return ``structuredContent`` SHOULD also return a ``content`` representation of the same
information. JSON-serialized text is acceptable, but not required."
sep-content-negotiation.md, Test Case 1: "Client features: ["agent", "format=json"] ...
Expected: structuredContent with JSON object, empty content[]". The normative SHOULD
wins by default (``text_fallback=True``): every result with ``structuredContent`` also
has ``content``, the tool's text or else the JSON-serialized value. ``text_fallback=False``
is Test Case 1's reading: a client that negotiated JSON gets ``content: []``. Either way
a client that asked for markdown or text gets ``content`` only when the tool has text, a
tool with an ``outputSchema`` always sends ``structuredContent``, and an error result
always sends ``content`` (the model must see it to retry).

One assembly builds every result: [`tool_result()`][negotiation.tool_results.tool_result] (``mcp_ext``'s models),
[`ToolResultShaper`][negotiation.tool_results.ToolResultShaper] and [`negotiation.sdk.tool_result()`][negotiation.sdk.handlers.tool_result] (the SDK's models) all
call [`shape_tool_result()`][negotiation.tool_results.shape_tool_result], with one parameter vocabulary (``output_schema=``).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from mcp_ext.models import CallToolResult, ContentBlock, TextContent, Tool
from pydantic import BaseModel

from negotiation._wire import wire_dump
from negotiation.content import Renderings
from negotiation.context import NegotiationContext, ToolShape, tool_shape

__all__ = [
    "ModelView",
    "ToolResultShaper",
    "ViewMode",
    "json_text",
    "model_view",
    "plan_tool_result",
    "shape_tool_result",
    "tool_result",
]

D = TypeVar("D")


class _ToolResult(Protocol):
    structured_content: Any
    is_error: Any


R = TypeVar("R", bound=_ToolResult)
ResultTypes = tuple[Callable[..., R], Callable[..., Any]]
"""(the result class, the text-block class) of one model family."""


def json_text(value: object) -> str:
    """``value`` as JSON text (the ``content`` fallback for structured-only results)."""
    return _json_text(value)


def plan_tool_result(
    context: NegotiationContext,
    *,
    has_structured: bool,
    has_content: bool,
    output_schema: bool = False,
    is_error: bool = False,
    text_fallback: bool = True,
) -> tuple[bool, bool]:
    """(send ``content``, send ``structuredContent``) for a tool that produced what the
    flags say, for this client: the rules of the module docstring, for adapters that
    build their own result type ([`negotiation.sdk.tool_result()`][negotiation.sdk.handlers.tool_result])."""
    return _plan(
        tool_shape(context),
        has_structured=has_structured,
        has_content=has_content,
        output_schema=output_schema,
        is_error=is_error,
        text_fallback=text_fallback,
    )


def _json_text(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"structured content is not JSON-serializable: {error}") from error


def _plan(
    shape: ToolShape,
    *,
    has_structured: bool,
    has_content: bool,
    output_schema: bool,
    is_error: bool,
    text_fallback: bool,
) -> tuple[bool, bool]:
    """(send content, send structuredContent) for what the tool produced."""
    if not has_structured:
        if not has_content:
            raise ValueError("a tool result needs content, structured content or both")
        return True, False
    if shape == "structured":
        # The model must see a tool error to recover from it; and sep-tool-result-content
        # asks structured results to carry content too (unless text_fallback=False).
        return is_error or text_fallback, True
    if shape == "content" and has_content and not output_schema:
        return True, False  # an outputSchema makes structuredContent a MUST
    return True, True


def _assemble(
    send: tuple[bool, bool],
    content: list[Any] | None,
    structured: Any,
    is_error: bool | None,
    types: ResultTypes[R],
) -> R:
    """The one assembly of a tool result, for ``mcp_ext``'s models and the SDK's."""
    result_type, text_type = types
    send_content, send_structured = send
    blocks: list[Any] = []
    if send_content:
        blocks = (
            content
            if content is not None
            else [text_type(type="text", text=_json_text(structured))]
        )
    elif structured is not None:
        _json_text(structured)  # fail now, not on the wire, if it is not JSON
    result = result_type(content=blocks)
    if send_structured:
        result.structured_content = structured
    if is_error is not None:
        result.is_error = is_error
    return result


def _blocks(
    text: str | None, content: Sequence[Any] | None, text_type: Callable[..., Any] = TextContent
) -> list[Any] | None:
    if text is not None and content is not None:
        raise ValueError("pass text or content, not both")
    if text is not None:
        return [text_type(type="text", text=text)]
    return list(content) if content is not None else None


def _declares_schema(output_schema: bool, tool: Tool | None, where: str) -> bool:
    """``output_schema``, or (deprecated) whether ``tool`` declares one."""
    if tool is None:
        return output_schema
    warnings.warn(
        f"{where}(tool=...) is deprecated: pass output_schema=tool.output_schema is not None",
        DeprecationWarning,
        stacklevel=3,
    )
    return output_schema or tool.output_schema is not None


def tool_result(
    context: NegotiationContext,
    *,
    structured: Any = None,
    text: str | None = None,
    content: Sequence[ContentBlock] | None = None,
    is_error: bool | None = None,
    output_schema: bool = False,
    text_fallback: bool = True,
    tool: Tool | None = None,
) -> CallToolResult:
    """A ``CallToolResult`` shaped for ``context`` (see the module docstring for the rules).

    ``structured`` is the machine-facing value, ``text`` (or ``content`` blocks) the
    model-facing rendering of the same information; give one or both. ``None`` for
    ``structured`` means "none". Pass ``output_schema=True`` for a tool that declares an
    ``outputSchema`` (``structuredContent`` is then always sent), and
    ``text_fallback=False`` for content negotiation's Test Case 1 (``content: []`` for a
    client that negotiated JSON). ``tool=`` is the deprecated spelling of
    ``output_schema=tool.output_schema is not None``.
    """
    return shape_tool_result(
        context,
        structured=structured,
        text=text,
        content=content,
        is_error=is_error,
        output_schema=_declares_schema(output_schema, tool, "tool_result"),
        text_fallback=text_fallback,
        types=(CallToolResult, TextContent),
    )


def shape_tool_result(
    context: NegotiationContext,
    *,
    structured: Any = None,
    text: str | None = None,
    content: Sequence[Any] | None = None,
    is_error: bool | None = None,
    output_schema: bool = False,
    text_fallback: bool = True,
    types: ResultTypes[R],
) -> R:
    """[`tool_result()`][negotiation.tool_results.tool_result] built from ``types`` (the result class, the text-block class):
    ``mcp_ext``'s models here, the SDK's in [`negotiation.sdk.tool_result()`][negotiation.sdk.handlers.tool_result]."""
    blocks = _blocks(text, content, types[1])
    send = _plan(
        tool_shape(context),
        has_structured=structured is not None,
        has_content=blocks is not None,
        output_schema=output_schema,
        is_error=bool(is_error),
        text_fallback=text_fallback,
    )
    return _assemble(send, blocks, structured, is_error, types)


class ToolResultShaper(Generic[D]):
    """A tool's two renderings of its data, rendered only when the client will get them.

    ``structured`` renders the machine-facing value and ``text`` the model-facing text;
    both render the same ``data``, which keeps the two fields aligned.
    """

    __slots__ = ("_output_schema", "_structured", "_text", "_text_fallback")

    def __init__(
        self,
        *,
        structured: Renderings[D, Any] | None = None,
        text: Renderings[D, str] | None = None,
        output_schema: bool = False,
        text_fallback: bool = True,
        tool: Tool | None = None,
    ) -> None:
        if structured is None and text is None:
            raise ValueError("a tool result shaper needs structured or text renderings")
        self._structured = structured
        self._text = text
        self._output_schema = _declares_schema(output_schema, tool, "ToolResultShaper")
        self._text_fallback = text_fallback

    def build(
        self, context: NegotiationContext, data: D, *, is_error: bool | None = None
    ) -> CallToolResult:
        send_content, send_structured = _plan(
            tool_shape(context),
            has_structured=self._structured is not None,
            has_content=self._text is not None,
            output_schema=self._output_schema,
            is_error=bool(is_error),
            text_fallback=self._text_fallback,
        )
        structured = None
        if self._structured is not None and (send_structured or self._text is None):
            structured = self._structured.render(context, data)
        if send_structured and structured is None:  # rendered null: nothing structured
            if self._text is None:
                raise ValueError("the structured rendering returned None and there is no text")
            send_structured, send_content = False, True
        blocks = None
        if send_content and self._text is not None:
            blocks = _blocks(self._text.render(context, data), None)
        return _assemble(
            (send_content, send_structured),
            blocks,
            structured,
            is_error,
            (CallToolResult, TextContent),
        )


# --- the client's view --------------------------------------------------------------

ViewMode = Literal["conversational", "programmatic"]
_MODES: frozenset[str] = frozenset({"conversational", "programmatic"})


@dataclass(frozen=True, slots=True)
class ModelView:
    """The one field of a tool result a client passes to its model."""

    field: Literal["content", "structuredContent"]
    value: Any


def model_view(result: CallToolResult | BaseModel | Mapping[str, Any], mode: ViewMode) -> ModelView:
    """Which field to give the model, never both (sep-tool-result-content §3).

    ``result`` is a ``CallToolResult`` of ``mcp_ext`` or of another binding (the SDK's
    ``mcp_types.CallToolResult``, read by its wire form), or the wire mapping.
    ``conversational`` (chat and agent UX) prefers ``content``; ``programmatic`` (code
    mode, typed orchestration) prefers ``structuredContent``. When the preferred field
    is empty the other is used, so the model is never handed an empty result while
    information is available.
    """
    if mode not in _MODES:
        raise ValueError(f"unknown view mode {mode!r}; expected one of {sorted(_MODES)}")
    if not isinstance(result, CallToolResult):
        if isinstance(result, BaseModel):
            result = wire_dump(result, mode="json")
        result = CallToolResult.model_validate(result)  # ValidationError is a ValueError
    has_structured = result.structured_content is not None
    if mode == "programmatic" and has_structured:
        return ModelView("structuredContent", result.structured_content)
    if mode == "conversational" and not result.content and has_structured:
        return ModelView("structuredContent", result.structured_content)
    return ModelView("content", list(result.content))
