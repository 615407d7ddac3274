"""Pins of ``codegen/emit/python/package.py`` (the package ``__init__``), from its mutation
survivors (issue #37): the exact ``__init__`` text, which modules are read, who owns an
exported name, the two sort orders, and ``public_names``' shortcuts."""

from __future__ import annotations

import ast

import pytest

from codegen.emit.python import package
from codegen.emit.python.package import (
    INIT,
    PY_TYPED,
    ModuleText,
    all_key,
    emit_package,
    import_key,
    public_names,
    shadowed_exports,
)
from tests.conftest import ROOT


@pytest.fixture(autouse=True)
def _fresh_reading() -> None:
    # ``public_names`` caches what it read of a text: each test reads for itself (else
    # an earlier test's answer, or one cached before a mutated copy was made, is seen).
    package._public_names.cache_clear()


# A package's files as the emitters hand them over, not in sorted order: a models module
# that states its names, a helper that exports a schema name too (``Client``), a private
# module, a module in a folder, a module with nothing public, and files that are no Python.
FILES = {
    "server.py": "def serve() -> None:\n    pass\n\n\nclass Server:\n    pass\n",
    "models.py": ModuleText("# stated, not parsed\n", ["Zeta", "Client", "ALPHA", "beta"]),
    "client.py": "class Client:\n    pass\n\n\nclass Transport:\n    pass\n",
    "_validation.py": "class Validator:\n    pass\n",
    "sub/inner.py": "class Inner:\n    pass\n",
    "empty.py": "_private = 1\n",
    "README.md": "# Not Python (\n",
    "schema.json": "{ not: python\n",
    PY_TYPED: "",
}

EXPECTED_INIT = (
    '"""Typed MCP bindings with the negotiation extensions, generated from schema/."""\n'
    "\n"
    "from .client import Transport\n"
    "from .models import ALPHA, Client, Zeta, beta\n"
    "from .server import Server, serve\n"
    "\n"
    "__all__ = ['ALPHA', 'Client', 'Server', 'Transport', 'Zeta', 'beta', 'serve']\n"
)


def test_the_init_text_exactly() -> None:
    """Public modules in file order, each name in isort's order, ``__all__`` in ruff's; the
    models module owns a schema name a helper exports too; private modules, modules in
    folders and files that are not ``.py`` are never read (these would not even parse)."""
    assert emit_package(FILES) == {INIT: EXPECTED_INIT, PY_TYPED: ""}


def test_a_schema_name_a_helper_exports_too_is_the_models() -> None:
    assert shadowed_exports(FILES) == {"Client": "client"}
    assert shadowed_exports({"client.py": FILES["client.py"]}) == {}


def test_a_generic_package_says_so_and_takes_more_docstring() -> None:
    files = {"models.py": ModuleText("", ["A"])}
    plain = emit_package(files, protocol="jsonrpc")[INIT]
    assert (
        plain.splitlines()[0] == '"""Typed JSON-RPC bindings generated from a TypeScript schema."""'
    )
    with_doc = emit_package(files, protocol="jsonrpc", doc="Deviations:\n- one")[INIT]
    assert with_doc.startswith(
        '"""Typed JSON-RPC bindings generated from a TypeScript schema.\n\nDeviations:\n- one\n"""'
    )
    mcp = emit_package(files, doc="More.")[INIT]
    assert mcp.startswith(
        '"""Typed MCP bindings with the negotiation extensions, generated from schema/.\n\n'
        'More.\n"""\n\nfrom .models import A\n'
    )


def test_degraded_spots_become_one_escaped_line_each() -> None:
    files = {"models.py": ModuleText("", ["A"])}
    text = emit_package(files, degraded=["a.ts:1:2: x\ny", 'b.ts:3:4: "q"'])[INIT]
    assert text.endswith(
        "from .models import A\n"
        "\n"
        "# Every spot the dialect cannot express, compiled as JsonValue (any JSON value);\n"
        "# `generate --strict` refuses them.\n"
        "DEGRADED: tuple[str, ...] = (\n"
        '    "a.ts:1:2: x\\\\ny",\n'
        "    'b.ts:3:4: \"q\"',\n"
        ")\n"
        "\n"
        "__all__ = ['A', 'DEGRADED']\n"
    )
    assert "DEGRADED" not in emit_package(files)[INIT]


def test_a_module_that_exports_degraded_itself_is_a_compiler_bug() -> None:
    files = {"models.py": ModuleText("", ["DEGRADED"])}
    assert "DEGRADED" in emit_package(files)[INIT]  # alone it is just a name
    with pytest.raises(RuntimeError) as raised:
        emit_package(files, degraded=["a.ts:1:1: x"])
    assert str(raised.value) == "DEGRADED is exported by both models and the package"


