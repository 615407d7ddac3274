"""The engine's decision pins (issue #36): ``Request`` values in, views, results and
refusals out, with no SDK ``Client`` and no framework."""

from __future__ import annotations

import ast
import logging
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_ext.models import Resource

from negotiation import errors
from negotiation.engine import METHODS, UNLIMITED, Negotiator, Refusal, Request
from negotiation.subscriptions import VariantSwitchLimiter
from negotiation.variants import EXTENSION_ID, META_KEY
from negotiation.versioning import Era
from tests.virtual_clock import VirtualClockLoop

VARIANTS = [
    {"id": "main", "description": "The default.", "hints": {"useCase": "ide"}},
    {"id": "other", "description": "Another.", "hints": {"useCase": "planning"}},
]
LEGACY, MODERN = "2025-11-25", "2026-07-28"
CAPS = "io.modelcontextprotocol/clientCapabilities"


def _engine(**kwargs: Any) -> Negotiator:
    engine = Negotiator(VARIANTS, **kwargs)
    engine.scopes.declare("tool", "planner", ["other"], None)
    return engine


def _request(method: str = "tools/list", variant: str | None = None, **kw: Any) -> Request:
    params: dict[str, Any] = dict(kw.pop("params", {}))
    meta: dict[str, Any] = {CAPS: {}}
    if variant is not None:
        meta[META_KEY] = variant
    params["_meta"] = meta
    return Request(method, params, **kw)


