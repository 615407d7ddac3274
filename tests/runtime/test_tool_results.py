"""``negotiation.tool_results``: the one tool-result assembly, and its old import path."""

from __future__ import annotations

import pytest
from mcp_ext.models import CallToolResult, TextContent

from negotiation import content, tool_results
from negotiation.content import NegotiationContext, context_from_capabilities
from negotiation.tool_results import shape_tool_result


def _context(*tags: str) -> NegotiationContext:
    settings = {"version": "1.0", "features": list(tags)}
    return context_from_capabilities(
        {"extensions": {"io.modelcontextprotocol/content-negotiation": settings}}, era=None
    )


def test_the_content_module_still_gives_the_tool_result_names_with_a_warning() -> None:
    for name in (
        "ModelView",
        "ToolResultShaper",
        "ViewMode",
        "json_text",
        "model_view",
        "plan_tool_result",
        "tool_result",
    ):
        moved = f"negotiation.content.{name} moved to negotiation.tool_results.{name}"
        with pytest.warns(DeprecationWarning, match=moved):
            assert getattr(content, name) is getattr(tool_results, name)
    with pytest.warns(DeprecationWarning, match="moved to negotiation.tool_results"):
        from negotiation.content import tool_result

    assert tool_result is tool_results.tool_result
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        content.nothing  # noqa: B018


class _Result:
    def __init__(self, content: list[object]) -> None:
        self.content = content
        self.structured_content: object = None
        self.is_error: object = None


class _Text:
    def __init__(self, type: str, text: str) -> None:
        self.type, self.text = type, text


def test_one_assembly_for_any_model_family() -> None:
    result = shape_tool_result(
        _context("format=json"), structured={"n": 1}, is_error=False, types=(_Result, _Text)
    )
    assert isinstance(result, _Result)
    (block,) = result.content
    assert isinstance(block, _Text) and (block.type, block.text) == ("text", '{"n": 1}')
    assert (result.structured_content, result.is_error) == ({"n": 1}, False)
    text_only = shape_tool_result(_context("format=markdown"), text="n", types=(_Result, _Text))
    assert [b.text for b in text_only.content] == ["n"]  # type: ignore[attr-defined]
    assert (text_only.structured_content, text_only.is_error) == (None, None)


def test_the_mcp_ext_family_is_the_default_of_tool_result() -> None:
    result = tool_results.tool_result(_context("format=markdown"), text="n", output_schema=False)
    assert result == CallToolResult(content=[TextContent(type="text", text="n")])


def test_structured_content_that_is_not_json_fails_at_once() -> None:
    with pytest.raises(ValueError, match="structured content is not JSON-serializable"):
        shape_tool_result(
            _context("format=json"),
            structured={"n": object()},
            text_fallback=False,
            types=(_Result, _Text),
        )


def test_without_an_output_schema_a_text_client_gets_content_only() -> None:
    shaped = shape_tool_result(
        _context("format=markdown"), structured={"n": 1}, text="n", types=(_Result, _Text)
    )
    assert shaped.structured_content is None  # output_schema defaults to False
    assert [b.text for b in shaped.content] == ["n"]  # type: ignore[attr-defined]


def test_the_deprecation_names_the_callers_line() -> None:
    from mcp_ext.models import Tool

    tool = Tool.model_validate({"name": "w", "inputSchema": {"type": "object"}})
    with pytest.warns(DeprecationWarning) as caught:
        tool_results.tool_result(_context(), text="n", tool=tool)
    with pytest.warns(DeprecationWarning) as shaper:
        tool_results.ToolResultShaper(text=content.Renderings(default=lambda d, c: "t"), tool=tool)
    assert [w.filename for w in (*caught, *shaper)] == [__file__, __file__]
