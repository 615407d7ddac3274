"""Issue #26's examples: API versions (``examples/api_versions.py``) and a budget variant
(``examples/budget_variants.py``). Each serves one tool name per variant with its own
parameters, and passes the conformance kit with no failure; ``tests/sdk/test_examples.py``
type-checks them (mypy and pyright, strict) with the rest of ``examples/``."""

from __future__ import annotations

import json
import shlex
from typing import Any, Literal

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_ext import VariantHints

from conformance.runner import HERE, run
from conformance.session import Config, StdioTarget
from examples import api_versions, budget_variants
from negotiation.sdk import ServerVariants, available_variants, pick_variant, variant_meta
from negotiation.variants import SelectionContext
from tests.conftest import PythonForks
from tests.e2e.servers import REPO, subprocess_env

Mode = Literal["legacy", "auto"]
MODES: list[Mode] = ["legacy", "auto"]


def _tools(server: MCPServer, variant: str | None, mode: Mode = "auto") -> dict[str, Any]:
    async def main() -> dict[str, Any]:
        async with Client(server, mode=mode) as client:
            listed = await client.list_tools(meta=variant_meta(variant))
            return {t.name: t for t in listed.tools}

    result: dict[str, Any] = anyio.run(main)
    return result


@pytest.mark.parametrize("mode", MODES)
def test_each_api_version_lists_and_runs_its_own_place_order(mode: Mode) -> None:
    async def main() -> tuple[Any, Any, list[str]]:
        async with Client(api_versions.mcp, mode=mode) as client:
            current = await client.call_tool("place_order", {"sku": "A-1", "quantity": 2})
            # The SDK client checks structuredContent against the outputSchema of its
            # last tools/list: list in a variant before calling there.
            await client.list_tools(meta=variant_meta("legacy-api"))
            legacy = await client.call_tool(
                "place_order", {"item": "tea"}, meta=variant_meta("legacy-api")
            )
            statuses = [v.status for v in available_variants(client)]
            return current, legacy, statuses

    current, legacy, statuses = anyio.run(main)
    assert current.structured_content == {"order_id": "o-A-1-2", "sku": "A-1", "quantity": 2}
    assert legacy.content[0].text == "Ordered one tea."
    assert statuses == ["stable", "deprecated"]  # the deprecated version is advertised last
    v2 = _tools(api_versions.mcp, "current-api", mode)["place_order"]
    v1 = _tools(api_versions.mcp, "legacy-api", mode)["place_order"]
    assert set(v2.input_schema["properties"]) == {"sku", "quantity"}
    assert set(v1.input_schema["properties"]) == {"item"}


def _list_bytes(variant: str) -> int:
    async def main() -> int:
        async with Client(budget_variants.mcp, mode="auto") as client:
            listed = await client.list_tools(meta=variant_meta(variant))
            wire = listed.model_dump(by_alias=True, mode="json", exclude_none=True)
            wire.pop("_meta", None)
            return len(json.dumps(wire["tools"], separators=(",", ":")).encode())

    result: int = anyio.run(main)
    return result


def test_the_compact_budget_variant_lists_the_same_tools_in_far_fewer_bytes() -> None:
    full, compact = _tools(budget_variants.mcp, "full"), _tools(budget_variants.mcp, "compact")
    assert full.keys() == compact.keys() == {"get_forecast", "convert_time"}
    for name in full:  # the same parameters, shorter descriptions
        assert full[name].input_schema["properties"].keys() == (
            compact[name].input_schema["properties"].keys()
        )
    # 1,161 against 2,279 bytes when written: the schemas' structure stays.
    assert 10 * _list_bytes("compact") < 6 * _list_bytes("full")


def test_a_client_short_of_context_gets_the_compact_variant() -> None:
    hints = VariantHints(hints={"contextSize": "compact"})

    async def main() -> tuple[str | None, str | None]:
        async with Client(budget_variants.mcp, mode="legacy") as plain:
            few_tokens = pick_variant(plain, SelectionContext(remaining_tokens=2000))
        async with Client(
            budget_variants.mcp, mode="legacy", extensions=[ServerVariants(hints)]
        ) as c:
            ranked_first = available_variants(c)[0].id
        return few_tokens, ranked_first

    assert anyio.run(main) == ("compact", "compact")


@pytest.mark.slow
@pytest.mark.parametrize("example", ["api_versions", "budget_variants"])
def test_the_example_passes_the_conformance_kit_with_no_failure(
    python_forks: PythonForks, example: str
) -> None:
    config = Config(timeout=30.0)
    profile = json.loads((HERE / "profiles" / f"{example}.json").read_text(encoding="utf-8"))
    command = shlex.join(python_forks(["-m", f"examples.{example}"]))
    target = StdioTarget(command, config, cwd=str(REPO), env=subprocess_env())
    rows = run(target, profile=profile, config=config).rows
    failed = [f"{r.era}: {r.requirement}: {r.detail}" for r in rows if r.result == "fail"]
    assert failed == []
    assert {r.era for r in rows} == {"legacy", "modern"}
    assert sum(r.result == "pass" for r in rows) >= 60  # both eras were really probed
