"""The dataclasses target (``generate --target dataclasses``, issue #37): snippets compiled
by the real pipeline into a package, imported, type-checked and asked what ``from_wire``
accepts, refuses and builds, and what ``to_wire`` gives back."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import importlib
import itertools
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from codegen.build.pipeline import build, generate, package_doc
from codegen.build.targets import TARGETS
from codegen.cli import main
from codegen.emit.python.dataclasses import DEVIATIONS
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.compiler.build_stage.test_protocol_corpus import CORPUS
from tests.compiler.build_stage.test_protocol_corpus import PROTOCOLS as PROTOCOL_DIR
from tests.compiler.emit.test_typeddict_target import PRELUDE, SHAPES
from tests.conftest import ROOT, require_corpus

_counter = itertools.count()

# Unions the runtime must pick one member of: by a literal, by required keys, by the
# schema's own definition, by JSON kind, arrays of several member types.
UNIONS = """
export interface Circle { kind: "circle"; r: number; }
export interface Square { kind: "square"; side: number; }
export type Shape = Circle | Square;
export interface Named { name: string; }
export interface Tagged { tags: string[]; }
export type Either = Named | Tagged;
/** @minimum 10 */
export type Big = number;
export interface Small { n: number; }
export interface Large { n: Big; big: true; }
export interface Loose { [key: string]: unknown; }
export type Pick = Small | Large;
export type Open = Loose | Circle;
export type Mixed = string | Circle | Circle[] | Square[] | [Square, Circle];
export interface Holder { shapes: Shape[]; either?: Either; one?: Mixed; inline?: { a: number } | { b: string }; }
"""


def files_of(text: str) -> dict[str, str]:
    schema = resolve([parse_module("s.ts", text)])
    return build(
        schema,
        command="pytest",
        emitters=TARGETS["dataclasses"],
        package_doc=package_doc("dataclasses"),
    )


def write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True)
    for rel, body in files_of(text).items():
        (folder / rel).write_text(body, "utf-8")


def package(tmp_path: Path, text: str) -> ModuleType:
    name = f"dc_pkg_{next(_counter)}_{abs(hash(str(tmp_path))) % 10**8}"
    write(tmp_path / "pkgs" / name, text)
    if str(tmp_path / "pkgs") not in sys.path:
        sys.path.insert(0, str(tmp_path / "pkgs"))
    importlib.invalidate_caches()
    return importlib.import_module(name)


def accepts(pkg: ModuleType, type_: object, value: object) -> bool:
    try:
        built = pkg.from_wire(value, type_)
    except pkg.ValidationError:
        return False
    assert pkg.to_wire(built) == value  # the round trip
    return True


@pytest.mark.parametrize(
    ("type_name", "value", "ok"),
    [
        ("Item", {"name": "ab"}, True),
        ("Item", {"name": "ab", "count": 10, "tags": ["x"], "note": None, "extra": 1}, True),
        ("Item", {"name": "ab", "nested": {"deep": 2, "more": [1]}}, True),
        ("Item", {"name": "Ab"}, False),  # pattern
        ("Item", {"name": "ab", "count": 0}, False),  # minimum
        ("Item", {"name": "ab", "count": "3"}, False),  # no coercion
        ("Item", {"name": "ab", "count": True}, False),  # a boolean is no number
        ("Item", {"name": "ab", "count": float("nan")}, False),  # no JSON number
        ("Item", {"name": "ab", "tags": []}, False),  # minItems
        ("Item", {"name": "ab", "gone": None}, False),  # absent is not null
        ("Item", {"name": "ab", "nested": {}}, False),  # nested required
        ("Item", {}, False),
        ("Item", [], False),
        ("Wire", {"a-b": True, "from": "x", "__hidden": 1}, True),
        ("Wire", {"a-b": True, "from": "z"}, False),
        ("Block", {"type": "text", "text": "hi"}, True),
        ("Block", {"type": "image", "text": "hi"}, False),
        ("Kind", 3, True),
        ("Kind", "c", False),
        ("Sub", {"name": "ab", "kind": "a", "block": {"type": "image", "data": ""}}, True),
        ("Sub", {"name": "ab", "kind": "a"}, False),
        ("Json", {"a": [1, "x", None, {"b": True}]}, True),
        ("Json", {"a": [1, {"b": float("inf")}]}, False),
        ("Closed", {}, True),
        ("Closed", {"k": 1}, False),
        ("Pair", ["a", 1], True),
        ("Pair", ["a", 1, 2], False),
    ],
)
def test_from_wire_accepts_and_refuses_as_the_schema(
    tmp_path: Path, type_name: str, value: object, ok: bool
) -> None:
    pkg = package(tmp_path, SHAPES)
    assert accepts(pkg, getattr(pkg, type_name), value) is ok
    assert accepts(pkg, type_name, value) is ok  # by name too


def test_from_wire_builds_the_classes_with_wire_names_absent_and_extra(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    value = {
        "name": "ab",
        "kind": "a",
        "note": None,
        "block": {"type": "image", "data": "d", "alt": "x"},
        "nested": {"deep": 1},
        "other": [1],
    }
    sub = pkg.from_wire(value, pkg.Sub)
    assert type(sub) is pkg.Sub and type(sub.block) is pkg.ImageBlock
    assert type(sub.nested) is pkg.models.ItemNested and sub.nested.deep == 1
    assert sub.note is None and sub.count is pkg.UNSET and not pkg.UNSET
    assert sub.model_extra == {"other": [1]} and sub.block.model_extra == {"alt": "x"}
    wire = pkg.from_wire({"a-b": True, "from": "y", "__hidden": 2}, pkg.Wire)
    assert (wire.a_b, wire.from_, wire.hidden) == (True, "y", 2)
    assert pkg.to_wire(wire) == {"a-b": True, "from": "y", "__hidden": 2}
    assert pkg.from_wire(["a", 1], pkg.Pair) == ("a", 1)  # a fixed tuple is a tuple
    assert pkg.to_wire(("a", 1)) == ["a", 1]
    # Built by hand: absent members are left out, None is null.
    item = pkg.Item(name="x", note=None, tags=["t"])
    assert pkg.to_wire(item) == {"name": "x", "note": None, "tags": ["t"]}
    with pytest.raises(ValueError, match="absence"):
        pkg.to_wire(pkg.UNSET)

    class Mine(pkg.Item):  # type: ignore[misc, name-defined]
        """A user's subclass is written as the class it derives from."""

    assert pkg.to_wire([Mine(name="m", count=2)]) == [{"name": "m", "count": 2}]
    assert pkg.to_wire([True, 1, "s", None]) == [True, 1, "s", None]


