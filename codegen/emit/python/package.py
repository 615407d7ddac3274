"""The package ``__init__`` (explicit re-exports of every generated module's public names)
and the PEP 561 ``py.typed`` marker.

It runs after the other emitters, over their output text, so that each emitter alone
decides what it exports: a module's ``__all__`` when it has one, else its public
top-level definitions. A models module states them itself (``ModuleText``): it is the
largest text by far, and parsing it again cost a sixth of a compile and most of its peak
memory. Two modules exporting one name is a compiler bug, not a schema error, because the
naming authority gives every schema name one home.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...escape import docstring, one_line, py_str

INIT = "__init__.py"
# PEP 561: the package's own annotations are what type checkers use.
PY_TYPED = "py.typed"


_ALL = re.compile(r"^__all__ = \[", re.M)


def _declared_all(text: str) -> list[str] | None:
    """``__all__`` read from the module's text up to it, without parsing the rest.

    Exact: the prefix parses to the module's first statements only when it ends on a
    statement boundary, and its last statement must be that ``__all__``; otherwise None.
    """
    found = _ALL.search(text)
    if found is None:
        return None
    end = text.find("]\n", found.start())
    if end < 0:
        return None
    try:
        prefix = ast.parse(text[: end + 2])
    except SyntaxError:  # the match was inside a string, say
        return None
    last = prefix.body[-1] if prefix.body else None
    if not (
        isinstance(last, ast.Assign)
        and [t.id for t in last.targets if isinstance(t, ast.Name)] == ["__all__"]
    ):
        return None
    if any(_assigns_all(node) for node in prefix.body[:-1]):
        return None  # an earlier __all__ wins; let the full parse find it
    return [str(name) for name in ast.literal_eval(last.value)]


def _assigns_all(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    )


def _dual_aliases(node: ast.stmt) -> list[str]:
    """The recursive aliases an ``if TYPE_CHECKING`` block binds twice: annotated for type
    checkers, assigned (a ``TypeAliasType``) at run time. They are public like any alias."""
    if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name)):
        return []
    if node.test.id != "TYPE_CHECKING":
        return []
    checked = [
        n.target.id
        for n in node.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    assigned = {
        t.id
        for n in node.orelse
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    return [name for name in checked if name in assigned]


class ModuleText(str):
    """A generated module's text with the public names its emitter bound, in text order:
    what ``public_names`` would read from it, known without parsing the text again (the
    models module of a large typing is megabytes; its parse was a sixth of a compile)."""

    public: tuple[str, ...]

    def __new__(cls, text: str, public: Sequence[str]) -> ModuleText:
        made = super().__new__(cls, text)
        made.public = tuple(public)
        return made


def public_names(text: str) -> list[str]:
    if isinstance(text, ModuleText):
        return list(text.public)
    return list(_public_names(text))


@functools.lru_cache(maxsize=32)  # the build asks for each module's names several times
def _public_names(text: str) -> tuple[str, ...]:
    return tuple(_read_public_names(text))


def _read_public_names(text: str) -> list[str]:
    declared = _declared_all(text)
    if declared is not None:
        return declared
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(name) for name in value]
    names: list[str] = []
    for node in tree.body:
        names += _dual_aliases(node)
        if isinstance(node, ast.ImportFrom):
            # ``from ._wire import SchemaModel as SchemaModel``: an explicit re-export.
            names += [alias.name for alias in node.names if alias.asname == alias.name]
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return [name for name in names if not name.startswith("_")]


_DIGITS = re.compile(r"(\d+)")  # compiled once: a large package sorts ~10k names (#37)


def _sort_key(name: str, *, fold_case: bool) -> tuple[int | str, ...]:
    """The group, then the name's text and number runs, in one flat tuple: it orders as
    ``(group, [runs])`` does, with one level less to compare (a large package sorts ~10k
    names, and comparing keys was most of it, #37)."""
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    parts: list[Any] = _DIGITS.split(name.lower() if fold_case else name)
    # The split's odd parts are exactly its digit runs (the numbers); the others hold no
    # decimal digit. Most names have none or one run: spelled out, without the slices.
    count = len(parts)
    if count == 1:
        return (kind, parts[0])
    if count == 3:
        return (kind, parts[0], int(parts[1]), parts[2])
    parts[1::2] = map(int, parts[1::2])
    return (kind, *parts)


def import_key(name: str) -> tuple[int | str, ...]:
    """isort's order, which ruff checks: CONSTANTS, Classes, the rest; natural, any case."""
    return _sort_key(name, fold_case=True)


def all_key(name: str) -> tuple[int | str, ...]:
    """ruff's order for ``__all__`` (RUF022): the same groups, case-sensitive within them."""
    return _sort_key(name, fold_case=False)


MODELS = "models.py"
MCP_DOCSTRING = '"""Typed MCP bindings with the negotiation extensions, generated from schema/."""'
GENERIC_DOCSTRING = '"""Typed JSON-RPC bindings generated from a TypeScript schema."""'


def _public_modules(files: Mapping[str, str]) -> dict[str, list[str]]:
    # A private module (``_validation.py``) is re-exported by its public neighbour, if at all.
    return {
        p: public_names(files[p])
        for p in sorted(files)
        if p.endswith(".py") and "/" not in p and not p.startswith("_")
    }


def shadowed_exports(files: Mapping[str, str]) -> dict[str, str]:
    """Names of the schema's that a helper module exports too (``Client``, ``Direction``),
    with that module: the package root exports the schema's type, as a schema name stays
    the class name; the helper's is imported from its module."""
    public = _public_modules(files)
    schema_names = set(public.get(MODELS, ()))
    return {
        name: path.removesuffix(".py")
        for path, names in public.items()
        if path != MODELS
        for name in names
        if name in schema_names
    }


DEGRADED = "DEGRADED"
DEGRADED_COMMENT = (
    "# Every spot the dialect cannot express, compiled as JsonValue (any JSON value);\n"
    "# `generate --strict` refuses them.\n"
)


def emit_package(
    files: Mapping[str, str],
    protocol: str = "mcp",
    degraded: Sequence[str] = (),
    doc: str | None = None,
) -> dict[str, str]:
    """The ``__init__`` and ``py.typed``. ``degraded`` (one located line per spot compiled as
    ``JsonValue``) becomes the tuple ``DEGRADED``; with none, nothing is written for it.
    ``doc``: more of the package's docstring (a target's deviations from the schema)."""
    shadowed = shadowed_exports(files)
    owner: dict[str, str] = {}
    first = MCP_DOCSTRING if protocol == "mcp" else GENERIC_DOCSTRING
    if doc:
        first = docstring(first.strip('"') + "\n\n" + doc)
    lines = [first, ""]
    for path, public in _public_modules(files).items():
        stem = path.removesuffix(".py")
        names = [n for n in public if shadowed.get(n) != stem]
        for name in names:
            if name in owner:
                raise RuntimeError(f"{name} is exported by both {owner[name]} and {stem}")
            owner[name] = stem
        if names:
            # Listed in __all__ below, so strict type checkers treat them as re-exported.
            lines.append(f"from .{stem} import {', '.join(sorted(names, key=import_key))}")
    if degraded:
        if DEGRADED in owner:
            raise RuntimeError(f"{DEGRADED} is exported by both {owner[DEGRADED]} and the package")
        owner[DEGRADED] = ""
        items = "".join(f"    {py_str(one_line(line))},\n" for line in degraded)
        lines += ["", DEGRADED_COMMENT + f"{DEGRADED}: tuple[str, ...] = (\n{items})"]
    lines += ["", f"__all__ = {sorted(owner, key=all_key)!r}", ""]
    return {INIT: "\n".join(lines), PY_TYPED: ""}
