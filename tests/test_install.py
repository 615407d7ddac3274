"""The compiler as a user installs it: the built wheel with ``[codegen]`` in a fresh venv
outside the repository, its console script compiling the user's folder of ``.ts`` files
into a package the user names, and that package importing under ``python -W error``."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.venvs import fresh_venv, pip_into

pytestmark = pytest.mark.slow

SCHEMA = {
    "base.ts": """
export interface JSONRPCRequest { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown }
export interface JSONRPCSuccessResponse { jsonrpc: "2.0"; id: number | string; result: unknown }
export interface JSONRPCErrorResponse { jsonrpc: "2.0"; id: number | string; error: { code: number; message: string } }
""",
    "greet.ts": """
import type { JSONRPCErrorResponse, JSONRPCRequest, JSONRPCSuccessResponse } from "./base";

/** Someone to greet. */
export interface Person { name: string; title?: "Dr" | "Ms" | "Mr" }

/** Greets a person. */
export interface GreetRequest extends JSONRPCRequest { method: "greet"; params: { person: Person } }
export interface GreetSuccessResponse extends JSONRPCSuccessResponse { result: { text: string } }
export type GreetResponse = GreetSuccessResponse | JSONRPCErrorResponse;
""",
}

# What the network failing looks like to pip; anything else is a real failure.
OFFLINE = ("NewConnectionError", "Temporary failure in name resolution", "Network is unreachable")


def _env() -> dict[str, str]:
    """No trace of the repository or the dev venv: PYTHONPATH and VIRTUAL_ENV unset."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "PYTHONDONTWRITEBYTECODE": "1"}


def _run(args: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv outside the repository with the wheel and its ``[codegen]`` extra: its bin/."""
    tmp = tmp_path_factory.mktemp("install")
    assert not tmp.resolve().is_relative_to(ROOT)
    wheels = tmp / "wheels"
    # The build backend of the dev install, as tests/conformance/test_installed_kit.py does:
    # an isolated build installs hatchling into a fresh environment first (3x the CPU).
    wheel_args: list[str | Path] = [
        "wheel",
        "-q",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        wheels,
        ROOT,
    ]
    built = _run([sys.executable, "-m", "pip", *wheel_args], tmp)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("mcp_negotiation-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    # Every top-level import name is distinctive: no bare ``codegen``.
    assert tops == {
        "negotiation",
        "mcp_ext",
        "mcp_negotiation_codegen",
        "mcp_negotiation_conformance",
    }
    # What the compiler reads at run time: templates (precompiled too) and the static runtime.
    for needed in (
        "templates_compiled/module_py.py",
        "templates/module.py.jinja",
        "runtime/_validation.py",
        "runtime/_wire.py",
    ):
        assert f"mcp_negotiation_codegen/{needed}" in names

    python = fresh_venv(tmp / "venv")
    requirement = f"mcp-negotiation[codegen] @ {wheel.as_uri()}"
    pip = _run(pip_into(python, "install", "-q", requirement), tmp)
    if pip.returncode != 0 and any(s in pip.stderr for s in OFFLINE):
        pytest.skip(f"the package index is unreachable: {pip.stderr.strip().splitlines()[-1]}")
    assert pip.returncode == 0, pip.stderr
    return python.parent


@pytest.fixture
def user_schema(tmp_path: Path) -> Path:
    folder = tmp_path / "greeter"
    folder.mkdir()
    for name, text in SCHEMA.items():
        (folder / name).write_text(text, "utf-8")
    return folder


def test_wheel_ships_no_bare_codegen_and_the_script_compiles_a_user_schema(
    installed: Path, user_schema: Path
) -> None:
    work = user_schema.parent
    site = next((installed.parent / "lib").glob("python3*/site-packages"))
    assert (site / "mcp_negotiation_codegen").is_dir() and not (site / "codegen").exists()

    args = ["generate", "--schema", "greeter", "--out", "out/greeter", "--protocol", "generic"]
    first = _run([installed / "mcp-negotiation-codegen", *args], work)
    assert first.returncode == 0, first.stderr
    models = (work / "out/greeter/models.py").read_text("utf-8")
    assert (
        "# Regenerate with: mcp-negotiation-codegen generate --schema greeter --out out/greeter"
        " --protocol generic\n" in models
    )
    # Nothing written beside the user's files but the package, nothing into site-packages.
    assert sorted(p.name for p in work.iterdir()) == ["greeter", "out"]
    assert not list(site.glob(".codegen-cache*")) and not (site.parent / ".codegen-cache").exists()

    check = """
import greeter
from greeter import GreetRequest, Person
request = GreetRequest.model_validate_json(
    b'{"jsonrpc": "2.0", "id": 1, "method": "greet", "params": {"person": {"name": "Ada"}}}'
)
assert request.params.person == Person(name="Ada"), request
assert "check_feature_tag" not in greeter.__all__
print("ok")
"""
    imported = _run([installed / "python", "-W", "error", "-c", check], work / "out")
    assert imported.returncode == 0 and imported.stdout == "ok\n", imported.stderr

    again = _run([installed / "mcp-negotiation-codegen", *args], work)
    assert again.returncode == 0 and again.stdout == "out/greeter is up to date\n", again.stderr


def test_installed_generate_needs_out_and_names_a_missing_schema(
    installed: Path, user_schema: Path
) -> None:
    work = user_schema.parent
    script = installed / "mcp-negotiation-codegen"
    no_out = _run([script, "generate", "--schema", "greeter"], work)
    assert no_out.returncode == 2 and "--out DIR is required" in no_out.stderr
    assert "Traceback" not in no_out.stderr
    assert not (work / "generated").exists()

    missing = _run([script, "generate", "--schema", "nope", "--out", "pkg"], work)
    assert missing.returncode == 2
    assert missing.stderr == "error: schema path 'nope' does not exist\n"
    assert not (work / "pkg").exists()