def test_the_classes_are_slotted_keyword_only_mutable_and_flat(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    params = pkg.Sub.__dataclass_params__
    assert not params.frozen and params.eq
    assert "__slots__" in vars(pkg.Sub) and not hasattr(
        pkg.Sub(name="x", kind="a", block=None), "__dict__"
    )
    with pytest.raises(TypeError):
        pkg.Item("x")  # keyword-only
    names = [f.name for f in dataclasses.fields(pkg.Sub)]
    assert names[:6] == ["name", "count", "tags", "note", "gone", "nested"]  # inherited too
    assert names[-1] == "model_extra" and pkg.Sub.__bases__ == (object,)
    item = pkg.Item(name="x")
    item.count = 3  # not frozen
    assert pkg.to_wire(item) == {"name": "x", "count": 3}
    assert pkg.Item.__doc__ == "An item."
    source = Path(pkg.models.__file__).read_text("utf-8")
    assert "@_dc.dataclass(slots=True, kw_only=True)\nclass Item:\n" in source
    assert "    count: int | float | _rt.UnsetType = _rt.UNSET\n" in source
    assert '    from_: _t.Literal["x", "y"] | _rt.UnsetType = _rt.UNSET\n' in source
    assert '    Kind: _t.TypeAlias = _t.Literal["a", "b", 3]\n' in source


@pytest.mark.parametrize(
    ("type_name", "value", "built"),
    [
        ("Shape", {"kind": "square", "side": 2}, "Square"),  # a literal decides
        ("Shape", {"kind": "circle", "r": 1, "side": 2}, "Circle"),
        ("Either", {"tags": ["a"]}, "Tagged"),  # the required keys decide
        ("Either", {"name": "n"}, "Named"),
        ("Pick", {"n": 12, "big": True}, "Large"),  # the literal true
        ("Pick", {"n": 3}, "Small"),
        ("Open", {"kind": "circle", "r": 1}, "Circle"),  # a class before a dict
        ("Open", {"kind": "oval"}, "dict"),
        ("Mixed", "s", "str"),
        ("Mixed", {"kind": "circle", "r": 1}, "Circle"),
        ("Mixed", [{"kind": "square", "side": 1}, {"kind": "circle", "r": 1}], "tuple"),
        ("Mixed", [{"kind": "square", "side": 1}], "list"),
    ],
)
def test_a_union_member_is_picked_by_kind_keys_literals_and_the_schema(
    tmp_path: Path, type_name: str, value: object, built: str
) -> None:
    pkg = package(tmp_path, UNIONS)
    found = pkg.from_wire(value, type_name)
    assert type(found).__name__ == built
    assert pkg.to_wire(found) == value


def test_unions_inside_classes_and_arrays_are_built(tmp_path: Path) -> None:
    pkg = package(tmp_path, UNIONS)
    value = {
        "shapes": [{"kind": "circle", "r": 1}, {"kind": "square", "side": 2}],
        "either": {"name": "n"},
        "one": [{"kind": "circle", "r": 1}],
        "inline": {"b": "x"},
    }
    holder = pkg.from_wire(value, pkg.Holder)
    assert [type(s).__name__ for s in holder.shapes] == ["Circle", "Square"]
    assert type(holder.either) is pkg.Named
    assert [type(s).__name__ for s in holder.one] == ["Circle"]  # Circle[] | Square[]
    assert type(holder.inline).__name__ == "HolderInline2" and holder.inline.b == "x"
    assert pkg.to_wire(holder) == value


def test_from_wire_says_where_and_refuses_what_has_no_definition(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    with pytest.raises(pkg.ValidationError, match=r"Sub: \['block'\]") as caught:
        pkg.from_wire({"name": "ab", "kind": "a", "block": {"type": "x"}}, pkg.Sub)
    assert caught.value.loc == ("block",)
    with pytest.raises(TypeError, match="no definition"):
        pkg.from_wire({"deep": 1}, pkg.models.ItemNested)  # an anonymous class
    with pytest.raises(TypeError, match="no definition"):
        pkg.from_wire({}, dict)


def test_a_value_too_deep_or_cyclic_is_refused_not_a_traceback(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    cyclic: list[object] = []
    cyclic.append(cyclic)
    for value in (deep, cyclic):
        with pytest.raises(pkg.ValidationError, match="nested too deeply"):
            pkg.from_wire(value, pkg.Json)


def test_the_package_is_deterministic_and_lists_its_deviations() -> None:
    first, second = files_of(SHAPES), files_of(SHAPES)
    assert first == second
    assert sorted(first) == [
        "__init__.py",
        "_runtime.py",
        "_schema.py",
        "models.py",
        "py.typed",
        "schema.json",
        "wire.py",
    ]
    for line in DEVIATIONS:
        words = " ".join(line.split()[:6])
        assert words in " ".join(first["__init__.py"].split())
        assert words in " ".join(first["models.py"].split())
    assert "pydantic" not in first["_runtime.py"] + first["_schema.py"]


def test_the_docs_list_every_deviation() -> None:
    text = " ".join((ROOT / "docs" / "targets" / "dataclasses.md").read_text("utf-8").split())
    for line in DEVIATIONS:
        assert " ".join(line.split()) in text


def test_hostile_names_and_strings_reach_the_code_escaped(tmp_path: Path) -> None:
    text = '''
/** Doc with """ quotes and a \\\\ backslash */
export interface Evil { "a\\"b": "x\\"\\n"; "it's": number; dataclass: string; _dc: number; model_extra?: string }
/** Alias """ doc */
export type Meta = Evil;
'''
    pkg = package(tmp_path, text)
    value = {'a"b': 'x"\n', "it's": 1, "dataclass": "m", "_dc": 2, "model_extra": "e"}
    evil = pkg.from_wire(value, pkg.Meta)
    assert type(evil) is pkg.Evil and evil.model_extra == {}
    assert pkg.to_wire(evil) == value
    assert not accepts(pkg, pkg.Evil, {**value, 'a"b': "x"})
    source = Path(pkg.models.__file__).read_text("utf-8")
    docs = [
        n.value.value
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    ]
    assert 'Doc with """ quotes and a \\\\ backslash' in docs
    assert 'Alias """ doc' in docs


def test_the_package_imports_with_warnings_as_errors_and_type_checks(tmp_path: Path) -> None:
    write(tmp_path / "checked" / "dcpkg", SHAPES)
    user = tmp_path / "checked" / "user.py"
    user.write_text(
        "from dcpkg import UNSET, Block, Item, Json, Kind, Pair, Sub, TextBlock, Wire\n"
        "from dcpkg import from_wire, to_wire\n"
        "\n"
        "item = Item(name='ab', count=3)\n"
        "wire = Wire(a_b=True, from_='x')\n"
        "kind: Kind = 3\n"
        "value = {'name': 'x', 'kind': 'a', 'block': {'type': 'text', 'text': 't'}}\n"
        "sub = from_wire(value, Sub)\n"
        "name: str = sub.name\n"
        "block: Block = TextBlock(type='text', text='hi')\n"
        "json_value: Json = {'a': [1, 'b', None]}\n"
        "checked = from_wire(json_value, Json)\n"
        "pair: Pair = ('a', 1)\n"
        "if sub.count is not UNSET:\n"
        "    total: int | float = sub.count + 1\n"
        "print(item, wire, kind, name, block, checked, to_wire(sub), pair)\n",
        "utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-W", "error", "user.py"],
        cwd=user.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null"]
    checked = subprocess.run(
        [*mypy, "dcpkg", "user.py"], cwd=user.parent, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout
    # and mypy does read the types: a wrong member, or a missing one, is an error
    user.write_text(
        "from dcpkg import Item\n\nitem = Item(name=1)\nother = Item(count=2)\n", "utf-8"
    )
    wrong = subprocess.run(
        [*mypy, "dcpkg", "user.py"], cwd=user.parent, capture_output=True, text=True, check=False
    )
    assert wrong.returncode == 1 and "user.py:3" in wrong.stdout and "user.py:4" in wrong.stdout


def test_generate_target_dataclasses_writes_the_package(tmp_path: Path) -> None:
    schema = tmp_path / "s.ts"
    schema.write_text(SHAPES, "utf-8")
    out = tmp_path / "out"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    args += ["--target", "dataclasses"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "--target dataclasses" in (out / "models.py").read_text("utf-8").splitlines()[1]
    assert (out / "wire.py").is_file() and not (out / "validators.py").exists()
    assert CliRunner().invoke(main, [*args, "--check"]).exit_code == 0
    assert "dataclasses" in CliRunner().invoke(main, ["generate", "--help"]).output


@pytest.mark.corpus
def test_the_mcp_package_imports_type_checks_and_round_trips(tmp_path: Path) -> None:
    folder = require_corpus("2026-07-28")
    out = tmp_path / "mcp_dc"
    args = ["generate", "--schema", str(folder / "schema.ts"), "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--no-cache", "-q", "--target", "dataclasses"])
    assert result.exit_code == 0, result.output
    user = tmp_path / "user.py"
    user.write_text(
        "from mcp_dc import CallToolRequest, CallToolRequestParams, CallToolResult, TextContent\n"
        "from mcp_dc import ValidationError, from_wire, to_wire\n"
        "\n"
        "meta = {\n"
        "    'io.modelcontextprotocol/clientCapabilities': {},\n"
        "    'io.modelcontextprotocol/protocolVersion': '2026-07-28',\n"
        "}\n"
        "wire = {\n"
        "    'jsonrpc': '2.0', 'id': 1, 'method': 'tools/call',\n"
        "    'params': {'name': 'x', '_meta': meta},\n"
        "}\n"
        "request = from_wire(wire, CallToolRequest)\n"
        "params: CallToolRequestParams = request.params\n"
        "assert to_wire(request) == wire, to_wire(request)\n"
        "result = from_wire({'content': [{'type': 'text', 'text': 'hi'}],"
        " 'resultType': 'complete'}, CallToolResult)\n"
        "assert isinstance(result.content[0], TextContent)\n"
        "print(params.name, result.content[0].text)\n"
        "try:\n"
        "    from_wire({**wire, 'params': {'name': 'x'}}, CallToolRequest)\n"
        "except ValidationError as exc:\n"
        "    assert exc.loc == ('params',), exc\n"
        "else:\n"
        "    raise AssertionError('params without _meta accepted')\n",
        "utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-W", "error", "user.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null", "mcp_dc", "user.py"]
    checked = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout


def test_the_server_stub_gives_dataclasses_and_checks_both_ways(tmp_path: Path) -> None:
    pkg = package(tmp_path, PRELUDE)
    server = importlib.import_module(pkg.__name__ + ".server")
    seen: list[object] = []

    class Handler(server.ServerHandler):  # type: ignore[misc, name-defined]
        async def add(self, params: Any, ctx: Any) -> Any:
            assert type(params) is pkg.AddRequestParams
            if params.a < 0:
                raise server.RPCError(-32000, "negative", {"a": params.a})
            if params.a == 0:
                raise RuntimeError("boom")
            if params.a == 9:
                return pkg.AddResult(sum="nine")  # the schema refuses it
            if params.a == 8:
                return pkg.UNSET  # no JSON value: a crash
            return pkg.AddResult(sum=params.a + params.b, model_extra={"x": 1})

        async def ping(self, params: Any, ctx: Any) -> Any:
            return {"pong": params}

        async def tick(self, params: Any, ctx: Any) -> None:
            seen.append((params, ctx))

    def run(raw: Any) -> Any:
        return asyncio.run(server.dispatch(Handler(), raw, "ctx"))

    call = '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": %d, "b": 2}}'
    assert run(call % 1) == {"jsonrpc": "2.0", "id": 1, "result": {"sum": 3, "x": 1}}
    assert run(json.loads(call % 1))["result"] == {"sum": 3, "x": 1}
    assert run(call % -1)["error"] == {"code": -32000, "message": "negative", "data": {"a": -1}}
    assert run(call % 0)["error"] == {"code": -32603, "message": "Internal error"}
    assert run(call % 9)["error"] == {"code": -32603, "message": "Internal error"}
    assert run(call % 8)["error"] == {"code": -32603, "message": "Internal error"}
    assert run('{"jsonrpc": "2.0", "id": 2, "method": "ping"}')["result"] == {"pong": None}
    ping = '{"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"k": [1]}}'
    assert run(ping)["result"] == {"pong": {"k": [1]}}
    assert run('{"jsonrpc": "2.0", "id": 2, "method": "nope"}')["error"]["code"] == -32601
    assert run('{"jsonrpc": "2.0", "method": "tick"}') is None and seen == [(None, "ctx")]
    bad = run('{"jsonrpc": "2.0", "id": 3, "method": "add", "params": {"a": "1", "b": 2}}')
    assert bad["error"]["code"] == -32602 and bad["error"]["data"]["loc"] == ["params", "a"]
    assert run("{not json")["error"]["code"] == -32700


def test_the_stubs_type_check(tmp_path: Path) -> None:
    write(tmp_path / "checked" / "spkg", PRELUDE)
    user = tmp_path / "checked" / "user.py"
    user.write_text(
        "from spkg import AddResult\n"
        "from spkg.models import AddRequestParams\n"
        "from spkg.client import Client, Transport\n"
        "from spkg.server import ServerHandler, dispatch\n"
        "\n"
        "\n"
        "class Handler(ServerHandler[str]):\n"
        "    async def add(self, params: AddRequestParams, ctx: str) -> AddResult:\n"
        "        return AddResult(sum=params.a + params.b)\n"
        "\n"
        "\n"
        "async def main() -> None:\n"
        "    print(await dispatch(Handler(), b'{}', 'ctx'))\n"
        "\n"
        "\n"
        "async def call(transport: Transport) -> int | float:\n"
        "    return (await Client(transport).add(AddRequestParams(a=1, b=2))).sum\n",
        "utf-8",
    )
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null", "spkg", "user.py"]
    checked = subprocess.run(mypy, cwd=user.parent, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout


def test_the_client_stub_sends_wire_names_and_builds_the_result(tmp_path: Path) -> None:
    pkg = package(tmp_path, PRELUDE)
    client_module = importlib.import_module(pkg.__name__ + ".client")
    sent: list[tuple[str, Any]] = []

    class Fake:
        def __init__(self, result: Any) -> None:
            self.result = result

        async def request(self, method: str, params: Any) -> Any:
            sent.append((method, params))
            return self.result

    params = pkg.AddRequestParams(a=1, b=2, model_extra={"c": 3})
    result = asyncio.run(client_module.Client(Fake({"sum": 3})).add(params))
    assert result == pkg.AddResult(sum=3)
    assert sent == [("add", {"a": 1, "b": 2, "c": 3})]
    assert asyncio.run(client_module.Client(Fake({})).ping()) == {}
    assert sent[-1] == ("ping", None)
    with pytest.raises(client_module.InvalidResult, match="sum"):
        asyncio.run(client_module.Client(Fake({"sum": "3"})).add(params))


@pytest.mark.full_corpus
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_corpus_package_imports_and_type_checks(name: str, tmp_path: Path) -> None:
    out = tmp_path / ("dc_" + name.replace("-", "_"))
    generate(
        PROTOCOL_DIR / name,
        out,
        command="test --target dataclasses",
        cache_dir=None,
        options=CORPUS[name].options,
        target="dataclasses",
    )
    modules = [f"{out.name}.{p.stem}" for p in sorted(out.glob("*.py")) if p.stem != "__init__"]
    run = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import " + ", ".join([out.name, *modules])],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null", out.name]
    checked = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout
