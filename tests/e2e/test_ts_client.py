"""The official TypeScript SDK client (``@modelcontextprotocol/sdk`` from npm) talking
to the weather demo over stdio. Installed into ``<repo>/.e2e-node`` (not committed);
skipped with a message when node/npm or the package is unavailable."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.servers import REPO

TS_DIR = Path(__file__).with_name("ts")
NODE_DIR = REPO / ".e2e-node"
SDK = NODE_DIR / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
INSTALL_LIMIT_SECONDS = 300
RUN_LIMIT_SECONDS = 180


def _install() -> None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("node/npm not found: TypeScript client test skipped")
    if SDK.exists():
        return
    NODE_DIR.mkdir(exist_ok=True)
    # One npm install at a time: pytest-xdist workers may both arrive here.
    with open(NODE_DIR / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not SDK.exists():
            _npm_install(npm)


def _npm_install(npm: str) -> None:
    shutil.copy(TS_DIR / "package.json", NODE_DIR / "package.json")
    try:
        done = subprocess.run(
            [npm, "install", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund"],
            capture_output=True,
            text=True,
            timeout=INSTALL_LIMIT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(
            "npm install of @modelcontextprotocol/sdk timed out: TypeScript client test skipped"
        )
    if done.returncode != 0 or not SDK.exists():
        pytest.skip(
            f"npm install of @modelcontextprotocol/sdk failed: {done.stderr.strip()[-300:]}"
        )


@pytest.fixture(scope="module")
def transcript() -> dict[str, Any]:
    _install()
    script = NODE_DIR / "weather_client.mjs"
    # ESM resolves packages next to the script, so it runs from the install folder. Copied
    # under a private name, then renamed: another pytest-xdist worker may run this fixture
    # at the same time, and must never see a half-written script.
    partial = NODE_DIR / f".weather_client.{os.getpid()}.mjs"
    shutil.copy(TS_DIR / "weather_client.mjs", partial)
    os.replace(partial, script)
    done = subprocess.run(
        ["node", str(script), sys.executable, str(REPO)],
        capture_output=True,
        text=True,
        timeout=RUN_LIMIT_SECONDS,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.slow
def test_agent_gets_structured_json(transcript: dict[str, Any]) -> None:
    agent = transcript["agent"]
    assert agent["serverExtensions"] == {"io.modelcontextprotocol/content-negotiation": {}}
    # sep-tool-result-content: the structured value also comes as JSON text.
    (text,) = agent["call"]["content"]
    assert json.loads(text["text"]) == agent["call"]["structuredContent"]
    props = agent["call"]["structuredContent"]["properties"]
    assert (props["location"], props["temperature_c"], props["status"]) == ("Bern", 8, "success")
    (geo,) = agent["read"]["contents"]
    assert geo["mimeType"] == "application/geo+json"
    assert json.loads(geo["text"])["geometry"]["type"] == "Point"


@pytest.mark.slow
def test_human_gets_markdown(transcript: dict[str, Any]) -> None:
    human = transcript["human"]
    (block,) = human["call"]["content"]
    assert block["type"] == "text" and block["text"].startswith("## Current Weather in Bern")
    assert "structuredContent" not in human["call"]
    (md,) = human["read"]["contents"]
    assert md["mimeType"] == "text/markdown" and md["text"].startswith("# Alpine Valley")


@pytest.mark.slow
def test_legacy_client_gets_the_default(transcript: dict[str, Any]) -> None:
    legacy = transcript["legacy"]
    # The server advertises support to everyone; this client declared nothing.
    assert legacy["serverExtensions"] == {"io.modelcontextprotocol/content-negotiation": {}}
    (block,) = legacy["call"]["content"]
    assert block["text"].startswith("Current temperature in Bern: 8°C.")


@pytest.mark.slow
def test_metadata_and_draft_fields_reach_the_ts_client(transcript: dict[str, Any]) -> None:
    formats = {entry["mimeType"] for entry in transcript["agent"]["metadata"]["metadata"]}
    assert formats == {"text/markdown", "application/geo+json"}
    # On the wire the draft members arrive intact (the TS SDK's own schema then drops
    # the ones it does not know from the parsed result).
    (wire,) = transcript["human"]["wireRead"]["contents"]
    assert (wire["name"], wire["title"]) == ("alpine-valley-1", "Alpine Valley")
