"""Pins for mapped types whose value reads the key (``expand_computed.mapped_type``, issue
#33): each property's ``?``, ``readonly``, JSDoc and span, ``-?`` taking ``undefined`` out,
and the keys over literals, ``string``, arrays and unions."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render

SOURCE = """\
export interface P {
  /** The a. */
  readonly a?: string | undefined;
  b: number;
}
"""


def decls(text: str) -> dict[str, ir.Decl]:
    diags = Diagnostics()
    found = dict(resolve([parse_module("a.ts", SOURCE + text)], diags).decls)
    assert not diags.degraded
    return found


def props(text: str, name: str = "M") -> list[tuple[str, str, bool, bool]]:
    alias = decls(text)[name]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    return [(p.name, render(p.type), p.optional, p.readonly) for p in alias.type.properties]


@pytest.mark.parametrize(
    ("mapped", "expected"),
    [
        (
            "{ [K in keyof T]: T[K] | null }",
            [("a", "string | undefined | null", True, True), ("b", "number | null", False, False)],
        ),
        (
            "{ [K in keyof T]-?: T[K] | null }",
            [("a", "string | null", False, True), ("b", "number | null", False, False)],
        ),
        (
            "{ [K in keyof T]+?: T[K][] }",
            [("a", "(string | undefined)[]", True, True), ("b", "number[]", True, False)],
        ),
        (
            "{ -readonly [K in keyof T]: [T[K]] }",
            [("a", "[string | undefined]", True, False), ("b", "[number]", False, False)],
        ),
        (
            "{ readonly [K in keyof T]-?: { k: K } }",
            [("a", '{ k: "a" }', False, True), ("b", '{ k: "b" }', False, True)],
        ),
        (
            "{ [K in keyof T]-?: T[K] & {} }",
            [("a", "string", False, True), ("b", "number", False, False)],
        ),
    ],
)
def test_a_homomorphic_mapped_type_per_property(
    mapped: str, expected: list[tuple[str, str, bool, bool]]
) -> None:
    assert props(f"type Map<T> = {mapped};\nexport type M = Map<P>;") == expected


def test_each_property_keeps_its_jsdoc_and_span() -> None:
    alias = decls("type N<T> = { [K in keyof T]: T[K] | null };\nexport type M = N<P>;")["M"]
    assert isinstance(alias, ir.Alias) and isinstance(alias.type, ir.Object)
    a, b = alias.type.properties
    assert a.doc.description == "The a." and a.span == ir.Span("a.ts", 3, 3)
    assert b.doc == ir.EMPTY_DOC and b.span == ir.Span("a.ts", 4, 3)


def test_literal_keys_are_required_and_string_keys_an_index() -> None:
    assert props('export type M = { [K in "x" | "y"]?: K };') == [
        ("x", '"x"', True, False),
        ("y", '"y"', True, False),
    ]
    assert props('export type M = { readonly [K in "x"]: K };') == [("x", '"x"', False, True)]
    found = decls("type S<K extends string> = { [P in K]: P[] };\nexport type M = S<string>;")
    assert render(found["M"].type) == "Record<string, string[]>"  # type: ignore[union-attr]


def test_arrays_records_primitives_and_unions() -> None:
    text = (
        "type N<T> = { [K in keyof T]: T[K] | null };\n"
        "export type A = N<string[]>;\nexport type R = N<Record<string, number>>;\n"
        "export type S = N<string>;\nexport type U = N<P | { c: 1 }>;\n"
    )
    found = {k: render(v.type) for k, v in decls(text).items() if isinstance(v, ir.Alias)}
    assert found["A"] == "(string | null)[]"
    assert found["R"] == "Record<string, number | null>"
    assert found["S"] == "string"
    assert found["U"] == "U1 | U2"  # a union of two anonymous objects: each a class
    u2 = decls(text)["U2"]
    assert isinstance(u2, ir.Interface) and render(u2.body) == "{ c: 1 | null }"


def test_without_undefined_only_under_minus_optional() -> None:
    text = "type R<T> = { [K in keyof T]-?: T[K] | null };\ntype Q<T> = { [K in keyof T]: T[K] | undefined };\n"
    text += "export interface O { u: undefined | string; v?: undefined }\n"
    text += "export type M = R<O>;\nexport type N = Q<O>;\n"
    found = decls(text)
    m, n = found["M"], found["N"]
    assert isinstance(m, ir.Alias) and isinstance(m.type, ir.Object)
    assert [(p.name, render(p.type)) for p in m.type.properties] == [("u", "string | null")]
    assert isinstance(n, ir.Alias) and isinstance(n.type, ir.Object)
    assert [(p.name, render(p.type)) for p in n.type.properties] == [
        ("u", "undefined | string")
    ]  # only -? takes undefined out; the union holds it once, as TypeScript's does
