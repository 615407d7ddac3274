"""What the kit reads from a server is untrusted: parsing never raises, and an HTTP
body gives its JSON-RPC messages whether it is JSON, a batch or an SSE stream."""

from __future__ import annotations

import json
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.transport import StdioProcess, http_messages

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


def test_stopping_a_server_mid_output_never_raises_in_the_reader_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--server-cmd echo`` printed a thread traceback (``ValueError:
    PyMemoryView_FromBuffer()`` from the reader, reading the pipe ``stop()`` had closed)
    in 2 of 47 runs. Here the race is certain: the server exits when its stdin closes,
    but a child of it keeps the output pipe open half a second longer (then exits too),
    so the reader is still reading when ``stop()`` is done with the server."""
    raised: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: raised.append(repr(args.exc_value)))
    holder = "import sys, time\nsys.stdout.write('x'); sys.stdout.flush(); sys.stdin.read(); time.sleep(0.5)"
    server = (
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', {holder!r}])\n"
        "sys.stdin.read()"
    )
    for _ in range(4):
        StdioProcess([sys.executable, "-c", server], timeout=1).stop()
    assert raised == []


def test_the_echo_server_is_one_line_on_stderr_every_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from conformance.__main__ import main

    for _ in range(25):
        assert main(["run", "--server-cmd", "echo", "--timeout", "2"]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert err.count("\n") == 1 and err.startswith("conformance: cannot probe the server")
