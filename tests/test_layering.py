"""The layering rules, checked on the import statements of every module.

generated models (pydantic only) <- generated stubs/validators <- negotiation <- negotiation.sdk

The runtime's import graph (``negotiation``, with ``negotiation.sdk``) is a DAG, counting
every import statement, those inside functions and under ``TYPE_CHECKING`` too. Within the
SDK layer only ``negotiation/sdk/__init__.py`` imports ``negotiation.sdk.server`` (the
façade): the middleware and the rest stand below it. No module reads another module's or
another object's private attributes (``x._name``, ``from m import _name``). The compiler's
own layers are ``tests/compiler/test_compiler_layering.py``'s; both read ``tests/import_graph.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.import_graph import cycles, graph, planted_copy, private_reads, sources

STDLIB_OK = {"__future__"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", modules(ROOT / "generated" / "mcp_ext"), ids=lambda p: p.name)
def test_generated_code_imports_only_pydantic_and_the_stdlib(path: Path) -> None:
    third_party = {top(n) for n in imports_of(path)} - set(__import__("sys").stdlib_module_names)
    assert third_party <= {"pydantic", "pydantic_core", "typing_extensions"}, third_party


def _relative_imports(path: Path) -> set[str | None]:
    return {
        node.module
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.level > 0
    }


def test_generated_models_import_only_the_wire_runtime() -> None:
    # _wire.py (codegen/runtime/_wire.py, emitted verbatim) is the layer below the models:
    # the wire plumbing; it imports no other generated module.
    assert _relative_imports(ROOT / "generated/mcp_ext/models.py") == {"_wire"}
    assert _relative_imports(ROOT / "generated/mcp_ext/_wire.py") == set()


@pytest.mark.parametrize(
    "path",
    [p for p in modules(ROOT / "negotiation") if "sdk" not in p.parts],
    ids=lambda p: p.name,
)
def test_runtime_has_no_transport_and_no_sdk(path: Path) -> None:
    names = imports_of(path)
    forbidden = {"mcp", "codegen", "asyncio.streams", "socket", "http", "httpx", "starlette"}
    assert not {n for n in names if n in forbidden or top(n) in {"mcp", "codegen"}}
    assert not any(n.startswith("negotiation.sdk") for n in names)


def test_shipped_packages_never_import_the_compiler() -> None:
    for path in [*modules(ROOT / "negotiation"), *modules(ROOT / "generated")]:
        assert "codegen" not in {top(n) for n in imports_of(path)}, path


# --------------------------------------------------------------------------- runtime cycles

# Names moved by a split keep their old address for a release, through a PEP 562
# ``__getattr__`` that warns: not a dependency (it runs only for a deprecated name), so out
# of the graph, but listed here so that a new one is a decision. Remove with the alias.
DEPRECATED_ALIASES = {
    "negotiation.features": {"negotiation.predicates"},
    "negotiation.content": {"negotiation.tool_results"},
    "negotiation.sdk.memo": set(),  # imports the new home at the top (no back edge)
}


def test_the_deprecated_aliases_are_the_known_ones() -> None:
    found = {m: d for m, d in graph(ROOT / "negotiation", aliases=True).items() if d}
    assert found == {m: d for m, d in DEPRECATED_ALIASES.items() if d}


@pytest.mark.parametrize(
    ("module", "name", "home"),
    [
        ("negotiation.features", "compile_predicate", "negotiation.predicates"),
        ("negotiation.content", "tool_result", "negotiation.tool_results"),
        ("negotiation.sdk.memo", "DeclarationMemo", "negotiation.declarations"),
    ],
)
def test_a_deprecated_alias_warns_and_gives_the_moved_name(
    module: str, name: str, home: str
) -> None:
    import importlib

    with pytest.warns(DeprecationWarning, match=f"{module}.{name} moved to {home}.{name}"):
        found = getattr(importlib.import_module(module), name)
    assert found is getattr(importlib.import_module(home), name)


def runtime_violations(root: Path) -> list[str]:
    """What breaks the runtime's rules in the package at ``root`` (a copy in the tests)."""
    imports = graph(root)
    found = [f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(imports)]
    server = f"{root.name}.sdk.server"
    found += [
        f"{module} imports {server} (only {root.name}.sdk, the package, may)"
        for module, deps in sorted(imports.items())
        if server in deps and module.startswith(f"{root.name}.sdk.")
    ]
    return found


