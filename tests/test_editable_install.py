"""The project as a developer installs it, ``pip install -e .`` (as ``make venv`` does).

- Only the packages the wheel ships are importable from outside the clone: ``tests``,
  ``demos``, ``examples`` and ``bench`` are not (issue #35). pyproject.toml's
  ``dev-mode-dirs`` puts only ``editable/`` (symlinks to ``negotiation`` and ``mcp_ext``)
  on ``sys.path``.
- The console scripts run the working tree (not a copy made at install time), say which
  extra to install instead of a traceback, and both answer ``--version`` (issue #33;
  hatch_build.py). That fresh venv holds the project alone (``--no-deps``): no click,
  jinja2, tree-sitter, libcst or ruff, which is exactly a user who forgot ``[codegen]``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from negotiation import __version__
from tests.conftest import ROOT
from tests.test_install import OFFLINE
from tests.venvs import fresh_venv, pip_into

SHIPPED = ("negotiation", "mcp_ext", "mcp_negotiation_conformance", "mcp_negotiation_codegen")
NOT_SHIPPED = ("tests", "demos", "examples", "bench", "conformance", "codegen", "tools")


def test_only_the_shipped_packages_are_importable_outside_the_clone(tmp_path: Path) -> None:
    probe = (
        "import importlib.util, json;"
        f"print(json.dumps({{m: importlib.util.find_spec(m) is not None for m in {SHIPPED + NOT_SHIPPED!r}}}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found = json.loads(done.stdout)
    assert [m for m in SHIPPED if not found[m]] == []
    assert [m for m in NOT_SHIPPED if found[m]] == []


def test_the_editable_folder_links_exactly_the_wheels_tree_packages() -> None:
    links = {p.name: os.readlink(p) for p in (ROOT / "editable").iterdir()}
    assert links == {"negotiation": "../negotiation", "mcp_ext": "../generated/mcp_ext"}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "PYTHONDONTWRITEBYTECODE": "1"}


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def editable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv outside the repository with ``pip install --no-deps -e <repo>``: its bin/."""
    tmp = tmp_path_factory.mktemp("editable")
    python = fresh_venv(tmp / "venv")
    pip = _run(pip_into(python, "install", "-q", "--no-deps", "-e", ROOT), tmp)
    if pip.returncode != 0 and any(s in pip.stderr for s in OFFLINE):
        pytest.skip(f"the package index is unreachable: {pip.stderr.strip().splitlines()[-1]}")
    assert pip.returncode == 0, pip.stderr
    return python.parent


@pytest.mark.slow
def test_the_console_scripts_run_the_working_tree(editable: Path, tmp_path: Path) -> None:
    site = next((editable.parent / "lib").glob("python3*/site-packages"))
    for name, folder in (
        ("mcp_negotiation_codegen", "codegen"),
        ("mcp_negotiation_conformance", "conformance"),
    ):
        # No copy of the sources: one __init__.py that points at the tree.
        copied = [p.name for p in (site / name).iterdir() if p.name != "__pycache__"]
        assert copied == ["__init__.py"], copied
        where = _run(
            [editable / "python", "-c", f"import {name}.__main__ as m; print(m.__file__)"],
            tmp_path,
        )
        assert where.stdout == f"{ROOT / folder / '__main__.py'}\n", where.stderr


@pytest.mark.slow
def test_without_the_extra_the_script_names_it_and_shows_no_traceback(
    editable: Path, tmp_path: Path
) -> None:
    for args in (["generate", "--schema", "s", "--out", "o"], ["--help"], ["diff", "a", "b"]):
        ran = _run([editable / "mcp-negotiation-codegen", *args], tmp_path)
        assert ran.returncode == 2, ran
        assert ran.stdout == ""
        assert ran.stderr == (
            "mcp-negotiation-codegen needs the compiler's dependencies, the extra [codegen] "
            "(missing: click, jinja2, tree_sitter, tree_sitter_typescript, libcst, ruff): "
            "pip install 'mcp-negotiation[codegen]'\n"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written


@pytest.mark.slow
def test_both_scripts_answer_version(editable: Path, tmp_path: Path) -> None:
    for script in ("mcp-negotiation-codegen", "mcp-negotiation-conformance"):
        ran = _run([editable / script, "--version"], tmp_path)
        assert (ran.returncode, ran.stdout, ran.stderr) == (0, f"{script} {__version__}\n", "")
