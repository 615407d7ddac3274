"""``generate`` (the command) runs the compile with fewer garbage collections, and leaves
the collector as it found it (``codegen/cli/collector.py``); the output does not change."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from codegen.build import pipeline
from codegen.cli import collector, main

SCHEMA = """\
export interface Pet { name: string; tags?: { label: string }[] }
export type Kind = "cat" | "dog";
"""


def _generate(tmp_path: Path, out: Path, text: str = SCHEMA) -> Any:
    (tmp_path / "schema.ts").write_text(text)
    argv = ["generate", "--schema", str(tmp_path / "schema.ts"), "--out", str(out)]
    return CliRunner().invoke(main, [*argv, "--no-cache", "-q"])


def test_the_compile_has_larger_thresholds_and_the_state_is_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[tuple[int, int, int], bool, int]] = []
    compile_ = pipeline.generate

    def spying(*args: Any, **kwargs: Any) -> Any:
        seen.append((gc.get_threshold(), gc.isenabled(), gc.get_freeze_count()))
        return compile_(*args, **kwargs)

    monkeypatch.setattr(pipeline, "generate", spying)
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    done = _generate(tmp_path, tmp_path / "out" / "pets")
    assert done.exit_code == 0, done.output
    ((during, enabled, frozen),) = seen
    assert during == collector.COMPILE_THRESHOLDS != before
    assert enabled and frozen > 0  # collected still; start-up's objects frozen
    assert gc.get_threshold() == before and gc.isenabled() and gc.get_freeze_count() == 0
    # A refused schema (exit 2, through SystemExit) restores it too.
    done = _generate(tmp_path, tmp_path / "out" / "bad", "export interface X { a: Nope }\n")
    assert done.exit_code == 2
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_another_freeze_is_left_to_its_owner() -> None:
    gc.freeze()
    try:
        with collector.fewer_collections():
            pass
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_output_is_the_same_with_default_collections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _generate(tmp_path, tmp_path / "fewer" / "pets").exit_code == 0
    monkeypatch.setattr(collector, "COMPILE_THRESHOLDS", gc.get_threshold())
    assert _generate(tmp_path, tmp_path / "default" / "pets").exit_code == 0

    def texts(folder: Path) -> dict[str, list[str]]:
        return {
            p.name: [line for line in p.read_text().splitlines() if "--out" not in line]
            for p in sorted(folder.iterdir())
            if p.suffix in (".py", ".json") and not p.name.startswith(".")
        }

    fewer, default = texts(tmp_path / "fewer" / "pets"), texts(tmp_path / "default" / "pets")
    assert fewer == default and "models.py" in fewer


def _young_after(freed: int, young: int) -> int:
    """The young threshold ``_adapt`` sets after a young collection that freed ``freed``
    objects with the young threshold at ``young``; the collector's state restored."""
    before = gc.get_threshold()
    try:
        gc.set_threshold(young, 20, 100)
        collector._adapt("stop", {"generation": 0, "collected": freed, "uncollectable": 0})
        adapted, middle, old = gc.get_threshold()
        assert (middle, old) == (20, 100)  # only the young generation adapts
        return adapted
    finally:
        gc.set_threshold(*before)


def test_the_compile_starts_with_the_largest_young_generation() -> None:
    """Nearly all a compile allocates lives to its end: the first young collection, at
    100,000 objects, scanned the parsed IR to free a few hundred of them (#37)."""
    assert collector.COMPILE_THRESHOLDS == (collector.MAX_YOUNG, 20, 100) == (1_600_000, 20, 100)


def test_a_young_collection_that_frees_little_makes_the_next_wait_longer() -> None:
    base = collector.BASE_YOUNG
    assert (base, collector.GROWTH, collector.FREED_SHARE) == (100_000, 16, 16)
    assert collector.MAX_YOUNG == 1_600_000
    # less than a sixteenth freed: sixteen times larger, up to MAX_YOUNG
    assert _young_after(0, base) == 1_600_000
    assert _young_after(6_249, base) == 1_600_000
    assert _young_after(24_999, 400_000) == 1_600_000
    assert _young_after(0, 50_000) == 800_000
    assert _young_after(99_999, 1_600_000) == 1_600_000
    # a sixteenth or more: back to the compile's own size at once
    assert _young_after(6_250, base) == base
    assert _young_after(25_000, 400_000) == base
    assert _young_after(100_000, 1_600_000) == base


def test_only_the_end_of_a_young_collection_adapts_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(100_000, 20, 100)
        collector._adapt("start", {"generation": 0, "collected": 0, "uncollectable": 0})
        collector._adapt("stop", {"generation": 1, "collected": 0, "uncollectable": 0})
        collector._adapt("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
        assert gc.get_threshold() == (100_000, 20, 100)
    finally:
        gc.set_threshold(*before)


def test_the_adapting_callback_lives_as_long_as_the_compile() -> None:
    assert collector._adapt not in gc.callbacks
    with pytest.raises(RuntimeError), collector.fewer_collections():
        assert gc.callbacks.count(collector._adapt) == 1
        raise RuntimeError("a compile that fails")
    assert collector._adapt not in gc.callbacks


def test_what_the_compile_leaves_young_is_not_scanned_again_by_the_caller_s_collections() -> None:
    """After the compile its objects are in the oldest generation: the caller's small young
    threshold does not make its next young collection scan them all."""
    with collector.fewer_collections():
        kept = [[i] for i in range(5_000)]  # alive after the compile, as an IR is
    young, middle, _old = (gc.get_objects(generation=g) for g in range(3))
    assert not any(item is kept[-1] for item in young)
    assert not any(item is kept[-1] for item in middle)
    assert gc.get_count()[0] < 100
