"""``client.py`` of the TypedDict package: one typed async method per request the client
sends, over the same minimal ``Transport`` as the other targets' clients: params go out as
they are (a TypedDict is a plain dict), the result comes back checked by ``validate``
against its definition in ``schema.json``, and a result the schema refuses raises
``InvalidResult``.
"""

from __future__ import annotations

from .... import escape
from ....errors import Diagnostics
from ..backend import PythonBackend
from ..msgspec.client import TRANSPORT
from ..msgspec.server import schema_names
from .module import definitions

CLIENT = "client.py"


def emit_client(backend: PythonBackend) -> dict[str, str]:
    """The module text; none for a schema without a request the client sends."""
    known = definitions(backend)
    entries = [
        e
        for e in backend.registry(Diagnostics())
        if e.client_sends and e.kind == "request" and e.result in known
    ]
    if not entries:
        return {}
    methods = []
    for entry in entries:
        method = escape.py_str(entry.method)
        definition = escape.py_str(str(entry.result))  # a definition's name: filtered above
        doc = escape.docstring(f"``{entry.method}``.")
        if entry.params is None:
            signature, sent = "self", "None"
        else:
            annotation = entry.params.annotation.replace("dict[str, Any]", "dict[str, _t.Any]")
            default = " | None = None" if entry.params.optional else ""
            signature, sent = f"self, params: {annotation}{default}", "_wire(params)"
        methods.append(
            f"    async def {entry.python_name}({signature}) -> {entry.result}:\n"
            f"        {doc}\n"
            f"        result = await self.transport.request({method}, {sent})\n"
            f"        return _t.cast({definition}, _result({method}, result, {definition}))\n"
        )
    # never empty: each request's result is a definition
    from_models = f"from .models import {', '.join(schema_names(entries))}\n"
    body = "\n".join(methods)
    text = f'''"""The client side: one typed async method per request, over a minimal ``Transport``.

A ``Transport`` sends one request (its params as plain JSON, or None) and returns the
JSON-RPC ``result`` member as plain JSON; when the peer answers with an error it raises
``RPCError``. Each method returns the result once ``validate`` has checked it against
``schema.json``; a result the schema refuses raises ``InvalidResult``.
"""

from __future__ import annotations

import typing as _t

from .validation import validate
{from_models}
__all__ = ["Client", "InvalidResult", "Transport"]


{TRANSPORT}

def _wire(params: object) -> dict[str, _t.Any] | None:
    return _t.cast("dict[str, _t.Any] | None", params)


def _result(method: str, result: object, definition: str) -> object:
    errors = validate.errors(result, definition)
    if errors:
        raise InvalidResult(method, str(errors[0]))
    return result


class Client:
    """Typed requests over ``transport``."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

{body}'''
    return {CLIENT: text}
