"""Issue #26: one tool (or prompt) name with a different definition per variant.

Each declaration keeps its own function, input and output schema, description and
annotations; ``tools/list`` in a variant shows that variant's definition and
``tools/call`` runs that variant's function against that variant's schema, over the
official ``Client`` in both eras."""

from __future__ import annotations

from typing import Any, Literal

import anyio
import mcp_ext
import pytest
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel

from negotiation.sdk import Negotiation, negotiated, variant_meta

Mode = Literal["legacy", "auto"]
MODES: list[Mode] = ["legacy", "auto"]  # 2025-11-25 initialize, 2026-07-28 per request

VARIANTS = [
    mcp_ext.ServerVariant(id="v2", description="The current API."),
    mcp_ext.ServerVariant(
        id="v1",
        description="The old API.",
        status="deprecated",
        deprecation_info={"message": "Use v2.", "replacement": "v2"},
    ),
    mcp_ext.ServerVariant(id="other", description="No orders here."),
]


class Receipt(BaseModel):
    order: str
    quantity: int


def build() -> tuple[Negotiation, MCPServer]:
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["v1"], name="place_order")
    def place_order_v1(item: str) -> str:
        """Order one item (v1)."""
        return f"v1 ordered {item}"

    @neg.tool(
        variants=["v2"],
        name="place_order",
        annotations=ToolAnnotations(idempotent_hint=True),
        title="Place an order",
    )
    def place_order_v2(sku: str, quantity: int, ctx: Context) -> Receipt:
        """Order a quantity of a SKU (v2)."""
        return Receipt(order=f"{sku} in {negotiated(ctx).variant}", quantity=quantity)

    return neg, MCPServer("shop", extensions=neg.extensions, middleware=neg.middleware)


def _run(mode: Mode, variant: str, calls: list[tuple[str, dict[str, Any]]]) -> Any:
    _, server = build()

    async def main() -> Any:
        async with Client(server, mode=mode) as client:
            meta = variant_meta(variant)
            listed = await client.list_tools(meta=meta)
            results = [await client.call_tool(n, a, meta=meta) for n, a in calls]
            return listed.tools, results

    return anyio.run(main)


@pytest.mark.parametrize("mode", MODES)
def test_each_variant_lists_and_runs_its_own_definition(mode: Mode) -> None:
    tools, (v1_call,) = _run(mode, "v1", [("place_order", {"item": "tea"})])
    (tool,) = tools
    assert tool.description == "Order one item (v1)."
    assert tool.input_schema["properties"].keys() == {"item"}
    assert tool.output_schema["properties"].keys() == {"result"}  # the SDK wraps a str
    assert tool.annotations is None and tool.title is None
    assert v1_call.is_error is False and v1_call.content[0].text == "v1 ordered tea"
    assert v1_call.structured_content == {"result": "v1 ordered tea"}

    tools, (v2_call, v1_args) = _run(
        mode,
        "v2",
        [("place_order", {"sku": "T-1", "quantity": 3}), ("place_order", {"item": "tea"})],
    )
    (tool,) = tools
    assert tool.description == "Order a quantity of a SKU (v2)."
    assert tool.title == "Place an order"
    assert tool.input_schema["properties"].keys() == {"sku", "quantity"}
    assert tool.input_schema["required"] == ["sku", "quantity"]
    assert tool.output_schema["properties"].keys() == {"order", "quantity"}
    assert tool.annotations.idempotent_hint is True
    assert v2_call.structured_content == {"order": "T-1 in v2", "quantity": 3}
    # v1's arguments are checked against v2's schema: the SDK's own validation error.
    assert v1_args.is_error is True
    text = v1_args.content[0].text
    assert text.startswith("Error executing tool place_order: ") and "sku" in text


@pytest.mark.parametrize("mode", MODES)
def test_a_variant_without_a_definition_does_not_have_the_name(mode: Mode) -> None:
    _, server = build()

    async def main() -> tuple[list[str], MCPError]:
        async with Client(server, mode=mode) as client:
            meta = variant_meta("other")
            names = [t.name for t in (await client.list_tools(meta=meta)).tools]
            with pytest.raises(MCPError) as refused:
                await client.call_tool("place_order", {"item": "tea"}, meta=meta)
            return names, refused.value

    names, refused = anyio.run(main)
    assert names == []
    assert refused.error.code == -32602
    assert refused.error.message == "Unknown tool: place_order"
    assert refused.error.data["activeVariant"] == "other"


