"""A user's code outside the repository sees the real types of ``mcp_ext``.

The user file imports the installed package (``py.typed`` makes type checkers read its
annotations), builds models with snake_case names, and passes ``None`` for an omittable
field: whatever type-checks also runs. ``reveal_type`` and one deliberate error show the
checker saw real types rather than ``Any``. Checked with ``mypy --strict`` (with the
pydantic plugin, as a pydantic user runs it) and ``pyright --strict`` when installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

USER_CODE = """\
from mcp_ext import PaginatedRequestParams, ServerVariant, VariantDeprecationInfo

variant = ServerVariant(
    id="legacy",
    description="The old tool set",
    status="deprecated",
    deprecation_info=VariantDeprecationInfo(message="Use compact", replacement="compact"),
)
first_page = PaginatedRequestParams(cursor=None)
next_page = PaginatedRequestParams(cursor="abc")
reveal_type(variant.deprecation_info)
reveal_type(next_page.cursor)
wrong: int = variant.id
"""
# The line of ``wrong: int = variant.id``, the one error a checker must report.
ERROR_LINE = USER_CODE.splitlines().index("wrong: int = variant.id") + 1


def _user_file(tmp_path: Path) -> Path:
    path = tmp_path / "user_code.py"
    path.write_text(USER_CODE, "utf-8")
    return path


def test_the_user_code_runs(tmp_path: Path) -> None:
    """What type-checks runs: snake_case names, and ``None`` as "absent"."""
    namespace: dict[str, object] = {"reveal_type": lambda value: value}
    exec(compile(USER_CODE, str(_user_file(tmp_path)), "exec"), namespace)
    variant, first_page = namespace["variant"], namespace["first_page"]
    assert variant.model_dump() == {  # type: ignore[attr-defined]
        "id": "legacy",
        "description": "The old tool set",
        "status": "deprecated",
        "deprecationInfo": {"message": "Use compact", "replacement": "compact"},
    }
    assert first_page.model_dump() == {}  # type: ignore[attr-defined]


def test_mypy_strict_sees_the_real_types(tmp_path: Path) -> None:
    user = _user_file(tmp_path)
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\nplugins = pydantic.mypy\n", "utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(config), user.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    out = proc.stdout
    assert 'Revealed type is "mcp_ext.models.VariantDeprecationInfo | None"' in out, out
    assert 'Revealed type is "str | None"' in out, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1, out
    assert f"user_code.py:{ERROR_LINE}:" in errors[0] and '"str"' in errors[0], out


def _pyright() -> str:
    found = shutil.which("pyright", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("pyright is not installed (it is in the dev extras)")
    return found


def _pyright_strict(folder: Path, *paths: str) -> list[dict[str, Any]]:
    """``pyright --strict`` on ``paths`` in ``folder``: its diagnostics (skips if it can't run)."""
    pyright = _pyright()
    config = {"typeCheckingMode": "strict", "pythonVersion": "3.11"}
    (folder / "pyrightconfig.json").write_text(json.dumps(config), "utf-8")
    proc = subprocess.run(
        [pyright, "--outputjson", "--pythonpath", sys.executable, *paths],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        pytest.skip(f"pyright did not run: {(proc.stdout + proc.stderr)[:300]}")
    diagnostics: list[dict[str, Any]] = report["generalDiagnostics"]
    return diagnostics


def test_pyright_strict_sees_the_real_types(tmp_path: Path) -> None:
    user = _user_file(tmp_path)
    diagnostics = _pyright_strict(tmp_path, user.name)
    revealed = [d["message"] for d in diagnostics if d["severity"] == "information"]
    assert any('"VariantDeprecationInfo | None"' in m for m in revealed), diagnostics
    assert any('"str | None"' in m for m in revealed), diagnostics
    errors = [d for d in diagnostics if d["severity"] == "error"]
    assert [d["range"]["start"]["line"] + 1 for d in errors] == [ERROR_LINE], diagnostics


# Recursive aliases are plain aliases for type checkers (TypeAliasType only at run time):
# pyright loses the forward references of mutually recursive TypeAliasTypes when the
# cycle is entered from JSONObject or JSONArray, and a user's strict code then sees
# ``list[Unknown]``.
JSON_USER = """\
from mcp_ext import JSONArray, JSONObject


def members(obj: JSONObject, items: JSONArray) -> None:
    for value in obj.values():
        reveal_type(value)
    for item in items:
        reveal_type(item)
"""


def test_pyright_strict_on_the_generated_package_and_its_json_aliases(tmp_path: Path) -> None:
    package = Path(__file__).resolve().parents[3] / "generated" / "mcp_ext"
    shutil.copytree(package, tmp_path / "mcp_ext")
    (tmp_path / "json_user.py").write_text(JSON_USER, "utf-8")
    diagnostics = _pyright_strict(tmp_path, "mcp_ext", "json_user.py")
    assert [d for d in diagnostics if d["severity"] != "information"] == [], diagnostics
    json_value = "str | int | float | bool | list[JSONValue] | dict[str, JSONValue] | None"
    assert [d["message"] for d in diagnostics] == [
        f'Type of "{name}" is "{json_value}"' for name in ("value", "item")
    ]
