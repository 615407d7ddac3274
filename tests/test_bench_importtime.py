"""The import-time section (issue #37): what each side imports, and the peer's flags."""

from __future__ import annotations

import sys
from pathlib import Path

from bench import importtime_bench as section
from bench import peer


def test_the_peer_imports_every_module_of_its_package(tmp_path: Path) -> None:
    root = tmp_path / "models"
    for rel in ("__init__.py", "Protocol/__init__.py", "Protocol/DOM.py", "Protocol/_internal.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("")
    assert sorted(section.package_modules(root)) == [
        "models",
        "models.Protocol",
        "models.Protocol.DOM",
        "models.Protocol._internal",
    ]


def test_one_sample_is_the_cpu_time_of_a_fresh_interpreters_imports(tmp_path: Path) -> None:
    package = tmp_path / "slowpkg"
    package.mkdir()
    # Busy for a while at import: the sample counts it, not the interpreter's start.
    (package / "__init__.py").write_text(
        "import time\nend = time.process_time() + 0.05\nwhile time.process_time() < end:\n    pass\n"
    )
    code = section.import_code(tmp_path, ["slowpkg"])
    assert "slowpkg" not in sys.modules
    sample = section.importer(tmp_path, ["slowpkg"])()
    assert 0.05 <= sample < 1.0
    assert "process_time" in code


def test_the_peer_runs_with_the_sdk_flags_less_the_mcp_types_base_class() -> None:
    assert "--base-class" not in section.SDK_ARGS
    assert "mcp_types._wire_base.WireModel" not in section.SDK_ARGS
    assert len(section.SDK_ARGS) == len(peer.DATAMODEL_CODEGEN_ARGS) - 2
    assert "--snake-case-field" in section.SDK_ARGS and "--use-annotated" in section.SDK_ARGS