@pytest.mark.parametrize("mode", MODES)
def test_a_definition_lists_exactly_as_the_sdk_lists_the_same_function(mode: Mode) -> None:
    """The listed item is the SDK's own serialization of that function, per era."""
    plain = MCPServer("plain")

    @plain.tool(
        name="place_order",
        title="Place an order",
        annotations=ToolAnnotations(idempotent_hint=True),
    )
    def place_order_v2(sku: str, quantity: int, ctx: Context) -> Receipt:
        """Order a quantity of a SKU (v2)."""
        raise AssertionError("not called")

    _, server = build()

    async def listed(target: MCPServer, meta: dict[str, Any] | None) -> Any:
        async with Client(target, mode=mode) as client:
            return (await client.list_tools(meta=meta)).tools[0]

    ours = anyio.run(listed, server, variant_meta("v2"))
    theirs = anyio.run(listed, plain, None)
    assert ours.model_dump(by_alias=True, exclude_none=True) == theirs.model_dump(
        by_alias=True, exclude_none=True
    )


def test_the_default_variant_serves_a_request_that_names_none() -> None:
    _, server = build()

    async def main() -> CallToolResult:
        async with Client(server, mode="auto") as client:
            return await client.call_tool("place_order", {"sku": "A", "quantity": 1})

    result = anyio.run(main)
    assert result.structured_content == {"order": "A in v2", "quantity": 1}


def test_failures_read_as_for_a_tool_the_sdk_registered_itself() -> None:
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["v1"], name="t")
    def crash() -> str:
        raise RuntimeError("secret detail")

    @neg.tool(variants=["v2"], name="t")
    def refuse() -> str:
        from mcp.server.mcpserver.exceptions import ToolError

        raise ToolError("out of stock")

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> list[str]:
        async with Client(server, mode="auto") as client:
            texts = []
            for variant in ("v1", "v2"):
                result = await client.call_tool("t", {}, meta=variant_meta(variant))
                assert result.is_error is True
                texts.append(result.content[0].text)  # type: ignore[union-attr]
            return texts

    assert anyio.run(main) == ["Error executing tool t", "Error executing tool t: out of stock"]


def test_overlapping_variant_sets_are_refused_at_the_declaration() -> None:
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["v1", "v2"], name="t")
    def first() -> str:
        return "1"

    with pytest.raises(
        ValueError, match=r"'t' is already defined for variant\(s\) \['v2'\]: give each"
    ):

        @neg.tool(variants=["v2", "other"], name="t")
        def second() -> str:
            return "2"

    with pytest.raises(ValueError, match=r"variants=None\) cannot share its name"):

        @neg.tool(name="t")
        def everywhere() -> str:
            return "3"

    with pytest.raises(ValueError, match=r"'nope' is not a declared variant"):

        @neg.tool(variants=["nope"], name="t")
        def unknown() -> str:
            return "4"


def test_descriptions_stay_the_shorthand_and_apply_per_definition() -> None:
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["v1"], name="t", descriptions={"v1": "Old t."})
    def one() -> str:
        return "1"

    @neg.tool(variants=["v2", "other"], name="t", descriptions={"other": "Other t."})
    def two() -> str:
        """Two."""
        return "2"

    with pytest.raises(ValueError, match=r"descriptions for \['v2'\], which this definition"):

        @neg.tool(variants=["other"], name="u")
        def u1() -> str:
            return "u"

        @neg.tool(variants=["v1"], name="u", descriptions={"v2": "x"})
        def u2() -> str:
            return "u"

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> dict[str, str | None]:
        async with Client(server, mode="auto") as client:
            out = {}
            for variant in ("v1", "v2", "other"):
                tools = (await client.list_tools(meta=variant_meta(variant))).tools
                out[variant] = next(t.description for t in tools if t.name == "t")
            return out

    assert anyio.run(main) == {"v1": "Old t.", "v2": "Two.", "other": "Other t."}


