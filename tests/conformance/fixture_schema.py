"""Structural checks of one fixture: known keys, known conditions, known operators."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FIXTURE_KEYS = {
    "id",
    "description",
    "ambiguities",
    "eras",
    "requires",
    "client",
    "fresh",
    "steps",
    "file",
}
STEP_KEYS = {
    "id",
    "method",
    "params",
    "paramsFrom",
    "variant",
    "meta",
    "headers",
    "expect",
    "forEach",
    "limit",
    "naUnless",
    "naWhen",
    "client",
    "session",
    "sessionHeaders",
    "check",
    "expectNotifications",
    "settle",
}
CONDITIONS = {
    "server-variants",
    "no-server-variants",
    "multiple-variants",
    "content-negotiation",
    "no-content-negotiation",
    "tools",
    "listing",
    "prompts",
    "resources",
    "listed-resources",
    "resources.subscribe",
    "handshake",
    "no-handshake",
    "http",
    "stdio",
}
OPERATORS = {
    "$type",
    "$present",
    "$absent",
    "$eq",
    "$in",
    "$oneOf",
    "$allOf",
    "$not",
    "$contains",
    "$each",
    "$subsetOf",
    "$sameSet",
    "$distinct",
    "$uniform",
    "$length",
    "$regex",
    "$check",
    "$ref",
    "$pluck",
    "$like",
    "$sameKeys",
}


def _operators(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, Mapping):
        found |= {k for k in value if k.startswith("$")}
        for sub in value.values():
            found |= _operators(sub)
    elif isinstance(value, list):
        for sub in value:
            found |= _operators(sub)
    return found


def check_fixture(fixture: Mapping[str, Any]) -> None:
    assert set(fixture) <= FIXTURE_KEYS, set(fixture) - FIXTURE_KEYS
    assert fixture["description"].strip()
    assert set(fixture.get("eras", ["legacy", "modern"])) <= {"legacy", "modern"}
    for condition in fixture.get("requires", []):
        assert condition in CONDITIONS or condition.startswith("profile:"), condition
    assert fixture["steps"], "a fixture needs steps"
    for step in fixture["steps"]:
        assert set(step) <= STEP_KEYS, set(step) - STEP_KEYS
        assert ("method" in step) != ("check" in step), "a step sends a request or checks"
        for guard in step.get("naUnless", []):
            assert {"ref", "reason"} <= set(guard)
        unknown = (
            _operators(step.get("expect")) | _operators(step.get("expectNotifications"))
        ) - OPERATORS
        assert not unknown, unknown
