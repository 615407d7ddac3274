"""Formatting pass: generated Python text goes through ``ruff format``.

Emitters write readable but loosely formatted text; ruff makes it canonical. It is run
``--isolated`` so the result does not depend on the caller's configuration.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path

LINE_LENGTH = 100


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
    proc = subprocess.run(args, input=text, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise FormatError(f"ruff could not format generated {path}: {proc.stderr.strip()}")
    return proc.stdout


def format_outputs(files: Mapping[str, str]) -> dict[str, str]:
    """Format every ``.py`` output; other files pass through unchanged."""
    return {
        path: format_python(path, text) if path.endswith(".py") else text
        for path, text in files.items()
    }
