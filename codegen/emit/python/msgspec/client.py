"""``client.py`` of the msgspec package: one typed async method per request the client
sends, over the same minimal ``Transport`` as the pydantic package's client
(``templates/client.py.jinja``): params go out as plain JSON (``msgspec.to_builtins``:
wire names, absent members left out), the result comes back typed (``messages.typed``),
and a result the schema refuses raises ``InvalidResult``.
"""

from __future__ import annotations

from .... import escape
from ....errors import Diagnostics
from ..backend import PythonBackend
from .server import params_annotation, schema_names

CLIENT = "client.py"

# The generated client's ``Transport`` protocol and ``InvalidResult``: the same text in every
# target's client that builds it here (the pydantic one has it in its template).
TRANSPORT = '''class Transport(_t.Protocol):
    async def request(self, method: str, params: dict[str, _t.Any] | None) -> _t.Any:
        """Send a request; return the response's ``result``; raise ``RPCError`` on error."""
        ...


class InvalidResult(ValueError):
    """The peer's result does not match the schema; ``reason`` says where."""

    def __init__(self, method: str, reason: str) -> None:
        super().__init__(f"invalid result for {method}: {reason}")
        self.method = method
        self.reason = reason
'''


def emit_client(backend: PythonBackend) -> dict[str, str]:
    """The module text; none for a schema without a request the client sends."""
    entries = [e for e in backend.registry(Diagnostics()) if e.client_sends and e.kind == "request"]
    if not entries:
        return {}
    methods = []
    for entry in entries:
        method = escape.py_str(entry.method)
        doc = escape.docstring(f"``{entry.method}``.")
        if entry.params is None:
            signature, sent = "self", "None"
        elif entry.params.optional:
            annotation = params_annotation(entry).removesuffix(" | _msgspec.UnsetType")
            signature, sent = f"self, params: {annotation} | None = None", "_wire(params)"
        else:
            signature, sent = f"self, params: {params_annotation(entry)}", "_wire(params)"
        methods.append(
            f"    async def {entry.python_name}({signature}) -> {entry.result}:\n"
            f"        {doc}\n"
            f"        result = await self.transport.request({method}, {sent})\n"
            # ``str()``: a request's result is always named (the registry refuses one without)
            f"        return _t.cast({escape.py_str(str(entry.result))}, "
            f"_result({method}, result, {entry.result}))\n"
        )
    # never empty: each request has a result type (the registry refuses one without)
    from_models = f"from .models import {', '.join(schema_names(entries))}\n"
    body = "\n".join(methods)
    text = f'''"""The client side: one typed async method per request, over a minimal ``Transport``.

A ``Transport`` sends one request (its params as plain JSON, or None) and returns the
JSON-RPC ``result`` member as plain JSON; when the peer answers with an error it raises
``RPCError``. Each method returns the result typed, strictly as ``decode`` reads JSON; a
result the schema refuses raises ``InvalidResult``.
"""

from __future__ import annotations

import typing as _t

import msgspec as _msgspec

from .messages import typed
{from_models}
__all__ = ["Client", "InvalidResult", "Transport"]

{TRANSPORT}

def _wire(params: object) -> dict[str, _t.Any] | None:
    if params is None or params is _msgspec.UNSET:
        return None
    found: dict[str, _t.Any] = _msgspec.to_builtins(params)
    return found


def _result(method: str, result: object, type_: _t.Any) -> object:
    try:
        return typed(result, type_)
    except _msgspec.ValidationError as exc:
        raise InvalidResult(method, str(exc)) from None


class Client:
    """Typed requests over ``transport``."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

{body}'''
    return {CLIENT: text}
