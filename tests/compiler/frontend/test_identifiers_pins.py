"""Pins for ``codegen.frontend.identifiers``: a format character inside a name is the
located error TypeScript's scanner gives; ZWNJ and ZWJ, and format characters outside
names, are not (issue #33)."""

from __future__ import annotations

import pytest

from codegen.errors import SchemaError
from codegen.frontend.identifiers import invalid_identifier
from codegen.frontend.parse import _parser, parse_module


def first_bad(text: str | bytes) -> tuple[str, str] | None:
    source = text.encode() if isinstance(text, str) else text
    found = invalid_identifier(_parser().parse(source).root_node, source)
    if found is None:
        return None
    node, char = found
    return source[node.start_byte : node.end_byte].decode("utf-8", "replace"), char


@pytest.mark.parametrize(
    ("text", "name", "char"),
    [
        ("export interface A\u202eB { a: string }\n", "A\u202eB", "\u202e"),  # type_identifier
        ("export interface A { a\u2066b: string }\n", "a\u2066b", "\u2066"),  # property_identifier
        ("export const x\u00ady = 1;\n", "x\u00ady", "\u00ad"),  # identifier, a soft hyphen
        ("const o = { s\u2066t };\n", "s\u2066t", "\u2066"),  # shorthand_property_identifier
        # the first name in the document, not the first bad character of the text
        ("// \u202e\nexport interface P\u2067Q { r\u202eS: string }\n", "P\u2067Q", "\u2067"),
        # names inside a nested type are found too
        (
            "export interface A { b: { c: Array<{ d\u202ee: string }> } }\n",
            "d\u202ee",
            "\u202e",
        ),
    ],
)
def test_a_format_character_in_a_name_is_found(text: str, name: str, char: str) -> None:
    assert first_bad(text) == (name, char)


@pytest.mark.parametrize(
    "text",
    [
        "export interface A { a: string }\n",
        # ZWNJ and ZWJ are identifier parts in ECMAScript
        "export interface A\u200cB { a\u200db: string }\n",
        # format characters in strings and comments are no names
        'export interface A { a: "x\u202ey"; /* \u200b */ b: string } // \u2066\n',
        "export type T = `a\u202e${string}`;\n",
    ],
)
def test_no_format_character_in_a_name_is_none(text: str) -> None:
    assert first_bad(text) is None


def test_invalid_utf8_is_read_with_replacement() -> None:
    # an undecodable byte beside a bad name: read, not raised
    source = b"// \xff\nexport interface A\xe2\x80\xaeB\xff { a: string }\n"
    found = first_bad(source)
    assert found is not None and found[1] == "\u202e"
    assert first_bad(b"// \xff\xfe\nexport interface A { a: string }\n") is None


def test_parse_reports_the_name_and_its_location() -> None:
    with pytest.raises(SchemaError) as info:
        parse_module("a.ts", "export interface A {\n  ok: string;\n  b\u202ec: number;\n}\n")
    assert str(info.value) == "a.ts:3:3: error: invalid character U+202E in the name 'b\\u202ec'"


def test_a_deep_tree_is_walked_without_recursion() -> None:
    depth = 3000
    text = "export type T = " + "{ a: " * depth + "string" + " }" * depth + ";\n"
    assert first_bad(text.replace("string", "X\u202e")) == ("X\u202e", "\u202e")


def test_a_lone_surrogate_in_the_text_is_no_traceback() -> None:
    text = "// \ud800\nexport interface A\u202eB { a: string }\n"
    with pytest.raises(SchemaError) as info:
        parse_module("a.ts", text)
    assert str(info.value) == "a.ts:2:18: error: invalid character U+202E in the name 'A\\u202eB'"
