"""Issue #33: names that TypeScript resolves and the front end once called unknown.

Each case is a snippet of the construct, compiled (``generate``), imported under
``python -W error`` and validated: what the name means must hold, not only compile.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.compiler.build_stage.test_totality_net import CODEGEN_ENV, DEGRADED, _generate
from tests.conftest import PythonForks

# name -> (files, check run after ``import pkg, pydantic``)
CASES: dict[str, tuple[dict[str, str], str]] = {
    # ``Chat.ChannelChat`` from another file, beside ``ChatFullInfo.ChannelChat``: parse
    # names each namespace member apart, and the dotted path finds the right one.
    "a_namespace_member_named_by_its_path_from_another_file": (
        {
            "manage.ts": (
                "export declare namespace Chat {\n"
                '  interface PrivateChat { type: "private"; id: number }\n'
                '  interface ChannelChat { type: "channel"; id: number }\n'
                "}\n"
                "export type Chat = Chat.PrivateChat | Chat.ChannelChat;\n"
                "export declare namespace ChatFullInfo {\n"
                '  interface ChannelChat { type: "channel"; id: number; title: string }\n'
                "}\n"
                "export type ChatFullInfo = ChatFullInfo.ChannelChat;\n"
            ),
            "message.ts": (
                'import type { Chat } from "./manage.js";\n'
                "export interface Message { chat: Chat; sender_chat?: Chat.ChannelChat }\n"
            ),
        },
        "m = pkg.Message.model_validate({'chat': {'type': 'private', 'id': 1},"
        " 'sender_chat': {'type': 'channel', 'id': 2}})\n"
        "assert m.sender_chat.id == 2\n"
        "bad = {'chat': {'type': 'private', 'id': 1}, 'sender_chat': {'type': 'private', 'id': 2}}\n"
        "rejects(pkg.Message, bad)\n",
    ),
    # ``typeof Kind.Full`` of ``declare namespace Kind { const Full = "full" }``
    "typeof_a_namespace_constant": (
        {
            "a.d.ts": (
                "export declare namespace Kind {\n"
                '  const Full = "full";\n  const Unchanged: "unchanged";\n}\n'
                "export type Kind = 'full' | 'unchanged';\n"
                'export declare namespace Other { const Full = "other"; }\n'
                "export interface Report {\n"
                "  kind: typeof Kind.Full; k2: typeof Kind.Unchanged; o: typeof Other.Full\n}\n"
            ),
        },
        "r = pkg.Report.model_validate({'kind': 'full', 'k2': 'unchanged', 'o': 'other'})\n"
        "assert r.kind == 'full'\n"
        "rejects(pkg.Report, {'kind': 'unchanged', 'k2': 'unchanged', 'o': 'other'})\n"
        "rejects(pkg.Report, {'kind': 'full', 'k2': 'unchanged', 'o': 'full'})\n",
    ),
    # ``typeof Codes[keyof typeof Codes]`` of ``declare const Codes: { readonly A: "a" }``
    "typeof_a_declared_constant_of_an_object_type": (
        {
            "langs.d.ts": (
                "export type LanguageCode = typeof LanguageCodes[keyof typeof LanguageCodes];\n"
                "export declare const LanguageCodes: {\n"
                '  readonly Abkhazian: "ab";\n  readonly Afar: "aa";\n};\n'
                "export interface User { lang?: LanguageCode }\n"
            ),
        },
        "assert pkg.User.model_validate({'lang': 'aa'}).lang == 'aa'\n"
        "rejects(pkg.User, {'lang': 'en'})\n",
    ),
    # ``export { type X as X }`` inside ``namespace N``: N passes the outer X on as N.X
    "a_namespace_that_exports_a_name_of_its_enclosing_scope": (
        {
            "m.d.ts": (
                "export interface Source { data: string }\n"
                "export declare namespace Messages {\n"
                "  export { type Source as Source };\n}\n"
                "export interface Uses { s: Messages.Source }\n"
            ),
        },
        "assert pkg.Uses.model_validate({'s': {'data': 'x'}}).s.data == 'x'\n"
        "rejects(pkg.Uses, {'s': {'data': 1}})\n",
    ),
    # ``import * as lib`` and ``lib.TrustedHTML`` beside this file's own ``TrustedHTML``
    "a_namespace_import_names_the_modules_declaration": (
        {
            "lib/index.d.ts": "export interface TrustedHTML { html: string }\n",
            "index.d.ts": (
                'import * as lib from "./lib";\n'
                "declare global {\n  interface TrustedHTML extends lib.TrustedHTML { own?: 1 }\n}\n"
                "export interface Uses { h: lib.TrustedHTML; g: TrustedHTML }\n"
            ),
        },
        "u = pkg.Uses.model_validate({'h': {'html': 'a'}, 'g': {'html': 'b', 'own': 1}})\n"
        "assert u.g.own == 1 and not hasattr(u.h, 'own')\n"
        "rejects(pkg.Uses, {'h': {'html': 'a'}, 'g': {'html': 'b', 'own': 2}})\n",
    ),
    # ``{ [k: string]: V }["a"]`` is V, as TypeScript reads it
    "an_indexed_key_read_from_the_index_signature": (
        {
            "d.ts": "export interface D { [k: string]: number; fixed: string }\n"
            'export interface U { x: D["other"] }\n'
        },
        "assert pkg.U.model_validate({'x': 2}).x == 2\nrejects(pkg.U, {'x': 'a'})\n",
    ),
    # ``data: D | undefined`` with ``D = void``: one ``undefined``, which means absent
    "a_void_default_beside_undefined_is_absent": (
        {
            "e.d.ts": (
                "export declare class ResponseError<D = void> {\n"
                "  readonly code: number; readonly data: D | undefined;\n}\n"
                "export interface R { e: ResponseError; n: null | null | string }\n"
            ),
        },
        "assert pkg.R.model_validate({'e': {'code': 1}, 'n': None}).e.code == 1\n"
        "assert 'data' not in pkg.ResponseError.model_fields\n",
    ),
    # the same declaration twice, word for word (tsc's error, silenced by ``@ts-ignore``)
    "a_redundant_redeclaration_silenced_by_ts_ignore": (
        {
            "d.d.ts": (
                "export type Opt = { a: string };\nexport interface Uses { o: Opt }\n"
                "// @ts-ignore\n/** Again. */\nexport type Opt = { a: string };\n"
            ),
        },
        "assert pkg.Uses.model_validate({'o': {'a': 'x'}}).o.a == 'x'\n"
        "rejects(pkg.Uses, {'o': {'a': 1}})\n",
    ),
    # ``extends SyntaxError``: lib.es5's Error subtypes are Error's members; TypeScript
    # 5.7's typed arrays take a buffer type argument, which changes no data
    "an_error_subtype_and_a_generic_typed_array_of_the_lib": (
        {
            "e.d.ts": (
                "export interface ParseError extends SyntaxError { offset: number }\n"
                "export interface Bin { data: Uint8Array<ArrayBuffer>; e: TypeError }\n"
            ),
        },
        "p = pkg.ParseError.model_validate({'name': 'SyntaxError', 'message': 'm', 'offset': 1})\n"
        "assert p.offset == 1 and p.message == 'm'\n"
        "rejects(pkg.ParseError, {'name': 'SyntaxError', 'offset': 1})\n"
        "b = pkg.Bin.model_validate({'data': {'BYTES_PER_ELEMENT': 1, 'buffer': {'byteLength': 0},"
        " 'byteLength': 0, 'byteOffset': 0, 'length': 0}, 'e': {'name': 'n', 'message': 'm'}})\n"
        "assert b.e.name == 'n'\n",
    ),
    # ``Reply = Service | (Common & {...})`` where ``Common``'s members hold ``reply?: Reply``:
    # TypeScript reads the alias lazily; naming the distributed members reads it no more
    "an_alias_whose_distributed_members_use_it_lazily": (
        {
            "m.ts": (
                "export interface Text { text: string; reply?: Reply }\n"
                "export interface Photo { photo: string; reply?: Reply }\n"
                "export interface Service { svc: number }\n"
                "export type Common = Text | Photo;\n"
                "type Reply = Service | (Common & { reply: undefined });\n"
                "export type Message = Service | Common;\n"
            ),
        },
        "m = pkg.Text.model_validate({'text': 't', 'reply': {'photo': 'p'}})\n"
        "assert m.reply.photo == 'p'\n"
        "rejects(pkg.Text, {'text': 't', 'reply': {'photo': 1}})\n",
    ),
    # ``x0?: any`` over an inherited ``x0?: string | number``: tsc accepts it
    "a_property_redeclared_as_any": (
        {
            "box.d.ts": (
                "export interface Base { x0?: string | number; k: string }\n"
                "export interface Box extends Base { x0?: any }\n"
            ),
        },
        "assert pkg.Box.model_validate({'k': 'a', 'x0': [1]}).x0 == [1]\n"
        "rejects(pkg.Box, {'x0': 1})\n",
    ),
}

OUT = ("--out", "../out/pkg", "--no-cache", "--strict")
PRELUDE = """
import pkg, pydantic
def rejects(model, value):
    try:
        model.model_validate(value)
    except pydantic.ValidationError:
        return
    raise AssertionError(value)
