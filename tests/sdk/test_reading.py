"""``negotiation.sdk.reading`` pins (issue #36): a request context read into the engine's
``Request`` (plain values only), and the SDK's answer for an unknown name recognised."""

from __future__ import annotations

from contextlib import ExitStack
from types import SimpleNamespace
from typing import Any

from mcp.shared.exceptions import MCPError

from negotiation import errors
from negotiation.backplane import InMemoryBackplane
from negotiation.engine import UNLIMITED, Negotiator, Request
from negotiation.sdk.anonymous import AnonymousBuckets
from negotiation.sdk.reading import answers_unknown, header, read
from negotiation.sdk.sessions import Sessions
from negotiation.subscriptions import VariantSwitchLimiter

LEGACY, MODERN = "2025-11-25", "2026-07-28"
VARIANTS = [{"id": "main", "description": "The default."}]


class _Connection(SimpleNamespace):
    __hash__ = object.__hash__  # hashable, as the SDK's connection is


def _ctx(method: str, version: str, *, headers: Any = None, state: Any = None) -> Any:
    connection = _Connection(state=state if state is not None else {}, exit_stack=ExitStack())
    session = SimpleNamespace(client_capabilities={"caps": 1}, _connection=connection)
    request = SimpleNamespace(headers=headers) if headers is not None else None
    return SimpleNamespace(
        method=method,
        params={"name": "a"},
        protocol_version=version,
        session=session,
        request=request,
    )


def _read(ctx: Any, engine: Negotiator, principal: Any = None) -> Request:
    sessions = Sessions(engine.exists, InMemoryBackplane())
    return read(ctx, principal, header(ctx), engine, sessions, AnonymousBuckets(None))


def test_a_modern_request_is_read_into_values_with_no_session() -> None:
    ctx = _ctx("tools/call", MODERN, headers={"MCP-Server-Variant": "main"})
    assert _read(ctx, Negotiator(VARIANTS), "alice") == Request(
        "tools/call", {"name": "a"}, MODERN, "alice", {"caps": 1}, "main", None, UNLIMITED, False
    )
    assert header(_ctx("ping", MODERN)) is None  # in process: no HTTP request
    assert header(_ctx("ping", MODERN, headers={})) is None


def test_a_legacy_request_has_its_sessions_key_and_bucket() -> None:
    ctx = _ctx("tools/call", LEGACY)
    request = _read(ctx, Negotiator(VARIANTS))
    assert request.session_key is ctx.session._connection
    assert (request.bucket_key, request.ends_seen) == (UNLIMITED, False)  # no limiter
    limited = Negotiator(VARIANTS, switch_limiter=VariantSwitchLimiter())
    assert _read(ctx, limited, "bob").bucket_key == "bob"  # the principal's bucket
    anonymous = _read(ctx, limited).bucket_key  # the session's own bucket
    assert isinstance(anonymous, tuple) and anonymous[0] == "session"


def test_only_a_legacy_initialize_with_variants_watches_its_session() -> None:
    engine = Negotiator(VARIANTS)
    assert _read(_ctx("initialize", LEGACY), engine).ends_seen is True
    for ctx, served in (
        (_ctx("initialize", MODERN), engine),
        (_ctx("tools/list", LEGACY), engine),
        (_ctx("initialize", LEGACY), Negotiator()),  # no variants: nothing to keep
    ):
        assert _read(ctx, served).ends_seen is False
        assert ctx.session._connection.state == {}  # not watched
    unseen = _ctx("initialize", LEGACY, state=[])  # an end that can't be seen
    assert _read(unseen, engine).ends_seen is False


def _error(code: int, message: str) -> MCPError:
    return MCPError(code=code, message=message)


def test_the_sdks_answers_for_unknown_names_are_recognised_by_their_exact_message() -> None:
    tool = {"name": "t"}

    def text(value: str) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": value}], "isError": True}

    assert answers_unknown("tools/call", tool, text("Unknown tool: t"))
    assert not answers_unknown("tools/call", tool, text("Unknown tool: u"))
    assert not answers_unknown("tools/call", {"name": 3}, text("Unknown tool: 3"))
    assert not answers_unknown("ping", tool, text("Unknown tool: t"))
    resource = {"uri": "x://a"}
    for message in ("Unknown resource: x://a", "Resource not found"):
        assert answers_unknown("resources/read", resource, _error(errors.INVALID_PARAMS, message))
    assert not answers_unknown("resources/read", resource, _error(-32603, "Resource not found"))
    assert not answers_unknown("resources/read", resource, _error(errors.INVALID_PARAMS, "no"))
    assert not answers_unknown("resources/read", resource, ValueError("Unknown resource: x://a"))
    prompt = {"name": "p"}
    assert answers_unknown("prompts/get", prompt, ValueError("Unknown prompt: p"))
    assert not answers_unknown("prompts/get", prompt, ValueError("Unknown prompt: q"))
    assert not answers_unknown(
        "prompts/get", prompt, _error(errors.INVALID_PARAMS, "Unknown prompt: p")
    )
    assert not answers_unknown("prompts/get", None, ValueError("Unknown prompt: p"))
