"""The msgspec target (``generate --target msgspec``, issue #37): snippets compiled by the
real pipeline into a package, imported, and asked what they accept and refuse."""

from __future__ import annotations

import asyncio
import importlib
import itertools
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from codegen.build.pipeline import build, package_doc
from codegen.build.targets import TARGETS
from codegen.cli import main
from codegen.emit.python.msgspec import DEVIATIONS
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from tests.conftest import ROOT

_counter = itertools.count()

PRELUDE = """
export const JSONRPC_VERSION = "2.0";
export type RequestId = string | number;
export interface Request { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCRequest extends Request { jsonrpc: typeof JSONRPC_VERSION; id: RequestId; }
export interface Notification { method: string; params?: { [key: string]: unknown }; }
export interface JSONRPCNotification extends Notification { jsonrpc: typeof JSONRPC_VERSION; }
export interface Result { [key: string]: unknown; }
export type EmptyResult = Result;
"""


def files_of(text: str) -> dict[str, str]:
    schema = resolve([parse_module("s.ts", PRELUDE + text)])
    return build(
        schema, command="pytest", emitters=TARGETS["msgspec"], package_doc=package_doc("msgspec")
    )


def package(tmp_path: Path, text: str) -> ModuleType:
    name = f"msgspec_pkg_{next(_counter)}_{abs(hash(str(tmp_path))) % 10**8}"
    folder = tmp_path / "pkgs" / name
    folder.mkdir(parents=True)
    for rel, body in files_of(text).items():
        (folder / rel).write_text(body, "utf-8")
    if str(folder.parent) not in sys.path:
        sys.path.insert(0, str(folder.parent))
    importlib.invalidate_caches()
    return importlib.import_module(name)


def accepts(pkg: ModuleType, type_name: str, raw: str) -> bool:
    try:
        pkg.decode(raw, getattr(pkg, type_name))
    except msgspec.ValidationError:
        return False
    return True


SHAPES = """
export interface Item {
  /** @pattern ^[a-z]+$ */
  name: string;
  /** @minimum 1
   * @maximum 10 */
  count?: number;
  /** @minItems 1 */
  tags?: string[];
  note?: string | null;
  camelCase?: boolean;
}
"""


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ('{"name": "ab"}', True),
        ('{"name": "ab", "count": 10, "tags": ["x"], "note": null, "camelCase": true}', True),
        ('{"name": "ab", "unknown": [1]}', True),  # objects are open
        ('{"name": "Ab"}', False),  # pattern
        ('{"name": "ab", "count": 0}', False),  # minimum
        ('{"name": "ab", "count": 10.5}', False),  # maximum
        ('{"name": "ab", "count": "3"}', False),  # no coercion
        ('{"name": "ab", "count": true}', False),  # a boolean is no number
        ('{"name": "ab", "count": 1e400}', False),  # finite numbers only
        ('{"name": "ab", "tags": []}', False),  # minItems
        ('{"name": "ab", "camelCase": null}', False),  # absent is not null
        ('{"name": "ab", "camel_case": true, "camelCase": 1}', False),  # the wire name only
        ("{}", False),  # required
    ],
)
def test_structs_accept_and_refuse_as_the_schema(tmp_path: Path, raw: str, ok: bool) -> None:
    assert accepts(package(tmp_path, SHAPES), "Item", raw) is ok


def test_wire_names_are_field_names_and_absent_members_stay_absent(tmp_path: Path) -> None:
    pkg = package(tmp_path, SHAPES)
    item = pkg.decode('{"name": "ab", "camelCase": true}', pkg.Item)
    assert item.camel_case is True
    assert item.count is msgspec.UNSET
    assert msgspec.json.decode(msgspec.json.encode(item)) == {"name": "ab", "camelCase": True}


UNIONS = """
export interface TextBlock { type: "text"; text: string; }
export interface ImageBlock { type: "image"; data: string; }
export type Block = TextBlock | ImageBlock;
export interface TextContents { uri: string; text: string; }
export interface BlobContents { uri: string; blob: string; }
export interface Holder { block: Block; contents: TextContents | BlobContents; maybe?: Block | null; }
export interface Lone { only: TextBlock; }
export type Events = ("push" | "pull")[] | ["*"];
export type Half = 0.5;
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface Box { value: Json; pair: [number, number] | [number, number, number]; }
"""


