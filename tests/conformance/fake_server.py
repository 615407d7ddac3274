"""Deliberately poor stdio MCP servers for the runner's own tests (``python fake_server.py MODE``).

- ``legacy-only``: answers ``initialize`` and ``tools/list``, nothing else (no
  ``server/discover``, no extension): a plain server of a released SDK.
- ``silent``: reads and never answers.
- ``experimental``: two variants advertised under ``capabilities.experimental`` (the Go
  implementation's placement), hints read only from there; with hints that rank ``b``
  first it still serves ``a`` by default; ``ping`` accepts any variant.
- ``must-fail``: one variant under ``capabilities.extensions``, but an unknown variant is
  served instead of refused (a MUST failure).
- ``clock``: content negotiation advertised; its tool ``now`` answers the time in
  nanoseconds, so two identical calls never agree.
- ``paging``: two variants under ``capabilities.extensions``; only ``prompts/list`` with
  ``pageSize`` paginates, with cursors bound to their variant.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

SV = "io.modelcontextprotocol/server-variants"
CN = "io.modelcontextprotocol/content-negotiation"
VARIANT = "io.modelcontextprotocol/server-variant"
VARIANTS = [
    {"id": "a", "description": "Variant a.", "hints": {"useCase": "alpha"}},
    {"id": "b", "description": "Variant b.", "hints": {"useCase": "beta"}},
]
TOOLS = {
    "a": [{"name": "alpha", "inputSchema": {"type": "object"}}],
    "b": [{"name": "beta", "inputSchema": {"type": "object"}}],
}


def _capabilities(mode: str, declared: dict[str, Any]) -> dict[str, Any]:
    capabilities: dict[str, Any] = {"tools": {}}
    if mode == "experimental":
        hints = declared.get("experimental", {}).get(SV, {}).get("variantHints", {})
        ranked = VARIANTS[::-1] if "beta" in json.dumps(hints) else VARIANTS
        capabilities["experimental"] = {SV: {"availableVariants": ranked}}
    elif mode == "must-fail":
        capabilities["extensions"] = {SV: {"availableVariants": VARIANTS[:1]}}
    elif mode == "paging":
        capabilities["extensions"] = {SV: {"availableVariants": VARIANTS}}
        capabilities["prompts"] = {}
    elif mode == "clock":
        capabilities["extensions"] = {CN: {"version": "1.0", "features": ["format"]}}
    return capabilities


def _answer(mode: str, method: str, params: dict[str, Any], declared: dict[str, Any]) -> Any:
    """The result, or an ``{"error": ...}`` marker."""
    variant = params.get("_meta", {}).get(VARIANT)
    if method == "initialize":
        return {
            "protocolVersion": "2025-11-25",
            "capabilities": _capabilities(mode, params.get("capabilities", {})),
            "serverInfo": {"name": "fake", "version": "0"},
        }
    if method == "ping" and mode in ("experimental", "must-fail", "clock"):
        return {}
    if method == "tools/list":
        if mode == "experimental":
            if variant is not None and variant not in TOOLS:
                data = {"requestedVariant": variant, "availableVariants": ["a", "b"]}
                error = {"code": -32602, "message": "Invalid server variant", "data": data}
                return {"error": error}
            return {"tools": TOOLS[variant or "a"]}  # its own default, whatever the hints
        if mode == "clock":
            return {"tools": [{"name": "now", "inputSchema": {"type": "object"}}]}
        return {"tools": []}
    if mode == "paging":
        return _paging(method, params, variant or "a")
    if method == "tools/call" and mode == "clock":
        text = str(time.time_ns())
        return {"content": [{"type": "text", "text": text}], "structuredContent": {"ns": text}}
    return {"error": {"code": -32601, "message": "Method not found"}}


def _paging(method: str, params: dict[str, Any], variant: str) -> Any:
    if variant not in TOOLS:
        return {"error": {"code": -32602, "message": "Invalid server variant"}}
    if method == "tools/list":
        return {"tools": TOOLS[variant]}
    if method != "prompts/list":
        return {"error": {"code": -32601, "message": "Method not found"}}
    cursor = params.get("cursor")
    if cursor is None:
        page = {"prompts": [{"name": f"{variant}-1"}]}
        return {**page, "nextCursor": f"cursor-{variant}"} if "pageSize" in params else page
    if cursor != f"cursor-{variant}":
        data = {"cursorVariant": cursor.removeprefix("cursor-"), "requestedVariant": variant}
        error = {"code": -32602, "message": "Cursor invalid for requested variant", "data": data}
        return {"error": error}
    return {"prompts": [{"name": f"{variant}-2"}]}


def main(mode: str) -> None:
    declared: dict[str, Any] = {}
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if mode == "silent" or "id" not in message:
            continue
        method = message.get("method")
        params = message.get("params") or {}
        if method == "initialize":
            declared = params.get("capabilities", {})
        result = _answer(mode, method, params, declared)
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
        if isinstance(result, dict) and set(result) == {"error"}:
            reply["error"] = result["error"]
        else:
            reply["result"] = result
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
