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


def test_pyright_strict_sees_the_real_types(tmp_path: Path) -> None:
    pyright = _pyright()
    user = _user_file(tmp_path)
    (tmp_path / "pyrightconfig.json").write_text(
        json.dumps({"typeCheckingMode": "strict", "pythonVersion": "3.11"}), "utf-8"
    )
    proc = subprocess.run(
        [pyright, "--outputjson", "--pythonpath", sys.executable, user.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        pytest.skip(f"pyright did not run: {(proc.stdout + proc.stderr)[:300]}")
    diagnostics = report["generalDiagnostics"]
    revealed = [d["message"] for d in diagnostics if d["severity"] == "information"]
    assert any('"VariantDeprecationInfo | None"' in m for m in revealed), diagnostics
    assert any('"str | None"' in m for m in revealed), diagnostics
    errors = [d for d in diagnostics if d["severity"] == "error"]
    assert [d["range"]["start"]["line"] + 1 for d in errors] == [ERROR_LINE], diagnostics


# pyright evaluates the mutually recursive JSON aliases (JSONValue, JSONObject, JSONArray:
# TypeAliasType with string forward references) in the order a module first needs them;
# entered from JSONObject or JSONArray it reports the reference back as a variable. That
# one known error is pinned here, so that any other error fails this test.
PYRIGHT_KNOWN = [("models.py", "reportInvalidTypeForm", 'JSONObject = TypeAliasType("JSONObject"')]


def test_pyright_strict_on_the_generated_package(tmp_path: Path) -> None:
    pyright = _pyright()
    package = Path(__file__).resolve().parents[1] / "generated" / "mcp_ext"
    shutil.copytree(package, tmp_path / "mcp_ext")
    config = {"typeCheckingMode": "strict", "pythonVersion": "3.11", "include": ["mcp_ext"]}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config), "utf-8")
    proc = subprocess.run(
        [pyright, "--outputjson", "--pythonpath", sys.executable],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        pytest.skip(f"pyright did not run: {(proc.stdout + proc.stderr)[:300]}")
    found = []
    for d in report["generalDiagnostics"]:
        path = Path(d["file"])
        line = path.read_text("utf-8").splitlines()[d["range"]["start"]["line"]]
        found.append((path.name, d.get("rule"), line))
    assert [(name, rule) for name, rule, _ in found] == [
        (name, rule) for name, rule, _ in PYRIGHT_KNOWN
    ], report["generalDiagnostics"]
    assert all(
        line.startswith(known[2]) for (*_, line), known in zip(found, PYRIGHT_KNOWN, strict=True)
    )
