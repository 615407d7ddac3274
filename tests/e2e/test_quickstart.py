"""The README's quick start runs as printed: the agent, human and legacy answers differ."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.e2e.servers import REPO, subprocess_env


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_compare_prints_one_answer_per_kind_of_client(mode: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "demos.weather.compare", "--mode", mode],
        cwd=REPO, env=subprocess_env(), capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    sections = dict(part.split("\n", 1) for part in proc.stdout.split("--- ")[1:])
    agent, human, legacy = (
        sections[k]
        for k in (
            "agent: agent !interactive format=json",
            "human: human interactive format=markdown",
            "legacy: (no negotiation)",
        )
    )
    structured = json.loads(agent.removeprefix("structuredContent: ").splitlines()[0])
    assert structured["properties"]["location"] == "Bern"
    assert human.startswith("## Current Weather in Bern")
    assert "structuredContent" not in human and "structuredContent" not in legacy
    assert legacy.startswith("Current temperature in Bern") and "##" not in legacy
