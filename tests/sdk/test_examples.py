"""``examples/``: the negotiated twin is small, works, and type-checks strictly, as does
a user's file that imports ``mcp_ext`` and ``negotiation`` from outside the repository."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp_types import CallToolResult

from bench import plain_server
from examples import negotiated_server
from examples.count import code_lines, ratio
from negotiation.sdk import ContentNegotiation, variant_meta

REPO = Path(__file__).resolve().parents[2]
PYRIGHT = Path(sys.executable).with_name("pyright")
CHECK_LIMIT_SECONDS = 600

USER_FILE = """\
from mcp_ext import ServerVariant, VariantHints

from negotiation import rank_variants
from negotiation.sdk import Negotiation

variant = ServerVariant(id="a", description="A")
ranked = rank_variants([variant], VariantHints(hints={"useCase": "ide"}))
neg = Negotiation(variants=[variant])
reveal_type(variant)
reveal_type(ranked)
reveal_type(neg.middleware)
"""


def test_the_twin_is_at_most_one_and_a_half_times_the_plain_server() -> None:
    assert code_lines(plain_server_path()) > 10
    assert ratio() <= 1.5


def plain_server_path() -> Path:
    return Path(plain_server.__file__)


def _call(server: Any, features: list[str] | None) -> CallToolResult:
    async def main() -> CallToolResult:
        extensions = [ContentNegotiation(features)] if features is not None else None
        async with Client(server, mode="auto", extensions=extensions) as client:
            return await client.call_tool("get_forecast", {"city": "Bern"})

    result: CallToolResult = anyio.run(main)
    return result


def test_the_twin_answers_each_audience_and_the_plain_server_everyone_alike() -> None:
    plain = _call(plain_server.mcp, None)
    assert plain.content and plain.structured_content is not None
    agent = _call(negotiated_server.mcp, ["agent", "format=json"])
    assert agent.content and agent.structured_content is not None  # the SEP's text fallback
    human = _call(negotiated_server.mcp, ["human", "format=text"])
    assert human.content and human.structured_content is None
    legacy = _call(negotiated_server.mcp, None)  # declared nothing: as the plain server
    assert legacy.model_dump() == plain.model_dump()


def test_the_compact_variant_has_no_prompt() -> None:
    async def main() -> tuple[list[str], list[str]]:
        async with Client(negotiated_server.mcp, mode="legacy") as client:
            full = await client.list_prompts()
            compact = await client.list_prompts(meta=variant_meta("compact"))
            return [p.name for p in full.prompts], [p.name for p in compact.prompts]

    full, compact = anyio.run(main)
    assert full == ["plan_trip"] and compact == []


def _mypy(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *args],
        cwd=cwd, capture_output=True, text=True, timeout=CHECK_LIMIT_SECONDS, check=False,
    )  # fmt: skip


def _pyright(config_dir: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """``pyright ARGS`` with ``config_dir`` as its project (the config is written there)."""
    if not PYRIGHT.exists():
        pytest.skip("pyright is not installed (it is in the dev extra)")
    (config_dir / "pyrightconfig.json").write_text(
        # the examples run from the repository, where ``demos`` (an app, not installed) is
        # importable: examples/asgi_adapter.py serves the weather demo's data
        json.dumps(
            {"typeCheckingMode": "strict", "pythonVersion": "3.11", "extraPaths": [str(REPO)]}
        )
    )
    return subprocess.run(
        [str(PYRIGHT), "--pythonpath", sys.executable, "-p", str(config_dir), *map(str, args)],
        cwd=config_dir, capture_output=True, text=True, timeout=CHECK_LIMIT_SECONDS, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_examples_pass_mypy_strict() -> None:
    done = _mypy("examples", cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def pyright_report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """One ``pyright --strict`` run over ``examples/`` and the user file (about 3.5 s of
    CPU a run, most of it reading the SDK and pydantic): its diagnostics by file."""
    folder = tmp_path_factory.mktemp("pyright")
    (folder / "user.py").write_text(USER_FILE)
    done = _pyright(folder, "--outputjson", REPO / "examples", folder / "user.py")
    try:
        report = json.loads(done.stdout)
    except ValueError:
        raise AssertionError(done.stdout + done.stderr) from None
    by_file: dict[str, list[dict[str, Any]]] = {"examples": [], "user.py": []}
    user = (folder / "user.py").resolve()
    for diagnostic in report["generalDiagnostics"]:
        path = Path(diagnostic["file"]).resolve()
        by_file["user.py" if path == user else "examples"].append(diagnostic)
    # An error in neither part (a configuration error) would be no file's.
    assert report["summary"]["errorCount"] == sum(
        d["severity"] == "error" for found in by_file.values() for d in found
    ), done.stdout
    return by_file


def _errors(diagnostics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [d for d in diagnostics if d["severity"] == "error"]


@pytest.mark.slow
def test_examples_pass_pyright_strict(pyright_report: dict[str, list[dict[str, Any]]]) -> None:
    assert _errors(pyright_report["examples"]) == []


@pytest.mark.slow
def test_a_user_file_sees_the_real_types_under_mypy(tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(USER_FILE)
    done = _mypy("user.py", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'Revealed type is "mcp_ext.models.ServerVariant"' in done.stdout
    assert 'Revealed type is "list[mcp_ext.models.ServerVariant]"' in done.stdout
    assert 'Revealed type is "Any"' not in done.stdout


@pytest.mark.slow
def test_a_user_file_sees_the_real_types_under_pyright(
    pyright_report: dict[str, list[dict[str, Any]]],
) -> None:
    found = pyright_report["user.py"]
    assert _errors(found) == []
    messages = [d["message"] for d in found]
    assert 'Type of "variant" is "ServerVariant"' in messages, found
    assert 'Type of "ranked" is "list[ServerVariant]"' in messages, found


def test_negotiation_ships_py_typed() -> None:
    assert (REPO / "negotiation" / "py.typed").exists()
    assert (REPO / "negotiation" / "sdk" / "py.typed").exists()
