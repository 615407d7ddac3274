"""Emits ``server.py``: the ``ServerHandler`` base class and ``dispatch``.

The handler has one async method per request the server receives (direction
client -> server or both) and one per notification it receives.
"""

from __future__ import annotations

from dataclasses import dataclass

from .... import ir
from ....errors import Diagnostics
from ....ir.queries import protocol_of
from ..backend import PythonBackend, backend_of
from ..registry import MethodEntry
from .methods import model_imports, template

MODULE = "server.py"


@dataclass(frozen=True, slots=True)
class Signature:
    """What a stub method needs: names, the params annotation and how params are passed."""

    method: str
    python_name: str
    annotation: str  # the params annotation, "| None" included when params may be absent
    signature: str  # "required", "optional" or "none" (no params at all)
    result: str


def signature(entry: MethodEntry) -> Signature:
    if entry.params is None:
        annotation, kind = "None", "none"
    elif entry.params.optional:
        annotation, kind = entry.params.annotation, "optional"
    else:
        annotation, kind = entry.params.annotation, "required"
    return Signature(entry.method, entry.python_name, annotation, kind, entry.result or "None")


def handler_annotation(sig: Signature) -> Signature:
    """The server receives absent params as None."""
    if sig.signature == "optional":
        return Signature(
            sig.method, sig.python_name, f"{sig.annotation} | None", sig.signature, sig.result
        )
    return sig


def emit_server(source: ir.Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    del diagnostics  # the registry's warnings are reported once, by emit_registry
    backend = backend_of(source)
    schema = backend.schema
    entries = backend.registry(Diagnostics())
    requests = [e for e in entries if e.kind == "request" and e.client_sends]
    notifications = [e for e in entries if e.kind == "notification" and e.client_sends]
    text = template("server.py.jinja").render(
        requests=[handler_annotation(signature(e)) for e in requests],
        notifications=[handler_annotation(signature(e)) for e in notifications],
        imports=model_imports([*requests, *notifications], messages=False),
        mcp=protocol_of(schema) == "mcp",
    )
    return {MODULE: text}
