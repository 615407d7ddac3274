"""What typings (``.d.ts``, which TypeScript reads unchecked with ``skipLibCheck``) may
hold and a checked ``.ts`` file may not, as openai's SDK typings write it (held-out probe,
issue #33): an ``// @ts-ignore``d import of a file the program lacks, ``typeof`` a runtime
global, a DOM global beside modules that declare the same name, a name qualified through a
namespace merged with an interface, an array interface that says its index again. Each
compiles, imports under ``-W error`` and validates like its JSON Schema; in a ``.ts`` file
the ones TypeScript reports stay located errors.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import Diagnostics, SchemaError
from tests.compiler.emit.test_pydantic_emit import generate_models, import_source


def _compiled(tmp_path: Path, files: dict[str, str]) -> tuple[Any, dict[str, Any], list[str]]:
    """Write ``files`` (the first is the entry), compile the entry: its module imported with
    warnings as errors, its JSON Schema definitions, and its degradation warnings."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    entry = tmp_path / next(iter(files))
    diags = Diagnostics()
    defs = schema_document(load_schema([entry], diags))["$defs"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = import_source(generate_models([entry]), tmp_path)
    found = [str(w).removeprefix(str(tmp_path) + "/") for w in diags.degraded]
    return module, defs, found


def _agree(module: Any, defs: dict[str, Any], target: str, good: list[Any], bad: list[Any]) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    definition = {"$defs": defs, "$ref": f"#/$defs/{target}"}
    for value in good:
        adapter.validate_json(json.dumps(value))
        jsonschema.validate(value, definition)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(value, definition)


def test_an_import_of_a_file_the_typings_lack_degrades_loudly(tmp_path: Path) -> None:
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": 'import type { Options } from "./sub/types";\n'
            "export interface Call { options: Options }\n",
            "sub/types.d.ts": "// @ts-ignore For users with undici\n"
            "type RI = import('../node_modules/undici-types/index.d.ts').RequestInit;\n"
            "export interface Options { init?: RI; name: string }\n",
        },
    )
    assert found == [
        "sub/types.d.ts:2:11: warning: 'RequestInit' from"
        " '../node_modules/undici-types/index.d.ts', a file the program does not have:"
        " degraded to JsonValue (any JSON value)"
    ]
    good = [{"options": {"name": "n"}}, {"options": {"name": "n", "init": {"any": [1]}}}]
    _agree(module, defs, "Call", good, [{"options": {}}, {"options": {"name": 1}}])


def test_an_import_of_a_missing_file_in_a_checked_file_stays_an_error(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(
        "import type { T } from './gone';\nexport interface A { t: T }\n"
    )
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    assert "cannot import from './gone'" in str(info.value)


def test_typeof_a_value_no_file_declares_degrades_in_typings(tmp_path: Path) -> None:
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": 'import type { Init } from "./fetch";\n'
            "export interface Call { init: Init; n: number }\n",
            "fetch.d.ts": "export type Init = typeof fetch;\n",
        },
    )
    assert found == [
        "fetch.d.ts:1:20: warning: 'typeof fetch', a value no file of the program declares"
        " (a lib global function or object, not JSON data): degraded to JsonValue (any JSON"
        " value)"
    ]
    _agree(module, defs, "Call", [{"init": "x", "n": 1}], [{"init": 1}])
    (tmp_path / "checked.ts").write_text("export type Init = typeof fetch;\n")
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "checked.ts"])
    assert "unknown const 'fetch' in 'typeof fetch'" in str(info.value)


def test_a_lib_global_in_a_module_is_the_lib_s_whatever_other_modules_declare(
    tmp_path: Path,
) -> None:
    """``response: Response`` in a module that neither declares nor imports ``Response`` is
    the DOM's: two modules' own ``Response`` types are no error, and one module's is not
    what it silently means."""
    files = {
        "schema.ts": 'import type { Props } from "./parse";\n'
        'import type { Response as One } from "./one";\n'
        'import type { Response as Two } from "./two";\n'
        "export interface U { props: Props; one: One; two: Two }\n",
        "parse.d.ts": "export type Props = { response: Response; status: number };\n",
        "one.d.ts": "export interface Response { id: string }\n",
        "two.d.ts": "export interface Response { object: 'response'; n: number }\n",
    }
    module, defs, found = _compiled(tmp_path, files)
    assert found == [
        "parse.d.ts:1:33: warning: 'Response' (a DOM object of TypeScript's lib, not JSON"
        " data): degraded to JsonValue (any JSON value)"
    ]
    good = {"props": {"response": [1], "status": 1}, "one": {"id": "i"}}
    good["two"] = {"object": "response", "n": 1}
    _agree(module, defs, "U", [good], [{**good, "one": {"n": 1}}, {**good, "props": {}}])