@pytest.mark.parametrize(
    ("type_name", "raw", "ok"),
    [
        ("Block", '{"type": "text", "text": "hi"}', True),
        ("Block", '{"type": "image", "data": "AA=="}', True),
        ("Block", '{"type": "image", "text": "hi"}', False),  # the tag picks ImageBlock
        ("Block", '{"text": "hi"}', False),  # no tag: no member (datamodel-codegen's bug)
        ("Block", '{"type": "video"}', False),
        ("Block", '"text"', False),
        ("TextBlock", '{"text": "hi"}', False),  # the literal is required on its own too
        ("Lone", '{"only": {"text": "hi"}}', False),  # and where it stands alone
        ("Lone", '{"only": {"type": "text", "text": "hi"}}', True),
        ("Events", '["push", "pull"]', True),
        ("Events", '["*"]', True),  # the tuple, though the list of any length comes first
        ("Events", "[]", True),
        ("Events", '["*", "push"]', False),
        ("Events", '["tag"]', False),
        ("Half", "0.5", True),  # a fractional literal: the one float
        ("Half", "0.25", False),
        ("Half", '"0.5"', False),
        ("Lone", '{"only": {"type": "\\u0000untagged", "never": []}}', False),
        (
            "Holder",
            '{"block": {"type": "text", "text": "a"}, "contents": {"uri": "u", "blob": "b"}}',
            True,
        ),
        ("Holder", '{"block": {"type": "text", "text": "a"}, "contents": {"uri": "u"}}', False),
        (
            "Holder",
            '{"block": {"type": "text", "text": "a"}, "contents": {"uri": "u", "text": "t"}, "maybe": null}',
            True,
        ),
        ("Json", '{"a": [1, "x", null, {"b": true}]}', True),
        ("Json", '{"a": [1, {"b": NaN}]}', False),
        ("Box", '{"value": 1, "pair": [1, 2]}', True),
        ("Box", '{"value": 1, "pair": [1, 2, 3]}', True),
        ("Box", '{"value": 1, "pair": [1, 2, 3, 4]}', False),
        ("Box", '{"value": 1, "pair": [1, "2"]}', False),
    ],
)
def test_unions_route_by_tag_keys_kind_and_length(
    tmp_path: Path, type_name: str, raw: str, ok: bool
) -> None:
    pkg = package(tmp_path, UNIONS)
    try:
        pkg.decode(raw, getattr(pkg, type_name))
    except (msgspec.ValidationError, msgspec.DecodeError):
        assert not ok
    else:
        assert ok


def test_a_union_with_a_literal_discriminator_is_a_msgspec_tagged_union(tmp_path: Path) -> None:
    pkg = package(tmp_path, UNIONS)
    assert pkg.TextBlock.__struct_config__.tag_field == "type"
    assert pkg.ImageBlock.__struct_config__.tag == "image"
    assert msgspec.json.encode(pkg.TextBlock(text="a")) == b'{"type":"text","text":"a"}'
    source = Path(pkg.models.__file__).read_text("utf-8")
    assert "Block: _t.TypeAlias = _T_TextBlock | _T_ImageBlock\n" in source  # no router


def test_a_routed_union_decodes_the_member_it_picked(tmp_path: Path) -> None:
    pkg = package(tmp_path, UNIONS)
    holder = pkg.decode(
        '{"block": {"type": "image", "data": "x"}, "contents": {"uri": "u", "blob": "b"}}',
        pkg.Holder,
    )
    assert type(holder.block) is pkg.ImageBlock
    assert type(holder.contents) is pkg.BlobContents


MESSAGES = """
export interface PingRequest extends JSONRPCRequest { method: "ping"; }
export interface AddRequest extends JSONRPCRequest { method: "add"; params: { a: number; b: number }; }
export interface AddResult extends Result { sum: number; }
export interface TickNotification extends JSONRPCNotification { method: "tick"; }
"""


