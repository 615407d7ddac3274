"""The sdist holds the shipped sources and the top-level files only: an unanchored hatch
include pattern would also pick up ``bench/README.md``, the protocol corpus' ``LICENSE``
files and ``tests/migrate_sample/README.md`` (issue #25)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_sdist_ships_no_tests_and_no_bench(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    done = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    (archive,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(archive) as sdist:
        names = [name.split("/", 1)[1] for name in sdist.getnames() if "/" in name]
    tops = {name.split("/", 1)[0] for name in names}
    assert tops <= {
        "negotiation", "generated", "codegen", "conformance", "schema",
        "README.md", "LICENSE", "CHANGELOG.md", "pyproject.toml", "PKG-INFO", ".gitignore",
        "hatch_build.py",
    }, tops  # fmt: skip
    assert {"README.md", "LICENSE", "pyproject.toml"} <= tops
    assert "hatch_build.py" in tops  # the wheel built from the sdist runs the build hook
