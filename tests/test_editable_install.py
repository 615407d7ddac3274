"""An editable install (``pip install -e``, as ``make venv`` does) exposes the packages
the wheel ships and nothing else: ``tests``, ``demos``, ``examples`` and ``bench`` are
not importable from outside the clone (issue #35). pyproject.toml's ``dev-mode-dirs``
puts only ``editable/`` (symlinks to ``negotiation`` and ``mcp_ext``) on ``sys.path``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

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
