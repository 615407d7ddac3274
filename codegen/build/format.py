"""Formatting pass: generated Python text goes through ``ruff format``.

Emitters write readable but loosely formatted text; ruff makes it canonical. It is run
``--isolated`` so the result does not depend on the caller's configuration.

``format_outputs`` formats every text it has not formatted before in one ruff process
(ruff's start-up, not its formatting, is most of the cost) and remembers each result in
the cache under the unformatted text's hash, so unchanged outputs skip ruff entirely.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .cache import Cache, key

LINE_LENGTH = 100


@functools.cache
def _ruff() -> str:
    """The ruff binary installed beside this interpreter, else the one on PATH."""
    scripts = Path(sysconfig.get_path("scripts"))
    for candidate in (scripts / "ruff", Path(sys.executable).parent / "ruff"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return "ruff"


class FormatError(RuntimeError):
    """ruff rejected generated code: a bug in an emitter, never in the user's schema."""


def format_python(path: str, text: str) -> str:
    args = [
        _ruff(), "format", "--isolated", f"--line-length={LINE_LENGTH}",
        f"--stdin-filename={path}", "-",
    ]  # fmt: skip
    # Bytes both ways, as in ``format_many``: no newline translation in either direction.
    proc = subprocess.run(args, input=text.encode("utf-8"), capture_output=True, check=False)
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace").strip()
        raise FormatError(f"ruff could not format generated {path}: {stderr}")
    return proc.stdout.decode("utf-8")


@functools.cache
def formatter_identity() -> str:
    """What decides how a text is formatted: the ruff binary and this module's own options.

    Cache keys name it, so another ruff or an edit here never reuses an old result.
    """
    binary = shutil.which(_ruff()) or _ruff()
    try:
        st = os.stat(binary)
        ruff = f"{binary}\0{st.st_size}\0{st.st_mtime_ns}"
    except OSError:
        ruff = binary
    return key(ruff, Path(__file__).read_bytes())


def format_key(path: str, text: str) -> str:
    return key("format", formatter_identity(), path, text)


@functools.cache
def _scratch_parent() -> str | None:
    """Where ruff's scratch copies go: in memory where the system has such a folder
    (Linux's /dev/shm; measured: 0.3 ms against 24 ms on disk to write and remove eight
    copies), else the default temporary folder."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def format_many(files: Mapping[str, str]) -> dict[str, str]:
    """Format several Python texts with one ruff process; same result as ``format_python``."""
    if len(files) <= 1:
        return {path: format_python(path, text) for path, text in files.items()}
    with tempfile.TemporaryDirectory(prefix="codegen-format-", dir=_scratch_parent()) as tmp:
        # Numbered folders keep each output's own file name (ruff reads the suffix) and
        # cannot collide, whatever the output paths look like.
        targets = {path: Path(tmp, str(i), Path(path).name) for i, path in enumerate(files)}
        for path, target in targets.items():
            target.parent.mkdir()
            target.write_bytes(files[path].encode("utf-8"))
        args = [
            _ruff(), "format", "--isolated", "--no-cache", f"--line-length={LINE_LENGTH}",
            "--", *map(str, targets.values()),
        ]  # fmt: skip
        proc = subprocess.run(args, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            message = proc.stderr.strip()
            for path, target in targets.items():
                message = message.replace(str(target), path)
            raise FormatError(f"ruff could not format generated code: {message}")
        return {path: target.read_bytes().decode("utf-8") for path, target in targets.items()}


def format_outputs(files: Mapping[str, str], cache: Cache | None = None) -> dict[str, str]:
    """Format every ``.py`` output; other files pass through unchanged."""
    store = cache if cache is not None else Cache(None)
    done: dict[str, str] = {}
    todo: dict[str, str] = {}
    for path, text in files.items():
        if not path.endswith(".py"):
            done[path] = text
        elif (hit := store.get_text("format", format_key(path, text))) is not None:
            done[path] = hit
        else:
            todo[path] = text
    for path, formatted in format_many(todo).items():
        store.put_text("format", format_key(path, todo[path]), formatted)
        done[path] = formatted
    return {path: done[path] for path in files}
