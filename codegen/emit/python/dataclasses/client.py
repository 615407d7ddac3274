"""``client.py`` of the dataclasses package: one typed async method per request the client
sends, over the same minimal ``Transport`` as the other targets' clients: params go out as
plain JSON (``to_wire``: wire names, absent members left out), the result comes back built
by ``from_wire`` (checked against its definition in ``schema.json`` first), and a result
the schema refuses raises ``InvalidResult``.
"""

from __future__ import annotations

from .... import escape
from ....errors import Diagnostics
from ..backend import PythonBackend
from ..msgspec.client import TRANSPORT
from ..msgspec.server import schema_names
from ..typeddict.module import definitions

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
        result = entry.result
        assert result is not None  # a request's result, one of ``known``
        method = escape.py_str(entry.method)
        doc = escape.docstring(f"``{entry.method}``.")
        if entry.params is None:
            signature, sent = "self", "None"
        else:
            annotation = entry.params.annotation.replace("dict[str, Any]", "dict[str, _t.Any]")
            default = " | None = None" if entry.params.optional else ""
            signature, sent = f"self, params: {annotation}{default}", "_wire(params)"
        methods.append(
            f"    async def {entry.python_name}({signature}) -> {result}:\n"
            f"        {doc}\n"
            f"        result = await self.transport.request({method}, {sent})\n"
            f"        return _t.cast({escape.py_str(result)}, "
            f"_result({method}, result, {escape.py_str(result)}))\n"
        )
    names = schema_names(entries)
    # never empty: each request's result is a name
    from_models = f"from .models import {', '.join(names)}\n"
    body = "\n".join(methods)
    text = f'''"""The client side: one typed async method per request, over a minimal ``Transport``.

A ``Transport`` sends one request (its params as plain JSON, or None) and returns the
JSON-RPC ``result`` member as plain JSON; when the peer answers with an error it raises
``RPCError``. Each method sends its params through ``to_wire`` and returns the result
built by ``from_wire``, which checks it against ``schema.json`` first; a result the schema
refuses raises ``InvalidResult``.
"""

from __future__ import annotations

import typing as _t

from .wire import ValidationError, from_wire, to_wire
{from_models}
__all__ = ["Client", "InvalidResult", "Transport"]


{TRANSPORT}

def _wire(params: object) -> dict[str, _t.Any] | None:
    return None if params is None else _t.cast("dict[str, _t.Any]", to_wire(params))


def _result(method: str, result: object, definition: str) -> object:
    try:
        return from_wire(result, definition)
    except ValidationError as exc:
        raise InvalidResult(method, str(exc)) from None


class Client:
    """Typed requests over ``transport``."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

{body}'''
    return {CLIENT: text}