def test_the_runtime_is_acyclic_and_the_sdk_layer_stands_below_its_facade() -> None:
    assert runtime_violations(ROOT / "negotiation") == []


@pytest.mark.parametrize(
    ("module", "planted", "reason"),
    [
        ("cursors.py", "from negotiation import backplane\n", "import cycle"),
        ("errors.py", "    from negotiation.variants import selection\n", "import cycle"),
        ("predicates.py", "    from .content import Renderings\n", "import cycle"),
        (
            "sdk/handlers.py",
            "from negotiation.sdk.server import Negotiation\n",
            "only negotiation.sdk",
        ),
        ("sdk/events.py", "    from . import server\n", "only negotiation.sdk"),
    ],
)
def test_a_planted_cycle_or_facade_import_is_caught(
    tmp_path: Path, module: str, planted: str, reason: str
) -> None:
    found = runtime_violations(planted_copy(ROOT / "negotiation", tmp_path, module, planted))
    assert any(reason in v for v in found), found


# --------------------------------------------------------------------------- private reads

# Private state of other packages, read on purpose, each pinned by a test.
OTHER_PACKAGES_PRIVATES: dict[str, frozenset[str]] = {
    # The SDK's stdio runner takes no stream hook: the transport runs its low-level server
    # (tests/sdk/test_transports.py pins it against the SDK).
    "negotiation/sdk/transports.py": frozenset({"server._lowlevel_server"}),
    # The feature-tag grammar's one home is the generated validation runtime; renaming it
    # would change generated/ (tests/runtime/test_features_grammar.py pins the forms).
    "negotiation/feature_tags.py": frozenset({"from mcp_ext._validation import _TAG"}),
    # mutmut 3 reads its settings from a file only: ``make mutation`` sets them in-process
    # instead, so that no configuration file is left behind (tools/mutation.py's docstring).
    "tools/mutation.py": frozenset({"configuration._config_reader"}),
    # ``os._exit`` is the standard library's documented exit without clean-up (the
    # underscore is its name, not privacy): ``python -m codegen`` ends with it
    # (tests/test_cli_tool.py pins the streams and exit codes).
    "codegen/__main__.py": frozenset({"os._exit"}),
}
ALLOWED_PRIVATE_READS = OTHER_PACKAGES_PRIVATES
CHECKED = ("negotiation", "codegen", "conformance", "demos", "examples", "bench", "tools")


def private_read_violations(root: Path) -> list[str]:
    found: list[str] = []
    for path in sources(root):
        where = path.relative_to(root.parent).as_posix()
        allowed = ALLOWED_PRIVATE_READS.get(where, frozenset())
        found += [
            f"{where}:{line}: touches {what}"
            for line, what in private_reads(root, path)
            if what not in allowed
        ]
    return found


@pytest.mark.parametrize("package", CHECKED)
def test_no_module_reads_another_objects_private_attributes(package: str) -> None:
    assert private_read_violations(ROOT / package) == []


def test_every_allowed_private_read_still_happens() -> None:
    """When a read goes (the engine's API replaces it), this names the entry to delete."""
    seen = {
        (path.relative_to(ROOT).as_posix(), what)
        for package in CHECKED
        for path in sources(ROOT / package)
        for _, what in private_reads(ROOT / package, path)
    }
    stale = {(p, w) for p, reads in ALLOWED_PRIVATE_READS.items() for w in reads} - seen
    assert not stale, f"no longer read: delete {sorted(stale)} from the allowlists"


@pytest.mark.parametrize(
    ("module", "planted", "read"),
    [
        (
            "scopes.py",
            "    from negotiation.cursors import CursorCodec\n    CursorCodec()._keyed\n",
            "_keyed",
        ),
        ("sdk/handlers.py", "    from negotiation.variants.ranking import _scores\n", "_scores"),
        ("sdk/middleware.py", "    neg = object()\n    neg._unlisted\n", "neg._unlisted"),
    ],
)
def test_a_planted_private_read_is_caught(
    tmp_path: Path, module: str, planted: str, read: str
) -> None:
    found = private_read_violations(planted_copy(ROOT / "negotiation", tmp_path, module, planted))
    assert any(read in v for v in found), found


