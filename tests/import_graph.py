"""The import graph of one package and the checks both layering tests run on it.

Every ``import`` statement counts, those inside functions too (a lazy import still closes
a cycle: it only hides it until the call). ``tests/compiler/test_compiler_layering.py`` checks
``codegen``, ``tests/test_layering.py`` the runtime and the private-attribute rule.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> ast.Module:
    """A file's tree, parsed once per content: the planted copies repeat every file."""
    return ast.parse(text)


def module_name(root: Path, path: Path) -> str:
    """``root/sdk/server.py`` of the package at ``root`` -> ``negotiation.sdk.server``."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(root: Path, dotted: str) -> bool:
    folder = root.parent / Path(*dotted.split("."))
    return folder.with_suffix(".py").is_file() or (folder / "__init__.py").is_file()


def _deprecated_alias_nodes(tree: ast.Module) -> set[int]:
    """The nodes of a module-level ``__getattr__`` that warns with a ``DeprecationWarning``
    (PEP 562): a moved name's old address, kept for a release, as ``negotiation.sdk.memo``."""
    found: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            inside = list(ast.walk(node))
            if any(isinstance(n, ast.Name) and n.id == "DeprecationWarning" for n in inside):
                found.update(map(id, inside))
    return found


def imports_of(root: Path, path: Path, *, aliases: bool = False) -> Iterator[str]:
    """Every module of the package at ``root`` that a file imports, wherever the statement
    is; ``from X import y`` names ``X.y`` when ``y`` is a module, else ``X``. The imports of
    a deprecated alias (``_deprecated_alias_nodes``) are left out, or with ``aliases`` are
    the only ones: they run only when a caller reads a deprecated name."""
    top = root.name
    this = module_name(root, path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    tree = _parse(path.read_text("utf-8"))
    deprecated = _deprecated_alias_nodes(tree)
    for node in ast.walk(tree):
        if (id(node) in deprecated) != aliases:
            continue
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == top)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module.split(".")[0] != top:
                continue
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                yield sub if _is_module(root, sub) else module


def planted_copy(package: Path, tmp_path: Path, module: str, planted: str) -> Path:
    """A copy of ``package`` under ``tmp_path`` with ``planted`` appended to ``module``; a
    statement that starts indented goes inside a function, where a lazy import hides."""
    copy = tmp_path / package.name
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    path = copy / module
    if planted.startswith(" "):
        planted = f"\n\ndef _planted() -> None:\n{planted}"
    path.write_text(path.read_text("utf-8") + planted, "utf-8")
    return copy


def sources(root: Path, skip: Iterable[str] = ()) -> Iterator[Path]:
    """The package's ``.py`` files, but those under a folder named in ``skip``."""
    left_out = {"__pycache__", *skip}
    for path in sorted(root.rglob("*.py")):
        if not left_out & set(path.relative_to(root).parts):
            yield path


def graph(root: Path, skip: Iterable[str] = (), *, aliases: bool = False) -> dict[str, set[str]]:
    """module -> the package's modules it imports (itself and the bare package left out);
    with ``aliases``, only those its deprecated aliases import."""
    found: dict[str, set[str]] = {}
    for path in sources(root, skip):
        this = module_name(root, path)
        deps = found.setdefault(this, set())
        imported = imports_of(root, path, aliases=aliases)
        deps.update(t for t in imported if t not in (this, root.name))
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The back edges of a depth-first walk, each as the cycle it closes: none in a DAG."""
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


# --------------------------------------------------------------------------- private reads


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _own_names(tree: ast.Module) -> set[str]:
    """The private names a module defines itself: module-level names, functions, classes,
    class attributes and ``self.``/``cls.`` attributes it assigns."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign | ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if (
                        isinstance(part, ast.Attribute)
                        and isinstance(part.ctx, ast.Store)
                        and isinstance(part.value, ast.Name)
                        and part.value.id in ("self", "cls")
                    ):
                        own.add(part.attr)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    # ``__slots__ = ("_a", "_b")``: attributes declared, then set through ``object.__setattr__``
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            own.update(
                c.value
                for c in ast.walk(node.value)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            )
    return {name for name in own if _is_private(name)}


def _names_a_module(root: Path, package: str, node: ast.ImportFrom, name: str) -> bool:
    """Whether ``from <node's module> import name`` brings a module (a private module of a
    package, ``from negotiation.variants import _forms``, is an import, not a read)."""
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    if module.split(".")[0] == root.name:
        return _is_module(root, f"{module}.{name}")
    try:
        return importlib.util.find_spec(f"{module}.{name}") is not None
    except (ImportError, ValueError):
        return False


def private_reads(root: Path, path: Path) -> Iterator[tuple[int, str]]:
    """``(line, expression)`` for each ``x._name`` in the file where ``x`` is not ``self`` or
    ``cls`` and ``_name`` is no private name the module defines, and each ``from m import
    _name`` of a name that is no module: a read of another module's (or its object's)
    private state. Dunder names are public protocol."""
    tree = _parse(path.read_text("utf-8"))
    own = _own_names(tree)
    this = module_name(root, path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if _is_private(alias.name) and not _names_a_module(root, package, node, alias.name):
                    yield (
                        node.lineno,
                        f"from {'.' * node.level}{node.module or ''} import {alias.name}",
                    )
            continue
        if not isinstance(node, ast.Attribute) or not _is_private(node.attr):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        if node.attr in own:
            continue
        yield node.lineno, f"{ast.unparse(node.value)}.{node.attr}"
