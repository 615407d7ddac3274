"""``codegen.emit.python.pydantic_namespace``: the recorded class namespace of pydantic's
``BaseModel``, which spares a compile importing pydantic (#37), is the one pydantic has."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from codegen.emit.python import pydantic_namespace as namespace
from codegen.emit.python.name_rules import class_namespace_names


def test_the_installed_pydantic_is_recorded_as_it_is() -> None:
    import pydantic

    key = (namespace.python_version(), pydantic.VERSION)
    assert key in namespace.RECORDED, (
        f"record {key}: python -m codegen.emit.python.pydantic_namespace"
    )
    assert namespace.installed_version() == pydantic.VERSION
    assert namespace.RECORDED[key] == namespace.live_names()
    assert class_namespace_names() == namespace.live_names()


def test_naming_reads_the_namespace_without_importing_pydantic() -> None:
    code = (
        "import sys\n"
        "from codegen.emit.python.name_rules import class_namespace_names\n"
        "assert 'model_dump' in class_namespace_names()\n"
        "print('pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_version_not_recorded_reads_pydantic_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(namespace, "installed_version", lambda: "0.0.1")
    assert namespace.recorded_names() is None
    monkeypatch.setattr(namespace, "installed_version", lambda: None)
    assert namespace.recorded_names() is None


@pytest.mark.parametrize(
    ("folders", "expected"),
    [
        (["pydantic", "pydantic-2.1.0.dist-info", "pydantic_core-9.dist-info"], "2.1.0"),
        (["pydantic", "pydantic-2.1.0.dist-info", "pydantic-2.2.0.dist-info"], None),
        (["pydantic"], None),
    ],
)
def test_the_version_is_the_one_dist_info_folder_beside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folders: list[str], expected: str | None
) -> None:
    for folder in folders:
        (tmp_path / folder).mkdir()
    (tmp_path / "pydantic" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "pydantic", raising=False)  # found on the path again
    assert namespace.installed_version() == expected


def test_the_printed_entry_is_the_recorded_one() -> None:
    scope: dict[str, object] = {}
    exec("RECORDED = {\n" + namespace.entry() + "\n}", scope)
    assert scope["RECORDED"] == {
        key: names
        for key, names in namespace.RECORDED.items()
        if key == (namespace.python_version(), namespace.installed_version())
    }
