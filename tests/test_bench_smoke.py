"""The bench harness: section discovery, crash isolation, the report and its table.

Fake sections only: nothing here times anything real, installs anything or needs a network.
"""

from __future__ import annotations

import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from bench import (
    Goal,
    Report,
    Row,
    Skip,
    Stats,
    corpus_bench,
    fmt_number,
    format_table,
    interleave,
    loop_timer,
    markdown_table,
    percent_over,
    ratios,
    run_command,
    validation_bench,
)
from bench import peer as peer_pipeline
from bench.__main__ import discover, main, run_sections
from bench.codegen_bench import scaled_schema
from bench.validation_bench import (
    Example,
    Validator,
    check,
    common,
    per_message_us,
    slower_types,
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
    "zeta_bench.py": """
        ON_DEMAND = True

        def run(report):
            report("zeta figure", 2.0, "s")
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
    assert names == ["alpha", "beta", "broken", "gamma", "zeta"]
    assert [s.name for s in discover(fake_package) if s.on_demand] == ["zeta"]


def test_the_real_sections_are_discovered_and_only_the_load_test_runs_on_demand() -> None:
    sections = {s.name: s for s in discover()}
    assert {"codegen", "validation", "runtime", "toolcall", "load", "corpus", "backplane"} <= set(
        sections
    )
    assert {name for name, s in sections.items() if s.on_demand} == {"load"}


def test_a_skipping_crashing_or_unimportable_section_does_not_stop_the_rest(
    fake_package: str,
) -> None:
    report, lines = collecting_report()
    run_sections([s for s in discover(fake_package) if not s.on_demand], report)
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
    assert header.split() == [
        "metric", "median", "min–max", "peer", "median", "ratio", "noise", "floor", "goal", "met?"
    ]  # fmt: skip
    assert any(line.startswith("alpha figure") and "1.50 ms" in line for line in out.splitlines())
    assert "wrote" not in out  # --only writes no results file unless asked


def test_a_full_run_skips_on_demand_sections_and_writes_results(
    fake_package: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "RESULTS.md"
    assert main(["--results", str(results)], package=fake_package) == 0
    out = capsys.readouterr().out
    assert "== alpha" in out and "== zeta" not in out
    text = results.read_text("utf-8")
    assert "| alpha | alpha figure | 1.50 ms |" in text
    for peer in ("mcp-types", "fastjsonschema", "msgspec", "datamodel-code-generator"):
        assert peer in text
    assert "typescript-json-schema" in text
    assert main(["--only", "zeta"], package=fake_package) == 0
    assert "zeta figure" in capsys.readouterr().out


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


def test_stats_are_median_and_min_max_of_the_rounds() -> None:
    stats = Stats.of([3.0, 1.0, 2.0, 10.0, 2.5])
    assert (stats.median, stats.low, stats.high) == (2.5, 1.0, 10.0)
    assert ratios(Stats.of([2.0, 6.0]), Stats.of([1.0, 3.0])).samples == (2.0, 2.0)
    assert percent_over(Stats.of([1.1, 0.9]), Stats.of([1.0, 1.0])).samples == pytest.approx(
        (10.0, -10.0)
    )
    with pytest.raises(ValueError):
        Stats.of([])


def test_interleave_changes_the_order_every_round() -> None:
    calls: list[str] = []

    def party(name: str, value: float) -> Callable[[], float]:
        def one() -> float:
            calls.append(name)
            return value

        return one

    a, _, c = interleave([party("a", 1.0), party("b", 2.0), party("c", 3.0)], rounds=6)
    orders = ["".join(calls[i : i + 3]) for i in range(0, 18, 3)]
    assert orders == ["abc", "cba", "bca", "acb", "cab", "bac"]  # every order once
    assert a.samples == (1.0,) * 6 and c.median == 3.0
    calls.clear()
    interleave([party("x", 1.0), party("x again", 1.0)], rounds=4)
    # Each runs right after the other as often as the other way round.
    assert calls == ["x", "x again", "x again", "x", "x again", "x", "x", "x again"]


def test_rows_from_rounds_show_min_max_ratio_range_and_noise_floor() -> None:
    report, lines = collecting_report()
    ours = Stats.of([1.0, 1.2, 0.9])
    peer = Stats.of([3.0, 3.3, 2.9])
    row = report.measured(
        "x", ours, "s", peer=peer, floor=ratios(Stats.of([1.0, 1.1, 0.9]), ours), goal=None
    )
    assert row.value == 1.0 and row.peer == 3.0 and row.ratio == 3.0
    table = format_table([row])
    assert "0.900–1.20" in table and "3.00× (2.75–3.22)" in table
    assert "noise floor" in lines[-1]
    assert "| x | 1.00 s | 0.900–1.20 |" in markdown_table([row])


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
    for header in ("median", "min–max", "peer median", "ratio", "noise floor", "goal", "met?"):
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
    assert peer_pipeline.DATAMODEL_CODEGEN_VERSION == "0.89.0"


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


def test_per_message_us_times_ours_twice_and_every_peer_over_every_message() -> None:
    seen_a: list[int] = []
    seen_b: list[int] = []
    a = [(seen_a.append, 1), (seen_a.append, 2)]
    b = [(seen_b.append, 3)]
    first, again, (peer,) = per_message_us(a, [b], rounds=3, round_seconds=0.001)
    assert len(first.samples) == len(again.samples) == len(peer.samples) == 3
    assert first.median > 0 and peer.median > 0
    assert set(seen_a) == {1, 2} and set(seen_b) == {3}


def test_loop_timer_reads_the_clock_it_is_given() -> None:
    ticks = iter([1_000, 5_000])
    calls: list[None] = []
    timer = loop_timer(lambda: calls.append(None), 2, clock=lambda: next(ticks))
    assert timer() == pytest.approx(2e-6)  # 4 000 ns over 2 calls
    assert len(calls) == 2


def test_validation_rounds_count_the_threads_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    clocks: list[object] = []

    def fake_compare(
        ours: object, peers: Sequence[object], **options: object
    ) -> tuple[Stats, Stats, list[Stats]]:
        clocks.append(options.get("clock"))
        one = Stats.of([1.0])
        return one, one, [one for _ in peers]

    monkeypatch.setattr(validation_bench, "compare_loops", fake_compare)
    per_message_us([(print, 1)], [], rounds=1, round_seconds=0.001)
    assert clocks == [time.thread_time_ns]


def test_slower_types_counts_and_names_the_types_where_ours_loses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fixed fake figures (µs per call of each validator): no real timing in this test.
    def quick(data: object) -> object:
        return data

    def slow(data: object) -> object:
        return data

    cost: dict[Validator, float] = {quick: 1.0, slow: 4.0}

    def fake_timing(
        ours: Sequence[tuple[Validator, object]],
        peers: Sequence[Sequence[tuple[Validator, object]]],
        **_: object,
    ) -> tuple[Stats, Stats, list[Stats]]:
        mine = Stats.of([cost[ours[0][0]]])
        again = Stats.of([cost[ours[0][0]] * 1.5])  # the noise floor the note shows
        return mine, again, [Stats.of([cost[p[0][0]]]) for p in peers]

    monkeypatch.setattr(validation_bench, "per_message_us", fake_timing)
    report, lines = collecting_report()
    examples = [Example("Fast", Path("f.json"), {}), Example("Slow", Path("s.json"), {})]
    accepted = validation_bench.Conformance(examples)
    ours = validation_bench.Party("ours", {"Fast": quick, "Slow": slow}, accepted)
    theirs = validation_bench.Party("them", {"Fast": quick, "Slow": quick}, accepted)
    slower_types(report, ours, theirs, "slower types")
    assert report.rows[-1].value == 1 and report.rows[-1].met is False
    assert lines[-2].split() == [
        *("Slow:", "0.25×", "4.00", "µs", "vs", "1.00", "µs"),
        *("floor", "1.50×"),
    ]


def test_scaled_schema_renames_every_copy_apart() -> None:
    text = (
        'export interface Ping { method: "ping"; next?: Pong }\n'
        "export type Pong = Ping | string;\n"
        'export const VERSION = "1";\n'
    )
    scaled = scaled_schema(text, 3)
    for name in ("Ping", "PingCopy2", "PingCopy3", "PongCopy3", "VERSIONCopy2"):
        assert scaled.count(f" {name} ") + scaled.count(f" {name};") >= 1
    assert 'method: "ping-copy3"' in scaled
    assert "next?: PongCopy2" in scaled and "PingCopy2 | string" in scaled


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
    expected = len(codegen_bench.METRICS) + len(validation_bench.METRICS)
    assert [r.value for r in report.rows] == [None] * expected
    metrics = (*codegen_bench.METRICS, *validation_bench.METRICS)
    assert [r.goal for r in report.rows] == [goal for _, _, goal in metrics]
    assert all(r.met is None for r in report.rows)
    assert all("corpus not found" in line for line in lines)
    table = format_table(report.rows)
    assert table.count("skipped") == expected


def test_corpus_files_are_listed_largest_first(tmp_path: Path) -> None:
    for name, size in (("small", 10), ("large", 300), ("middle", 100)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "types.d.ts").write_text("x" * size)
    (tmp_path / "large" / "LICENSE").write_text("y" * 1000)  # not typings
    assert [p.parent.name for p in corpus_bench.corpus_files(tmp_path)] == [
        "large",
        "middle",
        "small",
    ]


def corpus_tree(tmp_path: Path, names: Sequence[str]) -> list[Path]:
    files = []
    for name in names:
        (tmp_path / name).mkdir()
        files.append(tmp_path / name / "types.d.ts")
        files[-1].write_text("export interface A {}\n")
    return files


def test_corpus_bench_times_the_three_largest_files_ours_compiles_and_names_the_refused_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = corpus_tree(tmp_path, ("refused", "first", "second", "third", "fourth"))
    tried: list[str] = []

    def fake_run(schema: Path) -> Callable[[], float]:
        def once() -> float:
            tried.append(schema.parent.name)
            if schema.parent.name == "refused":
                raise Skip("our compiler failed (exit 1): types.d.ts:1:1: error: no")
            return 0.1

        return once

    monkeypatch.setattr(corpus_bench, "ours_run", fake_run)
    report, lines = collecting_report()
    assert corpus_bench.largest_compiling(report, files) == files[1:4]
    assert tried == ["refused", "first", "second", "third"]
    assert any("ours refuses refused/types.d.ts" in line and "error: no" in line for line in lines)
    assert corpus_bench.largest_compiling(report, files, count=1) == files[1:2]
    monkeypatch.setattr(corpus_bench, "ours_run", lambda schema: fake_run(files[0]))
    with pytest.raises(Skip, match="refuses every corpus file"):
        corpus_bench.largest_compiling(report, files)


def test_each_timed_corpus_file_has_its_own_row_held_to_ten_times_the_peer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = corpus_tree(tmp_path, ("fast", "slow", "third", "fourth"))
    cpu = {"fast": 0.1, "slow": 0.5, "third": 0.2, "fourth": 9.0}

    def fake_ours(schema: Path) -> Callable[[], float]:
        return lambda: cpu[schema.parent.name]

    def fake_peer(schema: Path, stages: list[tuple[float, float]]) -> Callable[[], float]:
        def once() -> float:
            stages.append((1.0, 2.0))
            return 3.0

        return once

    monkeypatch.setattr(corpus_bench, "corpus_files", lambda: files)
    monkeypatch.setattr(corpus_bench, "ours_run", fake_ours)
    monkeypatch.setattr(corpus_bench, "peer_run", fake_peer)
    monkeypatch.setattr(peer_pipeline, "ensure_tjs", lambda: None)
    monkeypatch.setattr(peer_pipeline, "ensure_datamodel_codegen", lambda: None)
    report, lines = collecting_report()
    corpus_bench.run(report)
    rows = [(r.metric.split(", ")[1].split(" ")[0], r.value, r.peer, r.met) for r in report.rows]
    assert rows == [
        ("fast/types.d.ts", 0.1, 3.0, True),
        ("slow/types.d.ts", 0.5, 3.0, False),
        ("third/types.d.ts", 0.2, 3.0, True),
    ]
    assert {r.goal for r in report.rows} == {corpus_bench.GOAL_VS_PEER}
    assert corpus_bench.GOAL_VS_PEER.text() == "≥ 10×"
    assert sum("peer stages on slow (CPU medians)" in line for line in lines) == 1


def test_a_full_run_writes_no_results_file_unless_asked(
    fake_package: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make bench`` leaves the tree clean; ``make bench-record`` writes bench/RESULTS.md."""
    from bench import results

    written: list[Path] = []
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: written.append(self))
    assert main([], package=fake_package) == 0
    assert written == [] and "wrote" not in capsys.readouterr().out
    makefile = (results.ROOT / "Makefile").read_text("utf-8")
    recipe = makefile.split("\nbench-record:", 1)[1].split("\n\n", 1)[0]
    assert "--results bench/RESULTS.md" in recipe


def test_the_backplane_section_reads_its_quantiles_from_the_sorted_samples() -> None:
    from bench.backplane_bench import _quantile

    samples = [float(i) for i in range(100, 0, -1)]  # 100 ... 1, unsorted
    assert (_quantile(samples, 0.99), _quantile(samples, 0.5), _quantile([7.0], 0.99)) == (
        99.0,
        51.0,  # the nearest rank: round(0.5 * 99) = 50, the 51st smallest
        7.0,
    )
