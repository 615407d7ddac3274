"""Each TypeScript construct beyond MCP's dialect: compile a snippet, import it, validate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import SchemaError
from tests.compiler.emit.test_pydantic_emit import compile_ts

# name -> (snippet, type to check, a valid value, an invalid value)
CASES: dict[str, tuple[str, str, Any, Any]] = {
    "string_enum": ('export enum Color { Red = "red", Green = "green" }', "Color", "red", "blue"),
    "numeric_enum": ("export enum Level { Low, High = 5, Top }", "Level", 6, 1),
    "const_enum": ('export const enum K { A = "a" }', "K", "a", "b"),
    "enum_member_type": (
        'export enum Kind { A = "a", B = "b" }\nexport interface X { k: Kind.B }',
        "X",
        {"k": "b"},
        {"k": "a"},
    ),
    "optional_never": ("export interface X { a: string; b?: never }", "X", {"a": "x"}, {}),
    "indexed_access": (
        'interface Base { a: number }\nexport interface X { v: Base["a"] }',
        "X",
        {"v": 1},
        {"v": "s"},
    ),
    "record_literal_keys": (
        'export type X = Record<"a" | "b", number>;',
        "X",
        {"a": 1, "b": 2},
        {"a": 1},
    ),
    "numeric_index": ("export interface X { [row: number]: string }", "X", {"1": "a"}, {"1": 2}),
    "intersection_over_union": (
        "interface A { a: string }\ninterface B { b: string }\ninterface C { c: string }\n"
        "export interface X { v: (A | B) & C }",
        "X",
        {"v": {"a": "1", "c": "2"}},
        {"v": {"a": "1"}},
    ),
    "partial": (
        "interface B { a: string; b: number }\nexport type X = Partial<B>;",
        "X",
        {},
        {"a": 1},
    ),
    "required": (
        "interface B { a?: string }\nexport type X = Required<B>;",
        "X",
        {"a": "x"},
        {},
    ),
    "pick": (
        'interface B { a: string; b: number }\nexport type X = Pick<B, "b">;',
        "X",
        {"b": 1},
        {},
    ),
    "readonly_utility": (
        "interface B { a: string }\nexport type X = Readonly<B>;",
        "X",
        {"a": "x"},
        {},
    ),
    "generic_interface": (
        "export interface Page<T> { items: T[] }\ninterface Tool { name: string }\n"
        "export interface X { page: Page<Tool> }",
        "X",
        {"page": {"items": [{"name": "t"}]}},
        {"page": {"items": [{}]}},
    ),
    "generic_default": (
        "export interface Box<T = number> { v: T }\nexport interface X { b: Box }",
        "X",
        {"b": {"v": 1}},
        {"b": {"v": "s"}},
    ),
    "generic_alias": (
        "type List<T> = T[];\nexport interface X { l: List<string> }",
        "X",
        {"l": ["a"]},
        {"l": [1]},
    ),
    "keyof": (
        "interface B { a: string; b: string }\nexport type X = keyof B;",
        "X",
        "b",
        "c",
    ),
    "template_literal": ("export type X = `id-${string}`;", "X", "id-7", "x-7"),
    "template_literal_union": ('export type X = `on${"Open" | "Close"}`;', "X", "onOpen", "on"),
    "readonly_array": ("export type X = readonly string[];", "X", ["a"], [1]),
    "optional_tuple": ("export type X = [string, number?];", "X", ["a"], []),
    "namespace": (
        "export namespace P { export interface Id { v: string } }\nexport interface X { id: P.Id }",
        "X",
        {"id": {"v": "a"}},
        {"id": {}},
    ),
    "declare_module": (
        "export declare module DP { interface X { n: number; m(): void } }",
        "X",
        {"n": 1},
        {"n": "s"},
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_construct_compiles_and_validates(name: str, tmp_path: Path) -> None:
    snippet, target, good, bad = CASES[name]
    models, _ = compile_ts(tmp_path, snippet)
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(models, target))
    adapter.validate_python(good)
    with pytest.raises(ValidationError):
        adapter.validate_python(bad)


def _schema(tmp_path: Path, ts: str, name: str = "schema.ts") -> dict[str, Any]:
    path = tmp_path / name
    path.write_text(ts)
    return schema_document(load_schema([path]))["$defs"]


def test_enum_json_schema_keeps_declaration_order(tmp_path: Path) -> None:
    defs = _schema(tmp_path, 'export enum C { B = "b", A = "a" }\nexport enum N { X = 2, Y = 1 }')
    assert defs["C"] == {"enum": ["b", "a"], "type": "string"}
    assert defs["N"] == {"enum": [2, 1], "type": "number"}


def test_template_literal_json_schema_is_a_pattern(tmp_path: Path) -> None:
    defs = _schema(tmp_path, "export interface X { t: `id-${string}-${number}` }")
    assert defs["X"]["properties"]["t"] == {"type": "string", "pattern": "^id-.*-[0-9]*$"}


def test_numeric_index_json_schema(tmp_path: Path) -> None:
    defs = _schema(tmp_path, "export interface X { [n: number]: string }")
    assert defs["X"]["patternProperties"] == {"^[0-9]+$": {"type": "string"}}


def test_dts_skips_functions_and_the_methods_of_classes(tmp_path: Path) -> None:
    ts = (
        "export declare function f(a: any): void;\nexport declare class C { m(): void }\n"
        "export declare namespace X { function is(v: any): v is X; const A = 1; }\n"
        "export interface X { a: string; get(): string }\nexport declare const EOL: string[];"
    )
    defs = _schema(tmp_path, ts, "typings.d.ts")
    assert sorted(defs) == ["C", "X"]  # a declared class: its (here no) data members
    assert list(defs["X"]["properties"]) == ["a"]
    assert defs["C"]["properties"] == {}


@pytest.mark.parametrize(
    ("ts", "message", "col"),
    [
        ("export class C { m(): void {} }", "class with methods", 18),
        ("export type X = 1n;", "bigint literal", 17),
    ],
)
def test_constructs_without_json_meaning_degrade_loudly_at_their_position(
    tmp_path: Path, ts: str, message: str, col: int
) -> None:
    # No JSON meaning is a dialect limit, not a TypeScript error: the spot degrades to
    # JsonValue with a located warning (``--strict`` refuses it), the file still compiles.
    from codegen.errors import Diagnostics

    path = tmp_path / "schema.ts"
    path.write_text(ts)
    diags = Diagnostics()
    assert list(load_schema([path], diags).decls) == [ts.split()[2]]
    [warning] = diags.degraded
    assert message in warning.message and "degraded to JsonValue" in warning.message
    assert (warning.span.file, warning.span.line, warning.span.col) == (str(path), 1, col)


def test_a_generic_without_its_type_arguments_stays_a_located_error(tmp_path: Path) -> None:
    # TypeScript itself reports this one (TS2314), so it is not degraded.
    path = tmp_path / "schema.ts"
    path.write_text("export interface Box<T> { v: T }\nexport type X = Box;")
    with pytest.raises(SchemaError, match=r"takes 1\.\.1 type arguments") as err:
        load_schema([path])
    assert str(err.value).startswith(f"{path}:2:")


def test_infer_blocks_nothing_unused_and_is_inferred_where_instantiated(tmp_path: Path) -> None:
    from codegen import ir
    from codegen.errors import Diagnostics

    path = tmp_path / "schema.ts"
    path.write_text("export type X<T> = T extends Array<infer U> ? U : 2;")
    diags = Diagnostics()
    assert list(load_schema([path], diags).decls) == []
    assert not diags.warnings
    path.write_text(path.read_text() + "\nexport type Y = X<string[]>;")
    decls = load_schema([path], diags).decls
    assert not diags.degraded
    y = decls["Y"]
    assert isinstance(y, ir.Alias) and y.type == ir.Primitive("string", y.type.span)


def test_import_map_compiles_package_types(tmp_path: Path) -> None:
    from codegen.build.pipeline import Options

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "tool.d.ts").write_text("export interface Tool { name: string }")
    (package / "index.d.ts").write_text('export * from "./tool";')
    schema = tmp_path / "schema.ts"
    schema.write_text(
        'import type { Tool } from "@acme/tools";\nexport interface Page { items: Tool[] }'
    )
    options = Options(import_map=(("@acme/tools", str(package)),))
    defs = schema_document(load_schema([schema], options=options))["$defs"]
    assert sorted(defs) == ["Page", "Tool"]
