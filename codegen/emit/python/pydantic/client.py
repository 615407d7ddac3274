"""Emits ``client.py``: ``Client`` with one typed async method per client -> server
request, the ``Transport`` protocol it runs over, and ``InvalidResult``."""

from __future__ import annotations

from .... import ir
from ....errors import Diagnostics
from ....ir.queries import protocol_of
from ..backend import PythonBackend, backend_of
from .methods import model_imports, template
from .server import signature

MODULE = "client.py"


def emit_client(source: ir.Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    del diagnostics  # the registry's warnings are reported once, by emit_registry
    backend = backend_of(source)
    schema = backend.schema
    entries = backend.registry(Diagnostics())
    requests = [e for e in entries if e.kind == "request" and e.client_sends]
    any_results = {e.result for e in requests if e.result and _is_any(schema, e.result)}
    text = template("client.py.jinja").render(
        requests=[signature(e) for e in requests],
        any_results=any_results,
        imports=model_imports(requests, messages=False),
        mcp=protocol_of(schema) == "mcp",
    )
    return {MODULE: text}


def _is_any(schema: ir.Schema, name: str) -> bool:
    """``name`` is an alias of ``unknown`` (``Any``), through aliases: a ``cast`` to it is
    one pyright --strict calls unnecessary."""
    seen: set[str] = set()
    decl = schema.decls.get(name)
    while isinstance(decl, ir.Alias) and decl.name not in seen:
        seen.add(decl.name)
        if isinstance(decl.type, ir.Primitive):
            return decl.type.name == "unknown"
        if not isinstance(decl.type, ir.Ref) or decl.type.args:
            return False
        decl = schema.decls.get(decl.type.name)
    return False
