"""The scale section (issue #37): its synthetic typing, its per-process measurement, and its
rows and goals (with a fake compiler and peer: nothing here times anything real)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bench import Report, Skip, scale_bench
from bench import peer as peer_pipeline
from bench.synthetic import synthetic_typing
from codegen.build.pipeline import load_schema
from codegen.errors import Diagnostics


def test_the_synthetic_typing_is_deterministic_and_of_the_size_asked() -> None:
    for lines in (1_000, 5_000, 20_000):
        text = synthetic_typing(lines)
        assert text == synthetic_typing(lines)
        assert lines <= text.count("\n") < lines + 100  # one unit at most over
    assert synthetic_typing(0).count("export interface Widget") == 1  # never empty
    twice = synthetic_typing(10_000).count("export interface")
    assert 1.9 < twice / synthetic_typing(5_000).count("export interface") < 2.1


def test_the_synthetic_typing_compiles_with_nothing_degraded(tmp_path: Path) -> None:
    (tmp_path / "synthetic.ts").write_text(synthetic_typing(400))
    diagnostics = Diagnostics()
    schema = load_schema([tmp_path / "synthetic.ts"], diagnostics)
    assert diagnostics.warnings == [] and diagnostics.degraded == []
    # every kind the docstring promises: enums, unions, generics' instances, nested objects
    assert {"Color2", "State2", "Event2", "WidgetPage2", "ListWidgets2Result"} <= set(schema.decls)
    assert "Page" not in schema.decls  # the generic is compiled where it is instantiated


def test_measure_reads_the_child_s_own_cpu_time_and_peak_memory(tmp_path: Path) -> None:
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\n"
    usage = scale_bench.measure(
        [
            sys.executable,
            "-c",
            burn + "b = bytearray(80 * 2**20)\nb[::4096] = b'x' * len(b[::4096])",
        ],
        timeout=60,
        cwd=tmp_path,
        what="child",
    )
    assert usage.cpu >= 0.3 and usage.wall >= usage.cpu * 0.5
    assert usage.peak >= 80 * 2**20


def test_measure_turns_every_failure_into_a_skip(tmp_path: Path) -> None:
    with pytest.raises(Skip, match="child: definitely-not-a-program-xyz not found"):
        scale_bench.measure(
            ["definitely-not-a-program-xyz"], timeout=10, cwd=tmp_path, what="child"
        )
    fail = "import sys; print('bad thing', file=sys.stderr); sys.exit(3)"
    with pytest.raises(Skip, match=r"child failed \(exit 3\): bad thing"):
        scale_bench.measure([sys.executable, "-c", fail], timeout=30, cwd=tmp_path, what="child")
    with pytest.raises(Skip, match="child: timed out after 1 s"):
        sleep = "import time; time.sleep(30)"
        scale_bench.measure([sys.executable, "-c", sleep], timeout=1, cwd=tmp_path, what="child")


def _fake(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ours_per_line: float, tjs_fails: bool = False
) -> list[str]:
    """Ours costs ``ours_per_line`` µs a line (plus a growing term), TJS 100 µs a line."""
    ran: list[str] = []

    def measure(argv: Sequence[str], **_: Any) -> scale_bench.Usage:
        schema = next(a for a in argv if a.endswith(".ts"))
        lines = Path(schema).read_text().count("\n")
        who = "tjs" if "typescript-json-schema" in argv else "ours"
        ran.append(who)
        if who == "tjs":
            if tjs_fails:
                raise Skip("typescript-json-schema: timed out after 300 s")
            return scale_bench.Usage(lines * 100e-6, 1.0, 2**30)
        return scale_bench.Usage(lines * ours_per_line * 1e-6 * (1 + lines / 1e6), 1.0, 2**27)

    monkeypatch.setattr(scale_bench, "measure", measure)
    monkeypatch.setattr(scale_bench, "WORK", tmp_path)
    monkeypatch.setattr(peer_pipeline, "ensure_tjs", lambda: None)
    return ran


def _rows(report: Report) -> dict[str, Any]:
    return {row.metric: row for row in report.rows}


def test_make_bench_times_the_small_sizes_alone_with_the_20k_goal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran = _fake(monkeypatch, tmp_path, ours_per_line=40)
    report = Report(out=lambda _: None, options={"rounds": 2})
    scale_bench.run(report)
    assert "tjs" not in ran and ran.count("ours") == 1 + 3 * 2  # primed once, 3 sizes, 2 rounds
    rows = _rows(report)
    twenty = rows["cold generate, synthetic typing of 20,041 lines (CPU)"]
    assert twenty.goal == scale_bench.GOAL_20K and twenty.met is True  # 0.8 s: 40 µs a line
    assert rows["time per line, 20,041 lines"].value == pytest.approx(40 * 1.02, rel=0.01)
    assert rows["peak memory, 1,035 lines"].value == 128
    assert rows["time per line, 20,041 over 5,065 lines"].value == pytest.approx(1.015, rel=0.01)
    assert not any("80," in metric for metric in rows)


def test_scale_full_adds_40k_and_80k_lines_beside_typescript_json_schema(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran = _fake(monkeypatch, tmp_path, ours_per_line=60)
    report = Report(out=lambda _: None, options={"rounds": 1, "scale_full": 1})
    scale_bench.run(report)
    assert ran.count("tjs") == 5
    rows = _rows(report)
    twenty = rows["cold generate, synthetic typing of 20,041 lines (CPU)"]
    assert twenty.met is False  # 1.2 s
    eighty = rows["cold generate, synthetic typing of 80,019 lines (CPU)"]
    assert eighty.goal == scale_bench.GOAL_VS_TJS and eighty.met is True
    assert eighty.ratio == pytest.approx(100 / 60 / 1.08, rel=0.01)
    linear = rows["time per line, 80,019 over 20,041 lines"]
    assert linear.goal == scale_bench.GOAL_LINEAR and linear.met is True
    assert "time per line, 40,056 over 20,041 lines" in rows


def test_a_failing_peer_leaves_ours_timed_and_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran = _fake(monkeypatch, tmp_path, ours_per_line=60, tjs_fails=True)
    report = Report(out=lambda _: None, options={"rounds": 2, "scale_full": 1})
    scale_bench.run(report)
    assert ran.count("tjs") == 1  # not run again after it failed
    eighty = _rows(report)["cold generate, synthetic typing of 80,019 lines (CPU)"]
    assert eighty.peer is None and eighty.value is not None
    assert any("peer not timed" in text and "timed out" in text for _, text in report.notes)
