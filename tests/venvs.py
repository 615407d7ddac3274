"""Fresh virtual environments for the install tests, without a pip of their own.

``python -m venv`` runs ensurepip, about 4 s of CPU per environment; the dev venv's pip
installs into the new one instead (``pip --python``), so each environment holds the
interpreter and what the test installs, nothing else.
"""

from __future__ import annotations

import sys
import venv
from pathlib import Path


def fresh_venv(folder: Path) -> Path:
    """A new virtual environment at ``folder`` without pip: its ``bin/python``."""
    venv.EnvBuilder(with_pip=False).create(folder)
    return folder / "bin" / "python"


def pip_into(python: Path, *args: str | Path) -> list[str]:
    """The command line that runs ``pip ARGS`` for the environment of ``python``."""
    return [sys.executable, "-m", "pip", "--python", str(python), *map(str, args)]
