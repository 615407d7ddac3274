"""Incremental regeneration: the cache saves work, never changes output, never breaks a run.

Each test compiles a private copy of ``schema/`` with its own cache folder, and compares
against a cold run with no cache at all. Work saved is read from the result's counters.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codegen.build import fastpath, pipeline
from codegen.build.cache import MAGIC, Cache
from codegen.build.pipeline import GenerateResult, generate
from tests.conftest import ROOT

COMMAND = "make generate"
# An edit that changes one description: models.py and schema.json change, nothing else.
EDITED_FILE = "core/pagination.ts"
EDIT = ("Absent on the last page.", "Absent on the final page.")


@pytest.fixture
def schema(tmp_path: Path) -> Path:
    folder = tmp_path / "schema"
    shutil.copytree(ROOT / "schema", folder, ignore=shutil.ignore_patterns("*.md"))
    return folder


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def cold(schema: Path, out: Path) -> dict[str, bytes]:
    generate(schema, out, command=COMMAND, cache_dir=None)
    return tree(out)


def counts(result: GenerateResult, kind: str) -> tuple[int, int]:
    counters = result.cache.get(kind)
    return (counters.hits, counters.misses) if counters else (0, 0)


def edit(schema: Path) -> None:
    path = schema / EDITED_FILE
    text = path.read_text("utf-8")
    assert EDIT[0] in text, "the edit's anchor text left the schema; pick another"
    path.write_text(text.replace(EDIT[0], EDIT[1]), "utf-8")


def cache_entries(cache_dir: Path, kind: str) -> Iterator[Path]:
    return (p for p in (cache_dir / kind).rglob("*") if p.is_file())


def test_one_file_edit_reuses_the_rest_and_matches_a_cold_run(
    schema: Path, cache_dir: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    files = len(list(schema.rglob("*.ts")))
    first = generate(schema, out, command=COMMAND, cache_dir=cache_dir)
    assert counts(first, "parse") == (0, files)
    assert counts(first, "build") == (0, 1)

    edit(schema)
    second = generate(schema, out, command=COMMAND, cache_dir=cache_dir)
    assert counts(second, "parse") == (files - 1, 1)
    assert counts(second, "build") == (0, 1)
    # only models.py changed among the Python outputs; the others skip ruff
    python_outputs = sum(1 for path in second.files if path.endswith(".py"))
    assert counts(second, "format") == (python_outputs - 1, 1)
    assert second.written == ["models.py", "schema.json"]

    assert tree(out) == cold(schema, tmp_path / "cold")


def test_warnings_and_overrides_survive_the_build_cache(
    schema: Path, cache_dir: Path, tmp_path: Path
) -> None:
    # A union no field tells apart, not marked ``@untagged``: one warning to carry.
    (schema / "ext" / "warned.ts").write_text(
        "export interface WarnA { a?: string }\nexport interface WarnB { b?: number }\n"
        "export interface WarnHolder { w: WarnA | WarnB }\n"
    )
    first = generate(schema, tmp_path / "a", command=COMMAND, cache_dir=cache_dir)
    again = generate(schema, tmp_path / "b", command=COMMAND, cache_dir=cache_dir)
    assert counts(again, "build") == (1, 0)
    assert "parse" not in again.cache  # nothing was compiled
    assert first.overrides and again.overrides == first.overrides
    assert first.diagnostics.warnings and again.diagnostics.warnings == first.diagnostics.warnings
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_check_uses_the_cache_and_still_names_stale_files(
    schema: Path, cache_dir: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    generate(schema, out, command=COMMAND, cache_dir=cache_dir)
    fresh = generate(schema, out, check=True, command=COMMAND, cache_dir=cache_dir)
    assert fresh.up_to_date and counts(fresh, "build") == (1, 0)
    edit(schema)
    stale = generate(schema, out, check=True, command=COMMAND, cache_dir=cache_dir)
    assert stale.stale == ["models.py", "schema.json"]


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "wrong type"])
def test_damaged_entries_are_ignored(
    schema: Path, cache_dir: Path, tmp_path: Path, damage: str
) -> None:
    generate(schema, tmp_path / "warm", command=COMMAND, cache_dir=cache_dir)
    entries = [p for kind in ("parse", "build", "format") for p in cache_entries(cache_dir, kind)]
    assert entries
    for entry in entries:
        data = entry.read_bytes()
        if damage == "truncate":
            entry.write_bytes(data[: len(data) // 2])
        elif damage == "flip":
            entry.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
        elif damage == "garbage":
            entry.write_bytes(b"\x00not a cache entry")
        elif damage == "empty":
            entry.write_bytes(b"")
        else:  # a well-formed entry holding the wrong kind of value
            Cache(cache_dir).put_object(entry.parent.parent.name, entry.name, ["not", "it"])

    out = tmp_path / "out"
    result = generate(schema, out, command=COMMAND, cache_dir=cache_dir)
    assert counts(result, "build") == (0, 1) and result.cache["build"].corrupt == 1
    assert counts(result, "parse")[0] == 0 and result.cache["parse"].corrupt > 0
    assert tree(out) == cold(schema, tmp_path / "cold")
    # the damaged entries were replaced: the next run is served from the cache again
    again = generate(schema, tmp_path / "again", command=COMMAND, cache_dir=cache_dir)
    assert counts(again, "build") == (1, 0)


def test_deleting_the_cache_only_costs_time(schema: Path, cache_dir: Path, tmp_path: Path) -> None:
    generate(schema, tmp_path / "a", command=COMMAND, cache_dir=cache_dir)
    shutil.rmtree(cache_dir)
    result = generate(schema, tmp_path / "b", command=COMMAND, cache_dir=cache_dir)
    assert counts(result, "build") == (0, 1)
    assert tree(tmp_path / "b") == tree(tmp_path / "a")
    assert cache_dir.is_dir()


def test_unwritable_cache_folder_does_not_fail_the_run(schema: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    out = tmp_path / "out"
    result = generate(schema, out, command=COMMAND, cache_dir=blocker)
    assert result.cache["build"].stored == 0
    assert tree(out) == cold(schema, tmp_path / "cold")


def test_compiler_source_change_invalidates(
    schema: Path, cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiler = tmp_path / "codegen"
    shutil.copytree(fastpath.CODEGEN_DIR, compiler, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(fastpath, "CODEGEN_DIR", compiler)
    fastpath.compiler_hash.cache_clear()
    try:
        out = tmp_path / "out"
        generate(schema, out, command=COMMAND, cache_dir=cache_dir)
        before = fastpath.compiler_hash()
        template = next(compiler.rglob("*.jinja"))
        template.write_text(template.read_text("utf-8") + "\n", "utf-8")
        fastpath.compiler_hash.cache_clear()
        assert fastpath.compiler_hash() != before
        result = generate(schema, out, command=COMMAND, cache_dir=cache_dir)
        assert not result.up_to_date or result.written == []  # ran, did not short-cut
        files = len(list(schema.rglob("*.ts")))
        assert counts(result, "build") == (0, 1)
        assert counts(result, "parse") == (0, files)
    finally:
        fastpath.compiler_hash.cache_clear()


def test_compiler_edited_during_a_run_leaves_nothing_cached(
    schema: Path, cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiler = tmp_path / "codegen"
    shutil.copytree(fastpath.CODEGEN_DIR, compiler, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(fastpath, "CODEGEN_DIR", compiler)
    real_build = pipeline.build

    def build_while_someone_edits(*args: Any, **kwargs: Any) -> dict[str, str]:
        template = next(compiler.rglob("*.jinja"))
        template.write_text(template.read_text("utf-8") + "\n", "utf-8")
        return real_build(*args, **kwargs)

    monkeypatch.setattr(pipeline, "build", build_while_someone_edits)
    fastpath.compiler_hash.cache_clear()
    try:
        out = tmp_path / "out"
        result = generate(schema, out, command=COMMAND, cache_dir=cache_dir)
        assert result.cache["build"].stored == result.cache["parse"].stored == 0
        assert not list(cache_entries(cache_dir, "build"))
        assert not list(cache_entries(cache_dir, "parse"))
        assert tree(out) == cold(schema, tmp_path / "cold")
    finally:
        fastpath.compiler_hash.cache_clear()


def test_prune_keeps_the_folder_under_its_budget(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    for i in range(10):
        cache.put("blob", f"{i:064x}", bytes(1000))
    assert cache.prune(max_bytes=5 * (1000 + 100)) >= 5
    assert sum(p.stat().st_size for p in tmp_path.rglob("*") if p.is_file()) <= 5500


def test_disabled_cache_stores_nothing(tmp_path: Path) -> None:
    cache = Cache(None)
    cache.put("blob", "ab" * 32, b"payload")
    assert cache.get("blob", "ab" * 32) is None
    assert cache.stats["blob"].misses == 1


@given(payload=st.binary(max_size=256), cut=st.integers(min_value=0), flip=st.integers(0, 255))
def test_any_damage_to_an_entry_reads_as_a_miss(
    tmp_path_factory: pytest.TempPathFactory, payload: bytes, cut: int, flip: int
) -> None:
    cache = Cache(tmp_path_factory.mktemp("cache"))
    name = "cd" * 32
    cache.put("blob", name, payload)
    assert cache.get("blob", name) == payload
    entry = next((cache.root or Path()).rglob(name))
    data = entry.read_bytes()
    assert data.startswith(MAGIC)
    position = cut % len(data)
    damaged = data[:position] + bytes([data[position] ^ (flip or 1)]) + data[position + 1 :]
    entry.write_bytes(damaged)
    assert cache.get("blob", name) is None
    assert cache.stats["blob"].corrupt == 1
    assert not entry.exists()  # removed, so the next run stores a good one


@given(junk=st.binary(max_size=300))
def test_arbitrary_bytes_in_an_entry_never_decode(
    tmp_path_factory: pytest.TempPathFactory, junk: bytes
) -> None:
    root = tmp_path_factory.mktemp("cache")
    name = "ef" * 32
    (root / "blob" / name[:2]).mkdir(parents=True)
    (root / "blob" / name[:2] / name).write_bytes(junk)
    cache = Cache(root)
    assert cache.get_object("blob", name, dict) is None
    assert cache.get_text("blob", name) is None or junk.startswith(MAGIC)


# --------------------------------------------------------------------------- no-op path


def test_fast_noop_answers_only_when_the_full_run_would_do_nothing(
    schema: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    argv = ["generate", "--schema", str(schema), "--out", str(out)]
    assert not fastpath.try_noop(argv)  # nothing generated yet
    generate(schema, out, command=fastpath.command_for(schema, out), cache_dir=None)
    assert fastpath.try_noop(argv)
    assert capsys.readouterr().out == f"{out} is up to date\n"
    assert fastpath.try_noop([*argv, "-q", "--no-cache"]) and capsys.readouterr().out == ""
    assert fastpath.try_noop(["generate", f"--schema={schema}", f"--out={out}", "--quiet"])

    for other in (["--check"], ["--help"], ["--schema", "x"], ["--bogus"], ["--cache-dir"]):
        assert not fastpath.try_noop([*argv, *other]), other
    assert not fastpath.try_noop(["jsonschema", str(schema)])

    (out / "client.py").write_text("edited by hand\n")
    assert not fastpath.try_noop(argv)
    generate(schema, out, command=fastpath.command_for(schema, out), cache_dir=None)
    assert fastpath.try_noop(argv)
    edit(schema)
    assert not fastpath.try_noop(argv)


def test_fast_noop_agrees_with_the_command_line(schema: Path, tmp_path: Path) -> None:
    """The CLI writes the manifest; the fast path must recognise it, else it never fires."""
    out = tmp_path / "out"
    args = ["generate", "--schema", str(schema), "--out", str(out)]
    proc = subprocess.run(
        [sys.executable, "-m", "codegen", *args, "--cache-dir", str(tmp_path / "cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert fastpath.try_noop(args)


# --------------------------------------------------------------------------- formatting

LOOSE = {
    "a.py": "x=1\ny = [1,2 ,3]\n\n\n\n\ndef f( a ):\n  return a\n",
    "pkg/b.py": "class  C :\n    '''Doc.'''\n    z : int=0\n",
    "c/b.py": "import os,sys\r\nprint( os , sys )\r\n",  # same file name, other folder
    "d.pyi": "def g(x:int)->int: ...\n",
}


def test_one_ruff_process_formats_like_one_per_file(tmp_path: Path) -> None:
    from codegen.build.format import format_many, format_outputs, format_python

    together = format_many(LOOSE)
    assert together == {path: format_python(path, text) for path, text in LOOSE.items()}
    assert together["a.py"] != LOOSE["a.py"]
    # format_outputs formats .py outputs only; other files pass through as emitted
    cache = Cache(tmp_path)
    files = {**LOOSE, "schema.json": "{ }\n"}
    python = [path for path in files if path.endswith(".py")]
    first = format_outputs(files, cache)
    assert first == {path: together[path] if path in python else files[path] for path in files}
    assert (cache.stats["format"].hits, cache.stats["format"].stored) == (0, len(python))
    assert format_outputs(files, cache) == first
    assert cache.stats["format"].hits == len(python)


def test_format_error_names_the_generated_file() -> None:
    from codegen.build.format import FormatError, format_many

    with pytest.raises(FormatError, match=r"broken\.py") as raised:
        format_many({"fine.py": "x = 1\n", "broken.py": "def (:\n"})
    assert "codegen-format-" not in str(raised.value)  # no temporary paths in the message


# --------------------------------------------------------------------------- no pickle


class _Boom:
    """Unpickling this would run ``touch``: a planted cache entry must never get that far."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (subprocess.call, (["touch", self.marker],))