def test_two_helpers_exporting_one_name_is_a_compiler_bug() -> None:
    files = {"a.py": "class Same:\n    pass\n", "b.py": "Same = 1\n"}
    with pytest.raises(RuntimeError) as raised:
        emit_package(files)
    assert str(raised.value) == "Same is exported by both a and b"


def test_import_order_is_isorts_and_all_order_is_ruffs() -> None:
    """CONSTANTS, Classes, the rest; numbers in natural order; the imports fold case
    (isort), ``__all__`` does not (ruff's RUF022)."""
    names = ["ItemB", "xB", "Item10", "A", "Itema", "Item9", "CONST10", "CONST2", "xa"]
    names += ["_x", "X_1", "b"]
    constants = ["A", "CONST2", "CONST10", "X_1"]
    assert sorted(names, key=import_key) == [
        *constants,
        "Item9",
        "Item10",
        "Itema",
        "ItemB",
        "_x",
        "b",
        "xa",
        "xB",
    ]
    assert sorted(names, key=all_key) == [
        *constants,
        "Item9",
        "Item10",
        "ItemB",
        "Itema",
        "_x",
        "b",
        "xB",
        "xa",
    ]


def test_names_with_several_number_runs_sort_by_each_number() -> None:
    """The keys' general case (two or more digit runs; one run and none are spelled out
    on their own, #37): every run compares as a number, the text between as text."""
    names = ["Part10Item1", "v1_10", "Part1Item10", "v1_2_10", "Part2Item1", "v1_9_9"]
    names += ["Part1Item9", "v1_2_9"]
    expected = ["Part1Item9", "Part1Item10", "Part2Item1", "Part10Item1"]
    expected += ["v1_2_9", "v1_2_10", "v1_9_9", "v1_10"]
    assert sorted(names, key=import_key) == expected
    assert sorted(names, key=all_key) == expected


def test_a_stated_module_is_not_read_again() -> None:
    """A ``ModuleText``'s names are its emitter's word, in its order; each caller gets its
    own list."""
    text = ModuleText("class A:\n    pass\n", ["B", "C"])
    first = public_names(text)
    assert first == ["B", "C"]
    first.append("D")
    assert public_names(text) == ["B", "C"]
    assert public_names(str(text)) == ["A"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('__all__ = ["a", "b"]\n)(\n', ["a", "b"]),
        ('"""Doc."""\n\nimport os\n\n__all__ = [\n    "a",\n    "b",\n]\n)(\n', ["a", "b"]),
    ],
    ids=["first line", "after the imports, one name a line"],
)
def test_a_head_all_is_read_without_parsing_the_rest(text: str, names: list[str]) -> None:
    """The body after a module's ``__all__`` is never parsed (megabytes for a models
    module): the text here would not parse past it."""
    assert public_names(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # the head's own lists and assignments are not the ``__all__``
        ('X = [1]\n__all__ = ["a"]\ndef broken(:\n    return [1]\n', ["a"]),
        ('Y = 2\n__all__ = ["a"]\n)(\n', ["a"]),
    ],
    ids=["a list before it", "an assignment before it"],
)
def test_the_head_all_is_the_one_that_opens_the_match(text: str, names: list[str]) -> None:
    """The ``__all__`` read is the statement from the matched line to its first ``]`` at a
    line end: not a list before it, not the last ``]`` of the text, and an assignment to
    another name before it changes nothing (the rest still is not parsed)."""
    assert public_names(text) == names


def test_an_earlier_all_of_another_shape_wins() -> None:
    """Python keeps the first binding the full reading sees: an ``__all__`` tuple before
    the list found in the head is the module's ``__all__``."""
    assert public_names('__all__ = ("first",)\n__all__ = ["second"]\n') == ["first"]
    assert public_names('__all__ = ("first",)\nX = 1\n__all__ = ["second"]\n') == ["first"]


def test_a_match_inside_a_string_is_no_all() -> None:
    """A ``__all__ = [`` line inside a string that reaches a list assigned to another name
    names no ``__all__``: the module's definitions are its public names."""
    text = 'S = """\n__all__ = [\n"""\nX = ["a"]\n'
    assert public_names(text) == ["S", "X"]


def test_the_mcp_package_init_is_what_emit_package_makes_of_its_modules() -> None:
    """``generated/mcp_ext/__init__.py`` is this function's output, formatted: the same
    statements for the same modules."""
    package = ROOT / "generated" / "mcp_ext"
    files = {
        p.name: p.read_text("utf-8") for p in package.iterdir() if p.is_file() and p.name != INIT
    }
    made = emit_package(files)
    assert made[PY_TYPED] == ""
    assert ast.dump(ast.parse(made[INIT])) == ast.dump(
        ast.parse((package / INIT).read_text("utf-8"))
    )
