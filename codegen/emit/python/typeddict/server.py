"""``server.py`` of the TypedDict package: a typed handler base class over the TypedDicts
and a transport-agnostic ``dispatch``, as the other targets' server stubs.

``dispatch(handler, raw, ctx)`` reads one message, checks it against its method's message
definition in ``schema.json`` (``validate``), calls the handler with the params as they
came (a dict typed as the params' TypedDict), checks the result the same way and returns
the JSON-RPC response as a dict, or None for a notification.
"""

from __future__ import annotations

from .... import escape
from ....errors import Diagnostics
from ..backend import PythonBackend
from ..msgspec.server import schema_names
from .module import definitions

SERVER = "server.py"


def served_parts(backend: PythonBackend) -> tuple[str, str, str] | None:
    """The handler methods, the dispatch table's rows and the models import of a server
    stub over plain JSON (this target's and the dataclasses target's); None for a schema
    without a method the client sends."""
    entries = [e for e in backend.registry(Diagnostics()) if e.client_sends]
    known = definitions(backend)
    # A message or result with no schema.json definition cannot be checked: not served.
    entries = [e for e in entries if e.message in known and (e.result is None or e.result in known)]
    if not entries:
        return None
    methods, rows = [], []
    for entry in entries:
        name = entry.python_name
        doc = escape.docstring(f"``{entry.method}``.")
        params = "None"
        if entry.params is not None:
            params = entry.params.annotation.replace("dict[str, Any]", "dict[str, _t.Any]")
            params += " | None" if entry.params.optional else ""
        if entry.kind == "request":
            methods.append(
                f"    async def {name}(self, params: {params}, ctx: ContextT) -> {entry.result}:\n"
                f"        {doc}\n"
                f"        raise _not_served({escape.py_str(entry.method)})\n"
            )
        else:
            methods.append(
                f"    async def {name}(self, params: {params}, ctx: ContextT) -> None:\n"
                f"        {doc}\n        return None\n"
            )
        result = escape.py_str(entry.result) if entry.result is not None else "None"
        rows.append(
            f"    {escape.py_str(entry.method)}: ({escape.py_str(entry.kind)}, "
            f"{escape.py_str(name)}, {escape.py_str(entry.message)}, {result}),"
        )
    imports = schema_names(entries)
    from_models = f"from .models import {', '.join(imports)}\n" if imports else ""
    return "\n".join(methods), "\n".join(rows), from_models


def emit_server(backend: PythonBackend) -> dict[str, str]:
    """The module text; none for a schema without a method the client sends."""
    parts = served_parts(backend)
    if parts is None:
        return {}
    body, table, from_models = parts
    text = f'''"""The server side: a typed handler base class and a transport-agnostic ``dispatch``.

Subclass ``ServerHandler`` and override one async method per request you serve; the
defaults answer -32601, and notifications default to doing nothing. ``dispatch(handler,
raw, ctx)`` checks one message against ``schema.json``, calls the handler and returns the
JSON-RPC response as a dict, or None for a notification: -32700/-32600 for a malformed
message, -32601 for an unknown or unserved method, -32602 where the schema refuses the
message, whatever ``RPCError`` a handler raises, -32603 for a handler crash or a result
the schema refuses (logged, not sent).
"""

from __future__ import annotations

import typing as _t

from . import _runtime as _rt
from ._runtime import RPCError
from .validation import validate
{from_models}
__all__ = ["RPCError", "ServerHandler", "dispatch"]

ContextT = _t.TypeVar("ContextT")


def _not_served(method: str) -> RPCError:
    return RPCError(_rt.METHOD_NOT_FOUND, "Method not found", {{"method": method}})


class ServerHandler(_t.Generic[ContextT]):
    """One async method per message the client sends; override the ones you serve."""

{body}

_METHODS: dict[str, tuple[str, str, str, str | None]] = {{
{table}
}}


async def dispatch(
    handler: ServerHandler[ContextT], raw: bytes | str | dict[str, _t.Any], ctx: ContextT
) -> dict[str, _t.Any] | None:
    """Answer one incoming message; None when no response is due (a notification)."""
    return await _rt.serve(_METHODS, validate, handler, raw, ctx)
'''
    return {SERVER: text}
