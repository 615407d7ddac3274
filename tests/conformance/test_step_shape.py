"""A fixture step sends a request (``method``) or judges what is known (``check``), as
docs/conformance.md describes steps; ``naUnless`` only guards one of them. A step with
neither (only ``naUnless``, say) or both is refused when the fixtures are loaded, naming
the file, the fixture and the step, and is never sent as a request without a method."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.fixture_run import FixtureResult, run_fixture
from conformance.loading import load_fixtures, step_fault
from conformance.session import Config
from tests.conformance.test_fixture_run import _Target

GUARD = {"ref": "facts.variants", "reason": "no variants"}


def _write(folder: Path, steps: Any) -> None:
    fixture = {"id": "sv.f", "description": "d", "steps": steps}
    (folder / "a.json").write_text(json.dumps({"fixtures": [fixture]}), "utf-8")


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (
            [{"method": "tools/list"}, {"naUnless": [GUARD]}],
            "a.json: fixture 'sv.f', steps[1]: a step needs \"method\" (a request) or"
            ' "check" (no request); it has neither',
        ),
        (
            [{"id": "only", "naUnless": [GUARD], "expect": {"result": {}}}],
            "a.json: fixture 'sv.f', steps[0] (id 'only'): a step needs \"method\" (a request)"
            ' or "check" (no request); it has neither',
        ),
        (
            [{"method": "x", "check": "facts.variants", "expect": []}],
            "a.json: fixture 'sv.f', steps[0]: a step needs \"method\" (a request) or"
            ' "check" (no request); it has both',
        ),
        ([{"method": None}], "a.json: fixture 'sv.f', steps[0]: \"method\" is null"),
        (
            ["tools/list"],
            "a.json: fixture 'sv.f', steps[0]: a step must be an object, not 'tools/list'",
        ),
        ({"method": "x"}, "a.json: fixture 'sv.f', \"steps\" must be a list"),
    ],
)
def test_a_step_with_neither_method_nor_check_is_refused_at_loading(
    tmp_path: Path, steps: Any, message: str
) -> None:
    _write(tmp_path, steps)
    with pytest.raises(ValueError) as raised:
        load_fixtures(tmp_path)
    assert str(raised.value) == message


def test_the_kits_own_fixtures_and_steps_of_either_kind_load(tmp_path: Path) -> None:
    assert load_fixtures()  # every shipped step is well formed
    steps = [
        {"id": "ad", "method": "$advertisement", "naUnless": [GUARD]},
        {"check": "facts.variants", "expect": [], "naUnless": [GUARD]},
        {"method": {"$ref": "profile.paginatedList.method"}},
    ]
    _write(tmp_path, steps)
    assert load_fixtures(tmp_path)["sv.f"]["steps"] == steps


_STEP_KEYS = st.sampled_from(["naUnless", "expect", "params", "id", "forEach", "variant"])


@given(extra=st.dictionaries(_STEP_KEYS, st.none() | st.text(max_size=3), max_size=4))
def test_without_method_or_check_a_step_is_never_sent(extra: dict[str, Any]) -> None:
    assert step_fault(extra) is not None
    target = _Target()
    fixture = {"id": "f", "steps": [extra]}
    result = run_fixture(fixture, "legacy", target, {"variants": []}, {}, Config(timeout=3.0))
    assert result.status == "fail" and result.detail.startswith("fixture error: ")
    assert all(session.calls == [] for session in target.sessions)


def test_a_guard_only_step_whose_guard_holds_fails_as_a_malformed_fixture() -> None:
    target = _Target()
    fixture = {"id": "f", "steps": [{"naUnless": [GUARD]}]}
    result = run_fixture(fixture, "legacy", target, {"variants": []}, {}, Config(timeout=3.0))
    assert result == FixtureResult(
        "f",
        "legacy",
        "fail",
        'fixture error: steps[0]: a step needs "method" (a request) or "check"'
        " (no request); it has neither",
    )
    assert target.sessions == []  # nothing opened, nothing sent


@pytest.mark.parametrize("resolved", [None, 5, ["tools/list"]])
def test_a_method_reference_to_no_string_fails_the_step_without_sending(resolved: Any) -> None:
    target = _Target()
    step = {"id": "list", "method": {"$ref": "profile.m"}}
    fixture = {"id": "f", "steps": [step]}
    result = run_fixture(fixture, "legacy", target, {}, {"m": resolved}, Config(timeout=3.0))
    assert result == FixtureResult(
        "f", "legacy", "fail", f"list: the method is {json.dumps(resolved)}, not a string"
    )
    assert all(session.calls == [] for session in target.sessions)
