"""Exact errors of ``negotiation.resources`` (pinned from its mutation run)."""

from __future__ import annotations

import pytest
from mcp_ext.methods import RPCError
from mcp_ext.models import Resource

from negotiation.resources import Representation, ResourceNotFound, ResourceRegistry


def _registry() -> ResourceRegistry:
    registry = ResourceRegistry()
    registry.add(Resource(uri="m://a", name="a", mime_type="text/plain"), {"text/plain": "a"})
    return registry


def test_a_uri_that_is_not_a_string_is_invalid_params_exactly() -> None:
    with pytest.raises(RPCError) as caught:
        _registry().handle_read({"uri": 5})
    error = caught.value
    assert (error.code, error.message, error.data) == (
        -32602,
        "Invalid params",
        {"reason": "'uri' must be a string"},
    )


def test_resource_not_found_defaults_to_the_2026_code_and_keeps_its_uri() -> None:
    missing = ResourceNotFound("m://x")
    assert (missing.code, missing.message, missing.data, missing.uri) == (
        -32602,
        "Resource not found",
        {"uri": "m://x"},
        "m://x",
    )
    assert ResourceNotFound("m://x", legacy=True).code == -32002
    registry = _registry()
    for lookup in (registry.formats, registry.metadata, registry.read):
        with pytest.raises(ResourceNotFound) as caught:
            lookup("m://x")
        assert caught.value.code == -32602 and caught.value.uri == "m://x"
    with pytest.raises(ResourceNotFound) as removed:
        registry.remove("m://x")
    assert removed.value.uri == "m://x"


def test_an_unhashable_uri_is_not_found_not_a_crash() -> None:
    with pytest.raises(ResourceNotFound) as caught:
        _registry().formats(["m://a"])  # type: ignore[arg-type]
    assert caught.value.uri == "['m://a']"


def test_a_representation_producing_the_wrong_type_says_so() -> None:
    with pytest.raises(TypeError) as caught:
        Representation("text/plain", lambda: 5).produce()  # type: ignore[arg-type,return-value]
    assert str(caught.value) == "the text/plain representation produced int, not str or bytes"
