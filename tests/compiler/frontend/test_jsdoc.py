"""JSDoc: description and block tags, with line breaks and inline tags kept verbatim."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from codegen.frontend.jsdoc import is_jsdoc, parse_jsdoc
from codegen.ir import EMPTY_DOC, Doc, DocTag


def test_single_line_description() -> None:
    assert parse_jsdoc("/** A thing. */") == Doc("A thing.")


def test_single_line_tag_only() -> None:
    assert parse_jsdoc("/** @internal */") == Doc("", (DocTag("internal", ""),))


def test_multi_line_keeps_breaks_and_trims_blank_ends() -> None:
    comment = """/**
     *
     * First line
     * second line.
     *
     * Second paragraph.
     *
     */"""
    assert parse_jsdoc(comment).description == "First line\nsecond line.\n\nSecond paragraph."


def test_tags_run_until_next_tag_and_keep_order() -> None:
    comment = """/**
     * Desc.
     *
     * @deprecated Gone since 2026.
     * Remains for a year.
     *
     * @example Roots
     * {@includeCode ./examples/x.json}
     *
     * @category Errors
     */"""
    doc = parse_jsdoc(comment)
    assert doc.description == "Desc."
    assert doc.tags == (
        DocTag("deprecated", "Gone since 2026.\nRemains for a year."),
        DocTag("example", "Roots\n{@includeCode ./examples/x.json}"),
        DocTag("category", "Errors"),
    )
    assert doc.get("category") == "Errors"
    assert doc.has("deprecated")


def test_repeated_tags_all_kept() -> None:
    doc = parse_jsdoc("/**\n * @example a\n * @example b\n */")
    assert doc.all("example") == ("a", "b")


def test_inline_tags_stay_verbatim() -> None:
    doc = parse_jsdoc("/** See {@link Foo | the foo} and {@link Bar}. */")
    assert doc.description == "See {@link Foo | the foo} and {@link Bar}."


def test_indentation_after_the_gutter_is_kept() -> None:
    doc = parse_jsdoc("/**\n * - item\n *   continued\n */")
    assert doc.description == "- item\n  continued"


def test_at_sign_inside_fenced_code_is_text() -> None:
    doc = parse_jsdoc("/**\n * Code:\n * ```\n * @decorator\n * ```\n * @since 1\n */")
    assert doc.description == "Code:\n```\n@decorator\n```"
    assert doc.tags == (DocTag("since", "1"),)


def test_at_sign_mid_line_is_not_a_tag() -> None:
    assert parse_jsdoc("/** mail me@example.com */").tags == ()


def test_crlf_line_endings() -> None:
    assert parse_jsdoc("/**\r\n * a\r\n * b\r\n */").description == "a\nb"


def test_non_jsdoc_comments_are_ignored() -> None:
    assert not is_jsdoc("// line")
    assert not is_jsdoc("/* block */")
    assert not is_jsdoc("/*** banner ***/")
    assert not is_jsdoc("/**/")
    assert parse_jsdoc("/* block */") == EMPTY_DOC


@given(st.text())
def test_any_comment_body_parses(body: str) -> None:
    doc = parse_jsdoc("/**" + body.replace("*/", "") + "*/")
    assert isinstance(doc, Doc)
    assert doc.description == doc.description.strip("\n")
