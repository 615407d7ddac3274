"""The writer: the only pass with I/O. It never deletes what it did not write."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from codegen.build.writer import MANIFEST, Manifest, stale_files, write_outputs


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


# --------------------------------------------------------------------------- tampered manifests


def _tamper(out: Path, files: dict[str, str]) -> None:
    """Replace the manifest's file list, as an attacker with write access to it would."""
    raw = json.loads((out / MANIFEST).read_text("utf-8"))
    raw["files"] = files
    (out / MANIFEST).write_text(json.dumps(raw), "utf-8")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_tampered_manifest_deletes_nothing_outside_out(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    write_outputs(out, {"a.py": "1\n"}, "h1")
    (out / "link").symlink_to(outside, target_is_directory=True)
    (out / "victim_link.txt").symlink_to(victim)
    sha = _sha("precious")
    _tamper(
        out,
        {
            "a.py": _sha("1\n"),
            "../outside/victim.txt": sha,
            str(victim): sha,
            "link/victim.txt": sha,
            "victim_link.txt": sha,
            "./../outside/victim.txt": sha,
            "sub/../../outside/victim.txt": sha,
        },
    )
    warnings: list[str] = []
    report = write_outputs(out, {"a.py": "1\n"}, "h2", warn=warnings.append)
    assert report.removed == []
    assert victim.read_text() == "precious"
    assert (out / "victim_link.txt").is_symlink() and (out / "link").is_symlink()
    assert len(warnings) == 6


def test_a_file_changed_since_it_was_written_is_kept(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "1\n", "old.py": "2\n"}, "h1")
    (tmp_path / "old.py").write_text("my edits\n")
    warnings: list[str] = []
    report = write_outputs(tmp_path, {"a.py": "1\n"}, "h2", warn=warnings.append)
    assert report.removed == []
    assert (tmp_path / "old.py").read_text() == "my edits\n"
    assert warnings and "not the file the compiler wrote" in warnings[0]


def test_a_folder_in_the_manifest_is_not_removed(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "1\n"}, "h1")
    (tmp_path / "dir").mkdir()
    _tamper(tmp_path, {"a.py": _sha("1\n"), "dir": _sha("")})
    report = write_outputs(tmp_path, {"a.py": "1\n"}, "h2")
    assert report.removed == [] and (tmp_path / "dir").is_dir()


def test_never_writes_through_a_symlink(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.py").symlink_to(outside)
    write_outputs(out, {"a.py": "1\n"}, "h")
    assert outside.read_text() == "precious"
    assert not (out / "a.py").is_symlink() and (out / "a.py").read_text() == "1\n"


def test_a_symlinked_folder_on_the_way_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "sub").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ValueError, match="not inside the output folder"):
        write_outputs(out, {"sub/a.py": "1\n"}, "h")
    assert list(outside.iterdir()) == []


def test_out_folder_may_not_be_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "out").symlink_to(real, target_is_directory=True)
    with pytest.raises(OSError, match="symlink"):
        write_outputs(tmp_path / "out", {"a.py": "1\n"}, "h")
    assert list(real.iterdir()) == []


def test_nested_outputs_and_a_missing_parent_are_created(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "parent" / "out"
    report = write_outputs(out, {"a/b/c.py": "1\n", "d.json": "{}\n"}, "h")
    assert report.written == ["a/b/c.py", "d.json"]
    assert (out / "a/b/c.py").read_text() == "1\n"


def test_manifest_format_is_pinned(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"b.py": "2\n", "a/x.py": "1\n"}, "inputs")
    one, two = _sha("1\n"), _sha("2\n")
    assert (tmp_path / MANIFEST).read_text("utf-8") == (
        "{\n"
        '  "files": {\n'
        f'    "a/x.py": "{one}",\n'
        f'    "b.py": "{two}"\n'
        "  },\n"
        '  "input_hash": "inputs"\n'
        "}\n"
    )


def test_stale_files_ignores_manifest_paths_outside_out(tmp_path: Path) -> None:
    (tmp_path / "victim").write_text("x")
    out = tmp_path / "out"
    write_outputs(out, {"a.py": "1\n"}, "h")
    _tamper(out, {"a.py": _sha("1\n"), "../victim": _sha("x")})
    assert stale_files(out, {"a.py": "1\n"}) == []
