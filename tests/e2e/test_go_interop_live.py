"""Issue #24: live interop with the Go reference implementation of server variants
(modelcontextprotocol/experimental-ext-variants, built in ../shared/interop/go-ext-variants/,
see its README). Skips when the binaries are absent.

Pinned: the kit's verdicts on both Go servers (the placement diagnosis, the default-variant
MUST with hints, the cursor-error SHOULD, legacy-only), our client against them, and the
Go SDK client against our devplatform demo over HTTP with --experimental-capability."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from conformance.runner import KitRun, failed, run
from conformance.session import Config, StdioTarget
from negotiation.sdk import available_variants, negotiation_extensions, variant_meta
from tests.e2e.servers import http_server

GO = Path(__file__).resolve().parents[3] / "shared" / "interop" / "go-ext-variants" / "bin"
SV = "io.modelcontextprotocol/server-variants"
# Its own priority order, which it advertises to any client without hints it reads.
GITHUB_VARIANTS = ["code-review", "project-management", "security-readonly", "ci-automation"]

pytestmark = pytest.mark.skipif(
    not all((GO / name).is_file() for name in ("variants-stdio", "github-stdio", "goclient")),
    reason=f"the Go interop binaries are not in {GO}",
)


@pytest.fixture(scope="module", params=["variants-stdio", "github-stdio"])
def go_kit(request: pytest.FixtureRequest) -> Iterator[tuple[str, KitRun]]:
    name: str = request.param
    yield name, run(StdioTarget(str(GO / name), Config(timeout=10.0)))


def _row(kit: KitRun, requirement: str, era: str = "legacy") -> Any:
    (row,) = [r for r in kit.rows if (r.requirement, r.era) == (requirement, era)]
    return row


def test_the_kit_diagnoses_the_go_placement_with_the_sep_line(go_kit: tuple[str, KitRun]) -> None:
    _, kit = go_kit
    (placement,) = [d for d in kit.diagnoses if "found under capabilities.experimental" in d]
    assert "sep-2053-server-variants.md line 499" in placement
    assert any("looks legacy-only" in d and "--era legacy" in d for d in kit.diagnoses)
    # Read where Go puts it, the advertisement is judged rather than called absent.
    assert _row(kit, "variants.advertise.unique-ids").result == "pass"
    assert _row(kit, "variants.selection.unsupported-error").result == "n/a"
    assert {r.result for r in kit.rows if r.era == "modern"} <= {"n/a", "untestable"}


def test_the_kit_reports_the_cursor_error_should_and_the_ping_reading(
    go_kit: tuple[str, KitRun],
) -> None:
    _, kit = go_kit
    cursor = _row(kit, "variants.errors.active-variant")
    assert (cursor.level, cursor.result) == ("SHOULD", "fail")
    assert cursor.detail.startswith("sv.errors.invalid-cursor-active-variant: tools/list:")
    assert '"message": "Invalid cursor format"' in cursor.detail
    ping = _row(kit, "variants.selection.invalid-variant-error")
    assert (ping.result, ping.reading_only, ping.ambiguities) == ("fail", True, [6])


def test_the_kit_finds_the_default_variant_must_broken_by_hints(
    go_kit: tuple[str, KitRun],
) -> None:
    name, kit = go_kit
    row = _row(kit, "variants.selection.default-is-first")
    fixtures = {(f.fixture, f.era): f for f in kit.results}
    hinted = fixtures["sv.select.default-is-first-with-hints", "legacy"]
    if name == "variants-stdio":  # one variant: nothing to reorder
        assert hinted.status == "n/a" and row.result == "pass"
        assert failed(kit.rows) == []
    else:
        assert (row.level, row.result, row.reading_only) == ("MUST", "fail", False)
        assert hinted.detail.startswith("tools/list: $.result.tools[0]")
        assert failed(kit.rows) == [row]


def _go_client(server: str, body: Any, **client: Any) -> Any:
    async def main() -> Any:
        params = StdioServerParameters(command=str(GO / server), args=[])
        async with Client(params, mode="legacy", read_timeout_seconds=30, **client) as session:
            return await body(session)

    return anyio.run(main)


def test_our_client_reads_the_go_advertisement_and_selects_its_variants() -> None:
    async def body(client: Client) -> tuple[list[str], list[str], list[str]]:
        ids = [v.id for v in available_variants(client)]
        default = [t.name for t in (await client.list_tools()).tools]
        planning = [
            t.name for t in (await client.list_tools(meta=variant_meta("project-management"))).tools
        ]
        return ids, default, planning

    ids, default, planning = _go_client("github-stdio", body)
    assert ids == GITHUB_VARIANTS
    assert default != planning and planning


def test_our_hints_are_invisible_to_go_the_sdk_client_cannot_send_experimental() -> None:
    """Our hints ride in capabilities.extensions; the SDK's Client sends
    ``experimental: null`` and has no way to set it, so the Go server ranks by its own
    priority (documented in docs/conformance.md, interop notes)."""
    hints = {"hints": {"useCase": ["security"], "domain": ["security"]}}

    async def body(client: Client) -> list[str]:
        assert client.session._build_capabilities("2025-11-25").experimental is None
        return [v.id for v in available_variants(client)]

    extensions = negotiation_extensions(variant_hints=hints)
    assert _go_client("github-stdio", body, extensions=extensions) == GITHUB_VARIANTS


def _goclient(url: str, *variants: str) -> dict[str, str]:
    done = subprocess.run(
        [str(GO / "goclient"), url, *variants],
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines: dict[str, str] = {}
    for line in done.stdout.splitlines():
        key, _, value = line.partition(": ")
        lines[key] = value
    return lines


@pytest.mark.slow
def test_the_go_client_discovers_and_selects_our_variants_with_experimental_capability() -> None:
    with http_server("demos.devplatform", "--experimental-capability") as url:
        seen = _goclient(url, "project-management")
    capabilities = seen["initialize.capabilities (as the Go SDK parsed them)"]  # cut at 600
    assert capabilities.startswith(f'{{"experimental":{{"{SV}":{{"availableVariants":[')
    assert capabilities.index('"id":"code-review"') < capabilities.index("project-management")
    assert json.loads(seen["tools/list (no _meta)"]) == [
        "list_pull_requests",
        "get_pull_request",
        "get_diff",
    ]
    assert json.loads(seen["tools/list variant=project-management"]) == [
        "list_issues",
        "get_issue",
        "create_issue",
    ]
    called = json.loads(seen["tools/call list_pull_requests (default variant)"])
    assert called["structuredContent"]["variant"] == "code-review"


@pytest.mark.slow
def test_without_experimental_capability_the_go_client_sees_no_variants() -> None:
    with http_server("demos.devplatform") as url:
        seen = _goclient(url)
    capabilities = seen["initialize.capabilities (as the Go SDK parsed them)"]
    assert SV not in capabilities  # its SDK drops `extensions`, where we advertise
    assert json.loads(seen["tools/list (no _meta)"]) == [
        "list_pull_requests",
        "get_pull_request",
        "get_diff",
    ]
