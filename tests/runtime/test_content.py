"""negotiation.content: contexts, format precedence, renderings, result builders, model_view."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp_ext.models import (
    CallToolResult,
    ClientCapabilities,
    ImageContent,
    InitializeRequest,
    RequestMetaObject,
    TextContent,
    Tool,
)

from negotiation import features
from negotiation.content import (
    DEFAULT_CONTEXT,
    EXTENSION_ID,
    NegotiationContext,
    Renderings,
    context_from_capabilities,
    context_from_initialize,
    context_from_meta,
    formats_for,
    initialize_result,
    instructions,
    mime_matches,
    prompt_messages,
    prompt_result,
    request_context,
    server_capabilities,
    tool_shape,
)
from negotiation.predicates import PredicateError
from negotiation.tool_results import ToolResultShaper, model_view, tool_result
from negotiation.versioning import META_CLIENT_CAPABILITIES


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    features.clear_cache()


def caps(*tags: object, version: object = "1.0", **extra: Any) -> dict[str, Any]:
    return {"extensions": {EXTENSION_ID: {"version": version, "features": list(tags)}}, **extra}


def ctx(*tags: str) -> NegotiationContext:
    return context_from_capabilities(caps(*tags))


def meta_for(capabilities: object) -> dict[str, Any]:
    return {META_CLIENT_CAPABILITIES: capabilities}


# --- building contexts ----------------------------------------------------------------


def test_legacy_context_from_mapping_and_model_agree() -> None:
    raw = caps("agent", "format=json", sampling={})
    from_mapping = context_from_capabilities(raw)
    from_model = context_from_capabilities(ClientCapabilities.model_validate(raw))
    assert from_mapping == from_model
    assert from_mapping.negotiating and from_mapping.era == "legacy"
    assert from_mapping.version == "1.0"
    assert [str(tag) for tag in from_mapping.features.tags] == ["agent", "format=json"]


def test_context_from_initialize_accepts_request_params_and_mapping() -> None:
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": caps("human", "format=markdown"),
            "clientInfo": {"name": "c", "version": "1"},
        },
    }
    model = InitializeRequest.model_validate(request)
    contexts = [
        context_from_initialize(request),
        context_from_initialize(request["params"]),
        context_from_initialize(model),
        context_from_initialize(model.params),
    ]
    assert all(c == contexts[0] for c in contexts)
    assert contexts[0].format == "markdown" and contexts[0].era == "legacy"


def test_modern_context_from_meta_model_and_mapping() -> None:
    raw = meta_for(caps("agent"))
    assert context_from_meta(raw) == context_from_meta(RequestMetaObject.model_validate(raw))
    modern = context_from_meta(raw)
    assert modern.era == "modern" and modern.format == "json"


def test_request_context_in_a_legacy_session_reads_the_session_not_the_meta() -> None:
    session = ctx("human")
    # _meta client capabilities in a legacy session are not read (as on the SDK path).
    assert request_context({"uri": "x", "_meta": meta_for(caps("agent"))}, session) is session
    modern = request_context({"uri": "x", "_meta": meta_for(caps("agent"))})
    assert modern.era == "modern" and modern.features.has("agent")
    assert request_context({"uri": "x"}, session) is session
    assert request_context({"uri": "x"}) is DEFAULT_CONTEXT
    assert request_context(None) is DEFAULT_CONTEXT


def test_client_without_the_extension_gets_no_negotiation_even_with_capabilities() -> None:
    # Scenario 3: sampling declared as a capability is not a feature (Requirement 1).
    legacy = context_from_capabilities({"sampling": {}})
    assert not legacy.negotiating
    assert legacy.format is None and not legacy.features
    assert legacy.warnings == ()
    assert tool_shape(legacy) == "both"


@pytest.mark.parametrize(
    ("capabilities", "warning"),
    [
        (7, "client capabilities are not an object"),
        ({"extensions": ["x"]}, "capabilities.extensions is not an object"),
        ({"extensions": {EXTENSION_ID: "yes"}}, "are not an object"),
    ],
)
def test_malformed_declarations_give_the_default_context_with_a_warning(
    capabilities: object, warning: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        context = context_from_capabilities(capabilities)
    assert not context.negotiating and context.format is None
    assert any(warning in w for w in context.warnings)
    assert warning in caplog.text


@pytest.mark.parametrize(
    ("version", "warning"),
    [(None, "no 'version'"), (2, "not a string"), ("2.0", "unknown settings version")],
)
def test_bad_versions_are_read_as_1_0_with_a_warning(version: object, warning: str) -> None:
    settings: dict[str, Any] = {"features": ["format=json"]}
    if version is not None:
        settings["version"] = version
    context = context_from_capabilities({"extensions": {EXTENSION_ID: settings}})
    assert context.negotiating and context.format == "json"
    assert any(warning in w for w in context.warnings)


def test_minor_versions_are_accepted_silently() -> None:
    assert context_from_capabilities(caps("agent", version="1.3")).warnings == ()


def test_features_that_are_not_an_array_are_reported() -> None:
    context = context_from_capabilities(
        {"extensions": {EXTENSION_ID: {"version": "1.0", "features": {"a": 1}}}}
    )
    assert context.negotiating and not context.features
    assert any("array of strings" in w for w in context.warnings)


def test_invalid_and_conflicting_tags_are_listed_in_warnings() -> None:
    context = ctx("@#$%", "format==json", "format=json", "format=markdown")
    assert context.format == "json"
    warnings = context.warnings
    assert any("'@#$%'" in w for w in warnings)
    assert any("'format==json'" in w for w in warnings)
    assert any("contradicts earlier 'format=json'" in w for w in warnings)


def test_unsupported_lists_tags_outside_the_known_names() -> None:
    assert ctx("agent", "x-foo", "format=json").unsupported({"agent", "format"}) == ("x-foo",)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)
SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "version": JSON | st.sampled_from(["1.0", "1", "2.0", ""]),
        "features": JSON
        | st.lists(
            st.sampled_from(["agent", "human", "!interactive", "format=json", "format!=json", "@"])
            | st.text(max_size=8)
            | JSON,
            max_size=8,
        ),
    },
)
CAPABILITIES = JSON | st.fixed_dictionaries(
    {},
    optional={
        "extensions": JSON | st.fixed_dictionaries({}, optional={EXTENSION_ID: SETTINGS | JSON})
    },
)


@given(capabilities=CAPABILITIES, session=st.booleans())
def test_any_meta_or_capabilities_gives_a_context_without_raising(
    capabilities: object, session: bool
) -> None:
    meta = meta_for(capabilities)
    contexts = [
        context_from_capabilities(capabilities),
        context_from_meta(meta),
        context_from_meta(capabilities),
        context_from_initialize({"capabilities": capabilities}),
        request_context({"_meta": meta}, ctx("agent") if session else None),
        request_context(capabilities),
    ]
    for context in contexts:
        assert isinstance(context, NegotiationContext)
        assert all(isinstance(w, str) for w in context.warnings)
        if not context.negotiating:
            assert context.format is None and not context.features
            assert tool_shape(context) == "both"
        # Builders never fail on a context, whatever it came from.
        assert isinstance(instructions(context), str)
        assert tool_result(context, structured={"x": 1}, text="x is 1").content is not None


# --- format precedence (Requirement 5) ------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "format_", "source"),
    [
        (("agent",), "json", "inferred"),
        (("sampling",), "json", "inferred"),
        (("human",), "markdown", "inferred"),
        (("sampling", "format=markdown"), "markdown", "explicit"),
        (("agent", "format=text"), "text", "explicit"),
        (("human", "agent"), "markdown", "inferred"),  # the first declared wins
        (("agent", "format!=json"), None, None),  # inference never contradicts the client
        (("agent", "format!=json", "human"), "markdown", "inferred"),
        (("mcp-capable", "!interactive"), None, None),
        (("format=application/geo+json",), "application/geo+json", "explicit"),
    ],
)
def test_explicit_format_beats_inference(
    tags: tuple[str, ...], format_: str | None, source: str | None
) -> None:
    context = ctx(*tags)
    assert (context.format, context.format_source) == (format_, source)


@pytest.mark.parametrize(
    ("tags", "shape"),
    [
        ((), "both"),
        (("x-vendor",), "both"),
        (("format=json",), "structured"),
        (("agent",), "structured"),
        (("format=application/geo+json",), "structured"),
        (("format=markdown",), "content"),
        (("format=text",), "content"),
        (("format=text/csv",), "content"),
        (("format=image/png",), "both"),
        (("sampling", "format=markdown"), "content"),
    ],
)
def test_tool_shape_follows_the_negotiated_format(tags: tuple[str, ...], shape: str) -> None:
    assert tool_shape(ctx(*tags)) == shape


# --- renderings -----------------------------------------------------------------------


def _const(value: object) -> Any:
    return lambda data, context: value


RULES = Renderings(
    [
        ("agent & verbosity=compact", _const("compact")),
        ("agent", _const("agent")),
        ("!interactive", _const("non-interactive")),
    ],
    default=_const("default"),
)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (("agent", "verbosity=compact"), "compact"),
        (("verbosity=compact", "agent"), "compact"),
        (("agent",), "agent"),  # "!interactive" also holds; the earlier rule wins
        (("human", "!interactive"), "non-interactive"),
        (("human", "interactive"), "default"),  # declared but matches nothing
        (("x-only",), "default"),  # only unsupported tags (Requirement 7)
        ((), "default"),
    ],
)
def test_first_matching_rule_wins(tags: tuple[str, ...], expected: str) -> None:
    assert RULES.render(ctx(*tags), None) == expected


def test_a_client_that_does_not_negotiate_gets_the_default_even_if_a_negation_holds() -> None:
    # "!interactive" holds on an empty feature set, but Requirement 1 wins.
    assert RULES.render(DEFAULT_CONTEXT, None) == "default"
    assert RULES.select(context_from_capabilities({"sampling": {}})) is None


def test_rules_expose_their_text_and_tag_names() -> None:
    assert [rule.text for rule in RULES.rules] == [
        "agent & verbosity=compact",
        "agent",
        "!interactive",
    ]
    assert RULES.names == {"agent", "verbosity", "interactive"}


def test_render_functions_receive_the_data_and_the_context() -> None:
    seen: list[tuple[object, NegotiationContext]] = []
    context = ctx("agent")

    def increment(data: int, given: NegotiationContext) -> int:
        seen.append((data, given))
        return data + 1

    renderings: Renderings[int, int] = Renderings([("agent", increment)], default=lambda d, c: 0)
    assert renderings.render(context, 41) == 42
    assert seen == [(41, context)]


@pytest.mark.parametrize(
    "text", ["", "agent &", "(agent", "agent | | human", "format==json", "a b"]
)
def test_bad_predicates_fail_at_construction(text: str) -> None:
    with pytest.raises(PredicateError):
        Renderings([(text, _const("x"))], default=_const("d"))


def test_by_format_dispatches_on_the_negotiated_format() -> None:
    renderings = Renderings.by_format(
        {"json": _const("json"), "markdown": _const("md")}, default=_const("plain")
    )
    assert renderings.render(ctx("sampling"), None) == "json"
    assert renderings.render(ctx("sampling", "format=markdown"), None) == "md"
    assert renderings.render(ctx("agent", "format=text"), None) == "plain"
    assert renderings.render(DEFAULT_CONTEXT, None) == "plain"
    with pytest.raises(ValueError, match="not a valid format"):
        Renderings.by_format({"js on": _const("x")}, default=_const("d"))


def test_rendering_is_logged_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="negotiation.content"):
        RULES.render(ctx("agent"), None)
    assert "['agent'] -> agent" in caplog.text


# --- tool results ---------------------------------------------------------------------

DATA = {"location": "Bern", "temperature_c": 8}
TEXT = "It is 8°C in Bern."


def dump(result: CallToolResult) -> dict[str, Any]:
    return result.model_dump(mode="json", exclude_unset=True)


def test_tools_result_structured_also_content_for_json_clients_by_default() -> None:
    """sep-tool-result-content: structured results SHOULD also carry content."""
    assert dump(tool_result(ctx("agent", "format=json"), structured=DATA, text=TEXT)) == {
        "content": [{"type": "text", "text": TEXT}],
        "structuredContent": DATA,
    }
    only = dump(tool_result(ctx("agent", "format=json"), structured=DATA))
    assert only["structuredContent"] == DATA and json.loads(only["content"][0]["text"]) == DATA


def test_json_clients_get_empty_content_with_the_test_case_1_reading() -> None:
    """Content negotiation Test Case 1, the configurable reading."""
    result = tool_result(
        ctx("agent", "format=json"), structured=DATA, text=TEXT, text_fallback=False
    )
    assert dump(result) == {"content": [], "structuredContent": DATA}
    error = tool_result(
        ctx("agent", "format=json"), structured=DATA, text=TEXT, is_error=True, text_fallback=False
    )
    assert dump(error)["content"] == [{"type": "text", "text": TEXT}]  # errors keep content


def test_markdown_clients_get_content_only() -> None:
    assert dump(tool_result(ctx("human", "format=markdown"), structured=DATA, text=TEXT)) == {
        "content": [{"type": "text", "text": TEXT}],
    }


def test_default_clients_get_both_with_a_json_text_fallback() -> None:
    both = dump(tool_result(DEFAULT_CONTEXT, structured=DATA))
    assert both["structuredContent"] == DATA
    assert json.loads(both["content"][0]["text"]) == DATA  # aligned: the same information
    with_text = dump(tool_result(DEFAULT_CONTEXT, structured=DATA, text=TEXT))
    assert with_text == {"content": [{"type": "text", "text": TEXT}], "structuredContent": DATA}


def test_markdown_client_of_a_structured_only_tool_keeps_everything() -> None:
    result = dump(tool_result(ctx("format=markdown"), structured=DATA))
    assert result["structuredContent"] == DATA and json.loads(result["content"][0]["text"]) == DATA


def test_json_client_of_a_text_only_tool_gets_the_text() -> None:
    assert dump(tool_result(ctx("format=json"), text=TEXT)) == {
        "content": [{"type": "text", "text": TEXT}]
    }


def test_an_output_schema_keeps_structured_content_for_markdown_clients() -> None:
    result = dump(
        tool_result(ctx("format=markdown"), structured=DATA, text=TEXT, output_schema=True)
    )
    assert result == {"content": [{"type": "text", "text": TEXT}], "structuredContent": DATA}


def test_the_tool_keyword_still_works_and_warns() -> None:
    tool = Tool.model_validate(
        {"name": "w", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}}
    )
    with pytest.warns(DeprecationWarning, match=r"tool_result\(tool=\.\.\.\) is deprecated"):
        result = dump(tool_result(ctx("format=markdown"), structured=DATA, text=TEXT, tool=tool))
    assert result == {"content": [{"type": "text", "text": TEXT}], "structuredContent": DATA}
    plain = Tool.model_validate({"name": "w", "inputSchema": {"type": "object"}})
    with pytest.warns(DeprecationWarning):
        result = dump(tool_result(ctx("format=markdown"), structured=DATA, text=TEXT, tool=plain))
    assert result == {"content": [{"type": "text", "text": TEXT}]}


def test_errors_always_reach_the_model_as_content() -> None:
    result = dump(
        tool_result(ctx("format=json"), structured={"error": "x"}, text="failed", is_error=True)
    )
    assert result == {
        "content": [{"type": "text", "text": "failed"}],
        "structuredContent": {"error": "x"},
        "isError": True,
    }


def test_tool_result_accepts_content_blocks() -> None:
    image = ImageContent(type="image", data="AAAA", mime_type="image/png")
    assert tool_result(ctx("format=markdown"), content=[image]).content == [image]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "needs content, structured content or both"),
        ({"text": "a", "content": []}, "text or content, not both"),
        ({"structured": {"x": object()}}, "not JSON-serializable"),
    ],
)
def test_tool_result_rejects_incomplete_or_ambiguous_input(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        tool_result(DEFAULT_CONTEXT, **kwargs)


def test_non_json_structured_content_fails_even_when_only_structured_is_sent() -> None:
    with pytest.raises(ValueError, match="not JSON-serializable"):
        tool_result(ctx("format=json"), structured={"x": {1, 2}})


class Counting:
    def __init__(self, value: Any) -> None:
        self.value = value
        self.calls = 0

    def __call__(self, data: Any, context: NegotiationContext) -> Any:
        self.calls += 1
        return self.value


def test_shaper_renders_only_the_fields_the_client_gets() -> None:
    structured, text = Counting(DATA), Counting(TEXT)
    shaper: ToolResultShaper[None] = ToolResultShaper(
        structured=Renderings(default=structured),
        text=Renderings(default=text),
        text_fallback=False,  # Test Case 1: JSON clients get no text, so none is rendered
    )
    assert dump(shaper.build(ctx("format=json"), None)) == {
        "content": [],
        "structuredContent": DATA,
    }
    assert (structured.calls, text.calls) == (1, 0)
    assert dump(shaper.build(ctx("format=markdown"), None)) == {
        "content": [{"type": "text", "text": TEXT}]
    }
    assert (structured.calls, text.calls) == (1, 1)
    assert dump(shaper.build(DEFAULT_CONTEXT, None)) == {
        "content": [{"type": "text", "text": TEXT}],
        "structuredContent": DATA,
    }


def test_shaper_with_structured_only_falls_back_to_json_text() -> None:
    shaper: ToolResultShaper[dict[str, Any]] = ToolResultShaper(
        structured=Renderings(default=lambda data, c: data)
    )
    result = dump(shaper.build(ctx("format=markdown"), DATA))
    assert json.loads(result["content"][0]["text"]) == DATA and result["structuredContent"] == DATA


def test_shaper_whose_structured_rendering_is_null_sends_text() -> None:
    shaper: ToolResultShaper[None] = ToolResultShaper(
        structured=Renderings(default=_const(None)), text=Renderings(default=_const(TEXT))
    )
    assert dump(shaper.build(ctx("format=json"), None)) == {
        "content": [{"type": "text", "text": TEXT}]
    }
    with pytest.raises(ValueError):
        ToolResultShaper()


# --- model_view -----------------------------------------------------------------------


def test_model_view_prefers_content_for_conversation_and_structure_for_code() -> None:
    both = tool_result(DEFAULT_CONTEXT, structured=DATA, text=TEXT)
    assert model_view(both, "conversational").field == "content"
    assert model_view(both, "programmatic").value == DATA


def test_model_view_falls_back_to_the_field_that_has_the_information() -> None:
    structured_only = tool_result(ctx("format=json"), structured=DATA, text_fallback=False)
    assert model_view(structured_only, "conversational").value == DATA
    text_only = tool_result(ctx("format=markdown"), text=TEXT)
    view = model_view(text_only, "programmatic")
    assert view.field == "content" and view.value[0].text == TEXT


def test_model_view_reads_wire_mappings_and_rejects_bad_input() -> None:
    assert model_view({"content": [], "structuredContent": {"a": 1}}, "conversational").value == {
        "a": 1
    }
    with pytest.raises(ValueError, match="unknown view mode"):
        model_view(CallToolResult(content=[]), "both")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        model_view({"content": "not a list"}, "conversational")


def test_model_view_of_another_binding_keeps_the_nulls_of_its_meta() -> None:
    from pydantic import BaseModel, ConfigDict, Field

    class Meta(BaseModel):  # as the SDK's 2026-07-28 surface holds _meta
        model_config = ConfigDict(extra="allow")

    class Block(BaseModel):
        type: str
        text: str
        meta: Meta | None = Field(None, alias="_meta")

    class Result(BaseModel):
        content: list[Block]
        structured_content: Any = Field(None, alias="structuredContent")

    other = Result(content=[Block(type="text", text="t", _meta=Meta(m=None, n={"o": None}))])
    (block,) = model_view(other, "conversational").value
    assert block.meta is not None
    assert block.meta.model_dump(by_alias=True) == {"m": None, "n": {"o": None}}


@given(
    texts=st.lists(st.text(max_size=5), max_size=3),
    structured=st.none() | st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    mode=st.sampled_from(["conversational", "programmatic"]),
)
def test_model_view_returns_exactly_one_field(texts: list[str], structured: Any, mode: Any) -> None:
    result = CallToolResult(content=[TextContent(type="text", text=t) for t in texts])
    if structured is not None:
        result.structured_content = structured
    view = model_view(result, mode)
    expected = result.content if view.field == "content" else result.structured_content
    assert view.value == expected
    # The preferred field when it has something, else the other one.
    prefers_structured = mode == "programmatic" or not texts
    wants = "structuredContent" if structured is not None and prefers_structured else "content"
    assert view.field == wants


# --- prompts --------------------------------------------------------------------------


def test_prompt_messages_make_one_message_per_block() -> None:
    image = ImageContent(type="image", data="AAAA", mime_type="image/png")
    messages = prompt_messages(["one", image], role="assistant")
    assert [m.role for m in messages] == ["assistant", "assistant"]
    assert (
        messages[0].content == TextContent(type="text", text="one") and messages[1].content == image
    )
    assert prompt_messages("solo")[0].role == "user"
    assert prompt_messages(messages) == messages
    with pytest.raises(TypeError, match="int"):
        prompt_messages([3])  # type: ignore[list-item]


def test_prompt_result_renders_for_the_context() -> None:
    renderings: Renderings[str, Any] = Renderings(
        [("sampling", lambda city, c: f"Reason step by step about {city}.")],
        default=lambda city, c: f"Weather in {city}?",
    )
    result = prompt_result(ctx("sampling"), renderings, "Bern", description="weather")
    assert result.description == "weather"
    assert result.messages[0].content == TextContent(
        type="text", text="Reason step by step about Bern."
    )
    assert prompt_result(DEFAULT_CONTEXT, renderings, "Bern").model_dump(exclude_unset=True) == {
        "messages": [{"role": "user", "content": {"type": "text", "text": "Weather in Bern?"}}]
    }


# --- initialize -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "line"),
    [
        (None, "Client does not support content negotiation extension; using default format."),
        ((), "Content negotiation enabled. using default format."),
        (("format=text",), "Content negotiation enabled. Tool results will be plain text."),
        (
            ("format=text", "verbosity=verbose"),
            "Content negotiation enabled. Tool results will be plain text with narrative explanations.",
        ),
        (
            ("sampling",),
            "Content negotiation enabled. Tool results will be JSON-formatted; prompts include reasoning hints.",
        ),
        (("format=text/csv",), "Content negotiation enabled. Tool results will use text/csv."),
    ],
)
def test_instructions_line(tags: tuple[str, ...] | None, line: str) -> None:
    context = DEFAULT_CONTEXT if tags is None else ctx(*tags)
    assert instructions(context) == line


def test_server_capabilities_adds_the_extension_and_keeps_the_rest() -> None:
    declared = server_capabilities(
        {"tools": {"listChanged": True}, "extensions": {"x/y": {"a": 1}}}
    )
    assert declared.model_dump(exclude_unset=True) == {
        "tools": {"listChanged": True},
        "extensions": {"x/y": {"a": 1}, EXTENSION_ID: {}},
    }


def test_initialize_result_with_custom_instructions() -> None:
    result = initialize_result(
        ctx("agent"),
        protocol_version="2025-11-25",
        capabilities={},
        server_info={"name": "s", "version": "1"},
        instructions_text="hello",
    )
    assert result.instructions == "hello"
    assert result.capabilities.extensions == {EXTENSION_ID: {}}


# --- resource formats -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("format_", "mime", "expected"),
    [
        ("json", "application/json", True),
        ("json", "application/geo+json; charset=utf-8", True),
        ("json", "text/markdown", False),
        ("markdown", "Text/Markdown", True),
        ("text", "text/plain;charset=utf-8", True),
        ("text", "text/markdown", False),
        ("application/pdf", "application/pdf", True),
        ("pdf", "application/pdf", False),
    ],
)
def test_mime_matches(format_: str, mime: str, expected: bool) -> None:
    assert mime_matches(format_, mime) is expected


def test_formats_for_picks_the_negotiated_subset_primary_first() -> None:
    available = ["text/markdown", "application/json", "application/geo+json"]
    assert formats_for(DEFAULT_CONTEXT, available, "application/json") == [
        "application/json",
        "text/markdown",
        "application/geo+json",
    ]
    assert formats_for(ctx("agent"), available, "text/markdown") == [
        "application/json",
        "application/geo+json",
    ]
    assert formats_for(ctx("format=markdown"), available) == ["text/markdown"]
    # Nothing matches: default content, every format (Requirement 7).
    assert formats_for(ctx("format=text"), available, "not-there") == available
