"""Content negotiation Requirement 2: "If a client declares ``sampling: {}`` in
capabilities, it SHOULD also include ``"sampling"`` in the extension's ``features``
array." ``ContentNegotiation(mirror=...)`` and ``negotiation_extensions(capabilities=...)``
do it."""

from __future__ import annotations

import mcp_types
import pytest

from negotiation.sdk import ContentNegotiation, negotiation_extensions


def test_content_negotiation_requirement_2_mirrors_declared_capabilities() -> None:
    caps = mcp_types.ClientCapabilities(
        sampling=mcp_types.SamplingCapability(), roots=mcp_types.RootsCapability()
    )
    declared = ContentNegotiation(["agent"], mirror=caps)
    assert declared.features == ("agent", "sampling", "roots")
    assert declared.settings()["features"] == ["agent", "sampling", "roots"]


@pytest.mark.parametrize(
    ("features", "expected"),
    [
        (["sampling"], ("sampling", "elicitation")),  # already there: not repeated
        (["!sampling"], ("!sampling", "elicitation")),  # a deliberate negation is kept
        ([], ("sampling", "elicitation")),
    ],
)
def test_mirroring_keeps_what_the_client_declared(
    features: list[str], expected: tuple[str, ...]
) -> None:
    caps: dict[str, object] = {"sampling": {}, "elicitation": {"form": {}}}
    assert ContentNegotiation(features, mirror=caps).features == expected


def test_the_tasks_extension_counts_as_the_tasks_capability() -> None:
    caps: dict[str, object] = {"extensions": {"io.modelcontextprotocol/tasks": {}}}
    assert ContentNegotiation([], mirror=caps).features == ("tasks",)


def test_negotiation_extensions_passes_the_capabilities_on() -> None:
    (content,) = negotiation_extensions(features=["human"], capabilities={"sampling": {}})
    assert isinstance(content, ContentNegotiation)
    assert content.features == ("human", "sampling")
    assert ContentNegotiation(["human"]).features == ("human",)  # nothing mirrored unasked


def test_a_bad_mirror_is_a_type_error() -> None:
    with pytest.raises(TypeError) as caught:
        ContentNegotiation([], mirror=["sampling"])  # type: ignore[arg-type]
    assert str(caught.value) == (
        "mirror must be an mcp_types.ClientCapabilities or a mapping, not list"
    )


@pytest.mark.parametrize(
    ("features", "expected"),
    [
        (["sampling!=x"], ("sampling!=x",)),  # an inequality mentions the name
        (["sampling=on"], ("sampling=on",)),  # so does an equality
        (["Xsampling"], ("Xsampling", "sampling")),  # another name that merely looks alike
    ],
)
def test_a_tag_of_any_form_for_the_name_counts_as_mentioned(
    features: list[str], expected: tuple[str, ...]
) -> None:
    assert ContentNegotiation(features, mirror={"sampling": {}}).features == expected
