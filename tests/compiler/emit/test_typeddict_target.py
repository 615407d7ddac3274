"""The TypedDict target (``generate --target typeddict``, issue #37): snippets compiled by
the real pipeline into a package, imported, type-checked and asked what ``validate``
accepts and refuses."""

from __future__ import annotations

import ast
import asyncio
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

from codegen.build.pipeline import build, package_doc
from codegen.build.targets import TARGETS
from codegen.cli import main
from codegen.emit.python.typeddict import DEVIATIONS
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.conftest import ROOT, require_corpus

_counter = itertools.count()

SHAPES = """
export const VERSION = "2.0";
/** An item. */
export interface Item {
  /** @pattern ^[a-z]+$ */
  name: string;
  /** @minimum 1
   * @maximum 10 */
  count?: number;
  /** @minItems 1 */
  tags?: string[];
  note?: string | null;
  gone?: string | undefined;
  nested?: { deep: number };
}
/** A weird one. */
export interface Wire { "a-b": boolean; from?: "x" | "y"; __hidden?: number; }
export interface TextBlock { type: "text"; text: string; }
export interface ImageBlock { type: "image"; data: string; }
export type Block = TextBlock | ImageBlock;
export type Kind = "a" | "b" | 3;
export interface Sub extends Item { kind: Kind; block: Block; }
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonArray = JsonValue[];
export type JsonValue = string | null | JsonArray | { [key: string]: JsonValue };
export interface Closed { [key: string]: never }
export type Pair = [string, number];
"""


def files_of(text: str) -> dict[str, str]:
    schema = resolve([parse_module("s.ts", text)])
    return build(
        schema,
        command="pytest",
        emitters=TARGETS["typeddict"],
        package_doc=package_doc("typeddict"),
    )


def write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True)
    for rel, body in files_of(text).items():
        (folder / rel).write_text(body, "utf-8")


def package(tmp_path: Path, text: str) -> ModuleType:
    name = f"td_pkg_{next(_counter)}_{abs(hash(str(tmp_path))) % 10**8}"
    write(tmp_path / "pkgs" / name, text)
    if str(tmp_path / "pkgs") not in sys.path:
        sys.path.insert(0, str(tmp_path / "pkgs"))
    importlib.invalidate_caches()
    return importlib.import_module(name)


def accepts(pkg: ModuleType, type_: object, value: object) -> bool:
    try:
        assert pkg.validate(value, type_) is value
    except pkg.ValidationError:
        return False
    return True


@pytest.mark.parametrize(
    ("type_name", "value", "ok"),
    [
        ("Item", {"name": "ab"}, True),
        ("Item", {"name": "ab", "count": 10, "tags": ["x"], "note": None, "extra": 1}, True),
        ("Item", {"name": "Ab"}, False),  # pattern
        ("Item", {"name": "ab", "count": 0}, False),  # minimum
        ("Item", {"name": "ab", "count": 10.5}, False),  # maximum
        ("Item", {"name": "ab", "count": "3"}, False),  # no coercion
        ("Item", {"name": "ab", "count": True}, False),  # a boolean is no number
        ("Item", {"name": "ab", "count": float("nan")}, False),  # no JSON number
        ("Item", {"name": "ab", "tags": []}, False),  # minItems
        ("Item", {"name": "ab", "gone": None}, False),  # absent is not null
        ("Item", {"name": "ab", "nested": {}}, False),  # nested required
        ("Item", {}, False),
        ("Item", [], False),
        ("Wire", {"a-b": True, "from": "x"}, True),
        ("Wire", {"a-b": True, "from": "z"}, False),
        ("Block", {"type": "text", "text": "hi"}, True),
        ("Block", {"type": "image", "text": "hi"}, False),
        ("Kind", 3, True),
        ("Kind", 3.0, True),  # one JSON number
        ("Kind", "c", False),
        ("Sub", {"name": "ab", "kind": "a", "block": {"type": "image", "data": ""}}, True),
        ("Sub", {"name": "ab", "kind": "a"}, False),
        ("Json", {"a": [1, "x", None, {"b": True}]}, True),
        ("Json", {"a": [1, {"b": float("inf")}]}, False),
        ("JsonArray", ["a", None, ["b"], {"c": ["d"]}], True),
        ("JsonArray", ["a", 1], False),
        ("Closed", {}, True),
        ("Closed", {"k": 1}, False),
        ("Pair", ["a", 1], True),
        ("Pair", ["a", "b"], False),
        ("Pair", ["a", 1, 2], False),
    ],
)
def test_validate_accepts_and_refuses_as_the_schema(
    tmp_path: Path, type_name: str, value: object, ok: bool
) -> None:
    pkg = package(tmp_path, SHAPES)
    assert accepts(pkg, getattr(pkg, type_name), value) is ok
    assert accepts(pkg, type_name, value) is ok  # by name too


