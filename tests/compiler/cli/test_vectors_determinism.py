"""``generate --test-vectors`` in two processes: the same bytes whatever the hash seed.

Apart from tests/compiler/emit/test_vectors.py, whose in-process tests ``make mutation``
runs (a subprocess does not see mutmut's mutants)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.compiler.emit.test_vectors import SMALL
from tests.conftest import ROOT


def test_two_processes_with_other_hash_seeds_write_the_same_bytes(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(
        SMALL
        + "export interface Closed { a: 'x' | 'y'; b: number[]; c: string; d: boolean; e?: string }\n"
    )
    written = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        args = ["generate", "--schema", "schema.ts", "--out", f"{seed}/pkg", "--no-cache"]
        done = subprocess.run(
            [sys.executable, "-m", "codegen", *args, "--test-vectors", f"{seed}/vectors"],
            cwd=tmp_path,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        # the manifest's input hash names the command, whose --out differs here
        files = (out / "vectors").iterdir()
        written.append({p.name: p.read_bytes() for p in files if not p.name.startswith(".")})
    assert written[0] == written[1]
    assert {"Closed.json", "Role.json", "Tool.json", "index.json", "schema.json"} <= set(written[0])