@pytest.mark.parametrize(
    ("raw", "kind", "code"),
    [
        (
            '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": 1, "b": 2}}',
            "ParsedRequest",
            None,
        ),
        ('{"jsonrpc": "2.0", "method": "tick"}', "ParsedNotification", None),
        ('{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}', "ParsedResponse", None),
        (
            '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": "1", "b": 2}}',
            "ParseFailure",
            -32602,
        ),
        ('{"jsonrpc": "2.0", "id": 1, "method": "tick"}', "ParseFailure", -32601),  # not a request
        ('{"jsonrpc": "2.0", "method": "nope"}', "ParseFailure", -32601),
        ('{"jsonrpc": "1.0", "id": 1, "method": "ping"}', "ParseFailure", -32600),
        ('{"jsonrpc": "2.0", "id": true, "method": "ping"}', "ParseFailure", -32600),
        ("[]", "ParseFailure", -32600),
        ('{"jsonrpc": "2.0", "id": 1, "method": "ping"', "ParseFailure", -32700),
    ],
)
def test_messages_are_dispatched_as_parse_message_does(
    tmp_path: Path, raw: str, kind: str, code: int | None
) -> None:
    pkg = package(tmp_path, MESSAGES)
    parsed = pkg.decode_message(raw)
    assert type(parsed).__name__ == kind
    if code is not None:
        assert parsed.code == code


def test_a_response_is_typed_by_its_method(tmp_path: Path) -> None:
    pkg = package(tmp_path, MESSAGES)
    good = pkg.decode_message('{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}', method="add")
    assert type(good.result) is pkg.AddResult
    bad = pkg.decode_message('{"jsonrpc": "2.0", "id": 1, "result": {"sum": "3"}}', method="add")
    assert bad.code == -32602 and bad.response() is None
    request = pkg.decode_message(
        '{"jsonrpc": "2.0", "id": 7, "method": "add", "params": {"a": 1, "b": 2}}'
    )
    assert type(request.message) is pkg.AddRequest and request.message.params.b == 2


# ``result: CallToolResult | InputRequiredResult``: a union of two results told apart by no
# tag, where the keys and literals of a complete result leave both members.
ROUTED = """
export interface TextBlock { type: "text"; text: string; }
export interface ToolResult extends Result { resultType: "complete"; content: TextBlock[]; }
export interface InputRequired extends Result { resultType: string; requests?: { [key: string]: unknown }; }
export interface Sum {
  /** @TJS-type integer */
  a: number;
  /** @TJS-type integer */
  b: number;
}
export interface Product {
  /** @TJS-type integer */
  x: number;
  /** @TJS-type integer */
  y: number;
}
export interface CallRequest extends JSONRPCRequest { method: "call"; params: Sum | Product; }
export interface CallResultResponse { jsonrpc: "2.0"; id: RequestId; result: ToolResult | InputRequired; }
"""


@pytest.mark.parametrize(
    ("result", "member"),
    [
        ('{"resultType": "complete", "content": [{"type": "text", "text": "hi"}]}', "ToolResult"),
        ('{"resultType": "complete", "content": null}', "InputRequired"),
        ('{"resultType": "complete", "content": [{"type": "text", "text": 5}]}', "InputRequired"),
        ('{"resultType": "input_required", "requests": {}}', "InputRequired"),
        ('{"resultType": "complete", "content": null, "requests": 5}', None),
        ('{"resultType": 5, "content": []}', None),
        ('{"content": []}', None),
    ],
)
def test_a_routed_union_takes_what_only_a_later_member_admits(
    tmp_path: Path, result: str, member: str | None
) -> None:
    pkg = package(tmp_path, ROUTED)
    raw = '{"jsonrpc": "2.0", "id": 1, "result": ' + result + "}"
    if member is None:
        with pytest.raises(msgspec.ValidationError):
            pkg.decode(raw, pkg.CallResultResponse)
    else:
        assert type(pkg.decode(raw, pkg.CallResultResponse).result).__name__ == member


@pytest.mark.parametrize(
    ("result", "message"),
    [
        # both members refuse it: the first's reason, where it stands in the message
        (
            '{"resultType": "complete", "content": null, "requests": 5}',
            "Expected `array`, got `null` - at `$.result.content`",
        ),
        ('{"resultType": 5}', "Expected `str`, got `int` - at `$.result.resultType`"),
    ],
)
def test_a_value_refused_inside_a_routed_union_says_where(
    tmp_path: Path, result: str, message: str
) -> None:
    pkg = package(tmp_path, ROUTED)
    raw = '{"jsonrpc": "2.0", "id": 1, "result": ' + result + "}"
    with pytest.raises(msgspec.ValidationError) as caught:
        pkg.decode(raw, pkg.CallResultResponse)
    assert str(caught.value) == message