@pytest.mark.parametrize("mode", MODES)
def test_prompts_have_per_variant_arguments_and_functions(mode: Mode) -> None:
    neg = Negotiation(variants=VARIANTS)

    @neg.prompt(variants=["v1"], name="review")
    def review_v1(item: str) -> str:
        """Review one item."""
        return f"v1 review of {item}"

    @neg.prompt(variants=["v2"], name="review", title="Review")
    def review_v2(sku: str, depth: str = "short") -> str:
        """Review a SKU."""
        return f"v2 {depth} review of {sku}"

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    @server.prompt()
    def plain() -> str:
        return "plain"

    reference = MCPServer("reference")

    @reference.prompt(name="review")
    def review_sdk(sku: str) -> str:
        return sku

    async def sdk_error() -> MCPError:
        async with Client(reference, mode=mode) as client:
            with pytest.raises(MCPError) as missing:
                await client.get_prompt("review", {"item": "tea"})
            return missing.value

    async def main() -> Any:
        async with Client(server, mode=mode) as client:
            out = {}
            for variant in ("v1", "v2", "other"):
                meta = variant_meta(variant)
                prompts = (await client.list_prompts(meta=meta)).prompts
                out[variant] = [
                    (p.name, p.description, [(a.name, a.required) for a in p.arguments or []])
                    for p in prompts
                ]
            one = await client.get_prompt("review", {"item": "tea"}, meta=variant_meta("v1"))
            two = await client.get_prompt("review", {"sku": "T-1"}, meta=variant_meta("v2"))
            with pytest.raises(MCPError) as missing:
                await client.get_prompt("review", {"item": "tea"}, meta=variant_meta("v2"))
            with pytest.raises(MCPError) as elsewhere:
                await client.get_prompt("review", {"item": "tea"}, meta=variant_meta("other"))
            return out, one, two, missing.value, elsewhere.value

    listed, one, two, missing, elsewhere = anyio.run(main)
    sdk_missing = anyio.run(sdk_error)
    assert listed == {
        "v1": [("plain", "", []), ("review", "Review one item.", [("item", True)])],
        "v2": [
            ("plain", "", []),
            ("review", "Review a SKU.", [("sku", True), ("depth", False)]),
        ],
        "other": [("plain", "", [])],
    }
    assert one.messages[0].content.text == "v1 review of tea"
    assert one.description == "Review one item."
    assert two.messages[0].content.text == "v2 short review of T-1"
    assert missing.error == sdk_missing.error  # what the SDK answers for its own prompt
    assert elsewhere.error.message == "Unknown prompt: review"
    assert elsewhere.error.data["activeVariant"] == "other"


@pytest.mark.parametrize("repeat", [False, True])
def test_meta_reaches_the_listed_tool(repeat: bool) -> None:
    """``meta=`` was passed to the SDK twice (a TypeError when the server was built)."""
    neg = Negotiation(variants=VARIANTS)

    @neg.tool(variants=["v1"], name="t", meta={"com.example/tier": "gold"})
    def one() -> str:
        return "1"

    if repeat:  # a varying name: the definition keeps its own _meta

        @neg.tool(variants=["v2"], name="t")
        def two() -> str:
            return "2"

    server = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)

    async def main() -> Any:
        async with Client(server, mode="auto") as client:
            return (await client.list_tools(meta=variant_meta("v1"))).tools[0]

    assert anyio.run(main).meta == {"com.example/tier": "gold"}


BAD_PROMPT_PARAMS: list[dict[str, Any]] = [
    {"name": ["review"]},
    {"name": {"review": 1}},
    {"name": "review", "arguments": "sku=1"},
    {"name": "review", "arguments": {"sku": 5}},
    {"name": "review", "arguments": {"sku": None}},
    {"arguments": {"sku": "a"}},
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("params", BAD_PROMPT_PARAMS, ids=repr)
def test_malformed_prompts_get_params_answer_as_the_sdk_answers(
    mode: Mode, params: dict[str, Any]
) -> None:
    """Untrusted params of a prompt the middleware serves get the SDK's own error."""
    from mcp_ext.methods import RPCError

    from negotiation.sdk import client_for

    neg = Negotiation(variants=VARIANTS)

    @neg.prompt(variants=["v1"], name="review")
    def review_v1(item: str) -> str:
        return item

    @neg.prompt(variants=["v2"], name="review")
    def review_v2(sku: str) -> str:
        return sku

    ours = MCPServer("s", extensions=neg.extensions, middleware=neg.middleware)
    reference = MCPServer("reference")

    @reference.prompt(name="review")
    def review_sdk(sku: str) -> str:
        return sku

    async def error(server: MCPServer, meta: dict[str, Any] | None) -> tuple[int, str]:
        async with Client(server, mode=mode) as client:
            with pytest.raises(RPCError) as refused:
                await client_for(client).prompts_get(params, meta=meta)  # type: ignore[arg-type]
            return refused.value.code, refused.value.message

    assert anyio.run(error, ours, variant_meta("v2")) == anyio.run(error, reference, None)
