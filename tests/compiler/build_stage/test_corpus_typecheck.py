"""Every target's package of MCP's schema and of every protocol typing imports under
``python -W error`` and type-checks under ``mypy --strict`` with a small user file that
uses one of its types (issue #37).

One mypy run per package, each with no cache and no config. A target joins with one entry
in ``USER_FILES`` (and ``codegen.build.targets.TARGETS``). The default run checks the
smallest typing (geojson) on each target; the others and MCP's schema run under
``full_corpus`` (about 25 s of CPU per typing).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import Options, generate, load_schema, schema_files
from codegen.build.targets import TARGETS
from codegen.emit.python.name_rules import python_schema
from tests.compiler.build_stage.test_protocol_corpus import CORPUS, PROTOCOLS
from tests.conftest import ROOT, require_corpus

LATEST = "2026-07-28"
DEFAULT = "geojson"  # the smallest typing: about 5 s of CPU over the three targets

# What a user's file does with one class of the package (``{package}``, ``{type}``): take
# a value in through the target's own way in, typed as that class.
USER_FILES: dict[str, str] = {
    "pydantic": (
        "from {package} import {type}\n"
        "\n\n"
        "def load(raw: str) -> {type}:\n"
        "    return {type}.model_validate_json(raw)\n"
    ),
    "msgspec": (
        "from {package} import {type}, decode\n"
        "\n\n"
        "def load(raw: bytes) -> {type}:\n"
        "    return decode(raw, {type})\n"
    ),
    "dataclasses": (
        "from {package} import {type}, from_wire\n"
        "\n\n"
        "def load(value: object) -> {type}:\n"
        "    return from_wire(value, {type})\n"
    ),
    "typeddict": (
        "from {package} import {type}, validate\n"
        "\n\n"
        "def load(value: object) -> {type}:\n"
        "    return validate(value, {type})\n"
    ),
}
# The class is a type to mypy, not ``Any``: were it ``Any``, the ignore would be unused,
# an error under ``--strict`` (warn_unused_ignores).
NOT_ANY = "\n\nwrong: {type} = 1  # type: ignore[assignment]\n"

MYPY = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null"]
MYPY += ["--config-file", "/dev/null"]
PYRIGHT = Path(sys.executable).with_name("pyright")
# The packages' static runtimes, copied into them verbatim (codegen/runtime/), each by the
# name a package gives it: the dataclasses runtime imports the TypedDict one as ``._schema``.
RUNTIMES = {
    "_msgspec.py": "_msgspec.py",
    "_typeddict.py": "_schema.py",
    "_dataclasses.py": "_runtime.py",
}


def first_class(source: Path, options: Options) -> str:
    """The Python name of the schema's first non-generic interface."""
    named, _ = python_schema(load_schema(schema_files(source), options=options))
    for name, decl in named.decls.items():
        if isinstance(decl, ir.Interface) and not decl.params:
            return name
    raise AssertionError(f"{source} has no interface")


