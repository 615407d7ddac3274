"""The per-request view memo (issue #25): a 2026-07-28 request that repeats one already
served is answered by one lookup of its whole view, keyed by who asks, the version, the
variant it selects and the bytes of its declaration; only requests that resolved are
kept, and nothing crosses principals."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Hashable
from types import SimpleNamespace
from typing import Any

import mcp_ext
import mcp_types
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.shared.exceptions import MCPError

from negotiation import variants as sv
from negotiation._cache import wire_key
from negotiation.declarations import DeclarationMemo, view_key
from negotiation.sdk import Negotiation
from tests.sdk.test_middleware_pins import Ctx as RequestContext

VARIANTS = [
    mcp_ext.ServerVariant(id="main", description="The default."),
    mcp_ext.ServerVariant(id="secret", description="Staff only."),
]
MODERN, LEGACY = "2026-07-28", "2025-11-25"
CN = "io.modelcontextprotocol/content-negotiation"


def _declared(*features: str) -> dict[str, Any]:
    return {"extensions": {CN: {"version": "1.0", "features": list(features)}}}


@dataclasses.dataclass
class Ctx(RequestContext):
    """A request context that also names who sends it (read by ``principal_of``)."""

    principal: Any = None


def _request(
    principal: Any = None,
    selected: Any = None,
    features: tuple[str, ...] = ("format=json",),
    *,
    header: str | None = None,
    version: str = MODERN,
) -> Any:  # duck-typed as the SDK's ServerRequestContext
    """A fresh request, as the transport parses one: a new copy of every part."""
    raw = _declared(*features)
    meta: dict[str, Any] = {mcp_types.CLIENT_CAPABILITIES_META_KEY: raw}
    if selected is not None:
        meta[sv.META_KEY] = selected
    request = SimpleNamespace(headers={sv.HEADER: header}) if header is not None else None
    return Ctx(
        "tools/list",
        {"_meta": meta},
        protocol_version=version,
        session=SimpleNamespace(
            client_capabilities=mcp_types.ClientCapabilities.model_validate(raw)
        ),
        request=request,
        principal=principal,
    )


def _staff_only(principal: Hashable, variant: mcp_ext.ServerVariant) -> bool:
    return variant.id != "secret" or principal == "staff"


def _principal_of(ctx: Any) -> Hashable:
    principal: Hashable = ctx.principal
    return principal


def _negotiation(**options: Any) -> Negotiation:
    return Negotiation(VARIANTS, visible=_staff_only, principal_of=_principal_of, **options)


class _Resolutions:
    """Counts the resolutions of the variant, the work a memo hit skips."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = sv.VariantResolver.resolve

        def counted(resolver: sv.VariantResolver, *args: Any) -> sv.VariantResolution:
            self.count += 1
            return real(resolver, *args)

        monkeypatch.setattr(sv.VariantResolver, "resolve", counted)


def _outcome(neg: Negotiation, ctx: Any) -> object:
    try:
        view = neg.context(ctx)
    except MCPError as error:
        return ("error", error.error.code, error.error.message, error.error.data)
    return (view.variant, view.format, view.era, view.protocol_version, view.principal)


def test_a_repeated_request_is_one_lookup_of_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    neg = _negotiation()
    resolutions = _Resolutions(monkeypatch)
    first = neg.context(_request("staff", "secret"))
    assert resolutions.count == 1 and len(neg._memo.views) == 1
    again = neg.context(_request("staff", "secret"))
    assert again is first and resolutions.count == 1  # nothing settled or resolved anew
    assert (again.variant, again.format) == ("secret", "json")


def test_a_view_is_never_served_to_another_principal() -> None:
    neg = _negotiation()
    assert neg.context(_request("staff", "secret")).variant == "secret"
    # The same bytes from someone who may not see the variant: refused, and the error
    # does not list what this principal cannot see.
    with pytest.raises(MCPError) as refused:
        neg.context(_request("guest", "secret"))
    assert refused.value.error.code == -32602
    assert "secret" not in str(refused.value.error.data.get("availableVariants"))
    # Type-exact: neither a str subclass nor an equal number passes as the principal.
    assert neg.context(_request(None)).principal is None
    assert neg.context(_request(1)).principal == 1
    assert neg.context(_request(True)).principal is True


