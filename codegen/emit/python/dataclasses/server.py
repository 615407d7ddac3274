"""``server.py`` of the dataclasses package: a typed handler base class over the
dataclasses and a transport-agnostic ``dispatch``, as the other targets' server stubs.

``dispatch(handler, raw, ctx)`` reads one message and checks it against its method's
message definition in ``schema.json`` (the TypedDict target's ``serve``), gives the handler
the params built as dataclasses (``from_wire``; None when absent), turns its result into
plain JSON (``to_wire``), checks that too and returns the JSON-RPC response as a dict, or
None for a notification.
"""

from __future__ import annotations

from ..backend import PythonBackend
from ..typeddict.server import served_parts

SERVER = "server.py"


def emit_server(backend: PythonBackend) -> dict[str, str]:
    """The module text; none for a schema without a method the client sends."""
    parts = served_parts(backend)
    if parts is None:
        return {}
    body, table, from_models = parts
    text = f'''"""The server side: a typed handler base class and a transport-agnostic ``dispatch``.

Subclass ``ServerHandler`` and override one async method per request you serve; the
defaults answer -32601, and notifications default to doing nothing. ``dispatch(handler,
raw, ctx)`` checks one message against ``schema.json``, gives the handler its params as
dataclasses (``from_wire``), sends its result as plain JSON (``to_wire``) and returns the
JSON-RPC response as a dict, or None for a notification: -32700/-32600 for a malformed
message, -32601 for an unknown or unserved method, -32602 where the schema refuses the
message, whatever ``RPCError`` a handler raises, -32603 for a handler crash or a result
the schema refuses (logged, not sent).
"""

from __future__ import annotations

import typing as _t

from . import _schema as _s
from ._schema import RPCError
from .wire import codec
{from_models}
__all__ = ["RPCError", "ServerHandler", "dispatch"]

ContextT = _t.TypeVar("ContextT")


def _not_served(method: str) -> RPCError:
    return RPCError(_s.METHOD_NOT_FOUND, "Method not found", {{"method": method}})


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
    return await _s.serve(_METHODS, codec.validator, handler, raw, ctx, codec)
'''
    return {SERVER: text}