def test_a_lib_global_beside_one_module_that_declares_it_is_still_the_lib_s(
    tmp_path: Path,
) -> None:
    files = {
        "schema.ts": 'import type { Props } from "./parse";\n'
        'import type { Response } from "./one";\n'
        "export interface U { props: Props; mine: Response }\n",
        "parse.d.ts": 'import type { Id } from "./one";\n'
        "export type Props = { response: Response; id?: Id };\n",
        "one.d.ts": "export type Id = string;\nexport interface Response { id: Id }\n",
    }
    module, defs, found = _compiled(tmp_path, files)
    assert [w.split(": warning: ")[0] for w in found] == ["parse.d.ts:2:33"]
    good = {"props": {"response": {"no": "id"}}, "mine": {"id": "i"}}
    _agree(module, defs, "U", [good], [{**good, "mine": {}}])


def test_a_name_qualified_through_a_namespace_merged_with_an_interface(tmp_path: Path) -> None:
    """``delta: Choice.Delta`` inside ``namespace Chunk`` is ``Chunk.Choice.Delta``, also
    while other modules declare a ``Choice`` (it was "'Choice' is declared in a.d.ts and
    b.d.ts ...: import the one meant")."""
    files = {
        "schema.ts": 'import type { Snap } from "./a";\n'
        'import type { Choice as BC } from "./b";\n'
        'import type { Chunk, Completion } from "./main";\n'
        "export interface U { s: Snap.Choice; b: BC; chunk: Chunk; done: Completion }\n",
        "a.d.ts": "export declare namespace Snap { interface Choice { a: string } }\n",
        "b.d.ts": "export interface Choice { b: string }\n",
        "main.d.ts": "export interface Chunk { choices: Chunk.Choice[] }\n"
        "export declare namespace Chunk {\n"
        "  interface Choice { delta: Choice.Delta; index: number }\n"
        "  namespace Choice { interface Delta { content?: string } }\n"
        "}\n"
        "export interface Completion { choices: Completion.Choice[] }\n"
        "export declare namespace Completion {\n"
        "  interface Choice { logprobs: Choice.Logprobs | null }\n"
        "  namespace Choice { interface Logprobs { content?: string } }\n"
        "}\n",
    }
    module, defs, found = _compiled(tmp_path, files)
    assert found == []
    good = {
        "s": {"a": "x"},
        "b": {"b": "y"},
        "chunk": {"choices": [{"delta": {"content": "c"}, "index": 0}]},
        "done": {"choices": [{"logprobs": None}, {"logprobs": {"content": "l"}}]},
    }
    bad = [
        {**good, "chunk": {"choices": [{"delta": {"content": 1}, "index": 0}]}},
        {**good, "done": {"choices": [{"delta": {}, "index": 0}]}},
        {**good, "s": {"b": "y"}},
    ]
    _agree(module, defs, "U", [good], bad)


def test_an_array_interface_that_says_its_index_again_is_the_array(tmp_path: Path) -> None:
    """openai's ``interface JSONSchemaArray extends Array<JSONSchemaType> { [index: number]:
    JSONSchemaType }`` (it was "cannot extend a array type"): the index signature is
    ``Array``'s own, so the interface names the array, as one with an empty body does; a
    narrower index type is the items' type. JSON writes such a value as an array
    (typescript-json-schema writes an object of ``length`` and numbered members:
    docs/jsonschema-deviations.md)."""
    files = {
        "schema.ts": "export type V = string | number | VArr | null;\n"
        "export interface VArr extends Array<V> { [index: number]: V }\n"
        "export interface Names extends Array<string | number> { [i: number]: string }\n"
        "export interface Again extends Names { [i: number]: string }\n"
        "export interface U { v: VArr; names: Names; again: Again }\n",
    }
    module, defs, found = _compiled(tmp_path, files)
    assert found == []
    assert defs["Names"] == {"items": {"type": "string"}, "type": "array"}
    good = {"v": [1, "a", [None, [2]]], "names": ["a"], "again": []}
    bad = [{**good, "names": [1]}, {**good, "v": {"0": 1, "length": 1}}, {**good, "v": [True]}]
    _agree(module, defs, "U", [good], bad)


def test_a_global_block_inside_a_module_declaration_declares_globals(tmp_path: Path) -> None:
    """@types/node's ``declare module "buffer" { global { interface ... } }``: tree-sitter's
    grammar knows only ``declare global``, and reads ``global`` as an error (either shape);
    it was "syntax error: unexpected 'global'"."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": '/// <reference path="node.d.ts" />\n'
            "export interface U { x: X; g: G; y: Y }\n",
            "node.d.ts": 'declare module "m" {\n'
            "  global { interface X { a: string } }\n"
            "  interface Y { b: string }\n"
            "}\n"
            'declare module "n" {\n'
            "  interface Z { c: string }\n"
            "  global { interface G { d: number } }\n"
            "}\n",
        },
    )
    assert found == []
    good = {"x": {"a": "a"}, "g": {"d": 1}, "y": {"b": "b"}}
    _agree(module, defs, "U", [good], [{**good, "x": {}}, {**good, "g": {"d": "1"}}])


def test_a_global_block_after_a_line_break_is_still_the_global_augmentation(
    tmp_path: Path,
) -> None:
    """``global`` + line break + ``{ ... }`` in ``declare module "m"``: tsc reads the
    augmentation there too (no statement ends after ``global``; ``G`` is found), not an
    expression statement and a block; it was "unsupported construct: statement block"."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": '/// <reference path="node.d.ts" />\nexport interface U { g: G; y: Y }\n',
            "node.d.ts": 'declare module "m" {\n  global\n  {\n    interface G { d: number }\n'
            "  }\n  interface Y { b: string }\n}\n",
        },
    )
    assert found == []
    good = {"g": {"d": 1}, "y": {"b": "b"}}
    _agree(module, defs, "U", [good], [{**good, "g": {"d": "1"}}, {**good, "y": {}}])


