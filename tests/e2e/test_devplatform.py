"""The developer-platform demo against the official Python SDK client: variant lists
and their ranking, per-variant tools with variant-bound cursors, the cursor mismatch,
a variant hidden from one principal, and subscriptions scoped to a variant."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_ext import models as m
from mcp_ext.methods import RPCError
from mcp_ext.models import ServerVariant

from demos.devplatform.server import PAGE_SIZE, build, build_with_negotiation, principal_from
from negotiation.sdk import available_variants, client_for, negotiation_extensions
from negotiation.variants import META_KEY
from tests.conftest import PythonForks
from tests.e2e.servers import client, http_server

MODES = ["legacy", "auto"]
ALL = ["code-review", "project-management", "security-readonly", "ci-legacy"]
PLANNER = {"description": "Sprint planning agent", "hints": {"useCase": ["planning", "ide"]}}
README = "repo://acme/app/README.md"
ISSUE = "repo://acme/app/issues/7"


@pytest.fixture(scope="module")
def contractor_url(python_forks: PythonForks) -> Iterator[str]:
    principal = {"DEVPLATFORM_PRINCIPAL": "contractor"}
    with http_server("demos.devplatform", env=principal, forks=python_forks) as url:
        yield url


def _variants(target: Any, mode: str, hints: dict[str, Any] | None = None) -> list[ServerVariant]:
    async def main() -> list[ServerVariant]:
        async with client(target, mode, variant_hints=hints or {}) as session:
            return list(available_variants(session.server_capabilities))

    result: list[ServerVariant] = anyio.run(main)
    return result


@pytest.mark.parametrize("mode", MODES)
def test_default_ranking_and_deprecation(mode: str) -> None:
    variants = _variants(build(), mode)
    assert [v.id for v in variants] == ALL
    legacy = variants[-1]
    assert legacy.status == "deprecated" and legacy.deprecation_info is not None
    assert legacy.deprecation_info.replacement == "code-review"
    assert legacy.deprecation_info.removal_date == "2026-12-31"


@pytest.mark.parametrize("mode", MODES)
def test_hints_rank_the_matching_variant_first(mode: str) -> None:
    ids = [v.id for v in _variants(build(), mode, PLANNER)]
    assert ids[:2] == ["project-management", "code-review"] and ids[-1] == "ci-legacy"


@pytest.mark.parametrize("mode", MODES)
def test_contractor_cannot_see_or_select_security(mode: str, contractor_url: str) -> None:
    assert "security-readonly" not in [v.id for v in _variants(contractor_url, mode)]

    async def main() -> RPCError:
        async with client(contractor_url, mode) as session:
            with pytest.raises(RPCError) as caught:
                await client_for(session.session, variant="security-readonly").tools_list()
            return caught.value

    error = anyio.run(main)
    assert (error.code, error.message) == (-32602, "Invalid server variant")
    assert error.data == {
        "requestedVariant": "security-readonly",
        "availableVariants": ["code-review", "project-management", "ci-legacy"],
    }


def test_bearer_header_names_the_principal() -> None:
    principal_of = principal_from("maintainer")
    with_header = SimpleNamespace(
        request=SimpleNamespace(headers={"authorization": "Bearer contractor"})
    )
    assert principal_of(with_header) == "contractor"
    assert principal_of(SimpleNamespace(request=None)) == "maintainer"


async def _all_tools(typed: Any, variant: str | None) -> tuple[list[m.Tool], int]:
    meta = {META_KEY: variant} if variant else None
    tools: list[m.Tool] = []
    pages = 0
    cursor: str | None = None
    while True:
        params = m.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await typed.tools_list(params, meta=meta)
        pages += 1
        assert len(page.tools) <= PAGE_SIZE
        tools += page.tools
        cursor = page.next_cursor
        if cursor is None:
            return tools, pages


@pytest.mark.parametrize("mode", MODES)
def test_tools_differ_per_variant_and_paginate(mode: str) -> None:
    async def main() -> dict[str | None, tuple[list[m.Tool], int]]:
        async with client(build(), mode) as session:
            typed = client_for(session.session)
            return {v: await _all_tools(typed, v) for v in [None, *ALL]}

    listed = anyio.run(main)
    names = {v: [t.name for t in tools] for v, (tools, _) in listed.items()}
    assert names[None] == names["code-review"]  # no _meta: the default variant
    assert len(names["code-review"]) == 7 and listed["code-review"][1] == 3
    assert "merge_pull_request" not in names["security-readonly"]
    assert names["ci-legacy"] == ["run_workflow", "get_run"] and listed["ci-legacy"][1] == 1
    describe = {v: {t.name: t.description for t in tools} for v, (tools, _) in listed.items()}
    assert describe["code-review"]["get_file"] != describe["security-readonly"]["get_file"]


@pytest.mark.parametrize("mode", MODES)
def test_cursor_from_another_variant_is_rejected(mode: str) -> None:
    async def main() -> list[RPCError]:
        caught: list[RPCError] = []
        async with client(build(), mode) as session:
            typed = client_for(session.session)
            first = await typed.tools_list(meta={META_KEY: "code-review"})
            assert first.next_cursor is not None
            for cursor, variant in [
                (first.next_cursor, "project-management"),
                ("forged", "code-review"),
            ]:
                with pytest.raises(RPCError) as error:
                    await typed.tools_list(
                        m.PaginatedRequestParams(cursor=cursor), meta={META_KEY: variant}
                    )
                caught.append(error.value)
        return caught

    mismatch, forged = anyio.run(main)
    assert (mismatch.code, mismatch.message) == (-32602, "Cursor invalid for requested variant")
    assert mismatch.data == {
        "cursorVariant": "code-review",
        "requestedVariant": "project-management",
    }
    assert (forged.code, forged.message) == (-32602, "Invalid cursor")


@pytest.mark.parametrize("mode", MODES)
def test_unknown_tool_names_the_active_variant(mode: str) -> None:
    async def main() -> RPCError:
        async with client(build(), mode) as session:
            with pytest.raises(RPCError) as caught:
                await client_for(session.session, variant="security-readonly").tools_call(
                    m.CallToolRequestParams(name="merge_pull_request")
                )
            return caught.value

    error = anyio.run(main)
    assert error.code == -32602
    assert error.data["activeVariant"] == "security-readonly"


def test_subscriptions_are_scoped_to_their_variant() -> None:
    """Legacy era only: 2026-07-28 replaces resources/subscribe with subscriptions/listen."""
    adapter = build()
    updates: list[str] = []

    async def on_message(message: Any) -> None:
        uri = getattr(getattr(message, "params", None), "uri", None)
        if getattr(message, "method", None) == "notifications/resources/updated":
            updates.append(str(uri))

    async def main() -> RPCError:
        declared = negotiation_extensions(variant_hints={})
        async with Client(
            adapter, mode="legacy", extensions=declared, message_handler=on_message
        ) as session:
            pm = client_for(session.session, variant="project-management")
            review = client_for(session.session, variant="code-review")
            await pm.resources_subscribe(m.SubscribeRequestParams(uri=ISSUE))
            await review.resources_subscribe(m.SubscribeRequestParams(uri=README))
            with pytest.raises(RPCError) as caught:
                # The issue does not exist in code-review: -32602 with activeVariant.
                await review.resources_subscribe(m.SubscribeRequestParams(uri=ISSUE))
            await pm.tools_call(
                m.CallToolRequestParams(
                    name="add_comment", arguments={"uri": ISSUE, "text": "seen"}
                )
            )
            await review.tools_call(
                m.CallToolRequestParams(
                    name="add_review_comment", arguments={"uri": README, "text": "nit"}
                )
            )
            await review.resources_unsubscribe(m.UnsubscribeRequestParams(uri=README))
            await pm.tools_call(
                m.CallToolRequestParams(
                    name="add_comment", arguments={"uri": README, "text": "again"}
                )
            )
            read = await pm.resources_read(m.ReadResourceRequestParams(uri=ISSUE))
            (content,) = read.contents
            assert isinstance(content, m.TextResourceContents) and content.text.endswith("seen")
            await anyio.sleep(0)  # let the dispatcher deliver queued notifications
            return caught.value

    error = anyio.run(main)
    assert (
        error.data == {"activeVariant": "code-review", "resource": ISSUE}
        or error.data["activeVariant"] == "code-review"
    )
    # ISSUE once (project-management subscription), README once (before unsubscribing).
    assert sorted(updates) == sorted([ISSUE, README])


@pytest.mark.parametrize("closes", ["client exit", "two sessions, one closes"])
def test_subscriptions_go_when_their_session_closes(closes: str) -> None:
    """Like stdio closing: the SDK ends the connection, and its subscriptions go."""
    server, handler = build_with_negotiation()

    async def subscribe(session: Any) -> None:
        typed = client_for(session.session, variant="project-management")
        await typed.resources_subscribe(m.SubscribeRequestParams(uri=ISSUE))
        await typed.resources_subscribe(m.SubscribeRequestParams(uri=README))

    def open_client() -> Client:
        declared = negotiation_extensions(variant_hints={})
        return Client(server, mode="legacy", extensions=declared)

    async def main() -> tuple[int, int]:
        async with open_client() as staying:
            await subscribe(staying)
            if closes == "client exit":
                return handler.subscription_count, -1
            async with open_client() as leaving:
                await subscribe(leaving)
                both = handler.subscription_count
            await anyio.sleep(0)
            return both, handler.subscription_count

    while_open, after_one = anyio.run(main)
    if closes == "client exit":
        assert while_open == 2
    else:
        assert (while_open, after_one) == (4, 2)  # only the closed session's went
    assert handler.subscription_count == 0
