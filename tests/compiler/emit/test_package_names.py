"""``public_names`` reads ``__all__`` from a module's head; it must agree with a full parse."""

from __future__ import annotations

import ast

import pytest

from codegen.emit.python import package
from codegen.emit.python.package import public_names
from tests.conftest import ROOT


@pytest.fixture(autouse=True)
def _fresh_reading() -> None:
    # ``public_names`` caches what it read of a text: each test reads for itself (else
    # an earlier test's answer, or one cached before a mutated copy was made, is seen).
    package._public_names.cache_clear()


def full_parse_names(text: str) -> list[str]:
    """The plain way: parse everything, take the first top-level ``__all__``, else defs."""
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return [str(name) for name in ast.literal_eval(node.value)]
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):  # ``import X as X``: an explicit re-export
            names += [a.name for a in node.names if a.asname == a.name]
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            # a recursive alias: annotated for type checkers, assigned at run time
            runtime = ast.unparse(ast.Module(body=node.orelse, type_ignores=[]))
            names += [
                n.target.id
                for n in node.body
                if isinstance(n, ast.AnnAssign)
                and isinstance(n.target, ast.Name)
                and f"{n.target.id} = " in runtime
            ]
    return [name for name in names if not name.startswith("_")]


TRICKY = [
    '"""Module.\n__all__ = ["in_docstring"]\n"""\nReal = 1\n',
    '__all__ = ["a", "b"]\nX = 1\n',
    '__all__ = [\n    "a",\n    "b",\n]\n',
    'import os\n\n__all__ = ["a"]  # trailing\nA = 1\n',
    'S = """\n__all__ = [\n"""\n__all__ = ["late"]\n',
    "def f() -> None:\n    pass\n\n\nclass C:\n    x: int = 1\n",
    '__all__ = ["first"]\n__all__ = ["second"]\n',
    "X = [\n]\n__all__ = []\n",
    # a recursive alias is public; a helper that is a class at run time is not re-bound
    "if TYPE_CHECKING:\n    J: TypeAlias = 'list[J]'\n    O: TypeAlias = int\n"
    "else:\n    J = TypeAliasType('J', 'list[J]')\n\n    class O:\n        pass\n",
    # an explicit re-export (``X as X``) is public; a plain or renamed import is not
    "from ._wire import Omittable\nfrom ._wire import SchemaModel as SchemaModel\n"
    "from ._wire import router as _router\nfrom ._wire import by_kind as kind\nA = 1\n",
]


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_modules(text: str) -> None:
    assert public_names(text) == full_parse_names(text)


@pytest.mark.parametrize(
    "path", sorted((ROOT / "generated" / "mcp_ext").glob("*.py")), ids=lambda p: p.name
)
def test_the_generated_modules(path: object) -> None:
    from pathlib import Path

    assert isinstance(path, Path)
    text = path.read_text("utf-8")
    assert public_names(text) == full_parse_names(text)


# Models modules whose public names the emitter states (``package.ModuleText``): each must
# be what a full parse of the text finds, in the same order.
EMITTED = {
    "recursive alias": "export type J = string | number | J[] | { [key: string]: J };\n",
    "TYPE_CHECKING taken": (
        "export interface TYPE_CHECKING { a: string }\n"
        "export type J = string | J[];\nexport interface Uses { j: J; t: TYPE_CHECKING }\n"
    ),
    "routes and constants": (
        "export const LATEST = '1';\nexport const RATE = 0.5;\n"
        "export interface A { kind?: 'a'; x: string }\n"
        "export interface B { kind?: 'b'; y: number }\n"
        "export interface Holder { item: A | B; value: string | number | Holder[] }\n"
    ),
    "large cycle": "".join(
        f"export interface N{i} {{ next?: N{(i + 1) % 45}; alias?: L{i} }}\n"
        f"export type L{i} = N{(i + 1) % 45} | string;\n"
        for i in range(45)
    )
    + "export interface Reaches { n: N0 }\n",
    "underscored": "export interface _Hidden { a: string }\nexport interface Shown { h: _Hidden }\n",
}


@pytest.mark.parametrize("source", EMITTED.values(), ids=list(EMITTED))
def test_emitted_public_names_match_a_parse(source: str, tmp_path: object) -> None:
    from pathlib import Path

    from codegen.build.pipeline import load_schema
    from codegen.emit.python.package import ModuleText
    from codegen.emit.python.pydantic.models import emit_models

    assert isinstance(tmp_path, Path)
    path = tmp_path / "schema.ts"
    path.write_text(source)
    text = emit_models(load_schema([path]))["models.py"]
    assert isinstance(text, ModuleText)
    assert public_names(text) == full_parse_names(str(text))


@pytest.mark.parametrize("target", ["pydantic", "msgspec", "typeddict"])
def test_the_mcp_models_public_names_match_a_parse(target: str) -> None:
    from codegen.build.pipeline import load_schema, schema_files
    from codegen.emit.python import msgspec, typeddict
    from codegen.emit.python.backend import PythonBackend
    from codegen.emit.python.msgspec.module import emit_models as msgspec_models
    from codegen.emit.python.package import ModuleText
    from codegen.emit.python.pydantic.models import emit_models
    from codegen.emit.python.typeddict.module import emit_models as typeddict_models
    from codegen.errors import Diagnostics

    backend = PythonBackend(load_schema(schema_files(ROOT / "schema")))
    if target == "pydantic":
        text = emit_models(backend)["models.py"]
    elif target == "msgspec":
        text = msgspec_models(backend, Diagnostics(), msgspec.PACKAGE_DOC)
    else:  # the TypedDict models add no warning: they take no diagnostics
        text = typeddict_models(backend, typeddict.PACKAGE_DOC)
    assert isinstance(text, ModuleText)
    assert public_names(text) == full_parse_names(str(text))
