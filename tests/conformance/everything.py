"""The conformance server for MCP's official harness (tests/conformance/test_official_harness.py).

The tools, resources and prompts the harness's server scenarios call, by the names the
scenarios look for (``npx @modelcontextprotocol/conformance list --server``; each
scenario's description names them). One definition, served two ways over streamable
HTTP on 127.0.0.1:

- plain: an ``MCPServer`` run by the SDK itself (``mcp.run("streamable-http")``);
- ``--negotiated``: the same server wrapped with ``Negotiation``: two server variants,
  content negotiation, a multi-format resource (resources/metadata), served by
  ``negotiation.sdk.run``.

Every check the harness passes on the plain server must pass on the negotiated one.
``python -m tests.conformance.everything --transport http --port N [--negotiated]``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import warnings
from collections.abc import Sequence
from typing import Any

from mcp.server.mcpserver import Context, MCPServer, RequestStateSecurity
from mcp.server.mcpserver.prompts.base import Prompt, UserMessage
from mcp.shared.exceptions import MCPError
from mcp_types import (
    MISSING_REQUIRED_CLIENT_CAPABILITY,
    AudioContent,
    Completion,
    CompletionArgument,
    CompletionContext,
    CreateMessageRequest,
    CreateMessageRequestParams,
    CreateMessageResult,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    EmbeddedResource,
    ImageContent,
    InputRequest,
    InputRequiredResult,
    ListRootsRequest,
    ListRootsResult,
    PromptReference,
    ResourceTemplateReference,
    SamplingMessage,
    TextContent,
    TextResourceContents,
)

LOOPBACK = "127.0.0.1"
NAME = "negotiation-conformance-server"
# A 1x1 PNG and a minimal WAV: the media the content scenarios expect to see.
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="
# requestState is sealed by the SDK (AES-GCM); a fixture key, never a deployment's.
STATE_KEY = b"mcp-negotiation-conformance-fixture-key-0123456789"
VARIANTS = [
    {"id": "full", "description": "Every tool with full descriptions"},
    {"id": "compact", "description": "The same tools for small context windows"},
]


def _form(message: str, field: str, kind: str = "string") -> ElicitRequest:
    schema = {"type": "object", "properties": {field: {"type": kind}}, "required": [field]}
    return ElicitRequest(params=ElicitRequestFormParams(message=message, requested_schema=schema))


def _sample(text: str, max_tokens: int = 100) -> CreateMessageRequest:
    message = SamplingMessage(role="user", content=TextContent(type="text", text=text))
    return CreateMessageRequest(
        params=CreateMessageRequestParams(messages=[message], max_tokens=max_tokens)
    )


def _answer(responses: Any, key: str, field: str) -> Any:
    """``field`` of the accepted elicitation answered under ``key``, else None."""
    answer = (responses or {}).get(key)
    if isinstance(answer, ElicitResult) and answer.content:
        return answer.content.get(field)
    return None


def _register(mcp: MCPServer[Any]) -> None:
    """Everything the scenarios call, on ``mcp``."""

    # --- content (tools-call-*) --------------------------------------------------------
    @mcp.tool(description="Answers with one text block")
    def test_simple_text() -> str:
        return "This is a simple text response for testing."

    @mcp.tool(description="Answers with one image block")
    def test_image_content() -> list[ImageContent]:
        return [ImageContent(type="image", data=PNG, mime_type="image/png")]

    @mcp.tool(description="Answers with one audio block")
    def test_audio_content() -> list[AudioContent]:
        return [AudioContent(type="audio", data=WAV, mime_type="audio/wav")]

    def embedded(uri: str, mime: str, text: str) -> EmbeddedResource:
        contents = TextResourceContents(uri=uri, mime_type=mime, text=text)
        return EmbeddedResource(type="resource", resource=contents)

    @mcp.tool(description="Answers with one embedded resource")
    def test_embedded_resource() -> list[EmbeddedResource]:
        text = "This is an embedded resource content."
        return [embedded("test://embedded-resource", "text/plain", text)]

    @mcp.tool(description="Answers with text, an image and an embedded resource")
    def test_multiple_content_types() -> list[TextContent | ImageContent | EmbeddedResource]:
        return [
            TextContent(type="text", text="Multiple content types test:"),
            ImageContent(type="image", data=PNG, mime_type="image/png"),
            embedded(
                "test://mixed-content-resource",
                "application/json",
                '{"test": "data", "value": 123}',
            ),
        ]

    @mcp.tool(description="Fails: the result has isError")
    def test_error_handling() -> str:
        raise RuntimeError("This tool intentionally returns an error for testing")

    @mcp.tool(description="Reports progress 0, 50 and 100 of 100")
    async def test_tool_with_progress(ctx: Context) -> str:
        for done in (0, 50, 100):
            await ctx.report_progress(done, 100, f"Completed step {done} of 100")
            await asyncio.sleep(0.02)
        meta = ctx.request_context.meta if ctx.request_context else None
        return str((meta or {}).get("progress_token", 0))

    @mcp.tool(description="Needs the client's sampling capability (-32021 without it)")
    async def test_missing_capability(ctx: Context) -> str:
        caps = ctx.client_capabilities
        if caps is None or caps.sampling is None:
            raise MCPError(
                code=MISSING_REQUIRED_CLIENT_CAPABILITY,
                message="This tool requires the client 'sampling' capability",
                data={"requiredCapabilities": {"sampling": {}}},
            )
        return "Client declared sampling capability; proceeding."

    # --- server-stateless's diagnostic tools ------------------------------------------
    @mcp.tool(description="Asks for input the 2026-07-28 way (an input-required result)")
    async def test_streaming_elicitation(ctx: Context) -> str | InputRequiredResult:
        if ctx.input_responses and "answer" in ctx.input_responses:
            return f"Answered: {_answer(ctx.input_responses, 'answer', 'text') or '?'}"
        return InputRequiredResult(input_requests={"answer": _form("Say something", "text")})

    @mcp.tool(description="Logs one message (sent only when the request set a log level)")
    async def test_logging_tool(ctx: Context) -> str:
        with warnings.catch_warnings():  # the logging capability is deprecated (SEP-2577)
            warnings.simplefilter("ignore")
            await ctx.log("info", "test_logging_tool ran")
        return "logged"

    # --- list changes (server-stateless's subscription checks) -------------------------
    def scratch() -> str:
        return "scratch"

    @mcp.tool(description="Adds and removes a tool, then announces the change")
    async def test_trigger_tool_change(ctx: Context) -> str:
        mcp.add_tool(scratch, name="test_dynamic_tool")
        mcp.remove_tool("test_dynamic_tool")
        await ctx.notify_tools_changed()
        return "tool list changed"

    @mcp.tool(description="Adds and removes a prompt, then announces the change")
    async def test_trigger_prompt_change(ctx: Context) -> str:
        mcp.add_prompt(Prompt.from_function(scratch, name="test_dynamic_prompt", description="x"))
        mcp.remove_prompt("test_dynamic_prompt")
        await ctx.notify_prompts_changed()
        return "prompt list changed"

    # --- input-required results (input-required-result-*) ------------------------------
    @mcp.tool(description="Asks the user's name (one elicitation)")
    async def test_input_required_result_elicitation(ctx: Context) -> str | InputRequiredResult:
        responses = ctx.input_responses
        if responses and "user_name" in responses:
            return f"Hello, {_answer(responses, 'user_name', 'name') or '?'}!"
        return InputRequiredResult(
            input_requests={"user_name": _form("What is your name?", "name")}
        )

    @mcp.tool(description="Asks the client's model a question (one sampling request)")
    async def test_input_required_result_sampling(ctx: Context) -> str | InputRequiredResult:
        answer = (ctx.input_responses or {}).get("capital_question")
        if answer is not None:
            ok = isinstance(answer, CreateMessageResult) and answer.content.type == "text"
            return f"Model said: {answer.content.text if ok else '?'}"  # type: ignore[union-attr]
        return InputRequiredResult(
            input_requests={"capital_question": _sample("What is the capital of France?")}
        )

    @mcp.tool(description="Asks the client's roots (one roots/list request)")
    async def test_input_required_result_list_roots(ctx: Context) -> str | InputRequiredResult:
        answer = (ctx.input_responses or {}).get("client_roots")
        if answer is not None:
            count = len(answer.roots) if isinstance(answer, ListRootsResult) else 0
            return f"Client exposed {count} root(s)."
        return InputRequiredResult(input_requests={"client_roots": ListRootsRequest()})

    @mcp.tool(description="Round-trips requestState")
    async def test_input_required_result_request_state(ctx: Context) -> str | InputRequiredResult:
        responses = ctx.input_responses
        if responses and "confirm" in responses and ctx.request_state == "request-state-nonce":
            return "state-ok: confirmation received"
        return InputRequiredResult(
            input_requests={"confirm": _form("Please confirm", "ok", "boolean")},
            request_state="request-state-nonce",
        )

    @mcp.tool(description="Asks for an elicitation, a sampling and roots at once")
    async def test_input_required_result_multiple_inputs(ctx: Context) -> str | InputRequiredResult:
        if {"user_name", "greeting", "client_roots"} <= (ctx.input_responses or {}).keys():
            return "All inputs received."
        return InputRequiredResult(
            input_requests={
                "user_name": _form("What is your name?", "name"),
                "greeting": _sample("Generate a greeting", 50),
                "client_roots": ListRootsRequest(),
            },
            request_state="multiple-inputs",
        )

    @mcp.tool(description="Three rounds, the state evolving in requestState")
    async def test_input_required_result_multi_round(ctx: Context) -> str | InputRequiredResult:
        state = json.loads(ctx.request_state) if ctx.request_state else {"round": 0}
        responses = ctx.input_responses or {}
        if state["round"] == 1 and "step1" in responses:
            name = _answer(responses, "step1", "name")
            return InputRequiredResult(
                input_requests={"step2": _form("Step 2: What is your favorite color?", "color")},
                request_state=json.dumps({"round": 2, "name": name}),
            )
        if state["round"] == 2 and "step2" in responses:
            return f"{state.get('name')} likes {_answer(responses, 'step2', 'color')}."
        # The first round, and any answer out of order: start again.
        return InputRequiredResult(
            input_requests={"step1": _form("Step 1: What is your name?", "name")},
            request_state=json.dumps({"round": 1}),
        )

    @mcp.tool(description="Rejects a tampered requestState (the SDK's sealed state)")
    async def test_input_required_result_tampered_state(ctx: Context) -> str | InputRequiredResult:
        if ctx.request_state is None:
            return InputRequiredResult(
                input_requests={"confirm": _form("Please confirm", "ok", "boolean")},
                request_state="round-1",
            )
        return f"state-ok: {ctx.request_state}"

    @mcp.tool(description="Asks only for what the client declared it supports")
    async def test_input_required_result_capabilities(ctx: Context) -> InputRequiredResult:
        caps = ctx.client_capabilities
        requests: dict[str, InputRequest] = {}
        if caps is None or caps.sampling is not None:
            requests["sample"] = _sample("Say hello", 50)
        if caps is None or caps.elicitation is not None:
            requests["ask"] = _form("What is your name?", "name")
        return InputRequiredResult(input_requests=requests, request_state="capability-gated")

    # --- resources (resources-*, sep-2164-resource-not-found) --------------------------
    @mcp.resource("test://static-text", description="A static text resource")
    def static_text() -> str:
        return "This is the content of the static text resource."

    @mcp.resource("test://static-binary", description="A static binary resource (a PNG)")
    def static_binary() -> bytes:
        return base64.b64decode(PNG)

    @mcp.resource("test://template/{id}/data", description="A template with one parameter")
    def template_data(id: str) -> str:
        return json.dumps({"id": id, "templateTest": True, "data": f"Data for ID: {id}"})

    @mcp.resource("test://watched-resource", description="A resource one may subscribe to")
    def watched() -> str:
        return "Watched resource content"

    # --- prompts (prompts-*) -----------------------------------------------------------
    @mcp.prompt(description="A prompt without arguments")
    def test_simple_prompt() -> list[UserMessage]:
        text = "This is a simple prompt for testing."
        return [UserMessage(role="user", content=TextContent(type="text", text=text))]

    @mcp.prompt(description="A prompt with two required arguments")
    def test_prompt_with_arguments(arg1: str, arg2: str) -> list[UserMessage]:
        text = f"Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"
        return [UserMessage(role="user", content=TextContent(type="text", text=text))]

    @mcp.prompt(description="A prompt embedding a resource")
    def test_prompt_with_embedded_resource(resourceUri: str) -> list[UserMessage]:
        text = "Please process the embedded resource above."
        return [
            UserMessage(
                role="user",
                content=embedded(
                    resourceUri, "text/plain", "Embedded resource content for testing."
                ),
            ),
            UserMessage(role="user", content=TextContent(type="text", text=text)),
        ]

    @mcp.prompt(description="A prompt with an image")
    def test_prompt_with_image() -> list[UserMessage]:
        return [
            UserMessage(
                role="user", content=ImageContent(type="image", data=PNG, mime_type="image/png")
            ),
            UserMessage(
                role="user",
                content=TextContent(type="text", text="Please analyze the image above."),
            ),
        ]

    @mcp.prompt(description="prompts/get answering with an input-required result")
    async def test_input_required_result_prompt(
        ctx: Context,
    ) -> list[UserMessage] | InputRequiredResult:
        context = _answer(ctx.input_responses, "user_context", "context")
        if ctx.input_responses and "user_context" in ctx.input_responses:
            text = f"Use the following context: {context or '?'}"
            return [UserMessage(role="user", content=TextContent(type="text", text=text))]
        ask = _form("What context should the prompt use?", "context")
        return InputRequiredResult(input_requests={"user_context": ask})

    # --- completion (completion-complete) ----------------------------------------------
    @mcp.completion()
    async def complete(
        ref: PromptReference | ResourceTemplateReference,
        argument: CompletionArgument,
        context: CompletionContext | None,
    ) -> Completion:
        return Completion(values=[], total=0, has_more=False)


def build(*, negotiated: bool) -> MCPServer[Any]:
    """The conformance server, plain or wrapped with ``Negotiation``."""
    security = RequestStateSecurity(keys=[STATE_KEY])
    if not negotiated:
        mcp: MCPServer[Any] = MCPServer(NAME, version="1.0.0", request_state_security=security)
        _register(mcp)
        return mcp
    from negotiation.sdk import Negotiation

    neg = Negotiation(variants=VARIANTS, default_variant="full")
    neg.add_resource(
        {
            "uri": "test://formats/report",
            "name": "report",
            "description": "One report in two formats (resources/metadata describes both)",
            "mimeType": "text/markdown",
        },
        {"text/markdown": "# Report\n\nAll good.", "application/json": '{"report": "All good."}'},
    )
    mcp = MCPServer(
        NAME,
        version="1.0.0",
        request_state_security=security,
        extensions=neg.extensions,
        middleware=neg.middleware,
        subscriptions=neg.subscriptions,
    )
    neg.attach(mcp)
    _register(mcp)
    return mcp


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance.everything")
    parser.add_argument("--transport", choices=("http",), default="http")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--negotiated", action="store_true")
    args = parser.parse_args(argv)
    server = build(negotiated=args.negotiated)
    if args.negotiated:
        from negotiation.sdk import run

        run(server, "streamable-http", host=LOOPBACK, port=args.port)
    else:
        server.run("streamable-http", host=LOOPBACK, port=args.port)


if __name__ == "__main__":
    main()
