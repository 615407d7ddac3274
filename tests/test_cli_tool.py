"""The compiler and the kit as commands in a clone: ``--version``, and a compiler whose
``[codegen]`` extra is missing says which extra to install, in one line.
(The installed console scripts: tests/test_editable_install.py and test_install.py.)"""

from __future__ import annotations

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
