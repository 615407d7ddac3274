"""A raw 2026-07-28 ``subscriptions/listen`` stream over Streamable HTTP, read in a
thread: every frame as sent (``_meta`` included), and ``None`` when the stream ends.
Stdlib only, like wire.py. Give each stream its own ``bearer``: anonymous clients on
one address share one switch bucket."""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from tests.e2e.wire import MODERN, VARIANT_KEY

HANG_GUARD_SECONDS = 30.0  # a broken test fails instead of hanging; not a timed assertion


class RawListen:
    """Open with the ``notifications`` filter (wire names) in ``variant``; the first
    frame, the acknowledgement, is read before the constructor returns."""

    def __init__(
        self,
        url: str,
        notifications: Mapping[str, Any],
        *,
        variant: str | None = None,
        bearer: str | None = None,
    ) -> None:
        parts = urlsplit(url)
        self._connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port or 80, timeout=None
        )
        meta: dict[str, Any] = {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": {"name": "listen-test", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        if variant is not None:
            meta[VARIANT_KEY] = variant
        body = {
            "jsonrpc": "2.0",
            "id": "listen-1",
            "method": "subscriptions/listen",
            "params": {"notifications": dict(notifications), "_meta": meta},
        }
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": MODERN,
            "Mcp-Method": "subscriptions/listen",
        }
        if bearer is not None:
            headers["Authorization"] = f"Bearer {bearer}"
        self._connection.connect()
        self._socket = self._connection.sock
        self._connection.request("POST", parts.path, json.dumps(body).encode(), headers)
        self._response = self._connection.getresponse()
        self._frames: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.ack = self.next()
        if self.ack is None or self.ack.get("method") != "notifications/subscriptions/acknowledged":
            self.close()
            raise RuntimeError(f"subscriptions/listen was not acknowledged: {self.ack}")

    def _read(self) -> None:
        try:
            while True:
                line = self._response.readline()
                if not line:
                    break
                if line.startswith(b"data:"):
                    self._frames.put(json.loads(line[5:]))
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            # The stream ended or was closed under the reader (close() from the test).
            pass
        finally:
            self._frames.put(None)

    def next(self) -> dict[str, Any] | None:
        """The next frame, or None when the stream ended."""
        return self._frames.get(timeout=HANG_GUARD_SECONDS)

    def close(self) -> None:
        try:
            self._socket.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
        except OSError:
            pass
        self._connection.close()

    def __enter__(self) -> RawListen:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def method_and_meta(frame: dict[str, Any] | None) -> tuple[str, Any, Any] | None:
    """(method, the uri if any, the variant in ``_meta`` if any) of a frame."""
    if frame is None:
        return None
    params = frame.get("params") or {}
    return frame.get("method", ""), params.get("uri"), (params.get("_meta") or {}).get(VARIANT_KEY)
