"""docs/your-protocol.md runs as printed: its schema compiles with the command it shows,
its server and client talk over stdin and stdout, the client prints what the page says,
and the code type-checks under ``mypy --strict``."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "your-protocol.md"


def _blocks(language: str) -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    return re.findall(rf"(?ms)^```{language}\n(.*?)^```", text)


def _env() -> dict[str, str]:
    # The compiler of this checkout (``python -m codegen``), whatever is installed.
    return {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The guide's files written where it says, and compiled with its command."""
    folder = tmp_path_factory.mktemp("your-protocol")
    (schema,) = _blocks("ts")
    (folder / "todo.ts").write_text(schema, "utf-8")
    for block in _blocks("python"):
        name = "todo_server.py" if "class Todos(ServerHandler" in block else "todo_client.py"
        (folder / name).write_text(block, "utf-8")
    (command,) = [line for block in _blocks("sh") for line in block.splitlines() if line]
    argv = shlex.split(command)
    assert argv[0] == "mcp-negotiation-codegen"
    compiled = subprocess.run(
        [sys.executable, "-m", "codegen", *argv[1:]],
        cwd=folder,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr
    assert "warning" not in compiled.stderr  # every request of the guide has its result
    return folder


def test_the_guide_has_one_schema_one_server_and_one_client() -> None:
    assert len(_blocks("ts")) == 1
    names = ["class Todos(ServerHandler" in b for b in _blocks("python")]
    assert sorted(names) == [False, True]


def test_the_client_calls_the_server_and_prints_what_the_guide_says(project: Path) -> None:
    ran = subprocess.run(
        [sys.executable, "-W", "error", "todo_client.py"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    (printed,) = [b for b in _blocks("text") if b.startswith("True")]
    assert ran.stdout == printed


def test_the_server_answers_errors_as_the_guide_says(project: Path) -> None:
    requests = [
        '{"jsonrpc": "2.0", "id": 1, "method": "todos/remove", "params": {}}',
        '{"jsonrpc": "2.0", "id": 2, "method": "todos/add", "params": {"title": 3}}',
    ]
    ran = subprocess.run(
        [sys.executable, "todo_server.py"],
        cwd=project,
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    codes = re.findall(r'"code": (-\d+)', ran.stdout)
    assert codes == ["-32601", "-32602"], ran.stdout


def test_the_guide_code_type_checks_strictly(project: Path) -> None:
    files = ["todo_server.py", "todo_client.py"]
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *files],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout
