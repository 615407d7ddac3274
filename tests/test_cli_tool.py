"""The compiler and the kit as commands in a clone: ``--version``, and a compiler whose
``[codegen]`` extra is missing says which extra to install, in one line.
(The installed console scripts: tests/test_editable_install.py and test_install.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from negotiation import __version__
from tests.conftest import ROOT


def _run(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_both_commands_answer_version() -> None:
    for module in ("codegen", "conformance"):
        ran = _run([sys.executable, "-m", module, "--version"])
        assert (ran.returncode, ran.stdout, ran.stderr) == (
            0,
            f"python -m {module} {__version__}\n",
            "",
        )


# The standard library only (-S: no site-packages, so no click, jinja2, tree-sitter...),
# and this clone's compiler.
HIDDEN = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
sys.argv = ["codegen", *sys.argv[1:]]
from codegen.__main__ import main
main()
"""


def test_without_the_extra_the_compiler_names_it_in_one_line(tmp_path: Path) -> None:
    ran = _run([sys.executable, "-I", "-S", "-c", HIDDEN, "generate", "--out", "o"], tmp_path)
    assert (ran.returncode, ran.stdout) == (2, "")
    assert ran.stderr == (
        "python -m codegen needs the compiler's dependencies, the extra [codegen] (missing: "
        "click, jinja2, tree_sitter, tree_sitter_typescript, libcst, ruff): "
        "pip install -e '.[codegen]' (in the clone)\n"
    )
    version = _run([sys.executable, "-I", "-S", "-c", HIDDEN, "--version"], tmp_path)
    assert (version.returncode, version.stdout) == (0, f"python -m codegen {__version__}\n")


def _diff(tmp_path: Path, *command: str) -> str:
    (tmp_path / "old.ts").write_text("export interface A { x: string }\n", "utf-8")
    (tmp_path / "new.ts").write_text("export interface A { x: string; y: number }\n", "utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)])}
    ran = subprocess.run(
        [sys.executable, "-m", *command, "diff", "old.ts", "new.ts"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    (fix,) = [line.strip() for line in ran.stdout.splitlines() if "fix:" in line]
    return fix


def test_the_diff_names_the_migrate_command_as_the_user_runs_it(tmp_path: Path) -> None:
    clone = _diff(tmp_path, "codegen")
    assert clone == "fix: none: python -m codegen migrate lists each constructor call as file:line"
    # Installed: the import name is mcp_negotiation_codegen (here the editable install's
    # package, which is this clone's codegen/), and the console script is the command.
    from hatch_build import shim

    package = tmp_path / "site" / "mcp_negotiation_codegen"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(shim(ROOT / "codegen"), "utf-8")
    installed = _diff(tmp_path, "mcp_negotiation_codegen")
    assert installed == (
        "fix: none: mcp-negotiation-codegen migrate lists each constructor call as file:line"
    )


# ``python -m codegen`` ends without freeing its objects (``codegen.__main__._exit_now``):
# what it printed and its exit code must be those of a normal exit.
def _codegen(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, "-m", "codegen", *args])


def test_generate_output_and_exit_codes_survive_the_fast_exit(tmp_path: Path) -> None:
    (tmp_path / "a.ts").write_text("export interface A { x: string }\n", "utf-8")
    args = ("--schema", str(tmp_path / "a.ts"), "--out", str(tmp_path / "pkg"), "--no-cache")
    wrote = _codegen(tmp_path, "generate", *args)
    assert wrote.returncode == 0, wrote.stderr
    assert f"wrote {tmp_path / 'pkg' / 'models.py'}\n" in wrote.stdout
    assert wrote.stdout.endswith("\n") and (tmp_path / "pkg" / "models.py").is_file()
    fresh = _codegen(tmp_path, "generate", "--check", *args)
    assert (fresh.returncode, fresh.stdout) == (0, f"{tmp_path / 'pkg'} is up to date\n")
    (tmp_path / "a.ts").write_text("export interface A { x: number }\n", "utf-8")
    stale = _codegen(tmp_path, "generate", "--check", *args)
    assert stale.returncode == 1
    assert stale.stderr.endswith(f"{tmp_path / 'pkg'} is stale; run 'make generate'\n")
    (tmp_path / "a.ts").write_text("export interface A { x: }\n", "utf-8")
    bad = _codegen(tmp_path, "generate", *args)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == f"{tmp_path / 'a.ts'}:1:23: error: syntax error: unexpected ':'\n"
    usage = _codegen(tmp_path, "generate", "--no-such-option")
    assert usage.returncode == 2 and usage.stderr.endswith(
        "Error: No such option '--no-such-option'.\n"
    )


EXIT_NOW = """
import sys
sys.path.insert(0, {root!r})
from codegen.__main__ import _exit_now
class Broken:
    def write(self, text): return len(text)
    def flush(self): raise BrokenPipeError(32, "Broken pipe")
print("kept", end="")
{before}
_exit_now({code})
"""


def test_the_fast_exit_maps_codes_as_sys_exit_and_flushes(tmp_path: Path) -> None:
    def run(code: str, before: str = "") -> tuple[int, str, str]:
        script = EXIT_NOW.format(root=str(ROOT), code=code, before=before)
        ran = _run([sys.executable, "-c", script], tmp_path)
        return ran.returncode, ran.stdout, ran.stderr

    assert run("None") == (0, "kept", "")
    assert run("0") == (0, "kept", "")
    assert run("3") == (3, "kept", "")
    assert run("'no schema'") == (1, "kept", "no schema\n")
    # stdout cannot be flushed (a closed pipe): Python's own status for that, 120
    assert run("0", "sys.stdout.flush(); sys.stdout = Broken()") == (120, "kept", "")
    assert run("2", "sys.stdout.flush(); sys.stdout = Broken()") == (2, "kept", "")


def test_a_profiled_run_still_writes_its_profile(tmp_path: Path) -> None:
    # cProfile and coverage write their data as the process exits normally: under either,
    # ``python -m codegen`` does not take its fast exit.
    (tmp_path / "a.ts").write_text("export interface A { x: string }\n", "utf-8")
    ran = _run(
        [
            sys.executable,
            "-m",
            "cProfile",
            "-o",
            str(tmp_path / "prof"),
            "-m",
            "codegen",
            "generate",
            "--schema",
            str(tmp_path / "a.ts"),
            "--out",
            str(tmp_path / "pkg"),
            "--no-cache",
            "-q",
        ]
    )
    assert (ran.returncode, ran.stderr) == (0, "")
    assert (tmp_path / "prof").stat().st_size > 0
