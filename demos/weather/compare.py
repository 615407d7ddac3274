"""Ask the weather demo the same question as an agent and as a human, and print both.

    python -m demos.weather.compare [--mode auto|legacy]

It starts the demo over stdio with the official SDK client, once per kind of client,
and stops it again; the README's quick-start transcript is this program's output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult, TextContent

from negotiation.sdk import ContentNegotiation

CLIENTS: dict[str, list[str] | None] = {
    "agent": ["agent", "!interactive", "format=json"],
    "human": ["human", "interactive", "format=markdown"],
    "legacy": None,  # declares no content negotiation at all
}


async def ask(features: Sequence[str] | None, mode: str) -> CallToolResult:
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "demos.weather", "--transport", "stdio"]
    )
    extensions = [ContentNegotiation(features)] if features is not None else None
    async with Client(server, mode=mode, extensions=extensions) as client:
        return await client.call_tool("get_weather", {"location": "Bern"})


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m demos.weather.compare")
    parser.add_argument("--mode", choices=("auto", "legacy"), default="auto")
    mode = parser.parse_args(argv).mode

    async def run() -> None:
        for name, features in CLIENTS.items():
            result = await ask(features, mode)
            print(f"--- {name}: {' '.join(features) if features else '(no negotiation)'}")
            if result.structured_content is not None:
                print("structuredContent:", json.dumps(result.structured_content))
            for block in result.content:
                if isinstance(block, TextContent):
                    print(block.text)

    anyio.run(run)


if __name__ == "__main__":
    main()
