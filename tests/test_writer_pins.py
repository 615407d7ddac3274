"""Exact behaviour of the output writer (pins found by mutation testing)."""

from __future__ import annotations

import codecs
import hashlib
import json
from pathlib import Path

import pytest

from codegen.writer import MANIFEST, Manifest, digest, stale_files, write_outputs


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_nested_outputs_and_a_missing_out_parent_are_created(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "out"
    files = {"top.py": "a = 1\n", "pkg/sub/deep.py": "b = 2\n"}
    report = write_outputs(out, files, "in-hash")
    assert report.written == ["pkg/sub/deep.py", "top.py"]
    assert (report.unchanged, report.removed) == ([], [])
    assert (out / "pkg" / "sub" / "deep.py").read_text("utf-8") == "b = 2\n"
    assert (out / "top.py").read_text("utf-8") == "a = 1\n"


def test_the_manifest_on_disk_is_sorted_indented_json_of_sha256_digests(tmp_path: Path) -> None:
    files = {"z.py": "z\n", "a/b.py": "é\n"}
    write_outputs(tmp_path, files, "abc123")
    text = (tmp_path / MANIFEST).read_text("utf-8")
    ab, z = _sha("é\n"), _sha("z\n")
    assert text == (
        "{\n"
        '  "files": {\n'
        f'    "a/b.py": "{ab}",\n'
        f'    "z.py": "{z}"\n'
        "  },\n"
        '  "input_hash": "abc123"\n'
        "}\n"
    )
    manifest = Manifest.read(tmp_path)
    assert manifest is not None
    assert manifest.input_hash == "abc123"
    assert manifest.files == {"a/b.py": _sha("é\n"), "z.py": _sha("z\n")}
    assert digest(b"z\n") == _sha("z\n")
    assert json.loads(text)["files"] == manifest.files


def test_outputs_intact_is_false_for_a_deleted_or_unreadable_output(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "a\n", "b/c.py": "c\n"}, "h")
    manifest = Manifest.read(tmp_path)
    assert manifest is not None and manifest.outputs_intact(tmp_path) is True
    (tmp_path / "b" / "c.py").unlink()
    assert manifest.outputs_intact(tmp_path) is False  # read_bytes raises OSError
    (tmp_path / "b" / "c.py").mkdir()  # a folder where the file was: also an OSError
    assert manifest.outputs_intact(tmp_path) is False
    (tmp_path / "b" / "c.py").rmdir()
    (tmp_path / "b" / "c.py").write_text("c\n", "utf-8")
    assert manifest.outputs_intact(tmp_path) is True
    (tmp_path / "a.py").write_text("edited\n", "utf-8")
    assert manifest.outputs_intact(tmp_path) is False


def test_a_rewrite_reports_each_file_once_in_sorted_order(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"b.py": "b\n", "a.py": "a\n", "old/x.py": "x\n"}, "h1")
    report = write_outputs(tmp_path, {"b.py": "B\n", "a.py": "a\n", "c.py": "c\n"}, "h2")
    assert report.written == ["b.py", "c.py"]
    assert report.unchanged == ["a.py"]
    assert report.removed == ["old/x.py"]
    assert not (tmp_path / "old" / "x.py").exists()
    manifest = Manifest.read(tmp_path)
    assert manifest is not None and manifest.input_hash == "h2"
    assert sorted(manifest.files) == ["a.py", "b.py", "c.py"]
    assert stale_files(tmp_path, {"a.py": "a\n", "b.py": "B\n", "c.py": "c\n"}) == []
    assert stale_files(tmp_path, {"a.py": "a\n", "b.py": "B\n"}) == ["c.py"]
    assert stale_files(
        tmp_path, {"a.py": "changed\n", "b.py": "B\n", "c.py": "c\n", "d.py": ""}
    ) == [
        "a.py",
        "d.py",
    ]


def test_a_manifest_of_the_wrong_shape_reads_as_none(tmp_path: Path) -> None:
    for body in (
        '{"input_hash": "h"}',
        '{"files": {}}',
        "[]",
        '{"input_hash": "h", "files": []}',
        "{",
    ):
        (tmp_path / MANIFEST).write_text(body, "utf-8")
        assert Manifest.read(tmp_path) is None, body
    (tmp_path / MANIFEST).write_text('{"input_hash": 7, "files": {"a": 1}}', "utf-8")
    manifest = Manifest.read(tmp_path)
    assert manifest is not None and (manifest.input_hash, manifest.files) == ("7", {"a": "1"})


def test_every_text_read_and_write_names_utf_8_whatever_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The locale's encoding differs between machines (ASCII under LC_ALL=C without
    # coercion); the writer must never fall back to it.
    encodings: list[object] = []
    read_text, write_text = Path.read_text, Path.write_text

    def spy_read(self: Path, encoding: str | None = None, errors: str | None = None) -> str:
        encodings.append(encoding)
        return read_text(self, encoding, errors)

    def spy_write(self: Path, data: str, encoding: str | None = None, *args: object) -> int:
        encodings.append(encoding)
        return write_text(self, data, encoding, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", spy_read)
    monkeypatch.setattr(Path, "write_text", spy_write)
    write_outputs(tmp_path, {"a.py": "é = 1\n"}, "h")
    write_outputs(tmp_path, {"a.py": "é = 1\n", "b.py": "ü\n"}, "h")
    stale_files(tmp_path, {"a.py": "é = 1\n"})
    Manifest.read(tmp_path)
    assert encodings, "the writer reads and writes through pathlib"
    assert all(isinstance(e, str) and codecs.lookup(e).name == "utf-8" for e in encodings)
    assert (tmp_path / "a.py").read_bytes() == "é = 1\n".encode()
