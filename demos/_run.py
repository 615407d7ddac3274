"""Command line shared by the demos: ``--transport stdio|http --port N``.

The servers are plain ``MCPServer`` objects, run with :func:`negotiation.sdk.run`: the
SDK's own transports, with the unsupported-version error listing every version served.
HTTP binds 127.0.0.1 only: these are demos, never meant to be reachable from elsewhere.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from mcp.server.mcpserver import MCPServer

from negotiation.backplane import Backplane
from negotiation.sdk.transports import run as serve

LOOPBACK = "127.0.0.1"


def parse_args(prog: str, argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port on 127.0.0.1")
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="share events, switch limits and rankings with other replicas through this Redis"
        " (redis://host:port/db; needs the [redis] extra; docs/replicas.md)",
    )
    parser.add_argument(
        "--no-negotiation",
        action="store_true",
        help="serve the same content with negotiation switched off (benchmark baseline)",
    )
    parser.add_argument(
        "--experimental-capability",
        action="store_true",
        help="also advertise server variants under capabilities.experimental, where the "
        "Go implementation (experimental-ext-variants) and its SDK's clients look",
    )
    return parser.parse_args(argv)


def backplane(url: str | None, prefix: str) -> Backplane | None:
    """The Redis backplane at ``url`` (None: one process, in memory). A URL that is no
    Redis URL ends the process with one line and status 2, as a bad option does."""
    if url is None:
        return None
    from negotiation.sdk.redis import RedisBackplane

    try:
        return RedisBackplane.from_url(url, prefix=prefix)
    except ValueError as problem:
        print(f"--redis: {problem}", file=sys.stderr)
        raise SystemExit(2) from None


def run(server: MCPServer[Any], transport: str, port: int) -> None:
    """Serve until stdin closes (stdio) or the process is interrupted (http)."""
    if transport == "stdio":
        serve(server, "stdio")
    else:
        serve(server, "streamable-http", host=LOOPBACK, port=port)
