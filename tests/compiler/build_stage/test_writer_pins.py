"""Exact behaviour of the output writer (pins found by mutation testing)."""

from __future__ import annotations

import codecs
import hashlib
import json
from pathlib import Path

import pytest

from codegen.build.writer import MANIFEST, Manifest, digest, stale_files, write_outputs


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


# --- pins from the mutation run of 2026-11-24 (docs/testing.md) ----------------------


@pytest.mark.parametrize("rel", ["", "a\\b.py", "a\0b.py", "../a.py", "/abs.py", "a/../../b.py"])
def test_inside_refuses_empty_backslash_nul_and_escaping_paths(tmp_path: Path, rel: str) -> None:
    from codegen.build.writer import inside

    assert inside(tmp_path, rel) is None
    assert inside(tmp_path, "ok/b.py") == tmp_path / "ok" / "b.py"


def test_outputs_intact_is_false_when_reading_an_output_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_outputs(tmp_path, {"a.py": "a\n"}, "h")
    manifest = Manifest.read(tmp_path)
    assert manifest is not None and manifest.outputs_intact(tmp_path) is True

    def unreadable(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    assert manifest.outputs_intact(tmp_path) is False


def test_outputs_are_written_0o644_through_a_fresh_file_that_follows_no_symlink(
    tmp_path: Path,
) -> None:
    import os

    umask = os.umask(0)
    os.umask(umask)
    write_outputs(tmp_path, {"a.py": "a\n"}, "h")
    assert (tmp_path / "a.py").stat().st_mode & 0o777 == 0o644 & ~umask
    # A symlink planted where the writer makes its temporary file is not followed.
    outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
    outside.write_text("keep\n", "utf-8")
    (tmp_path / f".b.py.{os.getpid()}.tmp").symlink_to(outside)
    with pytest.raises(OSError):
        write_outputs(tmp_path, {"a.py": "a\n", "b.py": "b\n"}, "h")
    assert outside.read_text("utf-8") == "keep\n"


def test_the_writer_opens_its_files_as_utf_8_without_newline_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import codegen.build.writer as writer

    opened: list[tuple[object, object]] = []
    fdopen = writer.os.fdopen

    def spy(fd: int, mode: str, *args: object, **kwargs: object) -> object:
        opened.append((kwargs.get("encoding"), kwargs.get("newline", "absent")))
        return fdopen(fd, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(writer.os, "fdopen", spy)
    write_outputs(tmp_path, {"a.py": "é\r\n"}, "h")
    assert opened and all(
        isinstance(e, str) and codecs.lookup(e).name == "utf-8" and n == "" for e, n in opened
    )
    assert (tmp_path / "a.py").read_bytes() == "é\r\n".encode()


def test_a_folder_that_turns_into_a_symlink_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    mkdir = Path.mkdir

    def swap(self: Path, *args: object, **kwargs: object) -> None:
        if self == out / "pkg":
            self.symlink_to(elsewhere)  # a race: the folder is a symlink once made
            return
        mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", swap)
    with pytest.raises(OSError) as caught:
        write_outputs(out, {"pkg/a.py": "a\n"}, "h")
    assert str(caught.value) == f"{out / 'pkg/a.py'}: a folder on the way is a symlink"
    assert list(elsewhere.iterdir()) == []


def test_removal_goes_on_past_entries_it_must_skip_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"m.py": "m\n", "z.py": "z\n"}
    write_outputs(tmp_path, files, "h")
    manifest = json.loads((tmp_path / MANIFEST).read_text("utf-8"))
    manifest["files"]["../x.py"] = _sha("x\n")  # outside: skipped
    manifest["files"]["a_missing.py"] = _sha("gone\n")  # not on disk: skipped
    (tmp_path / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    unlink = Path.unlink

    def refuse_m(self: Path, *args: object, **kwargs: object) -> None:
        if self.name == "m.py":
            raise PermissionError(13, "Permission denied", str(self))
        unlink(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "unlink", refuse_m)
    warnings: list[str] = []
    report = write_outputs(tmp_path, {}, "h", warn=warnings.append)
    assert report.removed == ["z.py"] and not (tmp_path / "z.py").exists()
    assert warnings == [
        f"not removing '../x.py': the manifest names a path outside {tmp_path}",
        f"not removing {tmp_path / 'm.py'}: Permission denied",
    ]


def test_outputs_intact_is_false_for_a_manifest_naming_a_path_outside(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "a\n"}, "h")
    assert Manifest("h", {"a.py": _sha("a\n")}).outputs_intact(tmp_path) is True
    assert Manifest("h", {"../a.py": _sha("a\n")}).outputs_intact(tmp_path) is False
    assert Manifest("h", {"a.py": _sha("a\n"), "/etc/x": "0"}).outputs_intact(tmp_path) is False


def test_removal_goes_on_past_kept_and_edited_files(tmp_path: Path) -> None:
    write_outputs(tmp_path, {"a.py": "a\n", "e.py": "e\n", "z.py": "z\n"}, "h")
    (tmp_path / "e.py").write_text("edited by hand\n", "utf-8")
    warnings: list[str] = []
    report = write_outputs(tmp_path, {"a.py": "a\n"}, "h", warn=warnings.append)
    assert report.removed == ["z.py"] and not (tmp_path / "z.py").exists()
    assert (tmp_path / "e.py").read_text("utf-8") == "edited by hand\n"
    assert warnings == [f"not removing {tmp_path / 'e.py'}: it is not the file the compiler wrote"]
