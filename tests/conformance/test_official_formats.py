"""The kit speaks the official harness's formats (issue #35): ``--format mcp-checks``
records valid under the harness's own ``ConformanceCheck`` type, its
``--expected-failures`` YAML (a stale entry fails), ``list``, the traceability files,
the verdict in JSON and on the last line, WARNING for a failing SHOULD, ``--only`` that
matches nothing, and the rows n/a for want of a profile named up front."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import jsonschema
import pytest

from conformance import official
from conformance.__main__ import main
from conformance.loading import HERE, load_manifest
from conformance.report import render, verdict
from conformance.rows import KitRun, Row

HARNESS = Path(__file__).with_name("harness")
FAKE = Path(__file__).with_name("fake_server.py")


def _schema() -> dict[str, object]:
    """The harness's ``ConformanceCheck`` (src/types.ts at 0.2.0-alpha.11, through
    typescript-json-schema), closed: a record may carry nothing the type lacks."""
    schema: dict[str, object] = json.loads(
        (HARNESS / "conformance-check.schema.json").read_text("utf-8")
    )
    return {**schema, "additionalProperties": False}


def _rows() -> list[Row]:
    return [
        Row("variants.type.unique-id", "MUST", "legacy", "pass", ""),
        Row("variants.type.unique-id", "MUST", "modern", "fail", "ids repeat: a, a"),
        Row("variants.advertise.omit-empty-list", "SHOULD", "modern", "fail", "sent []"),
        Row("content.tags.honor-declared", "MUST", "modern", "n/a", "no profile"),
        Row("versioning.client-caches-era", "SHOULD", "modern", "untestable", "client side"),
    ]


def test_mcp_checks_records_are_the_harness_conformance_check_type() -> None:
    checks = official.mcp_checks(_rows(), load_manifest())
    for check in checks:
        jsonschema.validate(check, _schema())
    assert [(c["id"], c["status"]) for c in checks] == [
        ("sep-2053-type-unique-id", "SUCCESS"),
        ("sep-2053-type-unique-id", "FAILURE"),
        ("sep-2053-advertise-omit-empty-list", "WARNING"),
        ("sep-content-negotiation-tags-honor-declared", "SKIPPED"),
        ("protocol-versioning-client-caches-era", "INFO"),
    ]
    assert checks[1]["errorMessage"] == "ids repeat: a, a"
    assert checks[1]["specReferences"][0]["id"] == "SEP-2053"
    assert "errorMessage" not in checks[0]
    strict = official.mcp_checks(_rows(), load_manifest(), strict=True)
    assert strict[2]["status"] == "FAILURE"


def test_a_record_outside_the_type_is_refused_by_the_schema() -> None:
    """The schema test can fail: the issue's field list lacks the required timestamp."""
    check = official.mcp_checks(_rows(), load_manifest())[0]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({k: v for k, v in check.items() if k != "timestamp"}, _schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**check, "status": "PASS"}, _schema())


def test_the_harness_baseline_yaml_is_read_as_the_harness_reads_it() -> None:
    import yaml

    for path in HARNESS.glob("expected-failures.*.yml"):
        assert official.read_baseline(path) == yaml.safe_load(path.read_text("utf-8"))["server"]


