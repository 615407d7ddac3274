"""The kit's own layout: it imports only the stdlib and itself (relatively, so that it
also runs installed as ``mcp_negotiation_conformance``), its modules form no import
cycle, and ``conformance.runner`` still offers every name the repository imports from it
(issue #22 split it; the names stay importable from there)."""

from __future__ import annotations

import ast
import re
import shutil
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import conformance.runner
from tests.conftest import ROOT

KIT = ROOT / "conformance"


def problems(folder: Path) -> list[str]:
    """Every import of a kit module, those inside functions too, that is not the stdlib
    or a relative import of a sibling; then any cycle among the siblings."""
    found: list[str] = []
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        deps = graph.setdefault(path.stem, set())
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                if node.level > 1:
                    found.append(f"{path.name}: imports above the kit (level {node.level})")
                elif node.module:
                    deps.add(node.module.split(".")[0])
                else:  # from . import x
                    deps.update(alias.name for alias in node.names)
                continue
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names:
                    found.append(f"{path.name}: imports {name} (stdlib and relative only)")
    siblings = set(graph)
    try:
        tuple(TopologicalSorter({m: d & siblings for m, d in graph.items()}).static_order())
    except CycleError as error:
        found.append(f"import cycle: {' -> '.join(error.args[1])}")
    return found


def test_the_kit_imports_only_the_stdlib_and_itself_without_a_cycle() -> None:
    assert problems(KIT) == []


@pytest.mark.parametrize(
    ("module", "planted", "reason"),
    [
        ("vocabulary.py", "    from .runner import run\n", "import cycle"),
        ("loading.py", "from .rows import Row\n", "import cycle"),
        ("probing.py", "    from conformance.matcher import match\n", "stdlib and relative"),
        ("rows.py", "from negotiation import features\n", "stdlib and relative"),
        ("fixture_run.py", "import httpx\n", "stdlib and relative"),
        ("runner.py", "from ..negotiation import features\n", "above the kit"),
    ],
)
def test_a_planted_import_is_caught(tmp_path: Path, module: str, planted: str, reason: str) -> None:
    copy = tmp_path / "conformance"
    shutil.copytree(KIT, copy, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    assert problems(copy) == []
    path = copy / module
    if planted.startswith(" "):  # inside a function, where a cycle would hide
        planted = f"\n\ndef _planted() -> None:\n{planted}"
    path.write_text(path.read_text("utf-8") + planted, "utf-8")
    found = problems(copy)
    assert any(reason in p for p in found), found


# In the docs: ``from conformance.runner import a, b`` or ``... import (a, b)``.
_FROM_RUNNER = re.compile(r"from conformance\.runner import (?:\(([\w\s,]+)\)|([\w ,]+))")


def _imported_from_runner() -> set[str]:
    """Every name the repository imports from the runner: by ``from conformance.runner``
    in code and docs, or by ``from .runner`` inside the kit."""
    names: set[str] = set()
    folders = [ROOT / f for f in ("tests", "docs", "conformance", "bench", "examples", "tools")]
    for path in (p for folder in folders for p in folder.rglob("*.py")):
        text = path.read_text("utf-8", errors="replace")
        if "runner" not in text:
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:  # the bad-input samples
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                (node.level == 0 and node.module == "conformance.runner")
                or (node.level == 1 and node.module == "runner" and path.parent == KIT)
            ):
                names.update(alias.name for alias in node.names)
    for path in [ROOT / "README.md", *(p for folder in folders for p in folder.rglob("*.md"))]:
        for group in _FROM_RUNNER.findall(path.read_text("utf-8")):
            names.update(n.strip() for n in ",".join(group).split(",") if n.strip())
    return names


def test_every_name_imported_from_the_runner_is_still_offered_there() -> None:
    names = _imported_from_runner()
    assert {"run", "failed", "Row", "HERE", "load_ambiguities"} <= names  # the scan works
    missing = sorted(n for n in names if n not in conformance.runner.__all__)
    assert missing == [], f"conformance.runner no longer offers {missing}"
    assert all(hasattr(conformance.runner, name) for name in conformance.runner.__all__)


# Every public name of conformance/runner.py before the split (issue #22).
BEFORE_THE_SPLIT = (
    "AMBIGUITIES CN ERAS EXTENSION_NAMES FIXTURES FixtureResult HERE KitRun LEGACY_ONLY "
    "MANIFEST NOT_IMPLEMENTED NOT_KNOWING PLACEMENT_RULE PROBE_CAPABILITIES Row SPEC_EXTENSION "
    "SV UNMET Unreachable VARIANT_KEY declaration failed load_ambiguities load_fixtures "
    "load_manifest probe run run_fixture"
).split()


def test_every_public_name_the_runner_had_is_still_there() -> None:
    assert sorted(set(BEFORE_THE_SPLIT) - set(conformance.runner.__all__)) == []
