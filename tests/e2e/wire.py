"""Raw Streamable HTTP requests in the 2026-07-28 era, where every request carries the
client's whole declaration in ``_meta``: what an untrusted client can send, byte for
byte, without an SDK in the way. Stdlib only."""

from __future__ import annotations

import http.client
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

MODERN = "2026-07-28"
CONTENT = "io.modelcontextprotocol/content-negotiation"
VARIANTS = "io.modelcontextprotocol/server-variants"
VARIANT_KEY = "io.modelcontextprotocol/server-variant"


def capabilities(
    features: list[Any] | None = None, hints: Any = None, *, extra: Mapping[str, Any] = {}
) -> dict[str, Any]:
    """``ClientCapabilities`` declaring ``features`` and/or ``variantHints`` as given."""
    extensions: dict[str, Any] = dict(extra)
    if features is not None:
        extensions[CONTENT] = {"version": "1.0", "features": features}
    if hints is not None:
        extensions[VARIANTS] = {"variantHints": hints}
    return {"extensions": extensions}


class ModernClient:
    """One keep-alive connection sending single-exchange modern requests."""

    def __init__(self, url: str, *, bearer: str | None = None) -> None:
        parts = urlsplit(url)
        self._path = parts.path
        self._connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port or 80, timeout=120
        )
        self._bearer = bearer
        self._next_id = 0

    def request(
        self,
        method: str,
        params: Mapping[str, Any] | None = None,
        *,
        declared: Mapping[str, Any] | None = None,
        variant: Any = None,
    ) -> dict[str, Any]:
        """Send ``method``; the JSON-RPC response (a result or an error), as parsed."""
        self._next_id += 1
        meta: dict[str, Any] = {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": {"name": "wire-test", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": dict(declared or {}),
        }
        if variant is not None:
            meta[VARIANT_KEY] = variant
        body = {
            "jsonrpc": "2.0",
            "id": self._next_id,
            "method": method,
            "params": {**(params or {}), "_meta": meta},
        }
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": MODERN,
            "Mcp-Method": method,
        }
        name = (params or {}).get("name")
        if isinstance(name, str):
            headers["Mcp-Name"] = name
        if self._bearer is not None:
            headers["Authorization"] = f"Bearer {self._bearer}"
        self._connection.request("POST", self._path, json.dumps(body).encode(), headers)
        response = self._connection.getresponse()
        payload = response.read()
        if response.getheader("content-type", "").startswith("text/event-stream"):
            payload = _last_event_data(payload)
        parsed: dict[str, Any] = json.loads(payload)
        return parsed

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> ModernClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _last_event_data(stream: bytes) -> bytes:
    data = [line[5:].strip() for line in stream.splitlines() if line.startswith(b"data:")]
    return data[-1] if data else b"{}"


def rss_bytes(pid: int) -> int:
    """The resident set size of process ``pid`` (Linux: ``/proc/<pid>/status`` VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")