"""


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_name_compiles_imports_and_validates(tmp_path: Path, case: str) -> None:
    files, check = CASES[case]
    schema = tmp_path / "schema"
    for name, text in files.items():
        (schema / name).parent.mkdir(parents=True, exist_ok=True)
        (schema / name).write_text(text)
    entry = "index.d.ts" if "index.d.ts" in files else "."
    done = subprocess.run(
        [sys.executable, "-m", "codegen", "generate", "--schema", entry, *OUT],
        cwd=schema,
        env=CODEGEN_ENV,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    imported = subprocess.run(
        [sys.executable, "-W", "error", "-c", PRELUDE + check],
        cwd=tmp_path / "out",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert imported.returncode == 0, imported.stderr


def test_typeof_a_value_no_type_describes_degrades_and_an_unknown_one_is_an_error(
    tmp_path: Path, python_forks: PythonForks
) -> None:
    (tmp_path / "schema.ts").write_text(
        "declare namespace g.maps.geometry.encoding { function decode(p: string): number[] }\n"
        "export declare function helper(): void;\n"
        "export interface Geo { e: typeof g.maps.geometry.encoding; h: typeof helper; ok: 1 }\n"
    )
    done = _generate(tmp_path, python_forks)
    what = (
        "(a value of the typings: a function, a namespace or an object with methods, not JSON data)"
    )
    assert [line for line in done.stderr.splitlines() if "warning" in line] == [
        f"schema.ts:3:27: warning: 'typeof g.maps.geometry.encoding' {what}{DEGRADED}",
        f"schema.ts:3:63: warning: 'typeof helper' {what}{DEGRADED}",
    ]
    (tmp_path / "schema.ts").write_text("export interface A { a: typeof nothing }\n")
    done = _generate(tmp_path, python_forks)
    assert (done.returncode, done.stderr.strip()) == (
        2,
        "schema.ts:1:25: error: unknown const 'nothing' in 'typeof nothing'",
    )


# --------------------------------------------------------------------------- UMD globals

# @types/geojson's shape: a module that is also the UMD global ``GeoJSON``.
GEOJSON = (
    "export as namespace GeoJSON;\n"
    'export interface Point { type: "Point"; coordinates: number[] }\n'
    'export interface Line { type: "Line"; coordinates: number[][] }\n'
    "export type GeoJSON = Point | Line;\n"
)
# maplibre's shape: a module that writes ``GeoJSON.GeoJSON`` and imports nothing of it.
USES_GEOJSON = (
    "export type Source = { data: GeoJSON.GeoJSON | string; at?: GeoJSON.Point; n: number };\n"
)
# The file's own ``Point`` is another type: ``GeoJSON.Point`` is the global's.
OWN_POINT = "export interface Point { x: string }\nexport type Mine = Point;\n"
CHECK_SOURCE = """
import json, jsonschema
from importlib.resources import files
good = {"data": {"type": "Line", "coordinates": [[1, 2]]}, "at": {"type": "Point",
        "coordinates": [1]}, "n": 1}