def test_a_refused_request_is_never_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    neg = _negotiation()
    resolutions = _Resolutions(monkeypatch)
    for _ in range(2):
        with pytest.raises(MCPError):
            neg.context(_request("guest", "no-such-variant"))
    assert resolutions.count == 2 and len(neg._memo.views) == 0


def test_meta_and_header_selections_are_apart_and_meta_wins() -> None:
    neg = _negotiation()
    assert neg.context(_request("staff", header="secret")).variant == "secret"
    assert neg.context(_request("staff", "main", header="secret")).variant == "main"
    assert neg.context(_request("staff")).variant == "main"  # neither: the default
    assert neg.context(_request("staff", header="secret")).variant == "secret"
    assert len(neg._memo.views) == 3


def test_what_the_memo_cannot_key_is_settled_in_full_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    neg = _negotiation()
    resolutions = _Resolutions(monkeypatch)

    class Name(str):
        pass

    legacy = _request("staff", "secret", version=LEGACY)
    legacy.session = SimpleNamespace(client_capabilities=None, _connection=object())
    for ctx in (legacy, _request("staff", Name("main"))):
        neg.context(ctx)
        neg.context(ctx)
    assert resolutions.count == 4 and len(neg._memo.views) == 0
    # A principal of a str subclass is kept, keyed with its type: never as the str.
    neg.context(_request(Name("staff"), "main"))
    assert len(neg._memo.views) == 1
    assert neg.context(_request("staff", "main")).principal.__class__ is str


def test_a_server_with_a_ranker_or_a_switch_limit_settles_every_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from negotiation.subscriptions import VariantSwitchLimiter

    async def ranker(*_: Any) -> list[str]:
        return ["main"]

    for neg in (_negotiation(ranker=ranker), _negotiation(switch_limiter=VariantSwitchLimiter())):
        neg.context(_request("staff", "main"))
        neg.context(_request("staff", "main"))
        assert len(neg._memo.views) == 0


def test_with_debug_logging_every_request_logs_its_decision(
    caplog: pytest.LogCaptureFixture,
) -> None:
    neg = _negotiation()
    neg.context(_request("staff", "secret"))
    with caplog.at_level(logging.DEBUG, logger="negotiation.sdk"):
        neg.context(_request("staff", "secret"))
    assert any("variant=secret (meta)" in r.getMessage() for r in caplog.records)


def test_forgetting_the_declarations_forgets_the_views() -> None:
    neg = _negotiation()
    neg.context(_request("staff"))
    assert neg._memo.views.bytes_used > 0
    neg._memo.clear()
    assert len(neg._memo.views) == 0 and neg._memo.bytes_used == 0


def test_view_key_parts_are_type_exact_and_plain_data_only() -> None:
    class Tag(str):
        pass

    caps = _declared("agent")
    text = wire_key(caps)
    assert view_key("p", MODERN, "main", None, caps) == ("p", MODERN, "main", None, text)
    assert view_key(None, MODERN, None, "main", caps) == (None, MODERN, None, "main", text)
    assert view_key(1, MODERN, None, None, caps) != view_key(True, MODERN, None, None, caps)
    assert view_key("1", MODERN, None, None, caps) != view_key(1, MODERN, None, None, caps)
    for selected, header, wire in (
        (1, None, caps),  # a variant id that is not a string
        (None, 1, caps),
        (None, None, None),  # no declaration in _meta
        (None, None, [caps]),
        (None, None, {"extensions": {CN: {"features": [Tag("agent")]}}}),  # not plain
    ):
        assert view_key("p", MODERN, selected, header, wire) is None


