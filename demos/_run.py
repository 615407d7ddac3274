"""Command line shared by the demos: ``--transport stdio|http --port N``.

HTTP binds 127.0.0.1 only: these are demos, never meant to be reachable from elsewhere.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from typing import Any

import anyio
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

LOOPBACK = "127.0.0.1"


def parse_args(prog: str, argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port on 127.0.0.1")
    parser.add_argument(
        "--no-negotiation",
        action="store_true",
        help="serve the same content with negotiation switched off (benchmark baseline)",
    )
    return parser.parse_args(argv)


async def _serve_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run(server: Server[Any], transport: str, port: int) -> None:
    """Serve until stdin closes (stdio) or the process is interrupted (http)."""
    logging.basicConfig(level=logging.WARNING)
    if transport == "stdio":
        anyio.run(_serve_stdio, server)
        return
    import uvicorn

    app = server.streamable_http_app(host=LOOPBACK)
    uvicorn.run(app, host=LOOPBACK, port=port, log_level="warning")