assert pkg.Source.model_validate(good).n == 1
assert pkg.Mine.model_validate({"x": "own"}).x == "own"
document = json.loads(files(pkg).joinpath("schema.json").read_text())
source = {**document, "$ref": "#/$defs/Source"}
jsonschema.validate(good, source)
for bad in ({**good, "at": {"type": "Line", "coordinates": [1]}}, {**good, "data": 1}):
    rejects(pkg.Source, bad)
    try:
        jsonschema.validate(bad, source)
    except jsonschema.ValidationError:
        continue
    raise AssertionError(bad)
"""


def _run(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv, cwd=cwd, env=CODEGEN_ENV, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("how", ["mapped_package", "referenced_file"])
def test_a_umd_global_of_a_file_in_the_program_is_visible_without_an_import(
    tmp_path: Path, how: str
) -> None:
    schema = tmp_path / "schema"
    schema.mkdir()
    if how == "mapped_package":
        (tmp_path / "geojson").mkdir()
        (tmp_path / "geojson" / "index.d.ts").write_text(GEOJSON)
        (schema / "index.d.ts").write_text(USES_GEOJSON + OWN_POINT)
        flags: tuple[str, ...] = ("--import-map", "geojson=../geojson")
    else:
        (schema / "geo.d.ts").write_text(GEOJSON)
        text = '/// <reference path="geo.d.ts" />\n' + USES_GEOJSON + OWN_POINT
        (schema / "index.d.ts").write_text(text)
        flags = ()
    done = _run(
        schema, sys.executable, "-m", "codegen", "generate", "--schema", "index.d.ts", *OUT, *flags
    )
    assert (done.returncode, "warning" in done.stderr) == (0, False), done.stderr
    imported = _run(tmp_path / "out", sys.executable, "-W", "error", "-c", PRELUDE + CHECK_SOURCE)
    assert imported.returncode == 0, imported.stderr


def test_a_dotted_name_whose_head_no_file_declares_is_not_a_local_of_its_tail(
    tmp_path: Path,
) -> None:
    """``GeoJSON.Point`` where nothing declares ``GeoJSON``, beside the file's own ``Point``:
    it is the missing global's (degraded loudly), not the file's ``Point`` (it was, silently:
    a namespace's members are flattened, and the head was dropped)."""
    (tmp_path / "index.d.ts").write_text(OWN_POINT + USES_GEOJSON)
    argv = (sys.executable, "-m", "codegen", "generate", "--schema", "index.d.ts")
    done = _run(tmp_path, *argv, "--out", "out/pkg", "--no-cache")
    assert done.returncode == 0, done.stderr
    warned = [line for line in done.stderr.splitlines() if "warning" in line]
    assert [w.split(": warning: ")[1].split(",")[0] for w in warned] == [
        "'GeoJSON.GeoJSON'",
        "'GeoJSON.Point'",
    ]
    check = (
        "s = pkg.Source.model_validate({'data': 'x', 'at': {'type': 'Point'}, 'n': 1})\n"
        "assert s.at == {'type': 'Point'}\n"
        "rejects(pkg.Mine, {'type': 'Point'})\n"
    )
    imported = _run(tmp_path / "out", sys.executable, "-W", "error", "-c", PRELUDE + check)
    assert imported.returncode == 0, imported.stderr


def test_a_name_no_file_declares_degrades_in_typings_and_is_an_error_in_a_ts_file(
    tmp_path: Path,
) -> None:
    """maplibre's typings write ``GeoJSON.GeoJSON`` of @types/geojson, a devDependency that
    is not installed with them: TypeScript reads an error type there (unchecked typings),
    typescript-json-schema ``{}``; ours degrades that spot loudly, the rest compiles."""
    (tmp_path / "index.d.ts").write_text(USES_GEOJSON)
    argv = (sys.executable, "-m", "codegen", "generate", "--schema", "index.d.ts")
    out = ("--out", "out/pkg", "--no-cache")
    done = _run(tmp_path, *argv, *out)
    assert done.returncode == 0, done.stderr
    what = (
        "which no file of the program declares (a global of a package the typings do not"
        " import: map the package that declares 'GeoJSON' with --import-map, or reference its"
        f" file){DEGRADED}"
    )
    spots = [
        f"index.d.ts:1:30: warning: 'GeoJSON.GeoJSON', {what}",
        f"index.d.ts:1:61: warning: 'GeoJSON.Point', {what}",
    ]
    assert [line for line in done.stderr.splitlines() if "warning" in line] == spots
    check = (
        "assert len(pkg.DEGRADED) == 2 and 'GeoJSON.Point' in pkg.DEGRADED[1]\n"
        "s = pkg.Source.model_validate({'data': {'any': [1]}, 'at': 'x', 'n': 1})\n"
        "assert s.data == {'any': [1]}\n"
        "rejects(pkg.Source, {'data': 'x', 'n': 'one'})\n"
        "import json\nfrom importlib.resources import files\n"
        "doc = json.loads(files(pkg).joinpath('schema.json').read_text())\n"
        "assert 'GeoJSON.Point' in doc['$defs']['Source']['properties']['at']['$comment']\n"
    )
    imported = _run(tmp_path / "out", sys.executable, "-W", "error", "-c", PRELUDE + check)
    assert imported.returncode == 0, imported.stderr
    strict = _run(tmp_path, *argv, "--out", "strict/pkg", "--no-cache", "--strict")
    assert strict.returncode == 2
    assert spots[0].replace("warning", "error") in strict.stderr.splitlines()
    assert not (tmp_path / "strict").exists()
    # A ``.ts`` file is checked by TypeScript, which reports the name: so is it here.
    (tmp_path / "index.ts").write_text(USES_GEOJSON)
    done = _run(tmp_path, sys.executable, "-m", "codegen", "generate", "--schema", "index.ts", *out)
    assert (done.returncode, done.stderr.strip()) == (
        2,
        "index.ts:1:30: error: unknown type 'GeoJSON.GeoJSON'",
    )