def test_the_views_are_bounded_by_bytes() -> None:
    from negotiation.declarations import Negotiated

    def settle(_: object, principal: Hashable) -> Negotiated:
        raise AssertionError("not called")

    memo = DeclarationMemo(settle, max_bytes=64 * 1024)
    view = _negotiation().context(_request())
    for n in range(500):
        key = view_key(f"p{n}", MODERN, "main", None, _declared("x" * 200))
        assert key is not None
        memo.keep_view(key, view)
        assert memo.bytes_used <= 64 * 1024
    assert 0 < len(memo.views) < 500


PRINCIPALS = st.sampled_from([None, "staff", "guest", 1, True])
SELECTED = st.sampled_from([None, "main", "secret", "nope", 7])
HEADERS = st.sampled_from([None, "main", "secret", "nope"])
FEATURES = st.sampled_from([(), ("agent",), ("format=json",), ("bad tag",), ("human", "x=1")])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(PRINCIPALS, SELECTED, HEADERS, FEATURES), min_size=1, max_size=12))
def test_the_memo_never_changes_an_answer(requests: list[tuple[Any, ...]]) -> None:
    """Differential: a server that remembers answers each request as one that settles
    every request afresh."""
    remembering = _negotiation()
    for principal, selected, header, features in requests:
        fresh = _negotiation()
        ctx = _request(principal, selected, features, header=header)
        assert _outcome(remembering, ctx) == _outcome(fresh, ctx)


def test_the_backplane_starts_once_before_the_first_request_is_served() -> None:
    import anyio

    from negotiation.backplane import InMemoryBackplane

    order: list[str] = []

    class Counted(InMemoryBackplane):
        async def start(self) -> None:
            order.append("start")

    neg = Negotiation(VARIANTS, backplane=Counted())
    middleware = neg.middleware[0]

    async def call_next(ctx: Any) -> dict[str, Any]:
        order.append("served")
        return {"tools": []}

    async def main() -> None:
        for _ in range(3):
            await middleware(_request(), call_next)

    anyio.run(main)
    assert order == ["start", "served", "served", "served"]


def test_an_invalid_declaration_s_view_is_never_kept() -> None:
    neg = _negotiation()
    for _ in range(2):
        view = neg.context(_request("staff", "main", ("bad tag",)))
        assert view.variant == "main"
    assert len(neg._memo.views) == 0


def test_a_view_is_sized_by_its_key() -> None:
    from negotiation._cache import json_size

    neg = _negotiation()
    neg.context(_request("staff", "main"))
    (key,) = list(neg._memo.views._entries)
    principal, version, selected, header, text = key
    assert (principal, version, selected, header) == ("staff", MODERN, "main", None)
    assert text == wire_key(_declared("format=json"))
    assert neg._memo.views.bytes_used == 1024 + 2 * len(text) + json_size(
        (principal, version, selected, header)
    )


def _view_size(key: Any) -> int:
    from negotiation._cache import json_size

    return 1024 + 2 * len(key[4]) + json_size(key[:4])


def test_the_views_have_a_fourth_of_the_budget_and_the_entry_bound() -> None:
    from negotiation.declarations import MAX_ENTRY_BYTES, Negotiated

    def settle(_: object, principal: Hashable) -> Negotiated:
        raise AssertionError("not called")

    view = _negotiation().context(_request())
    key = view_key("p", MODERN, "main", None, _declared("agent"))
    assert key is not None
    fits = DeclarationMemo(settle, max_bytes=4 * _view_size(key))
    fits.keep_view(key, view)
    assert fits.views.get(key) is view  # exactly a fourth of the budget
    # Under the default budget (a fourth is 2 MiB), one entry is still at most 512 KiB.
    big = view_key("p", MODERN, "main", None, _declared("x" * (MAX_ENTRY_BYTES // 2)))
    assert big is not None and MAX_ENTRY_BYTES < _view_size(big) < 2 * MAX_ENTRY_BYTES
    memo = DeclarationMemo(settle)
    memo.keep_view(big, view)
    assert len(memo.views) == 0
