"""The report's rows from fixture results, without a server: each verdict, the readings
it rests on, and which rows make a run fail (conformance/rows.py)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.fixture_run import FixtureResult
from conformance.loading import load_ambiguities
from conformance.rows import NOT_KNOWING, UNMET, Row, failed, requirement_row
from conformance.vocabulary import CN, SV

VARIANTS_SPEC = "sep-2053-server-variants.md"
DISPUTABLE = min(load_ambiguities()[1])
UNDISPUTED = min(set(load_ambiguities()[0]) - load_ambiguities()[1])


def _requirement(**extra: Any) -> dict[str, Any]:
    return {"id": "r.1", "level": "MUST", "spec": VARIANTS_SPEC, "fixtures": ["a", "b"], **extra}


def _results(**outcomes: tuple[str, str, list[int]]) -> dict[tuple[str, str], FixtureResult]:
    return {
        (name, "legacy"): FixtureResult(name, "legacy", status, detail, readings)
        for name, (status, detail, readings) in outcomes.items()
    }


def test_a_requirement_without_fixtures_is_untestable_with_its_reason() -> None:
    requirement = {"id": "r.2", "level": "SHOULD", "untestable_reason": "needs a human"}
    assert requirement_row(requirement, "modern", {}) == Row(
        "r.2", "SHOULD", "modern", "untestable", "needs a human"
    )
    assert requirement_row({"id": "r.3", "level": "MUST"}, "legacy", {}).detail == ""


def test_a_pass_rests_on_the_requirements_and_the_passing_fixtures_readings() -> None:
    results = _results(a=("pass", "", [3, 1]), b=("n/a", "no tools", [9]))
    row = requirement_row(_requirement(ambiguities=[5, 1]), "legacy", results)
    assert row == Row("r.1", "MUST", "legacy", "pass", "", ["a", "b"], [1, 3, 5], "")


def test_a_failure_names_each_failing_fixture_and_rests_on_their_readings() -> None:
    results = _results(
        a=("fail", "x: expected 1", [UNDISPUTED]),
        b=("fail", "y: missing", []),
    )
    row = requirement_row(_requirement(ambiguities=[4]), "legacy", results)
    detail = "a: x: expected 1; b: y: missing"
    readings = sorted({4, UNDISPUTED})
    assert row == Row("r.1", "MUST", "legacy", "fail", detail, ["a", "b"], readings, "", False)


def test_a_passing_fixture_does_not_hide_a_failing_one() -> None:
    results = _results(a=("pass", "", [7]), b=("fail", "wrong code", [UNDISPUTED]))
    row = requirement_row(_requirement(), "legacy", results)
    assert (row.result, row.detail, row.ambiguities) == ("fail", "b: wrong code", [UNDISPUTED])


def test_a_failure_only_under_disputable_readings_is_reading_only() -> None:
    disputed = _results(a=("fail", "one", [DISPUTABLE]), b=("pass", "", []))
    assert requirement_row(
        _requirement(),
        "modern",
        {
            ("a", "modern"): FixtureResult("a", "modern", "fail", "one", [DISPUTABLE]),
            ("b", "modern"): FixtureResult("b", "modern", "pass"),
        },
    ) == Row("r.1", "MUST", "modern", "fail", "a: one", ["a", "b"], [DISPUTABLE], "", True)
    assert requirement_row(_requirement(), "legacy", disputed).reading_only is True
    mixed = _results(a=("fail", "one", [DISPUTABLE]), b=("fail", "two", [UNDISPUTED]))
    assert requirement_row(_requirement(), "legacy", mixed).reading_only is False
    plain = _results(a=("fail", "one", []), b=("pass", "", []))
    assert requirement_row(_requirement(), "legacy", plain).reading_only is False


def test_a_failure_on_an_extension_the_server_does_not_advertise_is_unmet() -> None:
    results = _results(a=("fail", "no error", [UNDISPUTED]), b=("n/a", "why", []))
    row = requirement_row(_requirement(), "legacy", results, absent={SV})
    detail = f"{UNMET.format(n=NOT_KNOWING)}. Observed: a: no error"
    readings = sorted({NOT_KNOWING, UNDISPUTED})
    assert row == Row(
        "r.1", "MUST", "legacy", "unmet", detail, ["a", "b"], readings, "server variants"
    )
    # Another extension's absence, or a skipped era, leaves it a failure.
    assert requirement_row(_requirement(), "legacy", results, absent={CN}).result == "fail"
    skipped = requirement_row(_requirement(), "legacy", results, {SV}, "legacy-only")
    assert (skipped.result, skipped.not_implemented) == ("fail", "")


def test_a_pass_or_n_a_on_an_absent_extension_names_it() -> None:
    passed = _results(a=("pass", "", []), b=("pass", "", []))
    assert requirement_row(_requirement(), "legacy", passed, {SV}).not_implemented == (
        "server variants"
    )
    na = _results(a=("n/a", "none", []), b=("n/a", "none", []))
    row = requirement_row(_requirement(), "legacy", na, frozenset({SV}))
    assert row == Row("r.1", "MUST", "legacy", "n/a", "none", ["a", "b"], [], "server variants")
    other = requirement_row(_requirement(spec="other.md"), "legacy", na, {SV, CN})
    assert other.not_implemented == ""


def test_n_a_gives_each_distinct_reason_once() -> None:
    same = _results(a=("n/a", "no tools", [1]), b=("n/a", "no tools", [2]))
    assert requirement_row(_requirement(), "legacy", same).detail == "no tools"
    requirement = _requirement(fixtures=["a", "b", "c"])
    results = {
        **_results(a=("n/a", "no tools", []), b=("n/a", "HTTP only", [])),
        **_results(c=("n/a", "no tools", [])),
    }
    row = requirement_row(requirement, "legacy", results)
    assert (row.result, row.detail) == ("n/a", "a, c: no tools; b: HTTP only")
    assert row.fixtures == ["a", "b", "c"]


@pytest.mark.parametrize(
    ("result", "level", "reading_only", "fails", "fails_strictly"),
    [
        ("fail", "MUST", False, True, True),
        ("fail", "MUST", True, False, True),
        ("fail", "SHOULD", False, False, True),
        ("unmet", "MUST", False, False, False),
        ("pass", "MUST", False, False, False),
        ("n/a", "MUST", False, False, False),
    ],
)
def test_which_rows_fail_the_run(
    result: str, level: str, reading_only: bool, fails: bool, fails_strictly: bool
) -> None:
    row = Row("r", level, "legacy", result, "", reading_only=reading_only)
    assert failed([row]) == ([row] if fails else [])
    assert failed([row], strict=True) == ([row] if fails_strictly else [])
