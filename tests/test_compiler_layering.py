"""The compiler's layering, checked on every import statement, those inside functions too.

    paths, escape, ir  <-  errors, templating, ir.{queries, printer, messages}  <-  frontend
        <-  {emit, revision}  <-  build  <-  cli  <-  __main__

A module imports only from its own layer or below. Within the middle layer, ``emit`` never
imports ``revision``, and ``revision`` reads only the JSON Schema emitter (its proof works on
emitted schemas) and, for ``migrate``, the Python naming authority. Nothing but the
command line imports ``cli``. The whole graph is a DAG.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

SKIP = {"templates_compiled", "runtime", "templates", "__pycache__"}

# (module prefix, layer): the longest matching prefix decides.
LAYERS: dict[str, int] = {
    "codegen.paths": 0,
    "codegen.escape": 0,
    "codegen.ir": 0,
    "codegen.errors": 1,
    "codegen.templating": 1,
    "codegen.ir.queries": 1,
    "codegen.ir.printer": 1,
    "codegen.ir.messages": 1,
    "codegen.frontend": 2,
    "codegen.emit": 3,
    "codegen.revision": 3,
    "codegen.build": 4,
    "codegen.cli": 5,
    "codegen.__main__": 6,
    "codegen": 0,  # the package itself (``from codegen import ir``)
}
REVISION_MAY_READ = {"codegen.emit.jsonschema": None, "codegen.emit.python.naming": "migrate"}


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(root: Path, path: Path) -> Iterator[str]:
    """Every codegen module a file imports, wherever the statement is; ``from X import y``
    names ``X.y`` when ``y`` is a module."""
    this = module_name(root, path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "codegen")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module.split(".")[0] != "codegen":
                continue
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                folder = root.parent / Path(*sub.split("."))
                is_module = (
                    folder.with_suffix(".py").is_file() or (folder / "__init__.py").is_file()
                )
                yield sub if is_module else module


def layer(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def violations(root: Path) -> list[str]:
    found: list[str] = []
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if SKIP & set(path.relative_to(root).parts):
            continue
        this = module_name(root, path)
        deps = graph.setdefault(this, set())
        for target in imports_of(root, path):
            if target in (this, "codegen"):
                continue
            deps.add(target)
            where = f"{path.relative_to(root.parent)}: {this} imports {target}"
            if layer(target) > layer(this):
                found.append(f"{where} (an upper layer)")
            if target.startswith("codegen.cli") and not this.startswith(
                ("codegen.cli", "codegen.__main__")
            ):
                found.append(f"{where} (only the command line imports cli)")
            if this.startswith("codegen.emit") and target.startswith("codegen.revision"):
                found.append(f"{where} (an emitter never reads the revision tools)")
            if this.startswith("codegen.revision") and target.startswith("codegen.emit"):
                allowed = REVISION_MAY_READ.get(target, "")
                if allowed == "" or (allowed is not None and not this.endswith(allowed)):
                    found.append(f"{where} (revision reads only the JSON Schema emitter)")
    found += [f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(graph)]
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The back edges of a depth-first walk: none in a DAG."""
    found: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                found.append([*path[path.index(dep) :], dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_the_compiler_is_layered_and_acyclic() -> None:
    assert violations(ROOT / "codegen") == []


@pytest.mark.parametrize(
    ("module", "planted", "reason"),
    [
        ("ir/queries.py", "    from codegen.frontend import resolve\n", "an upper layer"),
        ("frontend/parse.py", "from codegen.emit.python import naming\n", "an upper layer"),
        (
            "revision/report.py",
            "from codegen.cli.common import run_or_exit\n",
            "only the command line",
        ),
        (
            "emit/python/models.py",
            "from codegen.revision import changes\n",
            "never reads the revision",
        ),
        ("revision/proof.py", "from codegen.emit.python import models\n", "revision reads only"),
        ("revision/changes.py", "from codegen.revision import proof\n", "import cycle"),
    ],
)
def test_a_planted_import_is_caught(tmp_path: Path, module: str, planted: str, reason: str) -> None:
    copy = tmp_path / "codegen"
    shutil.copytree(ROOT / "codegen", copy, ignore=shutil.ignore_patterns("__pycache__"))
    path = copy / module
    if planted.startswith(" "):  # inside a function, where a hidden cycle would hide
        planted = f"\n\ndef _planted() -> None:\n{planted}"
    path.write_text(path.read_text("utf-8") + planted, "utf-8")
    found = violations(copy)
    assert any(reason in v for v in found), found
