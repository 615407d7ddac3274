"""Client sessions against a server under test, in either protocol era.

Legacy (2025-11-25 and earlier): an ``initialize`` handshake declares the client's
capabilities once; on HTTP the server's ``Mcp-Session-Id`` then rides on every POST and
a DELETE ends the session. Modern (2026-07-28): no handshake; every request carries the
envelope in ``params._meta`` (protocol version, client info, client capabilities) and,
on HTTP, the ``MCP-Protocol-Version``, ``Mcp-Method`` and ``Mcp-Name`` headers.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .transport import Answer, HttpEndpoint, StdioProcess, TransportError

__all__ = [
    "CLIENT_INFO",
    "PROTOCOL_VERSION_KEY",
    "Config",
    "HandshakeFailed",
    "HttpTarget",
    "Session",
    "StdioTarget",
    "Target",
]

PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo"
CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities"
CLIENT_INFO = {"name": "mcp-negotiation-conformance", "version": "1.0.0"}
# Methods whose name or URI the modern HTTP binding mirrors in the Mcp-Name header.
_NAME_BEARING = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
_HEADER_SAFE = re.compile(r"^[\x20-\x7E]*$")


@dataclass(slots=True)
class Config:
    """Runner settings; fixtures read them as ``config.<name>``."""

    timeout: float = 10.0
    modern_version: str = "2026-07-28"
    legacy_version: str = "2025-11-25"
    # -32022 in the 2026-07-28 schema; protocol-versioning.md prints -32004. None: either.
    unsupported_version_code: int | None = -32022
    strict: bool = False  # SHOULD failures fail the run too

    def as_root(self) -> dict[str, Any]:
        codes = (
            [-32022, -32004]
            if self.unsupported_version_code is None
            else [self.unsupported_version_code]
        )
        return {
            "timeout": self.timeout,
            "modernVersion": self.modern_version,
            "legacyVersion": self.legacy_version,
            "unsupportedVersionCodes": codes,
        }


class HandshakeFailed(RuntimeError):
    """``initialize`` did not succeed."""


def _header_value(value: str) -> str:
    if _HEADER_SAFE.fullmatch(value) and value == value.strip():
        return value
    return f"=?base64?{base64.b64encode(value.encode('utf-8')).decode('ascii')}?="


class _Channel:
    def request(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> Answer:
        raise NotImplementedError

    def notify(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        raise NotImplementedError

    def close(self, headers: Mapping[str, str]) -> None:
        """End what this channel owns."""

    def settle(self, seconds: float) -> list[dict[str, Any]]:
        """Notifications that arrive within ``seconds`` outside any response."""
        return []


class _StdioChannel(_Channel):
    def __init__(self, process: StdioProcess, owned: bool) -> None:
        self.process, self.owned = process, owned

    def request(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> Answer:
        return self.process.request(message)

    def notify(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        self.process.send(message)

    def settle(self, seconds: float) -> list[dict[str, Any]]:
        return self.process.drain(seconds)

    def close(self, headers: Mapping[str, str]) -> None:
        if self.owned:
            self.process.stop()


class _HttpChannel(_Channel):
    def __init__(self, endpoint: HttpEndpoint) -> None:
        self.endpoint = endpoint

    def request(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> Answer:
        return self.endpoint.post(message, headers)

    def notify(self, message: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        self.endpoint.post(message, headers)

    def close(self, headers: Mapping[str, str]) -> None:
        if "Mcp-Session-Id" in headers:
            self.endpoint.delete(headers)


class Session:
    """One client conversation in one era with one capability declaration."""

    def __init__(
        self,
        channel: _Channel,
        era: str,
        capabilities: Mapping[str, Any],
        config: Config,
        http: bool,
    ) -> None:
        self.channel, self.era, self.config, self.http = channel, era, config, http
        self.capabilities = dict(capabilities)
        self.initialize_result: dict[str, Any] | None = None
        self._ids = itertools.count(1)
        self._session_headers: dict[str, str] = {}

    def open(self) -> None:
        if self.era != "legacy":
            return
        answer = self.channel.request(
            {
                "jsonrpc": "2.0",
                "id": next(self._ids),
                "method": "initialize",
                "params": {
                    "protocolVersion": self.config.legacy_version,
                    "capabilities": self.capabilities,
                    "clientInfo": CLIENT_INFO,
                },
            },
            dict(self._session_headers),
        )
        response = answer.response
        if response is None or not isinstance(response.get("result"), dict):
            if response is not None:
                detail = json.dumps(response.get("error"))
            else:
                detail = answer.transport_reply() or "no answer"
            raise HandshakeFailed(f"initialize failed: {detail}")
        self.initialize_result = response["result"]
        if self.http:
            session_id = answer.headers.get("mcp-session-id")
            if session_id:
                self._session_headers["Mcp-Session-Id"] = session_id
            version = self.initialize_result.get("protocolVersion")
            if isinstance(version, str):
                self._session_headers["MCP-Protocol-Version"] = version
        self.channel.notify(
            {"jsonrpc": "2.0", "method": "notifications/initialized"}, self._session_headers
        )

    def call(
        self,
        method: str,
        params: Mapping[str, Any] | None,
        *,
        meta: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[dict[str, Any], Answer]:
        """Send one request; ``meta`` entries set to None remove envelope keys."""
        body_params = dict(params or {})
        merged_meta: dict[str, Any] = dict(body_params.get("_meta") or {})
        if self.era == "modern":
            merged_meta = {
                PROTOCOL_VERSION_KEY: self.config.modern_version,
                CLIENT_INFO_KEY: CLIENT_INFO,
                CLIENT_CAPABILITIES_KEY: self.capabilities,
                **merged_meta,
            }
        for key, value in (meta or {}).items():
            if value is None:
                merged_meta.pop(key, None)
            else:
                merged_meta[key] = value
        if merged_meta:
            body_params["_meta"] = merged_meta
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if body_params or self.era == "modern":
            message["params"] = body_params
        all_headers = dict(self._session_headers)
        if self.http and self.era == "modern":
            version = merged_meta.get(PROTOCOL_VERSION_KEY)
            if isinstance(version, str):
                all_headers["MCP-Protocol-Version"] = version
            all_headers["Mcp-Method"] = method
            name = body_params.get(_NAME_BEARING.get(method, ""))
            if isinstance(name, str):
                all_headers["Mcp-Name"] = _header_value(name)
        all_headers.update(headers or {})
        return message, self.channel.request(message, all_headers)

    def settle(self, seconds: float) -> list[dict[str, Any]]:
        """Notifications that arrive within ``seconds`` after the last answer (stdio)."""
        return self.channel.settle(seconds)

    def base_headers(self, headers: Mapping[str, str]) -> None:
        """Headers sent on every request of this session (e.g. ``Authorization``)."""
        self._session_headers.update(headers)

    def close(self) -> None:
        self.channel.close(self._session_headers)


class Target:
    """Where sessions come from: a command to run (stdio) or a URL (HTTP)."""

    transport = ""

    def open_session(
        self,
        era: str,
        capabilities: Mapping[str, Any],
        *,
        fresh: bool,
        headers: Mapping[str, str] | None = None,
    ) -> Session:
        """A session declaring ``capabilities``; ``headers`` ride on all its HTTP requests."""
        raise NotImplementedError

    def release(self, session: Session) -> None:
        """Give back a session opened for one fixture."""

    def close(self) -> None:
        """Stop everything this target started."""


class StdioTarget(Target):
    """Modern sessions share one process; legacy sessions get one process per
    declaration (one stdio process is one handshake), or a fresh one on request."""

    transport = "stdio"

    def __init__(
        self,
        command: str,
        config: Config,
        *,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.command, self.config, self.cwd, self.env = command, config, cwd, env
        self._shared: StdioProcess | None = None
        self._spare: StdioProcess | None = None
        self._legacy: dict[str, Session] = {}

    def _start(self) -> StdioProcess:
        return StdioProcess(self.command, cwd=self.cwd, env=self.env, timeout=self.config.timeout)

    def _spawn(self) -> StdioProcess:
        """A process, booted while the previous fixture ran: one spare is kept warm."""
        spare, self._spare = self._spare, None
        if spare is None or not spare.alive():
            if spare is not None:
                spare.stop()
            spare = self._start()
        self._spare = self._start()
        return spare

    def open_session(
        self,
        era: str,
        capabilities: Mapping[str, Any],
        *,
        fresh: bool,
        headers: Mapping[str, str] | None = None,
    ) -> Session:
        if era == "modern":
            if self._shared is None or not self._shared.alive():
                if self._shared is not None:
                    self._shared.stop()
                self._shared = self._spawn()
            return Session(
                _StdioChannel(self._shared, owned=False), era, capabilities, self.config, http=False
            )
        key = json.dumps(capabilities, sort_keys=True)
        cached = self._legacy.get(key)
        if not fresh and cached is not None:
            channel = cached.channel
            if isinstance(channel, _StdioChannel) and channel.process.alive():
                return cached
            cached.close()
            del self._legacy[key]
        session = Session(
            _StdioChannel(self._spawn(), owned=True), era, capabilities, self.config, http=False
        )
        try:
            session.open()
        except (HandshakeFailed, TransportError):
            session.close()
            raise
        if not fresh:
            self._legacy[key] = session
        return session

    def release(self, session: Session) -> None:
        if session not in self._legacy.values():
            session.close()

    def close(self) -> None:
        for session in self._legacy.values():
            session.close()
        self._legacy.clear()
        for process in (self._shared, self._spare):
            if process is not None:
                process.stop()
        self._shared = self._spare = None


class HttpTarget(Target):
    """A running Streamable HTTP server: one HTTP session per legacy fixture."""

    transport = "http"

    def __init__(self, url: str, config: Config, headers: Mapping[str, str] | None = None) -> None:
        self.endpoint = HttpEndpoint(url, timeout=config.timeout)
        self.config = config
        self.headers = dict(headers or {})

    def open_session(
        self,
        era: str,
        capabilities: Mapping[str, Any],
        *,
        fresh: bool,
        headers: Mapping[str, str] | None = None,
    ) -> Session:
        session = Session(_HttpChannel(self.endpoint), era, capabilities, self.config, http=True)
        session.base_headers({**self.headers, **(headers or {})})
        session.open()
        return session

    def release(self, session: Session) -> None:
        session.close()
