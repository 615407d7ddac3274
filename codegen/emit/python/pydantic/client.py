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
    text = template("client.py.jinja").render(
        requests=[signature(e) for e in requests],
        imports=model_imports(requests, messages=False),
        mcp=protocol_of(schema) == "mcp",
    )
    return {MODULE: text}
