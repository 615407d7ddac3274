"""``compare``: every requirement whose verdict differs between two implementations,
classified as a defect of one side, a spec ambiguity, or a difference of coverage."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from conformance.__main__ import main
from conformance.compare import differences, render_differences
from conformance.loading import load_manifest
from conformance.rows import Row

FAKE = Path(__file__).with_name("fake_server.py")


def test_each_difference_is_classified_with_its_spec_line() -> None:
    a = [
        Row("variants.type.unique-id", "MUST", "legacy", "fail", "ids repeat"),
        Row("variants.selection.default-is-first", "MUST", "legacy", "pass", ""),
        Row("variants.selection.invalid-variant-error", "MUST", "legacy", "pass", ""),
        Row("variants.cursors.mismatch-error", "MUST", "legacy", "pass", ""),
        Row("variants.advertise.omit-empty-list", "SHOULD", "legacy", "pass", ""),
    ]
    b = [
        Row("variants.type.unique-id", "MUST", "legacy", "pass", ""),
        Row("variants.selection.default-is-first", "MUST", "legacy", "fail", "served b"),
        Row(
            "variants.selection.invalid-variant-error",
            "MUST",
            "legacy",
            "fail",
            "ping succeeded",
            ambiguities=[6],
            reading_only=True,
        ),
        Row("variants.cursors.mismatch-error", "MUST", "legacy", "n/a", "one variant"),
        Row("variants.advertise.omit-empty-list", "SHOULD", "legacy", "pass", ""),
    ]
    found = differences(a, b, load_manifest())
    assert [(d.requirement, d.a, d.b, d.verdict) for d in found] == [
        ("variants.type.unique-id", "fail", "pass", "defect of A"),
        ("variants.selection.default-is-first", "pass", "fail", "defect of B"),
        ("variants.selection.invalid-variant-error", "pass", "fail (reading)", "spec ambiguity"),
        ("variants.cursors.mismatch-error", "pass", "n/a", "not comparable"),
    ]
    assert found[0].why == "ids repeat"
    assert found[2].why.startswith("#6: ")
    assert found[1].spec.startswith("sep-2053-server-variants.md § ")
    table = render_differences(found, "markdown", "ours", "go")
    assert table.splitlines()[-1] == (
        "4 differences: 1 defect of A, 1 defect of B, 1 spec ambiguity, 1 not comparable"
    )


def test_compare_exits_0_when_nothing_differs_and_2_on_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    same = shlex.join([sys.executable, str(FAKE), "legacy-only"])
    args = ["compare", "--a", same, "--b", same, "--era", "legacy", "--timeout", "5"]
    assert main([*args, "--only", "variants.advertise.*"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("0 differences")
    assert main([*args, "--only", "nomatch.*"]) == 2
    assert main(["compare", "--a", " ", "--b", same]) == 2
    assert capsys.readouterr().err.count("\n") == 2
