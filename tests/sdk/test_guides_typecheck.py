"""Every Python block of the client and server guides type-checks as a user's file under
``mypy --strict`` and ``pyright --strict`` (what the guides pass to the SDK included:
``variant_meta`` is the SDK's ``RequestParamsMeta``). A guide's blocks are one module,
in order, after a prelude naming what its fragments assume."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYRIGHT = Path(sys.executable).with_name("pyright")
LIMIT_SECONDS = 600

# Names the server guide's fragments use without defining (its errors snippet).
PRELUDES = {
    "server-guide.md": (
        "from negotiation.content import NegotiationContext\n\n"
        'uri = "weather://nowhere"\nview = NegotiationContext()\n'
    ),
    "client-guide.md": "",
}

pytestmark = pytest.mark.slow


def _module(guide: str) -> str:
    text = (REPO / "docs" / guide).read_text(encoding="utf-8")
    fenced = re.findall(r"(?ms)^( *)```python\n(.*?)^\1```", text)
    blocks = [textwrap.dedent(body) if indent else body for indent, body in fenced]
    assert blocks, guide
    return PRELUDES[guide] + "\n\n".join(blocks)


def _user_files(tmp_path: Path) -> list[str]:
    names = []
    for guide in PRELUDES:
        name = guide.replace("-", "_").replace(".md", ".py")
        (tmp_path / name).write_text(_module(guide), encoding="utf-8")
        names.append(name)
    return names


def test_the_guides_pass_mypy_strict_as_user_code(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *_user_files(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=LIMIT_SECONDS, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_guides_pass_pyright_strict_as_user_code(tmp_path: Path) -> None:
    if not PYRIGHT.exists():
        pytest.skip("pyright is not installed (it is in the dev extra)")
    files = _user_files(tmp_path)
    config = {"typeCheckingMode": "strict", "pythonVersion": "3.11"}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config))
    done = subprocess.run(
        [str(PYRIGHT), "--pythonpath", sys.executable, "-p", str(tmp_path), *files],
        cwd=tmp_path, capture_output=True, text=True, timeout=LIMIT_SECONDS, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
