"""Pins of ``codegen.frontend.lib``: the standard library's ``Error`` and ``RegExp`` as
typescript-json-schema reads them, only where a schema uses them and does not declare them."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend.lib import with_lib
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render
from codegen.paths import LIB_PATH


def members(schema: ir.Schema, name: str) -> list[tuple[str, str, bool]]:
    decl = schema.decls[name]
    assert isinstance(decl, ir.Interface)
    return [(p.name, render(p.type), p.optional) for p in decl.body.properties]


def test_error_and_regexp_are_the_lib_s_data_members() -> None:
    schema = resolve([parse_module("a.ts", "export interface F extends Error { re: RegExp }")])
    assert sorted(schema.decls) == ["Error", "F", "RegExp"]
    assert members(schema, "Error") == [
        ("name", "string", False),
        ("message", "string", False),
        ("stack", "string", True),
    ]
    assert members(schema, "RegExp") == [
        ("source", "string", False),
        ("global", "boolean", False),
        ("ignoreCase", "boolean", False),
        ("multiline", "boolean", False),
        ("lastIndex", "number", False),
    ]
    assert schema.files == ("a.ts",)  # the lib is no schema file
    assert schema.decls["Error"].span.file == LIB_PATH


def test_only_what_is_used_and_not_declared() -> None:
    used = parse_module("a.ts", "export interface A { e: Error }")
    assert [d.name for m in with_lib([used]) for d in m.decls] == ["A", "Error"]
    own = parse_module(
        "b.ts", "export interface Error { code: number }\nexport interface B { e: Error }"
    )
    assert with_lib([own]) == [own]
    unused = parse_module("c.ts", "export interface C { d: Date; n: { deep: RegExp[] } }")
    found = with_lib([unused])
    assert [d.name for d in found[-1].decls] == ["RegExp"]
    assert with_lib([parse_module("d.ts", "export type D = string;")]) == [
        parse_module("d.ts", "export type D = string;")
    ]
    schema = resolve([own])
    assert members(schema, "Error") == [("code", "number", False)]


def test_the_typed_arrays_bring_the_lib_interfaces_they_use() -> None:
    used = parse_module("a.ts", "export interface A { b: Uint8Array; f?: Float64Array[] }")
    assert [d.name for d in with_lib([used])[-1].decls] == [
        "ArrayBuffer",
        "Uint8Array",
        "Float64Array",
    ]
    schema = resolve([used])
    assert members(schema, "Uint8Array") == [
        ("BYTES_PER_ELEMENT", "number", False),
        ("buffer", "ArrayBuffer", False),
        ("byteLength", "number", False),
        ("byteOffset", "number", False),
        ("length", "number", False),
    ]
    index = schema.decls["Uint8Array"].body.index  # type: ignore[union-attr]
    assert index is not None and index.numeric and render(index.value) == "number"
    assert members(schema, "ArrayBuffer") == [("byteLength", "number", False)]
    # A schema's own ArrayBuffer is the one a lib interface uses too.
    own = parse_module(
        "b.ts", "export interface ArrayBuffer { n: string }\nexport interface B { v: DataView }"
    )
    assert [d.name for d in with_lib([own])[-1].decls] == ["DataView"]
    # One lib interface used twice, and through another, is brought once.
    twice = parse_module("c.ts", "export interface C { d: DataView; b: ArrayBuffer; e: DataView }")
    assert [d.name for d in with_lib([twice])[-1].decls] == ["ArrayBuffer", "DataView"]
    assert render(resolve([parse_module("d.ts", "export type D = bigint;")]).decls["D"].type) == (
        "number"
    )


def test_the_lib_is_parsed_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """``with_lib`` parsed the lib's text again at every call, beside ``lib_names``'s own
    parse (#37): once is enough, its IR is immutable."""
    from codegen.frontend import lib

    parsed: list[str] = []

    def counted(path: str, text: str) -> ir.Module:
        parsed.append(path)
        return parse_module(path, text)

    monkeypatch.setattr(lib, "parse_module", counted)
    schema = parse_module("a.ts", "export interface A { e: Error; r?: { deep: RegExp[] }[] }")
    for _ in range(3):
        assert [d.name for d in with_lib([schema])[-1].decls] == ["Error", "RegExp"]
    assert len(parsed) <= 1  # none when an earlier test parsed it already
