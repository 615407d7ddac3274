"""Exact behaviour of the negotiation context at its edges (pins found by mutation testing)."""

from __future__ import annotations

import logging
from types import MappingProxyType

import pytest
from mcp_ext.models import CallToolResult, Implementation, Tool

from negotiation.content import (
    DEFAULT_CONTEXT,
    SUPPORTED_VERSION,
    NegotiationContext,
    PromptBody,
    Renderings,
    context_from_capabilities,
    context_from_initialize,
    context_from_meta,
    initialize_result,
    instructions,
    mime_matches,
    prompt_result,
)
from negotiation.features import EXTENSION_ID
from negotiation.tool_results import ToolResultShaper, json_text, plan_tool_result, tool_result
from negotiation.versioning import Era

NOT_OBJECT = "client capabilities are not an object"
EXTENSIONS_NOT_OBJECT = "capabilities.extensions is not an object"
SETTINGS_NOT_OBJECT = f"settings for {EXTENSION_ID} are not an object; not negotiating"


@pytest.mark.parametrize(
    ("capabilities", "problems"),
    [
        (None, ()),
        (5, (NOT_OBJECT,)),
        ({}, ()),
        ({"extensions": 5}, (EXTENSIONS_NOT_OBJECT,)),
        ({"extensions": {}}, ()),
        ({"extensions": {EXTENSION_ID: 5}}, (SETTINGS_NOT_OBJECT,)),
    ],
)
@pytest.mark.parametrize("era", [Era.LEGACY, Era.MODERN, None])
def test_a_context_without_negotiation_keeps_its_era_and_names_its_problems(
    capabilities: object, problems: tuple[str, ...], era: Era | None
) -> None:
    context = context_from_capabilities(capabilities, era=era)
    assert context == NegotiationContext(era=era, problems=problems)
    if era is None and not problems:
        assert context is DEFAULT_CONTEXT