def test_validate_says_where_and_refuses_what_has_no_definition(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    with pytest.raises(pkg.ValidationError, match=r"Sub: \['block'\]") as caught:
        pkg.validate({"name": "ab", "kind": "a", "block": {"type": "x"}}, pkg.Sub)
    assert caught.value.loc == ("block",)
    with pytest.raises(TypeError, match="no definition"):
        pkg.validate({"deep": 1}, pkg.models.ItemNested)  # an anonymous class
    with pytest.raises(TypeError, match="no definition"):
        pkg.validate({}, dict)


def test_a_value_too_deep_or_cyclic_is_refused_not_a_traceback(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    cyclic: list[object] = []
    cyclic.append(cyclic)
    for value in (deep, cyclic):
        with pytest.raises(pkg.ValidationError, match="nested too deeply"):
            pkg.validate(value, pkg.Json)


def test_the_types_are_flat_typeddicts_with_wire_keys(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    assert pkg.Sub.__required_keys__ == {"name", "kind", "block"}
    assert pkg.Sub.__optional_keys__ == {"count", "tags", "note", "gone", "nested"}
    assert pkg.Wire.__required_keys__ == {"a-b"}
    assert pkg.Wire.__optional_keys__ == {"from", "__hidden"}
    assert pkg.Item.__doc__ == "An item."
    source = Path(pkg.models.__file__).read_text("utf-8")
    assert "class Item(_t.TypedDict):" in source
    assert 'Wire = _t.TypedDict(\n    "Wire",' in source  # the functional syntax
    assert 'Kind: _t.TypeAlias = _t.Literal["a", "b", 3]\n' in source
    assert '    gone: _t.NotRequired["str"]\n' in source


def test_the_package_is_deterministic_and_lists_its_deviations() -> None:
    first, second = files_of(SHAPES), files_of(SHAPES)
    assert first == second
    assert sorted(first) == [
        "__init__.py",
        "_runtime.py",
        "models.py",
        "py.typed",
        "schema.json",
        "validation.py",
    ]
    for line in DEVIATIONS:
        words = " ".join(line.split()[:6])
        assert words in " ".join(first["__init__.py"].split())
        assert words in " ".join(first["models.py"].split())


def test_the_docs_list_every_deviation() -> None:
    text = " ".join((ROOT / "docs" / "targets" / "typeddict.md").read_text("utf-8").split())
    for line in DEVIATIONS:
        assert " ".join(line.split()) in text


def test_hostile_names_and_strings_reach_the_code_escaped(tmp_path: Path) -> None:
    text = '''
/** Doc with """ quotes and a \\\\ backslash */
export interface Evil { "a\\"b": "x\\"\\n"; "it's": number; TypedDict: string; _t: number; }
/** Alias """ doc */
export type Meta = Evil;
'''
    pkg = package(tmp_path, text)
    value = {'a"b': 'x"\n', "it's": 1, "TypedDict": "m", "_t": 2}
    assert pkg.validate(value, pkg.Meta) is value
    assert not accepts(pkg, pkg.Evil, {**value, 'a"b': "x"})
    assert pkg.models.Evil.__doc__ is None  # functional syntax: the docstring follows it
    source = Path(pkg.models.__file__).read_text("utf-8")
    docs = [
        n.value.value
        for n in ast.parse(source).body
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    ]
    assert 'Doc with """ quotes and a \\\\ backslash' in docs


def test_the_package_imports_with_warnings_as_errors_and_type_checks(tmp_path: Path) -> None:
    write(tmp_path / "checked" / "tdpkg", SHAPES)
    user = tmp_path / "checked" / "user.py"
    user.write_text(
        "from tdpkg import Block, Item, Json, JsonArray, Kind, Sub, Wire, validate\n"
        "\n"
        "item: Item = {'name': 'ab', 'count': 3}\n"
        "wire: Wire = {'a-b': True, 'from': 'x'}\n"
        "kind: Kind = 3\n"
        "sub = validate({'name': 'x'}, Sub)\n"
        "name: str = sub['name']\n"
        "block: Block = {'type': 'text', 'text': 'hi'}\n"
        "json_value: Json = {'a': [1, 'b', None]}\n"
        "checked = validate(json_value, Json)\n"
        "mutual: JsonArray = ['a', None, ['b'], {'c': ['d']}]\n"
        "print(item.get('count'), wire['a-b'], kind, name, block, checked)\n",
        "utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import tdpkg, tdpkg.validation"],
        cwd=user.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null"]
    checked = subprocess.run(
        [*mypy, "tdpkg", "user.py"], cwd=user.parent, capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout
    # and mypy does read the types: a wrong member is an error
    user.write_text("from tdpkg import Item\n\nitem: Item = {'name': 1}\n", "utf-8")
    wrong = subprocess.run(
        [*mypy, "tdpkg", "user.py"], cwd=user.parent, capture_output=True, text=True, check=False
    )
    assert wrong.returncode == 1 and "user.py:3" in wrong.stdout


def test_generate_target_typeddict_writes_the_package(tmp_path: Path) -> None:
    schema = tmp_path / "s.ts"
    schema.write_text(SHAPES, "utf-8")
    out = tmp_path / "out"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    args += ["--target", "typeddict"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "--target typeddict" in (out / "models.py").read_text("utf-8").splitlines()[1]
    assert (out / "_runtime.py").is_file() and not (out / "validators.py").exists()
    assert "pydantic" not in (out / "_runtime.py").read_text("utf-8")
    assert CliRunner().invoke(main, [*args, "--check"]).exit_code == 0


@pytest.mark.corpus
def test_the_mcp_package_imports_type_checks_and_validates(tmp_path: Path) -> None:
    folder = require_corpus("2026-07-28")
    out = tmp_path / "mcp_td"
    args = ["generate", "--schema", str(folder / "schema.ts"), "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--no-cache", "-q", "--target", "typeddict"])
    assert result.exit_code == 0, result.output
    user = tmp_path / "user.py"
    user.write_text(
        "from mcp_td import CallToolRequest, CallToolResult, ContentBlock, RequestMetaObject\n"
        "from mcp_td import ValidationError, validate\n"
        "\n"
        "meta: RequestMetaObject = {\n"
        "    'io.modelcontextprotocol/clientCapabilities': {},\n"
        "    'io.modelcontextprotocol/protocolVersion': '2026-07-28',\n"
        "}\n"
        "request: CallToolRequest = {\n"
        "    'jsonrpc': '2.0', 'id': 1, 'method': 'tools/call',\n"
        "    'params': {'name': 'x', '_meta': meta},\n"
        "}\n"
        "block: ContentBlock = {'type': 'text', 'text': 'hi'}\n"
        "result: CallToolResult = {'content': [block], 'resultType': 'complete'}\n"
        "checked = validate(request, CallToolRequest)\n"
        "print(checked['params']['name'], validate(result, CallToolResult))\n"
        "try:\n"
        "    validate({**request, 'params': {'name': 'x'}}, CallToolRequest)\n"
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
    mypy += ["/dev/null", "--config-file", "/dev/null", "mcp_td", "user.py"]
    checked = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout


PRELUDE = """
export const JSONRPC_VERSION = "2.0";
export type RequestId = string | number;
export interface Request { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCRequest extends Request { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; }
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface Result { [key: string]: unknown; }
export type EmptyResult = Result;
export interface PingRequest extends JSONRPCRequest { method: "ping"; }
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number; b: number }; }
export interface AddResult extends Result { sum: number; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
"""


def test_the_server_stub_checks_messages_and_results_against_the_schema(
    tmp_path: Path,
) -> None:
    pkg = package(tmp_path, PRELUDE)
    server = importlib.import_module(pkg.__name__ + ".server")
    seen: list[object] = []

    class Handler(server.ServerHandler):  # type: ignore[misc, name-defined]
        async def add(self, params: Any, ctx: Any) -> Any:
            if params["a"] < 0:
                raise server.RPCError(-32000, "negative", {"a": params["a"]})
            if params["a"] == 0:
                raise RuntimeError("boom")
            if params["a"] == 9:
                return {"sum": "nine"}  # the schema refuses it
            return {"sum": params["a"] + params["b"]}

        async def tick(self, params: Any, ctx: Any) -> None:
            seen.append(ctx)

    def run(raw: Any) -> Any:
        return asyncio.run(server.dispatch(Handler(), raw, "ctx"))

    call = '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": %d, "b": 2}}'
    assert run(call % 1) == {"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}
    assert run(json.loads(call % 1))["result"] == {"sum": 3}  # a decoded message too
    assert run(call % -1)["error"] == {"code": -32000, "message": "negative", "data": {"a": -1}}
    assert run(call % 0)["error"] == {"code": -32603, "message": "Internal error"}
    assert run(call % 9)["error"] == {"code": -32603, "message": "Internal error"}
    assert run('{"jsonrpc": "2.0", "id": 2, "method": "ping"}')["error"]["code"] == -32601
    assert run('{"jsonrpc": "2.0", "id": 2, "method": "nope"}')["error"]["code"] == -32601
    assert run('{"jsonrpc": "2.0", "method": "tick"}') is None and seen == ["ctx"]
    assert run('{"jsonrpc": "2.0", "method": "nope"}') is None
    bad = run('{"jsonrpc": "2.0", "id": 3, "method": "add", "params": {"a": "1", "b": 2}}')
    assert bad["error"]["code"] == -32602 and bad["error"]["data"]["loc"] == ["params", "a"]
    assert run("{not json")["error"]["code"] == -32700
    assert run("[1]")["error"]["code"] == -32600
    assert run('{"jsonrpc": "2.0", "id": true, "method": "add"}')["error"]["code"] == -32600
    assert run('{"jsonrpc": "2.0", "id": 1, "result": {}}') is None  # a response: ignored


@pytest.mark.parametrize(
    "bad",
    [
        *("NaN", "Infinity", "-Infinity", "1e400"),
        *('"\\ud800"', '"a\\udc00"', '{"\\udfff": 1}'),
        "[" * 5000 + "]" * 5000,  # deeper than json.loads parses
    ],
    ids=["NaN", "Infinity", "-Infinity", "1e400", "ud800", "udc00", "key-udfff", "deep"],
)
def test_the_server_stub_answers_text_that_is_not_json_with_a_parse_error(
    tmp_path: Path, bad: str
) -> None:
    """As the pydantic (``parse_message``) and msgspec (``decode_message``) packages do:
    ``bad`` is no JSON (RFC 8259), here in a member the schema leaves open."""
    pkg = package(tmp_path, PRELUDE)
    server = importlib.import_module(pkg.__name__ + ".server")

    class Handler(server.ServerHandler):  # type: ignore[misc, name-defined]
        async def add(self, params: Any, ctx: Any) -> Any:
            return {"sum": params["a"] + params["b"]}

    raw = '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": 1, "b": 2, "x": %s}}'
    for text in (raw % bad, (raw % bad).encode()):
        answer = asyncio.run(server.dispatch(Handler(), text, "ctx"))
        assert answer is not None and answer.get("error", {}).get("code") == -32700, answer


def test_the_server_stub_type_checks(tmp_path: Path) -> None:
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
        "        return {'sum': params['a'] + params['b']}\n"
        "\n"
        "\n"
        "async def main() -> None:\n"
        "    print(await dispatch(Handler(), b'{}', 'ctx'))\n"
        "\n"
        "\n"
        "async def call(transport: Transport) -> int | float:\n"
        "    return (await Client(transport).add({'a': 1, 'b': 2}))['sum']\n",
        "utf-8",
    )
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir"]
    mypy += ["/dev/null", "--config-file", "/dev/null", "spkg", "user.py"]
    checked = subprocess.run(mypy, cwd=user.parent, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout


def test_the_client_stub_sends_the_params_and_checks_the_result(tmp_path: Path) -> None:
    pkg = package(tmp_path, PRELUDE)
    client_module = importlib.import_module(pkg.__name__ + ".client")
    sent: list[tuple[str, Any]] = []

    class Fake:
        def __init__(self, result: Any) -> None:
            self.result = result

        async def request(self, method: str, params: Any) -> Any:
            sent.append((method, params))
            return self.result

    result = asyncio.run(client_module.Client(Fake({"sum": 3})).add({"a": 1, "b": 2}))
    assert result == {"sum": 3}
    assert sent == [("add", {"a": 1, "b": 2})]
    assert asyncio.run(client_module.Client(Fake({})).ping()) == {}
    with pytest.raises(client_module.InvalidResult, match="sum"):
        asyncio.run(client_module.Client(Fake({"sum": "3"})).add({"a": 1, "b": 2}))
