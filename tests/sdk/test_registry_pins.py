"""``negotiation.sdk.registry``: per-variant definitions, pinned without a server: the
overlap rule and its messages, which definition serves which variant, what the SDK
registers, the listed item's cache, and that the dispatcher's failures are the SDK's
own for any arguments (a differential property against a directly registered tool)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated, Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.prompts import Prompt
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, Icon, ToolAnnotations
from mcp_types.methods import serialize_server_result
from pydantic import Field, ValidationError

from negotiation.sdk.registry import Definition, Definitions, overlap_error, run_unwrapped


def one(item: str) -> str:
    """One."""
    return f"one {item}"


def two(sku: str, quantity: int = 1) -> str:
    """Two."""
    if quantity < 0:
        raise ToolError("negative")
    if quantity == 13:
        raise RuntimeError("unlucky")
    return f"two {sku} {quantity}"


def _definition(variants: set[str] | None, fn: Any = one, **extra: Any) -> Definition:
    ids = frozenset(variants) if variants is not None else None
    return Definition(ids, fn, dict(extra.pop("kwargs", {})), **extra)


def test_overlap_messages() -> None:
    a, b = frozenset({"a"}), frozenset({"b", "a"})
    every = (
        "tool 't' is already declared; a definition for every variant (variants=None) cannot "
        "share its name with another: give each definition of 't' its own variants=[...]"
    )
    assert overlap_error("tool", "t", None, a) == every
    assert overlap_error("tool", "t", a, None) == every
    assert overlap_error("tool", "t", None, None) == every
    assert overlap_error("prompt", "p", b, frozenset({"c", "b", "a"})) == (
        "prompt 'p' is already defined for variant(s) ['a', 'b']: give each definition "
        "of 'p' a disjoint set of variants"
    )
    assert overlap_error("tool", "t", a, frozenset({"b"})) == ""


def test_a_tool_declared_once_is_the_sdks_own_and_is_not_built() -> None:
    tools = Definitions("tool", lambda: None)
    definition = _definition({"a"}, descriptions={"b": "elsewhere"}, meta={"m": 1})
    tools.add("t", definition)
    assert definition.tool is None and not tools.varies("t") and "t" in tools
    assert tools.names() == ["t"]
    assert tools.scope("t") == (frozenset({"a"}), {"b": "elsewhere"})
    (binding,) = tools.bindings()
    assert binding.fn is one and binding.meta == {"m": 1} and binding.kwargs == {"name": "t"}


def test_a_second_definition_builds_both_and_binds_one_dispatcher() -> None:
    tools = Definitions("tool", lambda: None)
    first = _definition({"a"}, kwargs={"title": "T"})
    second = _definition({"b", "c"}, two, descriptions={"c": "C."})
    tools.add("t", first)
    tools.add("t", second)
    assert tools.varies("t") and not tools.varies("u")
    assert first.tool is not None and first.tool.title == "T" and first.tool.name == "t"
    assert second.tool is not None and set(second.tool.parameters["properties"]) == {
        "sku",
        "quantity",
    }
    assert tools.scope("t") == (frozenset({"a", "b", "c"}), {"c": "C."})
    (binding,) = tools.bindings()
    assert binding.fn is not one and binding.fn is not two and binding.meta is None
    assert binding.kwargs == {"name": "t", "description": "", "structured_output": False}


def test_which_definition_serves_which_variant() -> None:
    tools = Definitions("tool", lambda: None)
    assert tools.definition("t", "a") is None and tools.definition("t", None) is None
    a, b = _definition({"a"}), _definition({"b"}, two)
    tools.add("t", a)
    tools.add("t", b)
    assert tools.definition("t", "a") is a and tools.definition("t", "b") is b
    assert tools.definition("t", None) is a  # no variant: the first declared
    assert tools.definition("t", "z") is None
    everywhere = Definitions("tool", lambda: None)
    only = _definition(None)
    everywhere.add("t", only)
    assert everywhere.definition("t", "z") is only
    assert everywhere.scope("t") == (None, {})


def test_refusals_keep_nothing() -> None:
    tools = Definitions("tool", lambda: None)
    tools.add("t", _definition({"a"}))
    with pytest.raises(ValueError) as overlapping:
        tools.add("t", _definition({"a", "b"}))
    assert str(overlapping.value) == overlap_error("tool", "t", frozenset("a"), frozenset("ab"))
    assert str(overlapping.value).startswith("tool 't' is already defined")
    with pytest.raises(ValueError) as outside:
        tools.add("t", _definition({"b"}, descriptions={"a": "x", "c": "y", "b": "z"}))
    assert str(outside.value) == (
        "tool 't': descriptions for ['a', 'c'], which this definition does not serve: put "
        "each variant's description on its own definition"
    )
    assert not tools.varies("t") and tools.scope("t") == (frozenset({"a"}), {})


def test_prompts_are_built_when_declared_once() -> None:
    prompts = Definitions("prompt", lambda: None)
    definition = _definition(None)
    prompts.add("p", definition)
    assert definition.prompt is not None and definition.prompt.name == "p"
    assert definition.tool is None


def test_the_listed_item_is_cached_per_method_and_version_and_handed_out_as_a_copy() -> None:
    definition = _definition({"a"}, two)
    definition.build_tool("t")
    envelope = {"ttlMs": 0, "cacheScope": "public", "resultType": "complete"}
    modern = definition.wire("tools/list", "2026-07-28", envelope)
    legacy = definition.wire("tools/list", "2025-11-25", {})
    assert modern["name"] == legacy["name"] == "t"
    assert modern["inputSchema"]["required"] == ["sku"]
    modern["name"] = "changed"
    assert definition.wire("tools/list", "2026-07-28", envelope)["name"] == "t"
    assert set(definition._wire) == {("tools/list", "2026-07-28"), ("tools/list", "2025-11-25")}
    prompt = _definition(None, two)
    prompt.build_prompt("p")
    listed = prompt.wire("prompts/list", "2025-11-25", {})
    assert listed == {
        "name": "p",
        "description": "Two.",
        "arguments": [{"name": "sku", "required": True}, {"name": "quantity", "required": False}],
    }


def _ctx(arguments: Any) -> Any:
    return SimpleNamespace(request_context=SimpleNamespace(params={"arguments": arguments}))


def _outcome(call: Any) -> tuple[str, Any]:
    async def main() -> tuple[str, Any]:
        try:
            result = await call()
        except ToolError as error:
            return type(error).__name__, str(error)
        assert isinstance(result, CallToolResult)
        return "result", result.model_dump()

    return anyio.run(main)


ARGUMENTS = st.dictionaries(
    st.sampled_from(["sku", "quantity", "item", "x"]),
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 20),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=2),
    ),
    max_size=3,
)


@settings(max_examples=60)
@given(arguments=ARGUMENTS)
def test_the_dispatcher_answers_any_arguments_as_the_sdk_answers_its_own_tool(
    arguments: dict[str, Any],
) -> None:
    """Untrusted arguments: the variant's tool behind the dispatcher fails or succeeds
    exactly as the same function registered directly with the SDK."""
    tools = Definitions("tool", lambda: "b")
    tools.add("t", _definition({"a"}))
    tools.add("t", _definition({"b"}, two))
    (binding,) = tools.bindings()
    outer = Tool.from_function(binding.fn, **binding.kwargs)
    direct = Tool.from_function(two, name="t")
    ctx = _ctx(arguments)
    ours = _outcome(lambda: outer.run(arguments, ctx, convert_result=True))
    theirs = _outcome(lambda: direct.run(arguments, Context(), convert_result=True))
    assert ours == theirs


def test_the_unwrapped_run_reraises_the_functions_own_exception_and_the_argument_error() -> None:
    tool = Tool.from_function(two, name="t")

    async def run(arguments: dict[str, Any]) -> Any:
        return await run_unwrapped(tool, arguments, Context())

    with pytest.raises(ToolError) as refused:
        anyio.run(run, {"sku": "a", "quantity": -1})
    assert str(refused.value) == "negative" and type(refused.value) is ToolError
    with pytest.raises(RuntimeError, match="unlucky"):
        anyio.run(run, {"sku": "a", "quantity": 13})
    with pytest.raises(ToolError) as invalid:
        anyio.run(run, {})
    assert str(invalid.value).startswith("1 validation error")
    assert type(invalid.value.__cause__).__name__ == "ValidationError"


def test_a_variant_without_a_definition_is_a_tool_error() -> None:
    tools = Definitions("tool", lambda: "z")
    tools.add("t", _definition({"a"}))
    tools.add("t", _definition({"b"}, two))
    (binding,) = tools.bindings()

    async def main() -> Any:
        return await binding.fn(_ctx({}))

    with pytest.raises(ToolError, match=r"tool 't' has no definition in variant 'z'"):
        anyio.run(main)


def test_render_uses_the_variants_description_and_refuses_an_unknown_name() -> None:
    prompts = Definitions("prompt", lambda: None)
    prompts.add("p", _definition({"a"}, descriptions={"a": "For a."}))
    prompts.add("p", _definition({"b"}, two))
    ctx: Any = Context()
    a = anyio.run(prompts.render, "p", "a", {"item": "x"}, ctx)
    b = anyio.run(prompts.render, "p", "b", {"sku": "s"}, ctx)
    assert (a.description, a.messages[0].content.text) == ("For a.", "one x")
    assert (b.description, b.messages[0].content.text) == ("Two.", "two s 1")
    with pytest.raises(ValueError, match=r"^Unknown prompt: q$"):
        anyio.run(prompts.render, "q", "a", {}, ctx)
    with pytest.raises(ValueError, match=r"^Unknown prompt: p$"):
        anyio.run(prompts.render, "p", "z", {}, ctx)
    with pytest.raises(ValueError, match="Missing required arguments"):
        anyio.run(prompts.render, "p", "b", {}, ctx)


ICON = Icon(src="https://example.com/i.png")


def described(sku: Annotated[str, Field(description="The SKU.")], quantity: int = 1) -> list[str]:
    """Described."""
    return [sku] * quantity


def test_listed_items_are_what_the_sdk_lists_for_the_same_function() -> None:
    """Every field the SDK lists (title, icons, annotations, _meta, argument
    descriptions) is listed for a definition too."""
    kwargs = {"title": "T", "icons": [ICON]}
    plain = MCPServer("plain")
    plain.add_tool(
        described,
        name="t",
        annotations=ToolAnnotations(read_only_hint=True),
        meta={"m": 1},
        **kwargs,
    )
    plain.add_prompt(Prompt.from_function(described, name="p", **kwargs))
    tool = _definition(
        {"a"},
        described,
        meta={"m": 1},
        kwargs={**kwargs, "annotations": ToolAnnotations(read_only_hint=True)},
    )
    tool.build_tool("t")
    prompt = _definition({"a"}, described, kwargs=kwargs)
    prompt.build_prompt("p")
    version = "2025-11-25"

    async def sdk() -> tuple[Any, Any]:
        tools = [t.model_dump(by_alias=True) for t in await plain.list_tools()]
        prompts = [p.model_dump(by_alias=True) for p in await plain.list_prompts()]
        return (
            serialize_server_result("tools/list", version, {"tools": tools})["tools"][0],
            serialize_server_result("prompts/list", version, {"prompts": prompts})["prompts"][0],
        )

    sdk_tool, sdk_prompt = anyio.run(sdk)
    assert tool.wire("tools/list", version, {}) == sdk_tool
    assert prompt.wire("prompts/list", version, {}) == sdk_prompt
    assert sdk_tool["icons"] and sdk_tool["title"] == "T" and sdk_tool["_meta"] == {"m": 1}
    assert sdk_prompt["icons"] and sdk_prompt["title"] == "T"
    assert sdk_prompt["arguments"][0]["description"] == "The SKU."


def test_a_listed_item_is_built_once_per_method_and_version() -> None:
    definition = _definition({"a"}, two)
    definition.build_tool("t")
    first = definition.wire("tools/list", "2025-11-25", {})
    definition.tool = None  # a rebuild would fail now
    assert definition.wire("tools/list", "2025-11-25", {}) == first
    with pytest.raises(AssertionError):
        definition.wire("tools/list", "2026-07-28", {"ttlMs": 0, "cacheScope": "public"})


SENTINEL = ToolError("the very one")


def raise_sentinel() -> str:
    raise SENTINEL


def bad_output() -> int:
    return "not a number"  # type: ignore[return-value]


def takes_ctx(ctx: Context) -> str:
    return type(ctx).__name__ + str(id(ctx))


def test_unwrapping_raises_the_functions_exception_object_and_a_crash_as_a_crash() -> None:
    async def run(fn: Any, ctx: Any = None) -> Any:
        tool = Tool.from_function(fn, name="t")
        return await run_unwrapped(tool, {}, ctx if ctx is not None else Context())

    with pytest.raises(ToolError) as raised:
        anyio.run(run, raise_sentinel)
    assert raised.value is SENTINEL
    # Output conversion failing is a crash in the SDK (UnexpectedToolError, its cause
    # a ValidationError): the cause is raised as is, never as an argument error.
    with pytest.raises(ValidationError):
        anyio.run(run, bad_output)
    ctx = Context()
    result = anyio.run(run, takes_ctx, ctx)
    assert result.content[0].text == f"Context{id(ctx)}"  # the very Context, injected


def test_the_dispatcher_and_render_hand_the_sdks_context_on() -> None:
    tools = Definitions("tool", lambda: "b")
    tools.add("t", _definition({"a"}))
    tools.add("t", _definition({"b"}, takes_ctx))
    (binding,) = tools.bindings()
    ctx = _ctx({})
    result = anyio.run(binding.fn, ctx)
    assert result.content[0].text == f"SimpleNamespace{id(ctx)}"

    prompts = Definitions("prompt", lambda: None)
    prompts.add("p", _definition(None, takes_ctx, kwargs={"title": "Titled"}))
    definition = prompts.definition("p", None)
    assert definition is not None and definition.prompt is not None
    assert definition.prompt.title == "Titled"
    context = Context()
    rendered = anyio.run(prompts.render, "p", None, {}, context)
    assert rendered.messages[0].content.text == f"Context{id(context)}"