def test_a_planted_pickle_entry_runs_nothing(schema: Path, cache_dir: Path, tmp_path: Path) -> None:
    import hashlib
    import pickle

    generate(schema, tmp_path / "warm", command=COMMAND, cache_dir=cache_dir)
    marker = tmp_path / "PWNED"
    payload = pickle.dumps(_Boom(str(marker)))
    planted = MAGIC + hashlib.sha256(payload).digest() + payload  # a valid checksum, even
    entries = [p for kind in ("parse", "build", "format") for p in cache_entries(cache_dir, kind)]
    for entry in entries:
        entry.write_bytes(planted)
    result = generate(schema, tmp_path / "out", command=COMMAND, cache_dir=cache_dir)
    assert not marker.exists()
    assert result.cache["build"].corrupt == 1
    assert tree(tmp_path / "out") == cold(schema, tmp_path / "cold")


def test_entries_decode_only_the_classes_asked_for() -> None:
    from codegen import ir
    from codegen.build.cache import decode, encode

    module = ir.Module("a.ts", (ir.Alias("A", ir.Primitive("string")),))
    assert decode(encode(module), pipeline.IR_CLASSES) == module
    with pytest.raises(ValueError):
        decode(encode(module), (ir.Module,))  # Alias is not allowed here
    with pytest.raises(ValueError):
        decode(b'{"c": "Path", "v": {}}', pipeline.IR_CLASSES)
    with pytest.raises(ValueError):
        decode(b'{"c": "Alias", "v": {"name": "A"}}', pipeline.IR_CLASSES)  # missing fields


def test_no_cache_serialises_nothing(
    schema: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from codegen.build import cache as cache_module

    def refuse(value: object) -> bytes:
        raise AssertionError("serialised with the cache off")

    monkeypatch.setattr(cache_module, "encode", refuse)
    result = generate(schema, tmp_path / "out", command=COMMAND, cache_dir=None)
    assert result.written and not any(c.stored for c in result.cache.values())
