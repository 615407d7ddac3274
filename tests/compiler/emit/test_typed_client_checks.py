"""The generated typed client (``mcp_ext.client``) checks what a server answers beyond
the schema (issue #12): the MUST invariants (``@same uri`` on ``resources/read`` contents
and ``resources/metadata``) and a ``tools/call`` result against the tool's
``outputSchema`` (the official SDK client raises on that mismatch too)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp_ext import models as m
from mcp_ext.client import Client, InvalidResult


class Scripted:
    """A transport answering each method with a scripted result."""

    def __init__(self, results: dict[str, Any]) -> None:
        self.results = results

    async def request(self, method: str, params: dict[str, Any] | None) -> Any:
        return self.results[method]


def _text(uri: str) -> dict[str, Any]:
    return {"uri": uri, "mimeType": "text/plain", "text": "x"}


def test_resources_read_contents_same_uri_is_enforced_by_the_typed_client() -> None:
    client = Client(Scripted({"resources/read": {"contents": [_text("a://1"), _text("a://2")]}}))
    with pytest.raises(InvalidResult) as caught:
        anyio.run(client.resources_read, m.ReadResourceRequestParams(uri="a://1"))
    (error,) = caught.value.errors
    assert error["type"] == "invariant.same" and error["loc"] == ["contents", 1, "uri"]
    fine = Client(Scripted({"resources/read": {"contents": [_text("a://1"), _text("a://1")]}}))
    result = anyio.run(fine.resources_read, m.ReadResourceRequestParams(uri="a://1"))
    assert len(result.contents) == 2


SCHEMA = {"type": "object", "properties": {"t": {"type": "number"}}, "required": ["t"]}
TOOLS = {"tools": [{"name": "w", "inputSchema": {"type": "object"}, "outputSchema": SCHEMA}]}


def _call(result: dict[str, Any], *, listed: bool) -> Any:
    client = Client(Scripted({"tools/list": TOOLS, "tools/call": result}))

    async def main() -> Any:
        if listed:
            await client.tools_list()
        return await client.tools_call(m.CallToolRequestParams(name="w", arguments={}))

    return anyio.run(main)


def test_tools_result_output_schema_is_checked_once_tools_list_showed_it() -> None:
    bad = {"content": [], "structuredContent": {"t": "warm"}}
    with pytest.raises(InvalidResult) as caught:
        _call(bad, listed=True)
    assert caught.value.method == "tools/call"
    assert all(e["type"] == "invariant.conforms_to" for e in caught.value.errors)
    assert _call(bad, listed=False).structured_content == {"t": "warm"}  # schema unknown
    good = {"content": [], "structuredContent": {"t": 8}}
    assert _call(good, listed=True).structured_content == {"t": 8}


def test_remembered_output_schemas_are_bounded_by_their_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    import mcp_ext.client as client_module

    one = len("w") + len(json.dumps(SCHEMA))
    monkeypatch.setattr(client_module, "_OUTPUT_SCHEMA_BYTES", one + 1)
    other = {"name": "v", "inputSchema": {"type": "object"}, "outputSchema": SCHEMA}
    client = Client(Scripted({"tools/list": {"tools": [TOOLS["tools"][0], other]}}))
    anyio.run(client.tools_list)
    assert list(client._output_schemas) == ["v"]  # the older one made room
    assert client._output_schema_bytes == one
    monkeypatch.setattr(client_module, "_OUTPUT_SCHEMA_BYTES", one - 1)
    small = Client(Scripted({"tools/list": TOOLS}))
    anyio.run(small.tools_list)
    assert small._output_schemas == {}  # over the whole budget: not kept