def _refusal(call: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    with pytest.raises(Refusal) as raised:
        call(*args, **kwargs)
    return dict(raised.value.error)


def _begin(engine: Negotiator, request: Request) -> Any:
    return anyio.run(engine.begin, request)


def _finish(engine: Negotiator, request: Request, result: dict[str, Any]) -> Any:
    view = _begin(engine, request)
    return anyio.run(engine.finish, request, view, result)


def test_the_engine_imports_no_sdk_and_no_adapter() -> None:
    for name in ("engine.py", "engine_parts.py"):
        tree = ast.parse((Path("negotiation") / name).read_text("utf-8"))
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        } | {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        assert not {n for n in imported if n.split(".")[0] in ("mcp", "mcp_types", "anyio")}
        assert not {n for n in imported if n.startswith("negotiation.sdk")}


def test_a_repeated_modern_request_is_one_lookup_returning_the_same_view() -> None:
    engine = _engine()
    first = engine.view(_request(variant="other"))
    again = engine.view(_request(variant="other"))
    assert again is first and (first.variant, first.era) == ("other", Era.MODERN)
    assert len(engine.memo.views) == 1
    assert engine.view(_request()).variant == "main"  # the default, a second entry
    assert len(engine.memo.views) == 2


def test_meta_wins_over_the_header_and_the_header_counts_without_meta() -> None:
    engine = _engine()
    assert engine.view(_request(variant="main", header="other")).variant == "main"
    assert engine.view(_request(header="other")).variant == "other"


def test_an_unknown_variant_is_refused_with_the_specs_error() -> None:
    error = _refusal(_engine().view, _request(variant="nope"))
    assert error["code"] == errors.INVALID_PARAMS
    assert error["data"]["requestedVariant"] == "nope"


def test_without_negotiation_a_selected_variant_is_refused_and_none_is_served() -> None:
    engine = _engine(negotiate=False)
    assert _refusal(engine.view, _request(variant="main")) == dict(
        errors.server_variants_not_supported()
    )
    view = engine.view(_request())
    assert (view.variant, view.era) == (None, Era.MODERN)
    assert engine.default_variant == "main"  # its items are still listed


def test_a_named_tool_outside_the_variant_is_refused_before_the_handler() -> None:
    engine = _engine()
    call = _request("tools/call", params={"name": "planner"})
    error = _refusal(_begin, engine, call)
    assert error["message"] == "Unknown tool: planner"
    assert error["data"]["activeVariant"] == "main"
    assert _begin(engine, _request("tools/call", "other", params={"name": "planner"})) is not None


def test_unknown_names_get_the_variant_error_only_when_a_variant_serves() -> None:
    engine = _engine()
    request = _request("tools/call", params={"name": "ghost"})
    view = engine.view(request)
    error = engine.unknown(request, view)
    assert error is not None and error["data"]["activeVariant"] == "main"
    assert engine.unknown(_request("tools/call", params={"name": 3}), view) is None
    assert engine.unknown(_request("ping"), view) is None
    plain = Negotiator()
    assert plain.unknown(request, plain.view(request)) is None
    assert engine.unknown(request, None) is None  # initialize: no view, no variant


def test_a_list_is_scoped_to_the_variant_with_private_cache_hints() -> None:
    engine = _engine()
    items = [{"name": "a"}, {"name": "planner"}]
    listed = _finish(engine, _request(), {"tools": list(items)})
    assert listed["tools"] == [{"name": "a"}]
    assert listed["cacheScope"] == "private"
    other = _finish(engine, _request(variant="other"), {"tools": list(items)})
    assert [t["name"] for t in other["tools"]] == ["a", "planner"]


def test_lists_are_paged_with_cursors_bound_to_the_variant() -> None:
    engine = _engine(page_size=1)
    items = [{"name": "a"}, {"name": "b"}]
    first = _finish(engine, _request(), {"tools": list(items)})
    assert first["tools"] == [{"name": "a"}] and "nextCursor" in first
    then = _request(params={"cursor": first["nextCursor"]})
    assert _finish(engine, then, {"tools": list(items)})["tools"] == [{"name": "b"}]
    elsewhere = _request(variant="other", params={"cursor": first["nextCursor"]})
    error = _refusal(_finish, engine, elsewhere, {"tools": list(items)})
    assert error["code"] == errors.INVALID_PARAMS


def test_a_cursor_is_refused_where_nothing_is_paged() -> None:
    error = _refusal(_finish, _engine(), _request(params={"cursor": "x"}), {"tools": []})
    assert error == dict(errors.invalid_cursor("main"))


def test_initialize_advertises_and_keeps_a_watched_legacy_session() -> None:
    engine = _engine()
    capabilities = {"extensions": {EXTENSION_ID: {}}}
    request = Request(
        "initialize",
        {"capabilities": capabilities},
        LEGACY,
        principal="alice",
        session_key="s1",
        ends_seen=True,
    )
    assert _begin(engine, request) is None  # no variant serves initialize
    result = anyio.run(engine.finish, request, None, {"capabilities": {}})
    advertised = result["capabilities"]["extensions"][EXTENSION_ID]
    assert [v["id"] for v in advertised["availableVariants"]] == ["main", "other"]
    assert engine.legacy["s1"].principal == "alice"
    unwatched = request._replace(session_key="s2", ends_seen=False)
    anyio.run(engine.finish, unwatched, None, {"capabilities": {}})
    assert "s2" not in engine.legacy
    # The session's principal may not change within it.
    later = Request("tools/list", {}, LEGACY, principal="bob", session_key="s1")
    assert _refusal(engine.view, later) == dict(errors.principal_changed())


def test_legacy_subscriptions_are_bound_to_the_variant() -> None:
    engine = _engine()
    engine.resources.add(
        Resource(uri="x://a", name="a", mime_type="text/plain"),
        {"text/plain": "a"},
    )
    engine.scopes.declare("resource", "x://a", ["other"], None)
    request = Request("resources/subscribe", {"uri": "x://a"}, LEGACY, session_key="s")
    view = engine.view(request)
    error = _refusal(engine.subscription, request, view)
    assert error["data"]["activeVariant"] == "main"
    bad = request._replace(params={"uri": 7})
    assert _refusal(engine.subscription, bad, view) == {
        "code": errors.INVALID_PARAMS,
        "message": "Invalid params",
        "data": {"uri": 7},
    }
    other = request._replace(params={"uri": "x://a", "_meta": {META_KEY: "other"}})
    assert engine.subscription(other, engine.view(other)) == "x://a"
    assert len(engine.subscriptions) == 1
    # Without a selected variant, unsubscribe ends it whatever its variant.
    stop = Request("resources/unsubscribe", {"uri": "x://a"}, LEGACY, session_key="s")
    engine.subscription(stop, engine.view(stop))
    assert len(engine.subscriptions) == 0


def test_a_listen_stream_is_bound_to_its_variant_and_refuses_others_uris() -> None:
    engine = _engine()
    engine.scopes.declare("resource", "x://only-other", ["other"], None)
    asked = {"notifications": {"resourceSubscriptions": ["x://only-other", 3]}}
    request = _request("subscriptions/listen", variant="other", params=asked)
    bound = engine.listen(request, engine.view(request))
    assert (bound.variant, bound.uris, bound.bound) == (
        "other",
        frozenset({"x://only-other"}),
        True,
    )
    main = _request("subscriptions/listen", params=asked)
    assert _refusal(engine.listen, main, engine.view(main))["data"]["activeVariant"] == "main"
    plain = Negotiator()
    assert plain.listen(main, plain.view(main)).bound is False


def test_a_listen_stream_is_bound_by_variants_scopes_or_an_attached_registry_alone() -> None:
    asked = {"notifications": {"resourceSubscriptions": ["x://a"]}}
    request = _request("subscriptions/listen", params=asked)
    unscoped = Negotiator(VARIANTS)  # variants, no scope, no registry attached
    assert unscoped.listen(request, unscoped.view(request)).bound is True
    attached = Negotiator()  # no variants: bound only by what serves resources
    attached.attach(lambda uri: True)
    assert attached.listen(request, attached.view(request)).bound is True


def test_switching_variants_is_limited_per_bucket() -> None:
    engine = _engine(switch_limiter=VariantSwitchLimiter(capacity=1, refill_per_second=0.001))
    assert engine.limits_switches
    engine.view(_request(bucket_key="alice"))
    engine.view(_request(variant="other", bucket_key="alice"))  # the one switch allowed
    error = _refusal(engine.view, _request(bucket_key="alice"))
    assert error["code"] == errors.RATE_LIMITED
    assert "retryAfterMs" in error["data"]
    # No bucket, no limit.
    for variant in ("main", "other", "main"):
        engine.view(_request(variant=variant, bucket_key=UNLIMITED))


def test_a_multi_format_resource_is_read_in_the_negotiated_format() -> None:
    engine = _engine()
    engine.resources.add(
        Resource(uri="x://p", name="p", mime_type="text/markdown"),
        {"text/markdown": "# p", "application/json": '{"p": 1}'},
    )
    capabilities = {"extensions": _features("format=json")}
    request = Request(
        "resources/read", {"uri": "x://p", "_meta": {CAPS: capabilities}}, capabilities=capabilities
    )
    read = _finish(engine, request, {"contents": [{"uri": "x://p", "text": "# p"}]})
    assert [c["mimeType"] for c in read["contents"]] == ["application/json"]


def _features(*tags: str) -> dict[str, Any]:
    from negotiation.features import EXTENSION_ID as CONTENT

    return {CONTENT: {"features": list(tags)}}


def test_the_method_table_names_every_method_finish_changes() -> None:
    assert set(METHODS) == {
        "initialize",
        "server/discover",
        "tools/list",
        "prompts/list",
        "resources/list",
        "resources/read",
    }
    engine = _engine()
    call = _request("tools/call", params={"name": "a"})
    answer = {"content": []}
    assert _finish(engine, call, answer) is answer  # left as the handler answered


def test_a_principal_is_compared_type_exactly() -> None:
    engine = _engine()
    principals: list[Hashable] = [1, True, "1"]
    for principal in principals:
        assert engine.view(_request(principal=principal)).principal is principal


def _repeat(engine: Negotiator, request: Request) -> Any:
    assert request.params is not None
    return engine.repeated(
        request.method,
        request.params,
        request.protocol_version,
        request.principal,
        request.header,
    )


def test_a_repeated_request_is_found_by_its_raw_meta_after_one_full_sequence() -> None:
    engine = _engine()
    call = _request("tools/call", "other", params={"name": "a"}, principal="alice")
    assert _repeat(engine, call) is None  # never served
    view = _begin(engine, call)
    assert _repeat(engine, call) is view
    # Every part of the key counts: the principal, the header, the version, the _meta.
    assert _repeat(engine, call._replace(principal="bob")) is None
    assert _repeat(engine, call._replace(header="main")) is None
    assert _repeat(engine, call._replace(protocol_version="2026-08-01")) is None
    assert _repeat(engine, _request("tools/call", "main", params={"name": "a"})) is None
    # Any method without a step of its own; never lists, reads, subscriptions.
    assert _repeat(engine, call._replace(method="completion/complete")) is view
    for method in ("tools/list", "resources/read", "prompts/get", "subscriptions/listen"):
        assert _repeat(engine, call._replace(method=method)) is None


def test_the_fast_path_still_refuses_a_name_outside_the_variant() -> None:
    engine = _engine()
    served = _request("tools/call", "other", params={"name": "planner"})
    view = _begin(engine, served)
    assert _repeat(engine, served) is view  # planner is in "other"
    elsewhere = _request("tools/call", "main", params={"name": "a"})
    _begin(engine, elsewhere)
    moved = _request("tools/call", "main", params={"name": "planner"})
    assert _repeat(engine, moved) is None  # begin() refuses it
    assert _refusal(_begin, engine, moved)["message"] == "Unknown tool: planner"


def test_the_fast_path_is_off_for_odd_principals_debug_logging_and_limits(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engine = _engine()
    odd = _request("tools/call", params={"name": "a"}, principal=("team", 1))
    _begin(engine, odd)
    assert _repeat(engine, odd) is None
    call = _request("tools/call", params={"name": "a"})
    _begin(engine, call)
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        assert _repeat(engine, call) is None  # each request's decision is logged
    limited = _engine(switch_limiter=VariantSwitchLimiter())
    _begin(limited, call)
    assert _repeat(limited, call) is None


def test_the_repeat_table_is_bounded_and_starts_over_when_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from negotiation import engine as engine_module

    monkeypatch.setattr(engine_module, "REPEATS_BYTES", 1500)  # two entries, not three
    engine = _engine()
    calls = [_request("tools/call", params={"name": "a"}, principal=p) for p in "abc"]
    for call in calls[:2]:
        _begin(engine, call)
    assert [_repeat(engine, call) is not None for call in calls] == [True, True, False]
    _begin(engine, calls[2])  # over the bound: the table starts over with this one
    assert [_repeat(engine, call) is not None for call in calls] == [False, False, True]


def test_the_fast_path_checks_a_resource_nothing_serves() -> None:
    engine = _engine()
    engine.attach(lambda uri: uri == "x://known")
    known = _request("resources/metadata", params={"uri": "x://known"})
    view = _begin(engine, known)
    assert _repeat(engine, known) is view
    nothing = _request("resources/metadata", params={"uri": "x://nothing"})
    assert _repeat(engine, nothing) is None  # the same _meta, a URI nothing serves
    assert _refusal(_begin, engine, nothing)["data"]["activeVariant"] == "main"
    other = _request("resources/metadata", "other", params={"uri": "x://known"})
    _begin(engine, other)
    assert _repeat(engine, other) is not None and _repeat(engine, other).variant == "other"


def test_a_request_served_with_a_header_repeats_with_that_header() -> None:
    engine = _engine()
    call = _request("tools/call", params={"name": "a"}, header="other")
    view = _begin(engine, call)
    assert view.variant == "other"
    assert _repeat(engine, call) is view
    assert _repeat(engine, call._replace(header=None)) is None


def _size(request: Request) -> int:
    """What an entry of the repeat table counts: 512 bytes of overhead, its key's text
    (the selected variant and the capabilities), and twice its header and principal."""
    import marshal

    assert request.params is not None
    meta = request.params["_meta"]
    text = marshal.dumps((meta.get(META_KEY, ...), meta.get(CAPS)), 2)
    extra = len(request.header or "") + len(str(request.principal or ""))
    return 512 + len(text) + 2 * extra


def test_the_repeat_table_counts_each_entry_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    from negotiation import engine as engine_module

    calls = [
        _request("tools/call", "main", params={"name": "a"}, principal=p, header="hh")
        for p in ("pa", "pb", "pc", "pd")
    ]
    size = _size(calls[0])  # every call counts the same
    assert {_size(call) for call in calls} == {size}

    def kept(engine: Negotiator) -> list[bool]:
        return [_repeat(engine, call) is not None for call in calls]

    monkeypatch.setattr(engine_module, "REPEATS_BYTES", 2 * size)  # two entries exactly
    engine = _engine()
    for call in calls[:2]:
        _begin(engine, call)
    assert kept(engine) == [True, True, False, False]
    _begin(engine, calls[2])  # the third starts over
    _begin(engine, calls[3])  # and the fourth fits beside it exactly
    assert kept(engine) == [False, False, True, True]
    # A request never looked up (a list, an odd principal) takes no room.
    engine = _engine()
    _begin(engine, calls[0])
    _begin(engine, calls[1]._replace(method="tools/list"))
    _begin(engine, calls[1]._replace(principal=("team", 1)))
    _begin(engine, calls[2])
    assert kept(engine) == [True, False, True, False]
    monkeypatch.setattr(engine_module, "REPEATS_BYTES", 2 * size - 1)  # one byte short
    engine = _engine()
    for call in calls[:2]:
        _begin(engine, call)
    assert kept(engine) == [False, True, False, False]


def test_the_fast_path_answers_as_begin_does_without_scopes_and_for_an_odd_name() -> None:
    # Without scopes begin() checks no name, so neither does the fast path.
    engine = Negotiator(VARIANTS)
    engine.attach(lambda uri: False)
    read = _request("resources/metadata", params={"uri": "x://nothing"})
    view = _begin(engine, read)
    assert _repeat(engine, read) is view
    # A name that is no string (not even hashable) is no scoped name: the view.
    scoped = _engine()
    call = _request("tools/call", params={"name": "a"})
    view = _begin(scoped, call)
    assert _repeat(scoped, call._replace(params={**call.params, "name": ["a"]})) is view


# --- the engine's values and list helpers (engine_parts) -------------------------------


def test_a_refusal_says_its_errors_message() -> None:
    refusal = Refusal({"code": errors.INVALID_PARAMS, "message": "Unknown tool: x"})
    assert str(refusal) == "Unknown tool: x"
    assert refusal.error["code"] == errors.INVALID_PARAMS


def test_a_list_envelope_drops_the_items_and_the_cursor_only() -> None:
    from negotiation.engine_parts import envelope

    listed = {"tools": [1], "prompts": [2], "nextCursor": "c", "_meta": {"k": 1}, "ttl": 5}
    assert envelope(listed) == {"_meta": {"k": 1}, "ttl": 5}


class _Definition:
    def __init__(self, meta: dict[str, Any] | None) -> None:
        self.meta = meta

    def wire(self, method: str, version: str, envelope: Any) -> dict[str, Any]:
        raise AssertionError("not listed here")


class _Declared:
    """``t`` declared with ``_meta`` in variant ``v2`` only; ``bare`` without ``_meta``."""

    def __contains__(self, name: object) -> bool:
        return name in ("t", "bare")

    def names(self) -> list[str]:
        return ["t", "bare"]

    def varies(self, name: str) -> bool:
        return name == "t"

    def definition(self, name: str, variant: str | None) -> Any:
        if name == "t" and variant == "v2":
            return _Definition({"authored": [1]})
        return _Definition(None) if name in ("t", "bare") else None


def test_restore_puts_back_what_was_declared_for_each_item_as_given() -> None:
    from negotiation.engine_parts import restore
    from negotiation.resources import ResourceRegistry

    resources = ResourceRegistry()
    resource = Resource.model_validate(
        {"uri": "x://a", "name": "a", "size": 3, "_meta": {"r": 1}, "mimeType": "text/plain"}
    )
    resources.add(resource, {"text/plain": "a"})
    tools = [{"name": "t", "x": 1}, {"name": "bare"}, {"name": 3}, "odd"]
    restored = restore(resources, _Declared(), "tool", "name", tools, "v2")
    assert restored == [
        {"name": "t", "x": 1, "_meta": {"authored": [1]}},
        {"name": "bare"},  # no _meta was authored: none is added
        {"name": 3},
        "odd",
    ]
    assert restored[0]["_meta"] is not None and tools[0] == {"name": "t", "x": 1}  # a copy
    assert restore(resources, _Declared(), "tool", "name", tools[:1], "v1") == tools[:1]
    listed = [{"uri": "x://a", "name": "a", "size": 1}, {"uri": "x://b", "name": "b"}]
    assert restore(resources, _Declared(), "resource", "uri", listed, "v2") == [
        {"uri": "x://a", "name": "a", "size": 3, "_meta": {"r": 1}},
        {"uri": "x://b", "name": "b"},
    ]
    # A resource's URI that is also a declared name is still read as a resource.
    assert restore(resources, _Declared(), "resource", "name", [{"name": "t"}], "v2") == [
        {"name": "t"}
    ]


def test_an_unmatched_scope_is_named_with_its_kinds_word() -> None:
    from negotiation.engine_parts import unmatched_scope

    assert unmatched_scope("tool", ["b", "a", "kept"], ["kept"]) == [
        "neg.scope('tool', 'a', ...): the server has no tool with this name, so the scope"
        " applies to nothing. Fix the name (scopes match it exactly), or register the tool"
        " (@mcp.tool()) or drop the scope.",
        "neg.scope('tool', 'b', ...): the server has no tool with this name, so the scope"
        " applies to nothing. Fix the name (scopes match it exactly), or register the tool"
        " (@mcp.tool()) or drop the scope.",
    ]
    (resource,) = unmatched_scope("resource", ["x://a"], [])
    assert "no resource with this URI" in resource and "Fix the URI" in resource
    assert "(@mcp.resource(...))" in resource


def test_the_ranker_decides_every_modern_request_and_a_legacy_one_without_a_session() -> None:
    async def ranker(variants: Any, hints: Any) -> list[str]:
        return ["other", "main"]  # where the hints alone would rank main first

    engine = Negotiator(VARIANTS, ranker=ranker)
    hints = {"description": "I edit code", "hints": {"useCase": ["ide"]}}
    caps = {"extensions": {EXTENSION_ID: {"variantHints": hints}}}
    legacy = Request("tools/call", {"name": "a"}, LEGACY, "carol", caps, session_key="s")
    assert _begin(engine, legacy).variant == "other"
    # A session that keeps what it was advertised; a modern request, even one that
    # carries that session's key, is ranked anew.
    start = Request("initialize", {"capabilities": caps}, LEGACY, "dan", caps, None, "kept")
    anyio.run(engine.finish, start._replace(ends_seen=True), None, {"capabilities": {}})
    assert "kept" in engine.legacy
    modern = Request("tools/call", {"name": "a", "_meta": {CAPS: caps}}, MODERN, "erin", caps)
    assert _begin(engine, modern._replace(session_key="kept")).variant == "other"


def test_the_engines_own_defaults() -> None:
    import inspect

    defaults = {
        name: parameter.default
        for name, parameter in inspect.signature(Negotiator).parameters.items()
        if parameter.default is not inspect.Parameter.empty
    }
    assert (
        defaults["advertise_limit"],
        defaults["experimental_capability"],
        defaults["ranker_timeout_seconds"],
    ) == (5, False, 2.0)
    many = [{"id": f"v{i}", "description": str(i)} for i in range(7)]
    ad = Negotiator(many).advertisement({}, None)
    assert ad is not None and (len(ad.variants), ad.more_available) == (5, True)


def test_a_meta_that_names_the_variant_key_leaves_the_header_out_even_when_null() -> None:
    engine = _engine()
    named: dict[str, Any] = {"name": "a", "_meta": {CAPS: {}, META_KEY: None}}
    assert engine.view(Request("tools/call", named, header="other")).variant == "main"
    # ... and of the memo's key: one view for every header.
    selected: dict[str, Any] = {"name": "a", "_meta": {CAPS: {}, META_KEY: "other"}}
    for header in ("main", "other", None):
        assert engine.view(Request("tools/call", selected, header=header)).variant == "other"
    assert len(engine.memo.views) == 2


def test_a_view_found_in_the_memo_is_remembered_for_the_fast_path() -> None:
    engine = _engine()
    listed = _request("tools/list", "other")  # lists never take the fast path
    view = _begin(engine, listed)
    call = listed._replace(method="tools/call", params={**(listed.params or {}), "name": "a"})
    assert _repeat(engine, call) is None
    assert _begin(engine, call) is view  # the memo's view, kept for the fast path now
    assert _repeat(engine, call) is view
    assert engine.view(Request("ping", None)).variant == "main"  # no params at all


def test_the_configuration_the_adapters_read_and_a_ranker_without_variants() -> None:
    from negotiation.engine_parts import NO_DEFINITIONS

    engine = Negotiator(VARIANTS, page_size=3, tools=NO_DEFINITIONS, prompts=NO_DEFINITIONS)
    assert (engine.page_size, engine.tools, engine.prompts) == (3, NO_DEFINITIONS, NO_DEFINITIONS)

    async def ranker(variants: Any, hints: Any) -> list[str]:
        raise AssertionError("no variants to rank")

    plain = Negotiator(ranker=ranker)  # nothing to rank: the ranker is dropped
    assert plain.ranker is None
    call = _request("tools/call", params={"name": "a"})
    view = _begin(plain, call)
    assert _repeat(plain, call) is view  # so the fast path stays on


def test_a_bucket_without_a_limiter_spends_nothing_on_a_shared_backplane() -> None:
    from negotiation.backplane import InMemoryBackplane

    class Shared(InMemoryBackplane):
        shared = True

        async def switch(self, *args: Any) -> Any:
            raise AssertionError("no limiter: nothing to spend")

    engine = Negotiator(VARIANTS, backplane=Shared())
    request = _request("tools/call", "other", params={"name": "a"}, bucket_key="alice")
    assert _begin(engine, request).variant == "other"


def test_by_default_the_variants_are_not_mirrored_under_experimental() -> None:
    engine = Negotiator(VARIANTS)
    start = Request("initialize", {"capabilities": {}}, LEGACY, capabilities={})
    result = anyio.run(engine.finish, start, None, {"capabilities": {}})
    assert EXTENSION_ID in result["capabilities"]["extensions"]
    assert "experimental" not in result["capabilities"]
    mirrored = Negotiator(VARIANTS, experimental_capability=True)
    result = anyio.run(mirrored.finish, start, None, {"capabilities": {}})
    assert EXTENSION_ID in result["capabilities"]["experimental"]


@pytest.mark.parametrize(("seconds", "first"), [(1.9, "other"), (2.1, "main")])
def test_by_default_the_ranker_is_given_two_seconds(seconds: float, first: str) -> None:
    # On a virtual clock: the timeout fires (or not) as in real time, without the wait.
    async def slow(variants: Any, hints: Any) -> list[str]:
        await anyio.sleep(seconds)
        return ["other", "main"]

    engine = Negotiator(VARIANTS, ranker=slow)
    hints = {"description": "I edit code", "hints": {"useCase": ["ide"]}}
    caps = {"extensions": {EXTENSION_ID: {"variantHints": hints}}}
    ad = anyio.run(
        engine.advertisement_async, caps, "slow", backend_options={"loop_factory": VirtualClockLoop}
    )
    # In time the ranker's order wins; timed out, the hints alone rank ("main" is the IDE's).
    assert ad is not None and ad.ids[0] == first


def test_a_repeat_is_keyed_by_what_decides_the_view_not_the_rest_of_meta() -> None:
    engine = _engine()
    call = _request("tools/call", "other", params={"name": "a"})
    view = _begin(engine, call)
    assert call.params is not None
    meta = {**call.params["_meta"], "io.modelcontextprotocol/clientInfo": {"name": "x"}}
    informed = call._replace(params={**call.params, "_meta": meta})
    assert _repeat(engine, informed) is view  # clientInfo decides nothing
    caps = {**meta, CAPS: {"extensions": {}}}
    assert _repeat(engine, informed._replace(params={"name": "a", "_meta": caps})) is None
    # A variant selected as null ignores the header; none selected, the header selects.
    unset = _request("tools/call", params={"name": "a"}, header="other")
    assert unset.params is not None
    null = unset._replace(params={**unset.params, "_meta": {META_KEY: None, CAPS: {}}})
    assert _begin(engine, null).variant == "main"
    assert _repeat(engine, unset) is None
    assert _begin(engine, unset).variant == "other"
    assert _repeat(engine, null).variant == "main"
    assert _repeat(engine, unset).variant == "other"


class _Prompts:
    def __contains__(self, name: object) -> bool:
        return name == "declared"

    def names(self) -> list[str]:
        return ["declared"]

    def varies(self, name: str) -> bool:
        return False

    def definition(self, name: str, variant: str | None) -> Any:
        return None


def _serving(engine: Negotiator, request: Request) -> Any:
    serving = engine.serving(request, _begin(engine, request))
    return (serving.step, serving.variant, serving.listen)


def test_serving_says_how_the_adapter_serves_each_request() -> None:
    engine = Negotiator(VARIANTS, prompts=_Prompts())
    start = Request("initialize", {"capabilities": {}}, LEGACY, capabilities={})
    assert _serving(engine, start) == ("bare", None, None)  # no view
    for method in ("ping", "server/discover"):  # a view, but no variant serves them
        assert _serving(engine, _request(method, "other")) == ("bare", None, None)
    assert _serving(engine, _request("tools/call", "other")) == ("handler", None, None)
    declared = _request("prompts/get", "other", params={"name": "declared"})
    assert _serving(engine, declared) == ("prompt", "other", None)
    for name in ("sdk_own", 3):  # the SDK's own prompts, and a name that is no name
        other = _request("prompts/get", params={"name": name})
        assert _serving(engine, other) == ("handler", None, None)
    # Without negotiation a declared prompt is rendered in the default variant.
    off = Negotiator(VARIANTS, negotiate=False, prompts=_Prompts())
    assert _serving(off, _request("prompts/get", params={"name": "declared"})) == (
        "prompt",
        "main",
        None,
    )
    asked = {"notifications": {"resourceSubscriptions": ["x://a"]}}
    listen = _serving(engine, _request("subscriptions/listen", "other", params=asked))
    assert listen == ("listen", "other", listen[2])
    assert (listen[2].variant, listen[2].uris, listen[2].bound) == (
        "other",
        frozenset({"x://a"}),
        True,
    )


def test_serving_makes_and_ends_a_legacy_subscription() -> None:
    engine = _engine()
    resource = Resource(uri="x://a", name="a", mime_type="text/plain")
    engine.resources.add(resource, {"text/plain": "a"})
    subscribe = Request("resources/subscribe", {"uri": "x://a"}, LEGACY, session_key="s")
    assert _serving(engine, subscribe) == ("subscribed", None, None)
    assert len(engine.subscriptions) == 1
    stop = subscribe._replace(method="resources/unsubscribe")
    assert _serving(engine, stop) == ("unsubscribed", None, None)
    assert len(engine.subscriptions) == 0
    bad = subscribe._replace(params={"uri": 7})
    assert _refusal(engine.serving, bad, engine.view(bad))["data"] == {"uri": 7}
    # In the 2026-07-28 era a subscription is the handler's (none is made here).
    modern = _request("resources/subscribe", params={"uri": "x://a"})
    assert _serving(engine, modern) == ("handler", None, None)
    assert len(engine.subscriptions) == 0
