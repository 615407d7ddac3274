"""The bench harness: section discovery, crash isolation, the report and its table.

Fake sections only: nothing here times anything real, installs anything or needs a network.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from bench import Goal, Report, Row, Skip, fmt_number, format_table, run_command, validation_bench
from bench import peer as peer_pipeline
from bench.__main__ import discover, main, run_sections
from bench.validation_bench import (
    REPEATS,
    Example,
    Validator,
    check,
    common,
    per_message_us,
    report_slowest_types,
    validator_for,
)

FAKE_SECTIONS = {
    "alpha_bench.py": """
        def run(report):
            report("alpha figure", 1.5, "ms")
    """,
    "beta_bench.py": """
        from bench import Skip

        def run(report):
            raise Skip("no widgets installed")
    """,
    "gamma_bench.py": """
        def run(report):
            raise RuntimeError("boom")
    """,
    "broken_bench.py": """
        import not_a_module_anywhere_xyz
    """,
    "no_run_bench.py": """
        VALUE = 1
    """,
    "helper.py": """
        def run(report):
            raise AssertionError("not a section: must never be called")
    """,
}


@pytest.fixture
def fake_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    package = tmp_path / "fakebench"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, body in FAKE_SECTIONS.items():
        (package / name).write_text(textwrap.dedent(body))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "fakebench"
    for name in [m for m in sys.modules if m == "fakebench" or m.startswith("fakebench.")]:
        del sys.modules[name]


def collecting_report() -> tuple[Report, list[str]]:
    lines: list[str] = []
    return Report(out=lines.append), lines


def test_discovers_only_modules_named_bench_with_run(fake_package: str) -> None:
    names = [s.name for s in discover(fake_package)]
    assert names == ["alpha", "beta", "broken", "gamma"]


def test_the_real_sections_are_discovered() -> None:
    names = [s.name for s in discover()]
    assert {"codegen", "validation"} <= set(names)


def test_a_skipping_crashing_or_unimportable_section_does_not_stop_the_rest(
    fake_package: str,
) -> None:
    report, lines = collecting_report()
    run_sections(discover(fake_package), report)
    text = "\n".join(lines)
    assert "alpha figure: 1.50 ms" in text
    assert "skipped: no widgets installed" in text
    assert "skipped: section crashed: RuntimeError: boom" in text
    assert "skipped: import failed: ModuleNotFoundError" in text
    assert [(r.section, r.metric, r.value) for r in report.rows] == [("alpha", "alpha figure", 1.5)]


def test_main_prints_progress_and_the_table(
    fake_package: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--only", "alpha", "--runs", "1"], package=fake_package) == 0
    out = capsys.readouterr().out
    assert "== alpha" in out
    assert "== beta" not in out
    header = next(line for line in out.splitlines() if line.startswith("metric"))
    assert header.split() == ["metric", "value", "peer", "value", "ratio", "goal", "met?"]
    assert any(line.startswith("alpha figure") and "1.50 ms" in line for line in out.splitlines())


def test_options_reach_sections() -> None:
    report = Report(options={"runs": 7})
    assert report.option("runs", 5) == 7
    assert report.option("peer_runs", 3) == 3


# -- rows, goals and the table ---------------------------------------------------------


def test_ratio_is_peer_over_ours_and_goals_decide_met() -> None:
    fast = Row("s", "cold", 1.0, "s", peer=6.0, goal=Goal("ratio_at_least", 5.0))
    slow = Row("s", "cold", 2.0, "s", peer=6.0, goal=Goal("ratio_at_least", 5.0))
    assert fast.ratio == 6.0 and fast.met is True
    assert slow.ratio == 3.0 and slow.met is False
    assert Row("s", "noop", 0.1, "s", goal=Goal("at_most", 0.2, "s")).met is True
    assert Row("s", "noop", 0.3, "s", goal=Goal("at_most", 0.2, "s")).met is False
    skipped = Row("s", "noop", None, "s", peer=1.0, goal=Goal("at_most", 0.2, "s"), skipped="x")
    assert skipped.ratio is None and skipped.met is None


def test_goal_text() -> None:
    assert Goal("at_most", 0.2, "s").text() == "≤ 0.2 s"
    assert Goal("ratio_at_least", 1.6).text() == "≥ 1.6×"


def test_table_is_aligned_and_marks_met_missed_and_skipped() -> None:
    rows = [
        Row("c", "cold generate", 0.5, "s", peer=6.0, goal=Goal("ratio_at_least", 5.0)),
        Row("c", "no-op regenerate", 0.31, "s", goal=Goal("at_most", 0.2, "s")),
        Row("v", "validate, ours", None, "µs", goal=Goal("at_most", 5.0, "µs"), skipped="no"),
        Row("r", "plain figure", 123456.0, "ns"),
    ]
    lines = format_table(rows).splitlines()
    assert len(lines) == 2 + len(rows)
    by_metric = {line.split("  ")[0].strip(): line for line in lines[2:]}
    assert by_metric["cold generate"].split()[-1] == "yes"
    assert "12.0×" in by_metric["cold generate"]
    assert by_metric["no-op regenerate"].split()[-1] == "NO"
    assert "skipped" in by_metric["validate, ours"] and by_metric["validate, ours"].endswith("-")
    assert "123456 ns" in by_metric["plain figure"]
    # Every column starts where its header starts: the rule's dashes mark the columns.
    starts = [
        i for i, ch in enumerate(lines[1]) if ch == "-" and (i == 0 or lines[1][i - 1] == " ")
    ]
    for header in ("value", "peer value", "ratio", "goal", "met?"):
        assert lines[0].index(header) in range(starts[1], len(lines[1]) + 1)


@given(st.lists(st.text(min_size=0, max_size=30), min_size=0, max_size=5))
def test_table_never_fails_on_any_metric_text(metrics: list[str]) -> None:
    rows = [Row("s", m, 1.0, "s", peer=2.0, goal=Goal("at_most", 3.0, "s")) for m in metrics]
    lines = format_table(rows).splitlines()
    assert len(lines) == 2 + len(rows)


@given(st.floats(min_value=1e-6, max_value=1e9, allow_nan=False, allow_infinity=False))
def test_fmt_number_keeps_three_significant_digits(value: float) -> None:
    shown = float(fmt_number(value))
    assert abs(shown - value) <= 0.006 * value


# -- subprocesses ------------------------------------------------------------------------


def test_run_command_turns_every_failure_into_a_skip() -> None:
    with pytest.raises(Skip, match="not found"):
        run_command(["definitely-not-a-program-xyz"], timeout=10)
    with pytest.raises(Skip, match=r"failed \(exit 3\): bad thing"):
        run_command(
            [sys.executable, "-c", "import sys; print('bad thing', file=sys.stderr); sys.exit(3)"],
            timeout=30,
        )
    with pytest.raises(Skip, match="timed out"):
        run_command([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
    done, elapsed = run_command([sys.executable, "-c", "print('hi')"], timeout=30)
    assert done.stdout.strip() == "hi" and elapsed > 0


# -- the peer pipeline's fixed commands -------------------------------------------------


def test_peer_commands_are_the_official_ones() -> None:
    tjs = peer_pipeline.tjs_command(Path("schema.ts"))
    assert (
        tjs[-5:]
        == ["--defaultNumberType", "integer", "--required", "--skipLibCheck", "schema.ts", "*"][-5:]
    )
    assert tjs[:3] == ["npx", "--no-install", "typescript-json-schema"]
    dmcg = peer_pipeline.datamodel_codegen_command(Path("in.json"), Path("out.py"))
    joined = " ".join(dmcg)
    assert "--base-class mcp_types._wire_base.WireModel" in joined
    assert "--type-mappings byte=string uri=string uri-template=string" in joined
    assert peer_pipeline.DATAMODEL_CODEGEN_VERSION == "0.57.0"


def test_peer_stage_one_rewrites_draft_07_to_2020_12() -> None:
    draft07 = '{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"A": {"$ref": "#/definitions/B"}}}'
    assert peer_pipeline.to_2020_12(draft07) == (
        '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"$ref": "#/$defs/B"}}}'
    )


# -- validation helpers -----------------------------------------------------------------


class Point(BaseModel):
    x: int


def test_validators_for_models_aliases_and_non_types() -> None:
    model = validator_for(Point)
    alias = validator_for(dict[str, int])
    assert model is not None and alias is not None
    assert model({"x": 1}) == Point(x=1)
    assert alias({"a": 1}) == {"a": 1}
    assert validator_for(42) is None
    assert validator_for("Point") is None
    assert validator_for(len) is None
    assert validator_for(None) is None


def test_check_sorts_examples_into_passed_failed_missing() -> None:
    good = Example("Point", Path("good.json"), {"x": 1})
    bad = Example("Point", Path("bad.json"), {"x": "not a number"})
    unknown = Example("Other", Path("other.json"), {})
    model = validator_for(Point)
    assert model is not None
    result = check([good, bad, unknown], {"Point": model})
    assert result.passed == [good]
    assert [e for e, _ in result.failed] == [bad]
    assert result.missing == [unknown]
    assert "1/3 examples pass" in result.summary(3)
    assert common(result, check([good, bad], {"Point": model})) == [good]


def test_per_message_us_times_every_party_over_every_message() -> None:
    seen_a: list[int] = []
    seen_b: list[int] = []
    a = [(seen_a.append, 1), (seen_a.append, 2)]
    b = [(seen_b.append, 3)]
    figures = per_message_us([a, b], budget_ns=1_000_000)
    assert len(figures) == 2 and all(f > 0 for f in figures)
    assert set(seen_a) == {1, 2} and set(seen_b) == {3}
    # warm-up + calibration + at least one timed round per repeat
    assert len(seen_b) >= 2 + REPEATS


def test_detail_names_the_types_where_ours_loses_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Fixed fake figures (µs per call of each validator): no real timing in this test.
    def quick(data: object) -> object:
        return data

    def slow(data: object) -> object:
        return data

    cost: dict[Validator, float] = {quick: 1.0, slow: 4.0}

    def fake_timing(
        parties: Sequence[Sequence[tuple[Validator, object]]], *_: object
    ) -> list[float]:
        return [cost[pairs[0][0]] for pairs in parties]

    monkeypatch.setattr(validation_bench, "per_message_us", fake_timing)
    report, lines = collecting_report()
    examples = [Example("Fast", Path("f.json"), {}), Example("Slow", Path("s.json"), {})]
    ours = {"Fast": quick, "Slow": slow}
    theirs = {"Fast": quick, "Slow": quick}
    report_slowest_types(report, "them", examples, ours, theirs, top=1)
    assert lines[-1].split() == ["Slow:", "0.25×", "4.00", "µs", "vs", "1.00", "µs"]


def test_without_the_corpus_every_goal_row_is_kept_and_marked_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench import codegen_bench

    def no_corpus(revision: str = "") -> Path:
        raise Skip("official MCP corpus not found at /nowhere")

    monkeypatch.setattr(codegen_bench, "revision_dir", no_corpus)
    monkeypatch.setattr(validation_bench, "example_files", no_corpus)
    report, lines = collecting_report()
    codegen_bench.run(report)
    validation_bench.run(report)
    assert [r.value for r in report.rows] == [None] * 5
    assert all(r.goal is not None and r.met is None for r in report.rows)
    assert all("corpus not found" in line for line in lines)
    table = format_table(report.rows)
    assert table.count("skipped") == 5
