"""A deliberately poor stdio MCP server for the runner's own tests.

``python fake_server.py legacy-only``: answers ``initialize`` and ``tools/list``, nothing
else (no ``server/discover``). ``python fake_server.py silent``: reads and never answers.
"""

from __future__ import annotations

import json
import sys


def main(mode: str) -> None:
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if mode == "silent" or "id" not in message:
            continue
        method = message.get("method")
        if method == "initialize":
            result = {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "fake", "version": "0"},
            }
            reply = {"jsonrpc": "2.0", "id": message["id"], "result": result}
        elif method == "tools/list":
            reply = {"jsonrpc": "2.0", "id": message["id"], "result": {"tools": []}}
        else:
            error = {"code": -32601, "message": "Method not found"}
            reply = {"jsonrpc": "2.0", "id": message["id"], "error": error}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