def test_a_message_refused_inside_a_routed_union_says_where(tmp_path: Path) -> None:
    pkg = package(tmp_path, ROUTED)
    raw = '{"jsonrpc": "2.0", "id": 1, "method": "call", "params": {"a": "1", "b": 2}}'
    failed = pkg.decode_message(raw)
    assert failed.code == -32602
    assert failed.error["data"] == "Expected `int`, got `str` - at `$.params.a`"
    good = pkg.decode_message(raw.replace('"1"', "1"))
    assert type(good.message.params) is pkg.Sum
    product = pkg.decode_message(raw.replace('"a": "1", "b"', '"x": 1, "y"'))
    assert type(product.message.params) is pkg.Product


# Deeper than msgspec can parse: it stops at Python's recursion limit (RecursionError).
_DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "raw",
    [
        '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": ' + _DEEP + "}}",
        '{"jsonrpc": "2.0", "method": "tick", "params": {"x": ' + _DEEP + "}}",
        '{"jsonrpc": "2.0", "id": 1, "result": {"sum": 3, "x": ' + _DEEP + "}}",
        '{"jsonrpc": "2.0", "id": 1, "x": ' + _DEEP + "}",
    ],
)
def test_a_message_nested_too_deeply_is_a_parse_error_not_a_traceback(
    tmp_path: Path, raw: str
) -> None:
    pkg = package(tmp_path, MESSAGES)
    for method in (None, "add"):
        parsed = pkg.decode_message(raw.encode(), method=method)
        assert type(parsed).__name__ == "ParseFailure"
        assert parsed.error == {
            "code": -32700,
            "message": "Parse error",
            "data": {"reason": "JSON nested too deeply"},
        }
        assert parsed.id is None and parsed.respond


def test_decode_refuses_a_value_nested_too_deeply(tmp_path: Path) -> None:
    pkg = package(tmp_path, MESSAGES)
    for raw in ('{"sum": 3, "x": ' + _DEEP + "}", '{"sum": 3, "x": {"y": ' + _DEEP + "}}"):
        for data in (raw, raw.encode()):
            with pytest.raises(msgspec.DecodeError, match=r"^JSON nested too deeply$"):
                pkg.decode(data, pkg.AddResult)


def test_the_package_is_deterministic_and_lists_its_deviations() -> None:
    first, second = files_of(UNIONS + MESSAGES), files_of(UNIONS + MESSAGES)
    assert first == second
    assert sorted(first) == [
        "__init__.py",
        "_runtime.py",
        "client.py",
        "messages.py",
        "models.py",
        "py.typed",
        "schema.json",
        "server.py",
    ]
    for line in DEVIATIONS:
        words = line.split()[:6]
        assert " ".join(words) in " ".join(first["__init__.py"].split())
        assert " ".join(words) in " ".join(first["models.py"].split())


def test_the_docs_list_every_deviation() -> None:
    text = " ".join((ROOT / "docs" / "targets" / "msgspec.md").read_text("utf-8").split())
    for line in DEVIATIONS:
        assert " ".join(line.split()) in text


def test_hostile_names_and_strings_reach_the_code_escaped(tmp_path: Path) -> None:
    text = '''
/** Doc with """ quotes and a \\\\ backslash */
export interface Evil { "a\\"b": "x\\"\\n"; "Struct": number; msgspec: string; }
export type Meta = Evil;
'''
    pkg = package(tmp_path, text)
    value = pkg.decode('{"a\\"b": 1, "Struct": 1, "msgspec": "m"}', pkg.Meta)
    assert value.msgspec == "m"
    assert value.struct == 1
    assert pkg.models.Evil.__doc__ == 'Doc with """ quotes and a \\\\ backslash'


def test_the_package_imports_with_warnings_as_errors_and_type_checks(tmp_path: Path) -> None:
    folder = tmp_path / "checked" / "mpkg"
    folder.mkdir(parents=True)
    for rel, body in files_of(UNIONS + MESSAGES).items():
        (folder / rel).write_text(body, "utf-8")
    user = tmp_path / "checked" / "user.py"
    user.write_text(
        "from mpkg import Block, Holder, TextBlock, decode, decode_message, ParsedRequest\n"
        "\n"
        "\n"
        "def text(block: Block) -> str | None:\n"
        "    return block.text if isinstance(block, TextBlock) else None\n"
        "\n"
        "\n"
        "holder: Holder = decode(b'{}', Holder)\n"
        "parsed = decode_message(b'{}')\n"
        "if isinstance(parsed, ParsedRequest):\n"
        "    print(parsed.id)\n"
        "made = TextBlock(text='hi')  # the tag is the Struct's, not a field\n"
        "print(text(made))\n",
        "utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import mpkg"],
        cwd=folder.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            "/dev/null",
            "--config-file",
            "/dev/null",
            "mpkg",
            "user.py",
        ],
        cwd=folder.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout


