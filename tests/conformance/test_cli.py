"""``python -m conformance run``: exit codes, selection, formats and bounded waits,
against a deliberately poor stdio server."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from conformance.__main__ import main

FAKE = Path(__file__).with_name("fake_server.py")


def _command(mode: str) -> str:
    return shlex.join([sys.executable, str(FAKE), mode])


def test_a_must_failure_exits_nonzero(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "run",
            "--server-cmd",
            _command("legacy-only"),
            "--era",
            "modern",
            "--format",
            "json",
            "--timeout",
            "5",
        ]
    )
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert code == 1
    by_key = {(r["requirement"], r["era"]): r for r in rows}
    assert by_key["versioning.server-discover-implemented", "modern"]["result"] == "fail"
    assert by_key["tools.client.choose-field", "modern"]["result"] == "untestable"


def test_only_selects_requirements_and_nothing_failing_exits_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "run",
            "--server-cmd",
            _command("legacy-only"),
            "--era",
            "legacy",
            "--only",
            "variants.advertise.*",
            "--format",
            "markdown",
            "--timeout",
            "5",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "| `variants.advertise.unique-ids` | MUST | legacy | n/a (not implemented) |" in out
    assert "versioning." not in out


def test_a_silent_server_is_reported_unreachable_within_the_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["run", "--server-cmd", _command("silent"), "--timeout", "1"])
    assert code == 2
    assert "cannot probe the server" in capsys.readouterr().err
