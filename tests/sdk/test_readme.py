"""The README's quick-start server runs as printed, with the README's client."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from negotiation.sdk import ContentNegotiation

README = Path(__file__).resolve().parents[2] / "README.md"


def _server_block() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    (server,) = [b for b in blocks if "MCPServer(" in b and "neg = Negotiation()" in b]
    return server


def test_the_quick_start_server_serves_agents_people_and_everyone() -> None:
    namespace: dict[str, Any] = {"__name__": "readme"}
    exec(compile(_server_block(), "README.md", "exec"), namespace)
    mcp = namespace["mcp"]

    async def call(features: list[str] | None) -> Any:
        extensions = [ContentNegotiation(features)] if features is not None else None
        async with Client(mcp, extensions=extensions) as client:
            return await client.call_tool("get_forecast", {"city": "Bern"})

    agent = anyio.run(call, ["agent", "format=json"])
    human = anyio.run(call, ["human", "format=markdown"])
    plain = anyio.run(call, None)
    assert agent.structured_content == {"city": "Bern", "temperature_c": 8}
    assert agent.content  # sep-tool-result-content: structured results carry content too
    assert human.structured_content is None and human.content[0].text.startswith("## Bern")
    assert plain.structured_content is not None and plain.content[0].text == "Bern: 8 C, cloudy."


def test_the_quick_start_client_runs_against_the_server(tmp_path: Path) -> None:
    import subprocess
    import sys

    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    (client,) = [b for b in blocks if "from server import mcp" in b]
    (tmp_path / "server.py").write_text(_server_block())
    (tmp_path / "client.py").write_text(client)
    done = subprocess.run(
        [sys.executable, "client.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "{'city': 'Bern', 'temperature_c': 8}"


def test_the_readme_transcript_is_what_compare_prints() -> None:
    """``python -m demos.weather.compare``'s docstring says the README shows its output."""
    import subprocess
    import sys

    text = README.read_text(encoding="utf-8")
    (transcript,) = re.findall(
        r"```text\n\$ python -m demos\.weather\.compare\n(.*?)```", text, re.S
    )
    done = subprocess.run(
        [sys.executable, "-m", "demos.weather.compare"],
        cwd=README.parent, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == transcript
