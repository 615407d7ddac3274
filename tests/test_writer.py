"""The writer: the only pass with I/O. It never deletes what it did not write."""

from __future__ import annotations

from pathlib import Path

from codegen.writer import MANIFEST, Manifest, stale_files, write_outputs


def test_writes_then_reports_unchanged(tmp_path: Path) -> None:
    first = write_outputs(tmp_path, {"a.py": "x = 1\n", "sub/b.json": "{}\n"}, "h1")
    assert first.written == ["a.py", "sub/b.json"]
    second = write_outputs(tmp_path, {"a.py": "x = 1\n", "sub/b.json": "{}\n"}, "h1")
    assert second.written == [] and second.unchanged == ["a.py", "sub/b.json"]
    assert (tmp_path / "sub/b.json").read_text() == "{}\n"


def test_removes_only_files_it_wrote_before(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_text("mine")
    write_outputs(tmp_path, {"a.py": "1\n", "old.py": "2\n"}, "h1")
    report = write_outputs(tmp_path, {"a.py": "1\n"}, "h2")
    assert report.removed == ["old.py"]
    assert not (tmp_path / "old.py").exists()
    assert (tmp_path / "hand.txt").read_text() == "mine"


def test_stale_files_names_changed_missing_and_leftover(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "1\n", "b.py": "2\n", "c.py": "3\n"}, "h")
    (tmp_path / "a.py").write_text("edited by hand\n")
    (tmp_path / "b.py").unlink()
    assert stale_files(tmp_path, {"a.py": "1\n", "b.py": "2\n"}) == ["a.py", "b.py", "c.py"]
    # what is on disk now, with b.py written again, is fresh
    (tmp_path / "b.py").write_text("2\n")
    assert stale_files(tmp_path, {"a.py": "edited by hand\n", "b.py": "2\n", "c.py": "3\n"}) == []


def test_manifest_detects_edits_and_survives_garbage(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "1\n"}, "hash")
    manifest = Manifest.read(tmp_path)
    assert manifest is not None and manifest.input_hash == "hash"
    assert manifest.outputs_intact(tmp_path)
    (tmp_path / "a.py").write_text("2\n")
    assert not manifest.outputs_intact(tmp_path)
    (tmp_path / MANIFEST).write_text("not json")
    assert Manifest.read(tmp_path) is None
