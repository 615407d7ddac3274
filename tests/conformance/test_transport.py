"""What the kit reads from a server is untrusted: parsing never raises, and an HTTP
body gives its JSON-RPC messages whether it is JSON, a batch or an SSE stream."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from conformance.transport import http_messages

RESPONSE = {"jsonrpc": "2.0", "id": 1, "result": {}}
NOTE = {"jsonrpc": "2.0", "method": "notifications/message", "params": {}}


def test_json_batch_and_sse_bodies() -> None:
    assert http_messages(json.dumps(RESPONSE).encode(), "application/json") == [RESPONSE]
    assert http_messages(json.dumps([NOTE, RESPONSE]).encode(), "application/json") == [
        NOTE,
        RESPONSE,
    ]
    stream = f"event: message\ndata: {json.dumps(NOTE)}\n\nid: 2\ndata: {json.dumps(RESPONSE)}\n\n"
    assert http_messages(stream.encode(), "text/event-stream; charset=utf-8") == [NOTE, RESPONSE]


@given(st.binary(max_size=200), st.sampled_from(["application/json", "text/event-stream", ""]))
def test_any_body_parses_to_objects_without_raising(body: bytes, content_type: str) -> None:
    assert all(isinstance(message, dict) for message in http_messages(body, content_type))
