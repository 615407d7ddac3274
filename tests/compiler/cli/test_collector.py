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
