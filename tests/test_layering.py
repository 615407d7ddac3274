"""The layering rule, checked on the import statements of every module.

generated models (pydantic only) <- generated stubs/validators <- negotiation <- negotiation.sdk
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

STDLIB_OK = {"__future__"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", modules(ROOT / "generated" / "mcp_ext"), ids=lambda p: p.name)
def test_generated_code_imports_only_pydantic_and_the_stdlib(path: Path) -> None:
    third_party = {top(n) for n in imports_of(path)} - set(__import__("sys").stdlib_module_names)
    assert third_party <= {"pydantic", "pydantic_core", "typing_extensions"}, third_party


def _relative_imports(path: Path) -> set[str | None]:
    return {
        node.module
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.level > 0
    }


def test_generated_models_import_only_the_wire_runtime() -> None:
    # _wire.py (codegen/runtime/_wire.py, emitted verbatim) is the layer below the models:
    # the wire plumbing; it imports no other generated module.
    assert _relative_imports(ROOT / "generated/mcp_ext/models.py") == {"_wire"}
    assert _relative_imports(ROOT / "generated/mcp_ext/_wire.py") == set()


@pytest.mark.parametrize(
    "path",
    [p for p in modules(ROOT / "negotiation") if "sdk" not in p.parts],
    ids=lambda p: p.name,
)
def test_runtime_has_no_transport_and_no_sdk(path: Path) -> None:
    names = imports_of(path)
    forbidden = {"mcp", "codegen", "asyncio.streams", "socket", "http", "httpx", "starlette"}
    assert not {n for n in names if n in forbidden or top(n) in {"mcp", "codegen"}}
    assert not any(n.startswith("negotiation.sdk") for n in names)


def test_shipped_packages_never_import_the_compiler() -> None:
    for path in [*modules(ROOT / "negotiation"), *modules(ROOT / "generated")]:
        assert "codegen" not in {top(n) for n in imports_of(path)}, path
