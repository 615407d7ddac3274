"""Per-variant definitions: one tool or prompt name, a different definition per variant.

SEP-2053's variants include API versions (``v1`` and ``v2`` of ``place_order`` taking
different parameters) and budget variants (a ``compact`` variant with shorter
parameter descriptions). The SDK keeps one definition per name, so a name declared
several times with [`Negotiation.tool()`][negotiation.sdk.server.Negotiation.tool] (or
[`prompt()`][negotiation.sdk.server.Negotiation.prompt]) is registered with the SDK once, as a
dispatcher, and each variant's definition lives here: its function, input and output
schema, description and annotations. The middleware lists the variant's definition and
the dispatcher runs the variant's function, validated against the variant's schema.

A name declared once keeps the SDK's own registration (no dispatcher, no cost). A
varying name's ``Mcp-Param-*`` headers (2026-07-28 over HTTP) are not checked: the SDK
looks them up, before any middleware, in the dispatcher's schema, which declares none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pydantic_core
from mcp.server.context import ServerRequestContext
from mcp.server.extension import ToolBinding
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.prompts import Prompt
from mcp.server.mcpserver.tools import Tool
from mcp_types import GetPromptRequestParams, GetPromptResult, InputRequiredResult
from mcp_types import Prompt as MCPPrompt
from mcp_types import PromptArgument as MCPPromptArgument
from mcp_types import Tool as MCPTool
from mcp_types.methods import serialize_server_result, validate_client_request
from pydantic import ValidationError

__all__ = ["Definition", "Definitions", "overlap_error"]

VariantOf = Callable[[], str | None]
"""The variant serving the current request (the middleware settled it)."""


def overlap_error(
    kind: str, name: str, held: frozenset[str] | None, new: frozenset[str] | None
) -> str:
    """Why two definitions of one name cannot both stand, and what to do, or ''."""
    if held is None or new is None:
        return (
            f"{kind} {name!r} is already declared; a definition for every variant "
            f"(variants=None) cannot share its name with another: give each definition "
            f"of {name!r} its own variants=[...]"
        )
    both = sorted(held & new)
    if both:
        return (
            f"{kind} {name!r} is already defined for variant(s) {both}: give each "
            f"definition of {name!r} a disjoint set of variants"
        )
    return ""


@dataclass(slots=True)
class Definition:
    """One declaration: the variants it serves, and the SDK object built from it."""

    variants: frozenset[str] | None
    fn: Callable[..., Any]
    kwargs: dict[str, Any]
    meta: dict[str, Any] | None = None
    descriptions: dict[str, str] = field(default_factory=dict)
    tool: Tool | None = None
    prompt: Prompt | None = None
    _wire: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    def build_tool(self, name: str) -> Tool:
        if self.tool is None:
            self.tool = Tool.from_function(self.fn, name=name, meta=self.meta, **self.kwargs)
        return self.tool

    def build_prompt(self, name: str) -> Prompt:
        if self.prompt is None:
            self.prompt = Prompt.from_function(self.fn, name=name, **self.kwargs)
        return self.prompt

    def wire(self, method: str, version: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
        """This definition as a ``tools/list`` or ``prompts/list`` item of ``version``,
        exactly as the SDK would list it: its model, sieved by the per-version surface
        inside ``envelope`` (the list result being answered: its required members)."""
        key = (method, version)
        cached = self._wire.get(key)
        if cached is None:
            item: MCPTool | MCPPrompt
            if method == "tools/list":
                member, item = "tools", _tool_item(self.tool)
            else:
                member, item = "prompts", _prompt_item(self.prompt)
            # The surface validates and dumps the item again, as for the SDK's own.
            dumped = item.model_dump(by_alias=True)
            cached = serialize_server_result(method, version, {**envelope, member: [dumped]})
            cached = cached[member][0]
            self._wire[key] = cached
        return dict(cached)


def _tool_item(tool: Tool | None) -> MCPTool:
    assert tool is not None  # built at declaration
    return MCPTool(  # as MCPServer.list_tools lists a tool
        name=tool.name,
        title=tool.title,
        description=tool.description,
        input_schema=tool.parameters,
        output_schema=tool.output_schema,
        annotations=tool.annotations,
        icons=tool.icons,
        _meta=tool.meta,
    )


def _prompt_item(prompt: Prompt | None) -> MCPPrompt:
    assert prompt is not None  # built at declaration
    return MCPPrompt(  # as MCPServer.list_prompts lists a prompt
        name=prompt.name,
        title=prompt.title,
        description=prompt.description,
        arguments=[
            MCPPromptArgument(name=a.name, description=a.description, required=a.required)
            for a in prompt.arguments or []
        ],
        icons=prompt.icons,
    )


class Definitions:
    """The tools (or prompts) of one [`Negotiation`][negotiation.sdk.server.Negotiation], by name, each name with one
    definition or several on disjoint variant sets."""

    def __init__(self, kind: str, variant_of: VariantOf) -> None:
        self.kind = kind
        self._by_name: dict[str, list[Definition]] = {}
        self._variant_of = variant_of

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def names(self) -> list[str]:
        return list(self._by_name)

    def add(self, name: str, definition: Definition) -> None:
        """Add a definition of ``name``; raises ValueError when its variants overlap
        another definition's (checked before anything is built or kept)."""
        held = self._by_name.get(name, [])
        for other in held:
            message = overlap_error(self.kind, name, other.variants, definition.variants)
            if message:
                raise ValueError(message)
        outside = sorted(set(definition.descriptions) - (definition.variants or set()))
        if held and outside:
            raise ValueError(
                f"{self.kind} {name!r}: descriptions for {outside}, which this definition "
                "does not serve: put each variant's description on its own definition"
            )
        build = Definition.build_tool if self.kind == "tool" else Definition.build_prompt
        if held or self.kind == "prompt":  # a tool declared once is the SDK's own
            for each in (*held, definition):
                build(each, name)  # a bad signature fails here, at the declaration
        self._by_name[name] = [*held, definition]

    def varies(self, name: str) -> bool:
        """Whether ``name`` has a definition per variant (served through a dispatcher)."""
        return len(self._by_name.get(name, ())) > 1

    def scope(self, name: str) -> tuple[frozenset[str] | None, dict[str, str]]:
        """Where ``name`` is served (None: every variant) and its per-variant descriptions."""
        held = self._by_name[name]
        if len(held) == 1:
            return held[0].variants, dict(held[0].descriptions)
        variants: set[str] = set()
        descriptions: dict[str, str] = {}
        for definition in held:
            variants |= definition.variants or set()
            descriptions.update(definition.descriptions)
        return frozenset(variants), descriptions

    def definition(self, name: str, variant: str | None) -> Definition | None:
        """The definition of ``name`` serving ``variant`` (None: the first declared)."""
        held = self._by_name.get(name, [])
        for definition in held:
            if definition.variants is None or variant in definition.variants:
                return definition
        return held[0] if variant is None and held else None

    def bindings(self) -> list[ToolBinding]:
        """What the SDK registers: a tool declared once as itself, a varying one as
        its dispatcher."""
        out: list[ToolBinding] = []
        for name, held in self._by_name.items():
            if len(held) == 1:
                only = held[0]
                out.append(
                    ToolBinding(fn=only.fn, meta=only.meta, kwargs={"name": name, **only.kwargs})
                )
            else:
                out.append(
                    ToolBinding(
                        fn=self._dispatcher(name),
                        kwargs={"name": name, "description": "", "structured_output": False},
                    )
                )
        return out

    def _dispatcher(self, name: str) -> Callable[..., Any]:
        async def dispatch(ctx: Context) -> Any:
            variant = self._variant_of()
            definition = self.definition(name, variant)
            if definition is None or definition.tool is None:
                raise ToolError(f"tool {name!r} has no definition in variant {variant!r}")
            params = ctx.request_context.params or {}
            arguments = params.get("arguments")
            return await run_unwrapped(definition.tool, dict(arguments or {}), ctx)

        return dispatch

    async def get(self, ctx: ServerRequestContext[Any, Any], variant: str | None) -> dict[str, Any]:
        """``prompts/get`` of a declared prompt in ``variant``, validated, rendered and
        serialised as the SDK does for its own (the SDK has no registration to serve it:
        extensions cannot add prompts)."""
        version = ctx.protocol_version
        params = ctx.params or {}
        validate_client_request("prompts/get", version, params)  # the SDK's check
        typed = GetPromptRequestParams.model_validate(params, by_name=False)
        context: Context[Any, Any] = Context(request_context=ctx, input_params=typed)
        result = await self.render(typed.name, variant, typed.arguments, context)
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return serialize_server_result("prompts/get", version, dumped)

    async def render(self, name: str, variant: str | None, arguments: Any, ctx: Context) -> Any:
        """A ``prompts/get`` result of ``name`` in ``variant``, as the SDK renders one."""
        definition = self.definition(name, variant)
        if definition is None or definition.prompt is None:  # the middleware refuses first
            raise ValueError(f"Unknown prompt: {name}")
        prompt = definition.prompt
        description = definition.descriptions.get(variant or "")
        try:
            rendered = await prompt.render(arguments, ctx)
        except Exception as exc:  # what MCPServer.get_prompt raises
            raise ValueError(str(exc)) from exc
        if isinstance(rendered, InputRequiredResult):
            return rendered
        return GetPromptResult(
            description=description or prompt.description,
            messages=pydantic_core.to_jsonable_python(rendered),
        )


async def run_unwrapped(tool: Tool, arguments: dict[str, Any], ctx: Context) -> Any:
    """Run ``tool`` inside the dispatcher's own ``Tool.run``, so that what reaches the
    client is what the SDK sends for a tool registered directly.

    ``Tool.run`` wraps every failure once, with the tool's name; the dispatcher's run
    wraps again. So the inner wrapper is taken off: its cause is raised instead, and an
    argument that fails the variant's schema is a ToolError as in the SDK's first step.
    """
    try:
        return await tool.run(arguments, ctx, convert_result=True)
    except ToolError as wrapped:
        cause = wrapped.__cause__
        if type(wrapped) is ToolError and isinstance(cause, ValidationError):
            raise ToolError(str(cause)) from cause
        if cause is None:
            raise
        raise cause from cause.__cause__  # the outer run wraps it as for any tool
