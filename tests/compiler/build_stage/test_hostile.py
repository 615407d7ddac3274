"""Every hostile schema in ``tests/hostile_cases.py`` through the real command line.

For each case: exit code 0 or 2 (never 3, never a traceback), within 20 s; an error is
one located ``file:line:col: error:`` line; nothing outside ``--out`` changes and no
payload runs; and what compiles imports in a fresh interpreter and means what the schema
says (the case's check).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, PythonForks
from tests.hostile_cases import CASES, Case

TIMEOUT = 20  # seconds per run: a bound on a hang, not a speed assertion
LOCATED = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+$")


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 70
    assert len({case.name for case in CASES}) == len(CASES)


def snapshot(root: Path) -> dict[str, object]:
    """Every entry below ``root`` except ``out/``, without following symlinks."""
    state: dict[str, object] = {}
    for folder, dirs, files in os.walk(root, followlinks=False):
        rel_folder = Path(folder).relative_to(root)
        if rel_folder.parts[:1] == ("out",):
            continue
        for name in dirs + files:
            if rel_folder == Path(".") and name == "out":
                continue
            path = Path(folder, name)
            if path.is_symlink():
                state[str(rel_folder / name)] = ("link", os.readlink(path))
            elif path.is_file():
                state[str(rel_folder / name)] = ("file", path.read_bytes())
            else:
                state[str(rel_folder / name)] = ("dir",)
    return state


def pwned(root: Path) -> list[str]:
    return [str(p) for p in root.rglob("PWNED")]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def lay_out(case: Case, root: Path) -> None:
    (root / "outside").mkdir()
    (root / "outside" / "secret.ts").write_text("export interface Secret { s: string }\n")
    (root / "sentinel").mkdir()
    (root / "sentinel" / "keep.txt").write_text("untouched")
    for rel, data in case.files.items():
        path = root / "schema" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for link, target in case.symlinks.items():
        (root / link).symlink_to(root / target)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_hostile_schema(case: Case, python_forks: PythonForks, tmp_path: Path) -> None:
    # Both runs are forks of the tests' warm interpreter (tests/forkserver.py): each its
    # own process on its own stdio, as `python -m codegen` and `python -c`, without
    # importing the compiler and pydantic again 200 times.
    lay_out(case, tmp_path)
    before = snapshot(tmp_path)
    argv = ["generate", "--schema", "schema", "--out", "out/pkg", "--no-cache", "-q"]
    proc = subprocess.run(
        python_forks(["-m", "codegen", *argv]),
        cwd=tmp_path,
        env=env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode in (0, 2), output
    assert "Traceback" not in output and "internal compiler error" not in output
    if case.expect == "ok":
        assert proc.returncode == 0, output
    elif case.expect == "error":
        assert proc.returncode == 2, output
    if proc.returncode == 2:
        errors = [line for line in proc.stderr.splitlines() if ": error: " in line]
        assert len(errors) == 1 and LOCATED.match(errors[0]), proc.stderr
    assert snapshot(tmp_path) == before
    assert pwned(tmp_path) == []
    if proc.returncode != 0:
        assert not (tmp_path / "out" / "pkg" / "models.py").exists()
        return
    script = "import pkg\n" + case.check
    run = subprocess.run(
        python_forks(["-c", script]),
        cwd=tmp_path / "out",
        env=env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stderr
    assert pwned(tmp_path) == []
