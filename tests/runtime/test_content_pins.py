"""Exact behaviour of the negotiation context at its edges (pins found by mutation testing)."""

from __future__ import annotations

import logging

import pytest

from negotiation.content import (
    DEFAULT_CONTEXT,
    SUPPORTED_VERSION,
    NegotiationContext,
    Renderings,
    ToolResultShaper,
    context_from_capabilities,
    context_from_initialize,
    context_from_meta,
    instructions,
    json_text,
)
from negotiation.features import EXTENSION_ID
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
