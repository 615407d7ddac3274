"""Issue #24: the kit as an outside implementer gets it: built into the wheel, installed
into a fresh virtual environment outside the repository (no network, no dependencies:
it is stdlib only), and run as ``mcp-negotiation-conformance`` against both demos and a
plain ``MCPServer``."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PythonForks
from tests.e2e.servers import http_server
from tests.venvs import fresh_venv, pip_into

REPO = Path(__file__).resolve().parents[2]
PROFILES = REPO / "conformance" / "profiles"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The console script of a fresh venv holding only the built wheel."""
    root = tmp_path_factory.mktemp("installed-kit")
    wheels = root / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(REPO)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = wheels.glob("mcp_negotiation-*.whl")
    python = fresh_venv(root / "venv")
    subprocess.run(
        pip_into(python, "install", "-q", "--no-index", "--no-deps", wheel),
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    yield python.parent / "mcp-negotiation-conformance"


def _clean_env() -> dict[str, str]:
    """No PYTHONPATH: nothing of the repository is importable by the kit."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def _run(kit: Path, tmp_path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [str(kit), "run", *args, "--format", "json", "--timeout", "30"],
        cwd=tmp_path, env=_clean_env(), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout)


def _bad(report: dict[str, Any]) -> list[str]:
    return [
        f"{r['era']} {r['requirement']}: {r['detail']}"
        for r in report["rows"]
        if r["result"] in ("fail", "unmet")
    ]


@pytest.mark.slow
def test_the_installed_kit_is_outside_the_repository_and_has_its_data(
    kit: Path, tmp_path: Path
) -> None:
    python = kit.parent / "python"
    code = (
        "import mcp_negotiation_conformance as k, pathlib; "
        "p = pathlib.Path(k.__file__).parent; "
        "print(p); print(sorted(x.name for x in (p / 'fixtures').glob('*.json')))"
    )
    done = subprocess.run(
        [str(python), "-c", code], cwd=tmp_path, env=_clean_env(), capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    where, fixtures = done.stdout.splitlines()
    assert not Path(where).is_relative_to(REPO)
    assert "server-variants.json" in fixtures
    help_text = subprocess.run(
        [str(kit), "--help"], env=_clean_env(), capture_output=True, text=True, check=True
    ).stdout
    assert help_text.startswith("usage: mcp-negotiation-conformance")


@pytest.mark.slow
def test_the_installed_kit_passes_devplatform_over_stdio(
    kit: Path, python_forks: PythonForks, tmp_path: Path
) -> None:
    # The demo is a fork of the tests' warm interpreter (tests/forkserver.py): about 13
    # starts of it, each without importing the SDK again.
    command = shlex.join(python_forks(["-m", "demos.devplatform", "--transport", "stdio"]))
    code, report = _run(
        kit, tmp_path, "--server-cmd", command, "--cwd", str(REPO),
        "--profile", str(PROFILES / "devplatform.json"),
    )  # fmt: skip
    assert _bad(report) == []
    assert code == 0
    assert sum(r["result"] == "pass" for r in report["rows"]) > 60


@pytest.mark.slow
def test_the_installed_kit_passes_weather_over_http(
    kit: Path, tmp_path: Path, python_forks: PythonForks
) -> None:
    with http_server("demos.weather", forks=python_forks) as url:
        code, report = _run(
            kit, tmp_path, "--url", url, "--profile", str(PROFILES / "weather.json")
        )
    assert _bad(report) == []
    assert code == 0
    assert any("does not implement server variants" in d for d in report["diagnoses"])


@pytest.mark.slow
def test_against_a_plain_mcpserver_it_says_not_implemented_not_a_must_failure(
    kit: Path, tmp_path: Path, python_forks: PythonForks
) -> None:
    with http_server("tests.e2e.plain_server", forks=python_forks) as url:
        code, report = _run(kit, tmp_path, "--url", url)
    assert code == 0
    assert any(
        "does not implement server variants or content negotiation" in d
        for d in report["diagnoses"]
    )
    must = [r for r in report["rows"] if r["result"] == "fail" and r["level"] == "MUST"]
    # The SDK lists only the modern versions it accepts per request: a failure under the
    # kit's reading 2 alone, shown as such and not held against it.
    assert all(r["reading_only"] and 2 in r["ambiguities"] for r in must), must
    variants = [r for r in report["rows"] if r["requirement"].startswith("variants.")]
    assert {r["result"] for r in variants} <= {"n/a", "unmet", "untestable", "pass"}
    assert any(r["not_implemented"] == "server variants" for r in variants)


DOC = REPO / "docs" / "conformance.md"


def _doc_commands() -> list[tuple[str, int]]:
    """The kit's command lines in docs/conformance.md, each with its ``# exit N``."""
    found: list[tuple[str, int]] = []
    for block in re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            if line.startswith("mcp-negotiation-conformance "):
                command, _, expected = line.partition("  # exit ")
                found.append((command, int(expected.split()[0])))
    return found


@pytest.mark.slow
def test_the_docs_kit_commands_run_as_printed(
    kit: Path, python_forks: PythonForks, tmp_path: Path
) -> None:
    commands = _doc_commands()
    assert len(commands) >= 4
    bindir = tmp_path / "bin"  # the installed console script, and nothing else of its venv
    bindir.mkdir()
    (bindir / kit.name).symlink_to(kit)
    # The commands' `python` (the server's) is this interpreter, as a fork of the tests'
    # warm one (tests/forkserver.py): the kit starts it about 13 times a run.
    python = bindir / "python"
    python.write_text(f'#!/bin/sh\nexec {shlex.join(python_forks([]))} "$@"\n', "utf-8")
    python.chmod(0o755)
    path = os.pathsep.join([str(bindir), str(Path(sys.executable).parent), os.environ["PATH"]])
    for command, expected in commands:
        if "../shared/" in command and not (REPO.parent / "shared" / "interop").is_dir():
            continue  # the Go binaries are absent here
        done = subprocess.run(
            command, shell=True, cwd=REPO, env={**_clean_env(), "PATH": path},
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert done.returncode == expected, (command, done.stderr[-2000:])
        assert "Traceback" not in done.stderr, command


def test_the_docs_profile_example_uses_only_keys_the_kit_reads() -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text[text.index("### Write a profile") :]
    profile = json.loads(re.search(r"```json\n(.*?)```", example, re.S).group(1))  # type: ignore[union-attr]
    kit_text = " ".join(
        p.read_text(encoding="utf-8")
        for p in [
            *(REPO / "conformance").glob("*.py"),
            *(REPO / "conformance").glob("fixtures/*.json"),
        ]
    )
    for key in profile:
        assert f"profile.{key}" in kit_text or f'"{key}"' in kit_text, key
        assert f"`{key}`" in example.split("```", 2)[2], f"{key} is not in the table"
