"""The build hook: an editable install runs the working tree's compiler and kit.

The wheel ships ``codegen/`` as ``mcp_negotiation_codegen`` and ``conformance/`` as
``mcp_negotiation_conformance`` (pyproject's ``force-include``). In an editable install
(``pip install -e .``) that force-include would copy both into site-packages at install
time, and the console scripts would run the copies, not the tree being edited. Here an
editable build installs instead, under each name, a one-file package whose ``__path__``
is the tree's folder: ``mcp_negotiation_codegen.__main__`` is then ``codegen/__main__.py``
itself, as it is now, and every later edit counts.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# import name in the wheel -> the folder of the tree it is
RENAMED = {"mcp_negotiation_codegen": "codegen", "mcp_negotiation_conformance": "conformance"}

SHIM = '''"""Editable install: this package is the working tree's {folder}/ (hatch_build.py)."""

__path__ = [{path!r}]
__file__ = __path__[0] + "/__init__.py"
with open(__file__, encoding="utf-8") as _init:
    exec(compile(_init.read(), __file__, "exec"))
del _init
'''


def shim(folder: Path) -> str:
    """The ``__init__.py`` of an import name that is ``folder``."""
    return SHIM.format(folder=folder.name, path=str(folder.resolve()))


class EditableHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "editable":
            return
        self._shims = Path(tempfile.mkdtemp(prefix="mcp-negotiation-editable-"))
        included: dict[str, str] = {}
        for name, folder in RENAMED.items():
            init = self._shims / name / "__init__.py"
            init.parent.mkdir()
            init.write_text(shim(Path(self.root) / folder), encoding="utf-8")
            included[str(init)] = f"{name}/__init__.py"
        # Replaces force-include for this build (hatchling's editable wheel reads it).
        build_data["force_include_editable"] = included

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        shims = getattr(self, "_shims", None)
        if shims is not None:
            shutil.rmtree(shims, ignore_errors=True)