def test_generate_target_msgspec_writes_the_package(tmp_path: Path) -> None:
    schema = tmp_path / "s.ts"
    schema.write_text(PRELUDE + UNIONS, "utf-8")
    out = tmp_path / "out"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    result = CliRunner().invoke(main, [*args, "--target", "msgspec"])
    assert result.exit_code == 0, result.output
    assert "--target msgspec" in (out / "models.py").read_text("utf-8").splitlines()[1]
    assert (out / "_runtime.py").is_file() and not (out / "validators.py").exists()
    refused = CliRunner().invoke(main, [*args, "--target", "attrs"])
    assert refused.exit_code == 2 and "'attrs' is not one of" in refused.output


def test_every_target_listed_exists() -> None:
    for emitters in TARGETS.values():
        for module, function in emitters:
            found: Any = importlib.import_module(module, "codegen")
            assert callable(getattr(found, function))


def test_the_server_stub_dispatches_over_the_structs(tmp_path: Path) -> None:
    pkg = package(tmp_path, MESSAGES)
    server = importlib.import_module(pkg.__name__ + ".server")
    seen: list[str] = []

    class Handler(server.ServerHandler):  # type: ignore[misc, name-defined]
        async def add(self, params: Any, ctx: Any) -> Any:
            if params.a < 0:
                raise server.RPCError(-32000, "negative", {"a": params.a})
            if params.a == 0:
                raise RuntimeError("boom")
            return pkg.AddResult(sum=params.a + params.b)

        async def tick(self, params: Any, ctx: Any) -> None:
            seen.append(ctx)

    def run(raw: str) -> Any:
        return asyncio.run(server.dispatch(Handler(), raw, "ctx"))

    call = '{"jsonrpc": "2.0", "id": 1, "method": "add", "params": {"a": %d, "b": 2}}'
    assert run(call % 1) == {"jsonrpc": "2.0", "id": 1, "result": {"sum": 3}}
    assert run(call % -1)["error"] == {"code": -32000, "message": "negative", "data": {"a": -1}}
    assert run(call % 0)["error"] == {"code": -32603, "message": "Internal error"}
    assert run('{"jsonrpc": "2.0", "id": 2, "method": "ping"}')["error"]["code"] == -32601
    assert run('{"jsonrpc": "2.0", "method": "tick"}') is None and seen == ["ctx"]
    assert (
        run('{"jsonrpc": "2.0", "id": 3, "method": "add", "params": {}}')["error"]["code"] == -32602
    )


def test_check_finds_the_msgspec_package_up_to_date_then_stale(tmp_path: Path) -> None:
    schema = tmp_path / "s.ts"
    schema.write_text(PRELUDE + MESSAGES, "utf-8")
    out = tmp_path / "out"
    args = ["generate", "--schema", str(schema), "--out", str(out), "--no-cache", "-q"]
    args += ["--target", "msgspec"]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert CliRunner().invoke(main, [*args, "--check"]).exit_code == 0
    # the pydantic package is another output: the msgspec one is stale for it
    pydantic = [a for a in args if a not in ("--target", "msgspec")]
    assert CliRunner().invoke(main, [*pydantic, "--check"]).exit_code == 1


def test_the_client_stub_sends_wire_json_and_types_the_result(tmp_path: Path) -> None:
    pkg = package(tmp_path, MESSAGES)
    client_module = importlib.import_module(pkg.__name__ + ".client")
    sent: list[tuple[str, Any]] = []

    class Fake:
        def __init__(self, result: Any) -> None:
            self.result = result

        async def request(self, method: str, params: Any) -> Any:
            sent.append((method, params))
            if self.result is None:
                raise pkg.RPCError(-32000, "refused")
            return self.result

    params = pkg.models.AddRequestParams(a=1, b=2)
    result = asyncio.run(client_module.Client(Fake({"sum": 3})).add(params))
    assert type(result) is pkg.AddResult and result.sum == 3
    assert sent == [("add", {"a": 1, "b": 2})]
    assert asyncio.run(client_module.Client(Fake({})).ping()) == pkg.models.Result()
    with pytest.raises(client_module.InvalidResult, match="sum"):
        asyncio.run(client_module.Client(Fake({"sum": "3"})).add(params))
    with pytest.raises(pkg.RPCError):
        asyncio.run(client_module.Client(Fake(None)).add(params))