def pyright_errors(folder: Path, *paths: Path) -> list[str]:
    """``pyright --strict`` over ``paths``: each error as ``file:line: message``."""
    if not PYRIGHT.exists():
        pytest.skip("pyright is not installed (it is in the dev extra)")
    config = {"typeCheckingMode": "strict", "pythonVersion": "3.11"}
    (folder / "pyrightconfig.json").write_text(json.dumps(config), "utf-8")
    done = subprocess.run(
        [str(PYRIGHT), "--pythonpath", sys.executable, "-p", str(folder), "--outputjson"]
        + [str(p) for p in paths],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        report = json.loads(done.stdout)
    except ValueError:
        raise AssertionError(done.stdout + done.stderr) from None
    return [
        f"{Path(d['file']).name}:{d['range']['start']['line'] + 1}: {d['message']}"
        for d in report["generalDiagnostics"]
        if d["severity"] == "error"
    ]


def write_package(
    label: str, source: Path, options: Options, target: str, tmp_path: Path
) -> tuple[Path, Path]:
    """The package of ``source`` for ``target`` and a user file beside it, written into
    ``tmp_path``: (package folder, user file)."""
    package = f"{label}_{target}".replace("-", "_")
    folder = tmp_path / package
    generate(
        source,
        folder,
        command=f"test --target {target}",
        cache_dir=None,
        options=options,
        target=target,
    )
    user = tmp_path / f"user_{package}.py"
    type_ = first_class(source, options)
    user.write_text((USER_FILES[target] + NOT_ANY).format(package=package, type=type_), "utf-8")
    return folder, user


def check_package(label: str, source: Path, options: Options, target: str, tmp_path: Path) -> None:
    """The package imports under ``-W error`` and passes mypy --strict with its user file."""
    folder, user = write_package(label, source, options, target, tmp_path)
    package = folder.name
    modules = sorted(
        package if p.stem == "__init__" else f"{package}.{p.stem}" for p in folder.glob("*.py")
    )
    imported = subprocess.run(
        [sys.executable, "-W", "error", "-c", "".join(f"import {m}\n" for m in modules)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr
    checked = subprocess.run(
        [*MYPY, package, user.name], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # every module of the package was checked, and the user's file
    found = re.search(r"no issues found in (\d+) source files", checked.stdout)
    assert found is not None and int(found[1]) == len(modules) + 1, checked.stdout


def test_every_target_has_a_user_file() -> None:
    assert sorted(USER_FILES) == sorted(TARGETS)


def _cases(large: bool) -> list[tuple[str, str]]:
    names = [n for n in sorted(CORPUS) if (n != DEFAULT) == large]
    return [(name, target) for name in names for target in sorted(TARGETS)]


@pytest.mark.parametrize(("name", "target"), _cases(large=False))
def test_the_small_typing_imports_and_type_checks(name: str, target: str, tmp_path: Path) -> None:
    check_package(name, PROTOCOLS / name, CORPUS[name].options, target, tmp_path)


@pytest.mark.full_corpus
@pytest.mark.parametrize(("name", "target"), _cases(large=True))
def test_each_typing_imports_and_type_checks(name: str, target: str, tmp_path: Path) -> None:
    check_package(name, PROTOCOLS / name, CORPUS[name].options, target, tmp_path)


@pytest.mark.corpus
@pytest.mark.full_corpus
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_the_mcp_schema_imports_and_type_checks(target: str, tmp_path: Path) -> None:
    folder = require_corpus(LATEST)
    check_package("mcp", folder / "schema.ts", Options(), target, tmp_path)


def test_the_static_runtimes_and_methodless_stubs_pass_pyright_strict(tmp_path: Path) -> None:
    """One pyright run: the runtimes every msgspec, TypedDict and dataclasses package
    copies, and the pydantic stubs of a typing without methods (no unused ``cast`` or
    ``_not_served``)."""
    runtimes = tmp_path / "runtimes"
    runtimes.mkdir()
    for name, copy in RUNTIMES.items():
        shutil.copyfile(ROOT / "codegen" / "runtime" / name, runtimes / copy)
    stubs = tmp_path / "stubs"
    generate(PROTOCOLS / DEFAULT, stubs, command="test", cache_dir=None, options=Options())
    files = [*(runtimes / copy for copy in RUNTIMES.values()), stubs / "client.py"]
    files.append(stubs / "server.py")
    assert pyright_errors(tmp_path, *files) == []


# Typings whose packages are known not to pass pyright --strict (none today).
PYRIGHT_XFAIL: dict[str, str] = {}


def _pyright_case(name: str) -> Any:
    reason = PYRIGHT_XFAIL.get(name)
    return (
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else name
    )


def _source(name: str) -> tuple[Path, Options]:
    if name == "mcp":
        return require_corpus(LATEST) / "schema.ts", Options()
    return PROTOCOLS / name, CORPUS[name].options


@pytest.mark.full_corpus
@pytest.mark.parametrize(
    "name", [pytest.param("mcp", marks=pytest.mark.corpus), *map(_pyright_case, sorted(CORPUS))]
)
def test_each_typing_passes_pyright_strict(name: str, tmp_path: Path) -> None:
    """One pyright run over the typing's package of each target and their user files."""
    source, options = _source(name)
    written = [write_package(name, source, options, t, tmp_path) for t in sorted(TARGETS)]
    assert pyright_errors(tmp_path, *(path for pair in written for path in pair)) == []


def test_msgspec_models_import_the_runtime_only_where_they_use_it(tmp_path: Path) -> None:
    """An unused import is a pyright --strict error (devtools-protocol's, json-schema's)."""
    from tests.compiler.emit.test_msgspec_target import files_of, package

    plain = "export interface Item { name: string; size?: number }"
    assert "_runtime" not in files_of(plain)["models.py"]
    assert package(tmp_path, plain).Item(name="x").name == "x"
    for uses in (
        "export interface Node { kids: Kid[] } export type Kid = Node | Kid[] | string;",
        "export interface A { k: 'a' } export interface B { k: 'b' } export type U = A | B;",
        "export interface A { a: string } export interface B { b: string } export type U = A | B;",
    ):
        assert "from . import _runtime as _rt" in files_of(uses)["models.py"], uses


RESULTS = """
export interface JSONRPCRequest {
  jsonrpc: "2.0"; id: string | number; method: string; params?: { [key: string]: unknown };
}
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number }; }
export interface AddResponse { jsonrpc: "2.0"; id: string | number; result: { sum: number }; }
export interface WatchRequest extends JSONRPCRequest { method: "watch"; }
"""


def test_the_pydantic_client_casts_no_result_that_is_any(tmp_path: Path) -> None:
    """``WatchResult`` (no ``WatchResponse``) is ``Any``: a ``cast`` to it is a pyright
    --strict error (a2a's ``tasks/resubscribe``); ``AddResult`` is a class."""
    schema = tmp_path / "s.ts"
    lines = RESULTS.splitlines(keepends=True)
    for text, casts in (("".join(lines), {"AddResult"}), ("".join(lines[:4] + lines[6:]), set())):
        schema.write_text(text, "utf-8")
        out = tmp_path / "rpkg"
        options = Options(protocol="generic")
        generate(schema, out, command="test", cache_dir=None, options=options)
        client = (out / "client.py").read_text("utf-8")
        assert "async def watch(" in client
        assert set(re.findall(r"return cast\((\w+),", client)) == casts
        imported = re.search(r"^from typing import .*\bcast\b", client, re.MULTILINE)
        assert (imported is not None) == bool(casts)  # imported only where used
