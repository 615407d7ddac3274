"""The whole pipeline over each official revision: the full package imports and type-checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from codegen.build.pipeline import build, load_schema
from codegen.build.writer import write_outputs
from codegen.errors import Diagnostics
from tests.conftest import REVISIONS, ROOT, require_corpus


def generate_revision(revision: str, into: Path) -> str:
    package = "mcp_" + revision.replace("-", "_")
    schema_ts = require_corpus(revision) / "schema.ts"
    diags = Diagnostics()
    files = build(load_schema([schema_ts], diags), command="test", diagnostics=diags)
    write_outputs(into / package, files, "test")
    return package


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    require_corpus()
    into = tmp_path_factory.mktemp("revisions")
    return into, [generate_revision(rev, into) for rev in REVISIONS]


def test_every_revision_generates_a_package_that_imports(packages: tuple[Path, list[str]]) -> None:
    into, names = packages
    code = "; ".join(f"import {n}; assert {n}.METHODS and {n}.ServerHandler" for n in names)
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=into, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr


def test_every_revision_is_strict_type_clean(packages: tuple[Path, list[str]]) -> None:
    into, names = packages
    proc = subprocess.run(
        [
            sys.executable, "-m", "mypy", "--strict", "--no-incremental",
            "--config-file", str(ROOT / "pyproject.toml"), *names,
        ],
        cwd=into, capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_every_revision_is_ruff_clean(packages: tuple[Path, list[str]]) -> None:
    into, names = packages
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--config", str(ROOT / "pyproject.toml"), *names],
        cwd=into, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_the_committed_package_is_ruff_clean() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "generated/mcp_ext"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:]
