"""``server.py`` of the msgspec package: a typed handler base class over the Structs and a
transport-agnostic ``dispatch``, as the pydantic package's (``templates/server.py.jinja``).

``dispatch(handler, raw, ctx)`` decodes one message with ``decode_message`` (one decision
by ``method``/``id``, then one strict decode), calls the handler's method and returns the
JSON-RPC response as a dict (``msgspec.to_builtins`` of the result: wire names, absent
members left out), or None for a notification. A handler's ``RPCError`` is its error; a
crash is -32603, logged here and never sent to the peer.
"""

from __future__ import annotations

from .... import escape
from ....errors import Diagnostics
from ..backend import PythonBackend
from ..registry import MethodEntry

SERVER = "server.py"


def params_annotation(entry: MethodEntry) -> str:
    """A handler's params: absent params are ``UNSET``, as the Struct has them."""
    if entry.params is None:
        return "None"
    annotation = entry.params.annotation.replace("dict[str, Any]", "dict[str, _t.Any]")
    if entry.params.optional:
        return f"{annotation} | _msgspec.UnsetType"
    return annotation


def schema_names(entries: list[MethodEntry]) -> list[str]:
    """The schema's names the methods' params and results name (imported from models)."""
    names: set[str] = set()
    for entry in entries:
        if entry.params is not None:
            text = entry.params.annotation
            names |= {n for n in text.split(" | ") if n.isidentifier()}
        if entry.result is not None:
            names.add(entry.result)
    return sorted(names)


def emit_server(backend: PythonBackend) -> dict[str, str]:
    """The module text; none for a schema without a method the client sends."""
    entries = [e for e in backend.registry(Diagnostics()) if e.client_sends]
    if not entries:
        return {}
    methods = []
    handlers = []
    for entry in entries:
        name = entry.python_name
        doc = escape.docstring(f"``{entry.method}``.")
        if entry.kind == "request":
            methods.append(
                f"    async def {name}(self, params: {params_annotation(entry)}, ctx: ContextT) -> "
                f"{entry.result}:\n        {doc}\n"
                f"        raise _not_served({escape.py_str(entry.method)})\n"
            )
        else:
            methods.append(
                f"    async def {name}(self, params: {params_annotation(entry)}, ctx: ContextT) -> None:\n"
                f"        {doc}\n        return None\n"
            )
        handlers.append(f"    {escape.py_str(entry.method)}: {escape.py_str(name)},")
    imports = schema_names(entries)
    from_models = f"from .models import {', '.join(imports)}\n" if imports else ""
    body = "\n".join(methods)
    table = "\n".join(handlers)
    text = f'''"""The server side: a typed handler base class and a transport-agnostic ``dispatch``.

Subclass ``ServerHandler`` and override one async method per request you serve; the
defaults answer -32601, and notifications default to doing nothing. ``dispatch(handler,
raw, ctx)`` decodes one message (``messages.decode_message``), calls the handler and
returns the JSON-RPC response as a dict, or None for a notification: -32700/-32600 for a
malformed message, -32601 for an unknown or unserved method, -32602 for bad params,
whatever ``RPCError`` a handler raises, -32603 for a handler crash (logged, not sent).
"""

from __future__ import annotations

import logging
import typing as _t

import msgspec as _msgspec

from . import _runtime as _rt
from .messages import RPCError, decode_message
{from_models}
__all__ = ["ServerHandler", "dispatch"]

_logger = logging.getLogger(__name__)

ContextT = _t.TypeVar("ContextT")


def _not_served(method: str) -> RPCError:
    return RPCError(_rt.METHOD_NOT_FOUND, "Method not found", {{"method": method}})


class ServerHandler(_t.Generic[ContextT]):
    """One async method per message the client sends; override the ones you serve."""

{body}

_HANDLERS: dict[str, str] = {{
{table}
}}


async def dispatch(
    handler: ServerHandler[ContextT], raw: bytes | str, ctx: ContextT
) -> dict[str, _t.Any] | None:
    """Answer one incoming message; None when no response is due (a notification)."""
    parsed = decode_message(raw)
    if isinstance(parsed, _rt.ParseFailure):
        return parsed.response()
    if isinstance(parsed, _rt.ParsedNotification):
        name = _HANDLERS.get(parsed.method)
        if name is not None:
            try:
                await getattr(handler, name)(getattr(parsed.message, "params", None), ctx)
            except Exception:
                _logger.exception("notification handler for %s failed", parsed.method)
        return None
    if not isinstance(parsed, _rt.ParsedRequest):
        _logger.warning("dispatch() received a response; ignored")
        return None
    name = _HANDLERS.get(parsed.method)
    if name is None:
        error = _not_served(parsed.method).to_error()
        return {{"jsonrpc": "2.0", "id": parsed.id, "error": error}}
    try:
        result = await getattr(handler, name)(getattr(parsed.message, "params", None), ctx)
        data = _msgspec.to_builtins(result)
    except RPCError as exc:
        return {{"jsonrpc": "2.0", "id": parsed.id, "error": exc.to_error()}}
    except Exception:
        _logger.exception("handler for %s failed", parsed.method)
        error = RPCError(_rt.INTERNAL_ERROR, "Internal error").to_error()
        return {{"jsonrpc": "2.0", "id": parsed.id, "error": error}}
    return {{"jsonrpc": "2.0", "id": parsed.id, "result": data}}
'''
    return {SERVER: text}
