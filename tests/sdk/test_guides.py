"""The guides' complete code blocks run as printed (docs/server-guide.md,
docs/client-guide.md): per-variant definitions, computed resource bodies, a summary
text for a large structured result, and the client's variant hints."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from negotiation.sdk import ContentNegotiation, ServerVariants, variant_meta

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _block(guide: str, marker: str) -> str:
    """The one python block of ``guide`` holding ``marker``, dedented (a list item's)."""
    text = (DOCS / guide).read_text(encoding="utf-8")
    fenced = re.findall(r"(?ms)^( *)```python\n(.*?)^\1```", text)
    blocks = [textwrap.dedent(body) if indent else body for indent, body in fenced]
    (block,) = [b for b in blocks if marker in b]
    return block


def _run(*blocks: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "guide"}
    for block in blocks:
        exec(compile(block, "guide", "exec"), namespace)
    return namespace


def test_the_per_variant_example_serves_each_version() -> None:
    mcp = _run(_block("server-guide.md", '@neg.tool(variants=["legacy-api"]'))["mcp"]

    async def main() -> tuple[Any, ...]:
        async with Client(mcp) as client:
            old = await client.list_tools(meta=variant_meta("legacy-api"))
            called = await client.call_tool(
                "place_order", {"item": "tea"}, meta=variant_meta("legacy-api")
            )
            new = await client.list_tools(meta=variant_meta("current-api"))
            prompts = await client.list_prompts(meta=variant_meta("current-api"))
            return old.tools, called, new.tools, prompts.prompts

    old, called, new, prompts = anyio.run(main)
    assert list(old[0].input_schema["properties"]) == ["item"]
    assert called.content[0].text == "Ordered one tea."
    assert list(new[0].input_schema["properties"]) == ["sku", "quantity"]
    assert [p.name for p in prompts] == ["reorder"]


def test_resource_bodies_may_be_computed_at_each_read() -> None:
    namespace = _run(
        _block("server-guide.md", 'neg.add_resource(\n    {"uri": "map://valley"'),
        _block("server-guide.md", '"status://now"'),
    )
    neg = namespace["neg"]
    assert neg.resources.formats("status://now") == ("application/json", "text/markdown")
    assert neg.resources.formats("map://valley") == ("text/markdown", "application/geo+json")


def test_a_large_structured_result_travels_once_with_a_summary_text() -> None:
    namespace = _run(
        _block("server-guide.md", 'mcp = MCPServer("forecast"'),
        _block("server-guide.md", "def fetch(url: str)"),
    )

    async def main() -> Any:
        agent = [ContentNegotiation(["agent", "format=json"])]
        async with Client(namespace["mcp"], extensions=agent) as client:
            return await client.call_tool("fetch", {"url": "https://example.com"})

    result = anyio.run(main)
    assert len(result.structured_content["body"]) == 100_013
    (text,) = result.content
    assert text.text.startswith("Fetched https://example.com: 100013 characters")
    assert len(text.text) < 200  # not the page's JSON a second time


def test_the_client_guide_hints_are_accepted_and_rank_a_compact_variant_first() -> None:
    from examples import budget_variants

    hints = _run(_block("client-guide.md", "hints = VariantHints("))["hints"]

    async def main() -> str:
        async with Client(
            budget_variants.mcp, mode="legacy", extensions=[ServerVariants(hints)]
        ) as c:
            from negotiation.sdk import available_variants

            return available_variants(c)[0].id

    assert anyio.run(main) == "compact"