def test_a_global_word_elsewhere_is_still_a_syntax_error(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text("global { interface X { a: string } }\n")
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    assert "syntax error" in str(info.value)


def test_an_import_inside_a_module_declaration_binds_its_names(tmp_path: Path) -> None:
    """``declare module "stream" { import { Init } from "./events"; ... }`` (every module of
    @types/node): it was "unsupported construct: import inside a namespace". The block's
    names join the file's, and so do its imports; a name the file binds keeps that one."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": '/// <reference path="stream.d.ts" />\nexport interface U { s: S }\n',
            "events.d.ts": "export interface Init { name: string }\n",
            "other.d.ts": "export interface Init { other: boolean }\n",
            "stream.d.ts": 'declare module "stream" {\n'
            '  import { Init } from "./events";\n'
            "  interface S extends Init { size: number }\n"
            "}\n"
            'declare module "node:stream" {\n'
            '  import { Init } from "./other";\n'
            "}\n",
        },
    )
    assert found == []
    good = {"s": {"name": "n", "size": 1}}
    _agree(module, defs, "U", [good], [{"s": {"size": 1}}, {"s": {"other": True, "size": 1}}])


def test_a_rest_member_after_a_variadic_spread_degrades(tmp_path: Path) -> None:
    """zod's ``[...A, ...R[]]`` (A a type parameter, which may stand for a fixed tuple):
    valid TypeScript, so no error ("a rest member cannot follow another rest member"); the
    items from the spread on are any JSON value, loudly."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": "export type T<A extends unknown[], R> = [...A, ...R[]];\n"
            "export interface U { t: T<[string], number>; n: number }\n",
        },
    )
    assert [w.split(": warning: ")[0] for w in found] == ["schema.ts:1:42"]
    _agree(module, defs, "U", [{"t": ["a", 1], "n": 1}, {"t": [], "n": 1}], [{"t": 1, "n": 1}])
    (tmp_path / "schema.ts").write_text("export type T = [...string[], ...number[]];\n")
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    assert "a rest member cannot follow another rest member" in str(info.value)


def test_an_import_of_a_name_the_module_does_not_export_degrades_in_typings(
    tmp_path: Path,
) -> None:
    """@types/node's ``import { NonSharedBuffer } from "node:buffer"`` of a name that module
    does not export: unchecked typings read it as the error type; loudly here. In a ``.ts``
    file it stays TypeScript's error."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": 'import type { Chunk } from "./stream";\nexport interface U { c: Chunk }\n',
            "buffer.d.ts": "export interface Real { n: number }\n",
            "stream.d.ts": 'import { Real, Missing } from "./buffer";\n'
            "export interface Chunk { real: Real; missing: Missing }\n",
        },
    )
    assert found == [
        "stream.d.ts:2:47: warning: './buffer' does not export 'Missing' (no such declaration):"
        " degraded to JsonValue (any JSON value)"
    ]
    good = {"c": {"real": {"n": 1}, "missing": ["any"]}}
    _agree(module, defs, "U", [good], [{"c": {"real": {}, "missing": 1}}])
    (tmp_path / "checked.ts").write_text(
        'import { Missing } from "./buffer";\nexport interface C { m: Missing }\n'
    )
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "checked.ts"])
    assert "'./buffer' does not export 'Missing' (no such declaration)" in str(info.value)


def test_a_re_export_inside_a_module_block_is_not_the_file_s(tmp_path: Path) -> None:
    """``declare module "node:inspector/promises" { export { Schema } from "inspector" }``:
    the block's export, not the file's; it was "'inspector' does not export 'Schema'"."""
    module, defs, found = _compiled(
        tmp_path,
        {
            "schema.ts": '/// <reference path="node.d.ts" />\nexport interface U { a: A }\n',
            "node.d.ts": 'declare module "m/promises" {\n'
            '  export { Schema } from "inspector";\n'
            "  interface A { a: string }\n"
            "}\n",
        },
    )
    assert found == []
    _agree(module, defs, "U", [{"a": {"a": "x"}}], [{"a": {}}])