def test_each_problem_is_logged_once_with_its_prefix(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.content"):
        context_from_capabilities(5)
        context_from_capabilities(6)
        context_from_capabilities({"extensions": 5})
    assert caplog.messages == [
        f"content negotiation: {NOT_OBJECT}",
        f"content negotiation: {EXTENSIONS_NOT_OBJECT}",
    ]


def test_initialize_is_read_from_the_request_or_its_params() -> None:
    capabilities = {"extensions": {EXTENSION_ID: {"version": "1.0", "features": ["agent"]}}}
    from_request = context_from_initialize({"params": {"capabilities": capabilities}})
    from_params = context_from_initialize({"capabilities": capabilities})
    assert from_request == from_params
    assert from_request.era is Era.LEGACY and from_request.format == "json"
    assert context_from_initialize(None) == NegotiationContext(era=Era.LEGACY)
    assert context_from_initialize(5) == NegotiationContext(
        era=Era.LEGACY, problems=("initialize params are not an object",)
    )
    assert context_from_initialize({"params": 5}) == NegotiationContext(era=Era.LEGACY)


def test_meta_contexts_are_modern() -> None:
    assert context_from_meta(None) == NegotiationContext(era=Era.MODERN)
    assert context_from_meta({}) == NegotiationContext(era=Era.MODERN)
    assert context_from_meta(5) == NegotiationContext(
        era=Era.MODERN, problems=("request _meta is not an object",)
    )


def test_a_shaper_needs_a_rendering_and_a_structured_none_needs_text() -> None:
    with pytest.raises(ValueError) as raised:
        ToolResultShaper()
    assert str(raised.value) == "a tool result shaper needs structured or text renderings"
    nothing: Renderings[int, object] = Renderings(default=lambda data, context: None)
    shaper = ToolResultShaper(structured=nothing)
    with pytest.raises(ValueError) as raised:
        shaper.build(DEFAULT_CONTEXT, 1)
    assert str(raised.value) == "the structured rendering returned None and there is no text"


def _settings(version: object) -> dict[str, object]:
    return {"extensions": {EXTENSION_ID: {"version": version, "features": ["agent"]}}}


def test_settings_versions_are_read_by_their_major_number(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.content"):
        minor = context_from_capabilities(_settings("1.2.3"))
        odd = context_from_capabilities(_settings(5))
        future = context_from_capabilities(_settings("2" + "0" * 49))
    assert minor.version == "1.2.3" and minor.problems == ()
    not_string = f"settings 'version' is not a string; reading them as {SUPPORTED_VERSION}"
    assert odd.version is None and odd.problems == (not_string,)
    unknown = f"unknown settings version {'2' + '0' * 39!r}; reading it as {SUPPORTED_VERSION}"
    assert future.version == "2" + "0" * 49 and future.problems == (unknown,)
    assert caplog.messages == [
        f"content negotiation: {not_string}",
        f"content negotiation: {unknown}",
    ]


def test_json_text_keeps_non_ascii_characters() -> None:
    assert json_text({"city": "Zürich"}) == '{"city": "Zürich"}'
    with pytest.raises(ValueError) as raised:
        json_text({1, 2})
    assert str(raised.value).startswith("structured content is not JSON-serializable: ")


def _context(*tags: str) -> NegotiationContext:
    settings = {"version": "1.0", "features": list(tags)}
    return context_from_capabilities({"extensions": {EXTENSION_ID: settings}})


@pytest.mark.parametrize(
    ("tags", "narrative"),
    [
        (("human", "format=markdown"), True),
        (("human", "format=text"), True),
        (("format=markdown", "verbosity=verbose"), True),
        (("format=markdown",), False),
        (("human", "format=json"), False),
    ],
)
def test_narrative_explanations_are_announced_for_humans_or_verbose_text(
    tags: tuple[str, ...], narrative: bool
) -> None:
    text = instructions(_context(*tags))
    assert text.startswith("Content negotiation enabled. ")
    assert ("with narrative explanations" in text) is narrative


def test_no_features_means_no_unsupported_tags() -> None:
    assert NegotiationContext().unsupported(["agent"]) == ()
    assert _context("agent", "x-a=1").unsupported(["agent"]) == ("x-a=1",)


def test_a_shaped_error_result_is_flagged() -> None:
    text: Renderings[int, str] = Renderings(default=lambda data, context: f"failed: {data}")
    result = ToolResultShaper(text=text).build(DEFAULT_CONTEXT, 3, is_error=True)
    assert result.is_error is True
    assert [block.text for block in result.content] == ["failed: 3"]  # type: ignore[union-attr]


# --- the tool-result planner (found by mutation testing: _plan, _assemble, the shaper) ---


def _tool(output_schema: bool) -> Tool:
    schema = {"outputSchema": {"type": "object"}} if output_schema else {}
    return Tool.model_validate({"name": "w", "inputSchema": {"type": "object"}, **schema})


JSON, MARKDOWN = ("agent", "format=json"), ("format=markdown",)


@pytest.mark.parametrize(
    ("tags", "flags", "send"),
    [
        # a text-only tool sends content, whatever the client asked for
        (JSON, {"has_structured": False}, (True, False)),
        (MARKDOWN, {"has_structured": False}, (True, False)),
        # JSON clients: structured, plus content unless text_fallback=False (and no error)
        (JSON, {}, (True, True)),
        (JSON, {"text_fallback": False}, (False, True)),
        (JSON, {"text_fallback": False, "has_content": False}, (False, True)),
        (JSON, {"text_fallback": False, "output_schema": True}, (False, True)),
        (JSON, {"text_fallback": False, "is_error": True}, (True, True)),
        # markdown clients: content only, unless an outputSchema or no text forces both
        (MARKDOWN, {}, (True, False)),
        (MARKDOWN, {"text_fallback": False}, (True, False)),
        (MARKDOWN, {"output_schema": True}, (True, True)),
        (MARKDOWN, {"has_content": False}, (True, True)),
        # everyone else: both
        ((), {"text_fallback": False}, (True, True)),
        ((), {"text_fallback": False, "has_content": False}, (True, True)),
    ],
)
def test_the_planner_sends_exactly_these_fields(
    tags: tuple[str, ...], flags: dict[str, bool], send: tuple[bool, bool]
) -> None:
    """(send content, send structuredContent); unspecified flags take their defaults."""
    has = {"has_structured": True, "has_content": True}
    context = _context(*tags) if tags else DEFAULT_CONTEXT
    assert plan_tool_result(context, **{**has, **flags}) == send


def test_the_planner_rejects_a_result_with_nothing_in_it() -> None:
    with pytest.raises(ValueError) as raised:
        plan_tool_result(DEFAULT_CONTEXT, has_structured=False, has_content=False)
    assert str(raised.value) == "a tool result needs content, structured content or both"


def test_text_and_content_blocks_are_exclusive() -> None:
    with pytest.raises(ValueError) as raised:
        tool_result(DEFAULT_CONTEXT, text="a", content=[])
    assert str(raised.value) == "pass text or content, not both"


def test_structured_only_results_are_still_checked_to_be_json() -> None:
    """Sending structuredContent alone (no JSON text rendered) still fails on a set."""
    with pytest.raises(ValueError) as raised:
        tool_result(_context(*JSON), structured={"x": {1}}, text="t", text_fallback=False)
    assert str(raised.value) == (
        "structured content is not JSON-serializable: Object of type set is not JSON serializable"
    )


def _shaper(**kwargs: object) -> ToolResultShaper[int]:
    structured: Renderings[int, object] = Renderings(default=lambda data, context: {"n": data})
    text: Renderings[int, str] = Renderings(default=lambda data, context: f"n={data}")
    return ToolResultShaper(structured=structured, text=text, **kwargs)  # type: ignore[arg-type]


def _dump(result: CallToolResult) -> dict[str, object]:
    return result.model_dump(mode="json", exclude_unset=True)


TEXT_N = [{"type": "text", "text": "n=1"}]


def test_a_shaper_keeps_the_text_fallback_for_json_clients_by_default() -> None:
    assert _dump(_shaper().build(_context(*JSON), 1)) == {
        "content": TEXT_N,
        "structuredContent": {"n": 1},
    }
    assert _dump(_shaper(text_fallback=False).build(_context(*JSON), 1)) == {
        "content": [],
        "structuredContent": {"n": 1},
    }


def test_a_shaper_honours_its_tools_output_schema() -> None:
    with_schema = _shaper(output_schema=True).build(_context(*MARKDOWN), 1)
    assert _dump(with_schema) == {"content": TEXT_N, "structuredContent": {"n": 1}}
    without = _shaper(output_schema=False).build(_context(*MARKDOWN), 1)
    assert _dump(without) == {"content": TEXT_N}
    with pytest.warns(DeprecationWarning, match=r"ToolResultShaper\(tool=\.\.\.\) is deprecated"):
        deprecated = _shaper(tool=_tool(output_schema=True)).build(_context(*MARKDOWN), 1)
    assert _dump(deprecated) == _dump(with_schema)
    with pytest.warns(DeprecationWarning):
        deprecated = _shaper(tool=_tool(output_schema=False)).build(_context(*MARKDOWN), 1)
    assert _dump(deprecated) == {"content": TEXT_N}


def test_a_shaped_error_reaches_the_model_even_without_the_text_fallback() -> None:
    result = _shaper(text_fallback=False).build(_context(*JSON), 1, is_error=True)
    assert _dump(result) == {"content": TEXT_N, "structuredContent": {"n": 1}, "isError": True}


# --- renderings (built inside the tests: module-level objects predate the mutant) ------


def test_rules_match_a_context_that_does_not_negotiate_as_an_empty_feature_set() -> None:
    renderings: Renderings[None, str] = Renderings(
        [("!interactive", lambda data, context: "n"), ("agent", lambda data, context: "a")],
        default=lambda data, context: "d",
    )
    assert [rule.text for rule in renderings.rules] == ["!interactive", "agent"]
    negation, agent = renderings.rules
    assert negation.matches(DEFAULT_CONTEXT) is True
    assert agent.matches(DEFAULT_CONTEXT) is False


def test_by_format_rules_read_format_and_the_inferring_tags() -> None:
    renderings: Renderings[None, str] = Renderings.by_format(
        {"json": lambda data, context: "j", "markdown": lambda data, context: "m"},
        default=lambda data, context: "d",
    )
    assert [rule.text for rule in renderings.rules] == ["format=json", "format=markdown"]
    assert renderings.names == {"format", "agent", "sampling", "human"}
    # an explicit format with no inferring tag is still a tag the rules read
    assert renderings.render(_context("format=markdown"), None) == "m"
    assert renderings.render(_context("x-a"), None) == "d"


def test_each_rendering_logs_the_declared_tags_and_the_rule_at_debug(
    caplog: pytest.LogCaptureFixture,
) -> None:
    renderings: Renderings[None, str] = Renderings(
        [("agent", lambda data, context: "a")], default=lambda data, context: "d"
    )
    with caplog.at_level(logging.DEBUG, logger="negotiation.content"):
        renderings.render(DEFAULT_CONTEXT, None)
        renderings.render(_context("agent"), None)
        renderings.render(_context("human"), None)
    assert caplog.messages == [
        "features [] -> default",
        "features ['agent'] -> agent",
        "features ['human'] -> default",
    ]


def test_a_prompt_result_uses_the_given_role() -> None:
    renderings: Renderings[None, PromptBody] = Renderings(default=lambda data, context: "hi")
    result = prompt_result(DEFAULT_CONTEXT, renderings, None, role="assistant")
    assert [message.role for message in result.messages] == ["assistant"]


# --- formats and initialize ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("format_", "mime"),
    [
        ("text", "text/plain; charset=utf-8; format=flowed"),
        ("json", "application/json;a=1;b=2"),
        ("text/csv", "text/csv; header=present; charset=utf-8"),
    ],
)
def test_every_mime_parameter_is_ignored(format_: str, mime: str) -> None:
    assert mime_matches(format_, mime) is True


def test_an_initialize_params_object_wins_over_a_nested_params_key() -> None:
    """An object with ``capabilities`` is the params itself, whatever else it carries."""
    json_caps = {"extensions": {EXTENSION_ID: {"version": "1.0", "features": ["format=json"]}}}
    md_caps = {"extensions": {EXTENSION_ID: {"version": "1.0", "features": ["format=text"]}}}
    context = context_from_initialize(
        {"capabilities": json_caps, "params": {"capabilities": md_caps}}
    )
    assert (context.era, context.format) == (Era.LEGACY, "json")


def test_initialize_result_defaults_to_the_instructions_line() -> None:
    context = _context("format=text")
    result = initialize_result(
        context,
        protocol_version="2025-11-25",
        capabilities={"tools": {"listChanged": True}},
        server_info={"name": "s", "version": "1"},
    )
    assert result.model_dump(mode="json", exclude_unset=True) == {
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {"listChanged": True}, "extensions": {EXTENSION_ID: {}}},
        "serverInfo": {"name": "s", "version": "1"},
        "instructions": "Content negotiation enabled. Tool results will be plain text.",
    }


def test_initialize_result_takes_server_info_as_any_mapping_or_the_model_itself() -> None:
    info = Implementation(name="s", version="1", website_url="https://example.com/")
    kept = initialize_result(
        DEFAULT_CONTEXT, protocol_version="v", capabilities={}, server_info=info
    )
    assert kept.server_info is info
    frozen = MappingProxyType({"name": "s", "version": "1"})
    read = initialize_result(
        DEFAULT_CONTEXT, protocol_version="v", capabilities={}, server_info=frozen
    )
    assert read.server_info == Implementation(name="s", version="1")
