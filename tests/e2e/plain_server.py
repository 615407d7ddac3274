"""A plain official-SDK ``MCPServer`` with one tool and no negotiation, on the demos'
command line (``--transport http --port N``, 127.0.0.1 only): the baseline that memory
tests compare the demos against, run under the same conditions."""

from __future__ import annotations

import argparse
import logging

import uvicorn
from mcp.server.mcpserver import MCPServer

LOOPBACK = "127.0.0.1"

server = MCPServer("plain")


@server.tool()
def echo(text: str = "") -> str:
    """Returns its argument."""
    return text


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.plain_server")
    parser.add_argument("--transport", choices=("http",), default="http")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    app = server.streamable_http_app(host=LOOPBACK)
    uvicorn.run(app, host=LOOPBACK, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
