"""Emits ``methods.py``: the ``METHODS`` registry, ``MethodSpec``, ``RPCError``.

Also where the binding emitters (registry, server, client, validators) get their templates:
`codegen.templating`, the emitters' one environment, loads each once per process.
"""

from __future__ import annotations

from collections.abc import Iterable

from .... import ir
from ....errors import Diagnostics
from ....ir.queries import protocol_of
from ....templating import template as template
from ..backend import PythonBackend, backend_of
from ..registry import MethodEntry

MODULE = "methods.py"


def import_order(names: set[str]) -> list[str]:
    """Names in the order ruff's isort wants inside one ``from x import (...)``:
    CONSTANTS, then Classes, then the rest, each case-insensitively."""

    def key(name: str) -> tuple[int, str, str]:
        group = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
        return (group, name.lower(), name)

    return sorted(names, key=key)


def model_imports(entries: Iterable[MethodEntry], *, messages: bool = True) -> list[str]:
    """Every model name the entries refer to (their message models too, if asked), in
    import order."""
    names: set[str] = set()
    for entry in entries:
        if messages:
            names.add(entry.message)
        if entry.params is not None and entry.params.imports:
            names.update(entry.params.imports)
        elif entry.params is not None and entry.params.model is not None:
            names.add(entry.params.model)
        if entry.result is not None:
            names.add(entry.result)
    return import_order(names)


def emit_registry(source: ir.Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    backend = backend_of(source)
    schema = backend.schema
    entries = backend.registry(diagnostics)
    text = template("methods.py.jinja").render(
        entries=entries,
        imports=model_imports(entries),
        generic=protocol_of(schema) != "mcp",  # only generic schemas default to "both"
    )
    return {MODULE: text}
