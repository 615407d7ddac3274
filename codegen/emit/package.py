"""The package ``__init__``: explicit re-exports of every generated module's public names.

It runs after the other emitters, over their output text, so that each emitter alone
decides what it exports: a module's ``__all__`` when it has one, else its public
top-level definitions. Two modules exporting one name is a compiler bug, not a schema
error, because the naming authority gives every schema name one home.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

INIT = "__init__.py"
# Import order: models first, then the layers built on them.
MODULE_ORDER = ("models", "methods", "validators", "server", "client")


def public_names(text: str) -> list[str]:
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(name) for name in value]
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return [name for name in names if not name.startswith("_")]


def _rank(path: str) -> tuple[int, str]:
    stem = path.removesuffix(".py")
    return (MODULE_ORDER.index(stem) if stem in MODULE_ORDER else len(MODULE_ORDER), stem)


def emit_package(files: Mapping[str, str]) -> dict[str, str]:
    modules = sorted(
        (p for p in files if p.endswith(".py") and "/" not in p and p != INIT), key=_rank
    )
    owner: dict[str, str] = {}
    lines = [
        '"""Typed MCP bindings with the negotiation extensions, generated from schema/."""',
        "",
    ]
    for path in modules:
        stem = path.removesuffix(".py")
        names = public_names(files[path])
        for name in names:
            if name in owner:
                raise RuntimeError(f"{name} is exported by both {owner[name]} and {stem}")
            owner[name] = stem
        if names:
            imported = ", ".join(f"{name} as {name}" for name in names)
            lines.append(f"from .{stem} import {imported}")
    lines += ["", f"__all__ = {sorted(owner)!r}", ""]
    return {INIT: "\n".join(lines)}