def test_a_baseline_judges_as_the_harness_does() -> None:
    checks = official.mcp_checks(_rows(), load_manifest())
    judged = official.judge_baseline(
        checks, ["modern:sep-2053-type-unique-id", "sep-2053-advertise-omit-empty-list"]
    )
    assert judged.ok and judged.unexpected == [] and judged.stale == []
    judged = official.judge_baseline(
        checks, ["modern:sep-2053-type-unique-id", "legacy:sep-2053-type-unique-id", "x:y"]
    )
    assert judged.unexpected == ["modern:sep-2053-advertise-omit-empty-list"]
    assert judged.stale == [
        "legacy:sep-2053-type-unique-id",
        "x:y (matches no check of this run)",
    ]
    assert not judged.ok


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("server:\n  - a\nother: []\n", "unknown key 'other'"),
        ("server: a\n", "is a list of '- entry' lines"),
        ("- a\n", "not a '- entry' line"),
        ("server:\n  -\n", "an empty entry"),
    ],
)
def test_a_bad_baseline_is_one_line_naming_the_problem(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "baseline.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(official.BaselineError, match=message):
        official.read_baseline(path)
    command = shlex.join([sys.executable, str(FAKE), "legacy-only"])
    code = main(["run", "--server-cmd", command, "--expected-failures", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err


def _fake(*args: str) -> list[str]:
    command = shlex.join([sys.executable, str(FAKE), "legacy-only"])
    return ["run", "--server-cmd", command, "--timeout", "5", *args]


def test_a_stale_baseline_entry_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "baseline.yml"
    path.write_text(
        "server:\n  # passes on the legacy era: stale\n  - legacy:sep-2053-advertise-unique-ids\n",
        encoding="utf-8",
    )
    code = main(
        _fake("--era", "legacy", "--only", "variants.advertise.*", "--expected-failures", str(path))
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "stale baseline entry" in out and "baseline check failed" in out


def test_only_matching_nothing_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_fake("--only", "nomatch.*")) == 2
    assert "matches no requirement" in capsys.readouterr().err
    assert main(["list", "--only", "nomatch.*"]) == 2


def test_list_names_every_requirement_with_its_check_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(load_manifest())
    assert (
        "sep-2053-selection-default-is-first  variants.selection.default-is-first  MUST  tested"
        in lines
    )


def test_a_failing_should_is_a_warning_and_the_last_line_says_what_decides() -> None:
    kit = KitRun(_rows()[2:], [])  # a failing SHOULD and no failing MUST
    table = render(kit, "table")
    assert "WARNING" in table and "  fail  " not in table
    assert table.splitlines()[-1].startswith("PASS (exit 0): no MUST fails; 1 failing SHOULD")
    assert "do not change the exit code" in table.splitlines()[-1]
    assert json.loads(render(kit, "json"))["verdict"] == {
        "exitCode": 0,
        "passed": True,
        "strict": False,
        "failing": [],
        "warnings": ["variants.advertise.omit-empty-list (modern)"],
    }
    assert verdict(KitRun(_rows(), []))["exitCode"] == 1
    assert render(KitRun(_rows(), []), "markdown").splitlines()[-1].startswith("FAIL (exit 1)")


def test_rows_na_for_want_of_a_profile_are_named_at_the_top(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from conformance.__main__ import _profile_notes

    kit = KitRun(
        [
            Row(
                "content.tags.honor-declared",
                "MUST",
                "modern",
                "n/a",
                "the server profile gives no 'x'",
            )
        ],
        [],
    )
    notes = _profile_notes(kit, profile_given=False)
    assert notes and "1 MUST (content.tags.honor-declared)" in notes[0]
    assert render(kit, "table", notes=notes).startswith("note: no --profile was given")
    assert _profile_notes(kit, profile_given=True) == []


def test_the_traceability_files_are_current_and_complete() -> None:
    """Every MUST and SHOULD of requirements.json is in its SEP's file, as a check (its
    kit check id) or as excluded with a reason; the files are what the generator writes."""
    import yaml

    assert main(["traceability", "--check"]) == 0
    manifest = load_manifest()
    for spec in official.TRACED:
        data = yaml.safe_load((HERE / "seps" / official.SEPS[spec].file).read_text("utf-8"))
        assert set(data) == {"sep", "spec_url", "requirements"}
        entries = data["requirements"]
        expected = [r for r in manifest if r["spec"] == spec and r["level"] in ("MUST", "SHOULD")]
        assert len(entries) == len(expected)
        checks = {e["check"] for e in entries if "check" in e}
        for requirement in expected:
            if requirement.get("fixtures"):
                assert official.check_id(requirement) in checks, requirement["id"]
            else:
                [entry] = [e for e in entries if e.get("requirement") == requirement["id"]]
                assert entry["excluded"].strip(), requirement["id"]
        assert all(c.startswith(official.SEPS[spec].prefix + "-") for c in checks)


def test_a_stale_traceability_file_is_reported(tmp_path: Path) -> None:
    assert main(["traceability", "--out", str(tmp_path)]) == 0
    assert main(["traceability", "--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "sep-2053.yaml").write_text("sep: 2053\n", encoding="utf-8")
    assert main(["traceability", "--out", str(tmp_path), "--check"]) == 1
