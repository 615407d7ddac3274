"""Talking to a server under test: a stdio subprocess or a Streamable HTTP endpoint.

Stdio: newline-delimited JSON-RPC on the child's stdin and stdout; its stderr goes to a
temporary file whose tail is quoted when the child dies. HTTP: each message is a POST;
the answer is ``application/json`` or an SSE stream (``text/event-stream``) that carries
it. Every wait is bounded; every process started here is stopped here.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import shlex
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

__all__ = ["Answer", "HttpEndpoint", "StdioProcess", "TransportError", "http_messages"]


class TransportError(RuntimeError):
    """The server could not be reached, died, or did not answer in time."""


@dataclass(slots=True)
class Answer:
    """A response to one request (None on a timeout) and what came with it."""

    response: dict[str, Any] | None
    status: int | None = None  # the HTTP status; None on stdio
    headers: dict[str, str] = field(default_factory=dict)
    notifications: list[dict[str, Any]] = field(default_factory=list)
    body: str = ""  # the HTTP body as text, quoted when it carries no JSON-RPC answer

    def transport_reply(self) -> str | None:
        """The HTTP answer, status and body, when it carried no JSON-RPC response."""
        if self.response is not None or self.status is None:
            return None
        kind = self.headers.get("content-type", "no content type")
        body = " ".join(self.body.split())
        shown = body if len(body) <= 300 else body[:297] + "..."
        return (
            f"HTTP {self.status} ({kind}): {shown!r}"
            if body
            else f"HTTP {self.status} ({kind}), empty body"
        )


class StdioProcess:
    """One server process spoken to over stdio."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        timeout: float = 10.0,
    ) -> None:
        try:
            argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as error:  # an unbalanced quote
            raise TransportError(f"cannot parse the server command {command!r}: {error}") from None
        if not argv:
            raise TransportError("the server command is empty")
        self.timeout = timeout
        self._stderr = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=cwd,
                env=dict(env) if env is not None else None,
            )
        except OSError as error:
            self._stderr.close()
            reason = error.strerror or str(error)
            raise TransportError(f"cannot start the server command {argv[0]!r}: {reason}") from None
        self._inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """The reader thread: never raises (a thread's exception would print a
        traceback). ``stop()`` may close the pipe under it; that ends the reading."""
        stdout = self._process.stdout
        try:
            for line in stdout or ():
                line = line.strip()
                if not line:
                    continue
                try:
                    message = json.loads(line)
                except ValueError:
                    continue  # not protocol traffic; a conforming server never writes it
                if isinstance(message, dict):
                    self._inbox.put(message)
        except (OSError, ValueError):
            pass  # the pipe was closed by stop(), or broke: the output has ended
        finally:
            self._inbox.put(None)

    def alive(self) -> bool:
        return self._process.poll() is None

    def send(self, message: Mapping[str, Any]) -> None:
        stdin = self._process.stdin
        if stdin is None or not self.alive():
            raise TransportError(f"server process has exited{self._tail()}")
        try:
            stdin.write(json.dumps(message).encode("utf-8") + b"\n")
            stdin.flush()
        except OSError as error:
            raise TransportError(f"cannot write to the server: {error}{self._tail()}") from error

    def request(self, message: Mapping[str, Any]) -> Answer:
        self.send(message)
        deadline = time.monotonic() + self.timeout
        answer = Answer(None)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return answer
            try:
                incoming = self._inbox.get(timeout=remaining)
            except queue.Empty:
                return answer
            if incoming is None:
                raise TransportError(f"server closed its output{self._tail()}")
            if "id" in incoming and "method" not in incoming:
                if incoming.get("id") == message.get("id"):
                    answer.response = incoming
                    return answer
                continue  # a late answer to an earlier, timed-out request
            if "id" in incoming:  # a request from the server: we offer nothing
                self.send(
                    {
                        "jsonrpc": "2.0",
                        "id": incoming["id"],
                        "error": {"code": -32601, "message": "Method not found"},
                    }
                )
                continue
            answer.notifications.append(incoming)
            self.notifications.append(incoming)

    def drain(self, seconds: float) -> list[dict[str, Any]]:
        """Notifications that arrive within ``seconds`` (server requests are refused)."""
        deadline = time.monotonic() + seconds
        received: list[dict[str, Any]] = []
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                incoming = self._inbox.get(timeout=remaining)
            except queue.Empty:
                break
            if incoming is None:
                self._inbox.put(None)  # keep the end-of-output mark for the next reader
                break
            if "method" not in incoming:
                continue
            if "id" in incoming:
                self.send(
                    {
                        "jsonrpc": "2.0",
                        "id": incoming["id"],
                        "error": {"code": -32601, "message": "Method not found"},
                    }
                )
                continue
            received.append(incoming)
            self.notifications.append(incoming)
        return received

    def _tail(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self._stderr.seek(0)
            text = self._stderr.read().decode("utf-8", "replace").strip()
            if text:
                return f"; its stderr ends: {text[-400:]}"
        return ""

    def stop(self) -> None:
        """Close stdin, then terminate, then kill: whatever ends the process first."""
        with contextlib.suppress(OSError, ValueError):
            if self._process.stdin is not None:
                self._process.stdin.close()
        for action in (None, self._process.terminate, self._process.kill):
            if action is not None:
                with contextlib.suppress(OSError):
                    action()
            try:
                self._process.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                continue
        # Let the reader reach the end of the output before closing the pipe under it
        # (a grandchild may hold the pipe open: then the close ends the reading).
        self._reader.join(timeout=2)
        with contextlib.suppress(OSError, ValueError):
            if self._process.stdout is not None:
                self._process.stdout.close()
        self._reader.join(timeout=5)
        self._stderr.close()


class HttpEndpoint:
    """A Streamable HTTP endpoint (``http://host:port/path``)."""

    def __init__(self, url: str, *, timeout: float = 10.0) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        self.url = url
        self.timeout = timeout
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._path = parts.path or "/"

    def _connection(self) -> http.client.HTTPConnection:
        kind = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        return kind(self._host, self._port, timeout=self.timeout)

    def post(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> Answer:
        body = json.dumps(message).encode("utf-8")
        all_headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            **headers,
        }
        connection = self._connection()
        try:
            connection.request("POST", self._path, body=body, headers=all_headers)
            reply = connection.getresponse()
            raw = reply.read()
            reply_headers = {k.lower(): v for k, v in reply.getheaders()}
            status = reply.status
        except (OSError, http.client.HTTPException) as error:
            raise TransportError(f"POST {self.url} failed: {error}") from error
        finally:
            connection.close()
        answer = Answer(None, status, reply_headers, body=raw.decode("utf-8", "replace"))
        for incoming in http_messages(raw, reply_headers.get("content-type", "")):
            if (
                "id" in incoming
                and "method" not in incoming
                and incoming.get("id") == message.get("id")
            ):
                answer.response = incoming
            elif "method" in incoming and "id" not in incoming:
                answer.notifications.append(incoming)
        if answer.response is None and "id" in message and 400 <= status:
            # An error status whose body is one JSON-RPC error not echoing our id.
            parsed = http_messages(raw, "application/json")
            if parsed and "error" in parsed[0]:
                answer.response = parsed[0]
        return answer

    def delete(self, headers: Mapping[str, str]) -> None:
        connection = self._connection()
        try:
            connection.request("DELETE", self._path, headers=dict(headers))
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            pass  # ending a session is best effort
        finally:
            connection.close()


def http_messages(raw: bytes, content_type: str) -> list[dict[str, Any]]:
    """JSON-RPC messages in a JSON body (one or a batch) or an SSE stream."""
    text = raw.decode("utf-8", "replace")
    chunks: list[str] = []
    if "text/event-stream" in content_type:
        data: list[str] = []
        for line in [*text.splitlines(), ""]:
            if line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            elif not line and data:
                chunks.append("\n".join(data))
                data = []
    else:
        chunks.append(text)
    messages: list[dict[str, Any]] = []
    for chunk in chunks:
        try:
            parsed = json.loads(chunk)
        except ValueError:
            continue
        for item in parsed if isinstance(parsed, list) else [parsed]:
            if isinstance(item, dict):
                messages.append(item)
    return messages
