"""The report depends on the result types, not on the run: ``conformance/report.py``
imports, directly or through them, only the modules that hold the results (``rows``:
``FixtureResult``, ``Row``, ``KitRun``) and the kit's data (``loading``,
``vocabulary``); never the runner, the sessions or the transports."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT

KIT = ROOT / "conformance"
RESULT_LAYER = {"rows", "loading", "vocabulary"}


def siblings_reached(folder: Path, module: str) -> set[str]:
    """The kit's modules ``module`` imports, directly or through another, relatively."""

    def direct(name: str) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        return {n for n in found if (folder / f"{n}.py").is_file()}

    reached: set[str] = set()
    todo = [module]
    while todo:
        for name in direct(todo.pop()) - reached:
            reached.add(name)
            todo.append(name)
    return reached


def test_the_report_reaches_only_the_result_types_and_the_kits_data() -> None:
    assert siblings_reached(KIT, "report") <= RESULT_LAYER
    assert "rows" in siblings_reached(KIT, "report")  # the scan sees its imports


def test_the_result_types_are_the_ones_the_runner_and_fixture_run_offer() -> None:
    import conformance.fixture_run
    import conformance.rows
    import conformance.runner

    for name in ("FixtureResult", "Row", "KitRun"):
        assert getattr(conformance.runner, name) is getattr(conformance.rows, name)
    assert conformance.fixture_run.FixtureResult is conformance.rows.FixtureResult


@pytest.mark.parametrize(
    ("module", "planted"),
    [
        ("report.py", "from .runner import run\n"),
        ("report.py", "from . import transport\n"),
        ("rows.py", "from .fixture_run import run_fixture\n"),
        ("loading.py", "from .session import Config\n"),
    ],
)
def test_a_planted_import_of_the_run_is_caught(tmp_path: Path, module: str, planted: str) -> None:
    copy = tmp_path / "conformance"
    shutil.copytree(KIT, copy, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    assert siblings_reached(copy, "report") <= RESULT_LAYER
    path = copy / module
    path.write_text(path.read_text("utf-8") + planted, "utf-8")
    assert not siblings_reached(copy, "report") <= RESULT_LAYER