def test_own_private_state_and_dunders_are_no_violation(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "class A:\n"
        "    _shared = 1\n"
        "    def __init__(self) -> None:\n        self._x = 1\n"
        "    def __eq__(self, other: object) -> bool:\n"
        "        return isinstance(other, A) and other._x == self._x and A._shared == 1\n"
        "def _helper() -> int:\n    return A().__class__.__name__ and _helper.__doc__\n"
    )
    (package / "b.py").write_text("from pkg.a import A\n\nA()._x\nimport pkg.a as m\nm._hook = 1\n")
    assert private_read_violations(package) == [
        "pkg/b.py:3: touches A()._x",
        "pkg/b.py:5: touches m._hook",  # setting another module's private state too
    ]


# --------------------------------------------------------------------------- the front end

# The parser's readers, lowest first (issue #36): each imports only the readers before it,
# so the type-expression reader (``parse_types``, over ``parse_objects`` and
# ``parse_source``) never imports the declaration reader (``parse_declarations``, ``parse``):
# declarations call types, never the reverse.
PARSER_READERS = ("parse_source", "parse_objects", "parse_types", "parse_declarations", "parse")
# The expansion's kinds of computation, lowest first, likewise: each class stands on the one
# before it, and only ``expand`` (the pass) dispatches to them all.
EXPANDERS = (
    "expand_names",
    "expand_core",
    "expand_utilities",
    "expand_indexed",
    "expand_intersections",
    "expand_computed",
    "expand_generics",
    "expand",
)
COMPILER_SKIP = {"templates_compiled", "runtime", "templates"}


def frontend_violations(root: Path) -> list[str]:
    """What breaks the front end's rules in the compiler package at ``root``."""
    imports = graph(root, COMPILER_SKIP)
    frontend = f"{root.name}.frontend"
    found: list[str] = []
    for chain in (PARSER_READERS, EXPANDERS):
        for rank, name in enumerate(chain):
            module = f"{frontend}.{name}"
            found += [
                f"{module} imports {dep} (a module above it: {' <- '.join(chain)})"
                for dep in sorted(imports.get(module, ()))
                if dep.startswith(f"{frontend}.") and dep.split(".")[-1] in chain[rank + 1 :]
            ]
    inside = {m: {d for d in deps if d.startswith(f"{frontend}.")} for m, deps in imports.items()}
    found += [
        f"import cycle: {' -> '.join(cycle)}"
        for cycle in cycles({m: d for m, d in inside.items() if m.startswith(f"{frontend}.")})
    ]
    return found


def test_the_front_ends_readers_and_expanders_point_one_way_without_cycles() -> None:
    assert frontend_violations(ROOT / "codegen") == []


@pytest.mark.parametrize(
    ("module", "planted", "reason"),
    [
        (
            "frontend/parse_types.py",
            "    from codegen.frontend.parse_declarations import DeclarationReader\n",
            "a module above it",
        ),
        ("frontend/parse_types.py", "from . import parse\n", "a module above it"),
        ("frontend/parse_objects.py", "from .parse_types import TypeReader\n", "import cycle"),
        (
            "frontend/parse_source.py",
            "from .parse_objects import ObjectReader\n",
            "a module above it",
        ),
        ("frontend/scoping.py", "    from .module_scope import scope_modules\n", "import cycle"),
        ("frontend/expand_core.py", "    from . import expand_generics\n", "a module above it"),
        ("frontend/expand_indexed.py", "from .expand_computed import X\n", "a module above it"),
        ("frontend/checks.py", "from .resolve import resolve\n", "import cycle"),
    ],
)
def test_a_planted_reverse_import_in_the_front_end_is_caught(
    tmp_path: Path, module: str, planted: str, reason: str
) -> None:
    found = frontend_violations(planted_copy(ROOT / "codegen", tmp_path, module, planted))
    assert any(reason in v for v in found), found
