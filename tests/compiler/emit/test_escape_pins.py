"""Exact outputs of the escaping authority (``codegen.escape``), pinned from its mutation
run: every escape form at its boundary, every literal shape, every message."""

from __future__ import annotations

import pytest

from codegen import escape
from codegen.escape import comment, doc_fragment, docstring, identifier, one_line, py_str, py_value


@pytest.mark.parametrize(
    ("ch", "escaped"),
    [
        ("\x00", "\\x00"),
        ("\x01", "\\x01"),
        ("\t", "\\t"),
        ("\n", "\\n"),
        ("\r", "\\r"),
        ("\x7f", "\\x7f"),
        ("\xff", "\\xff"),  # the last one-byte escape
        ("\u0100", "\\u0100"),  # the first four-digit one
        ("\u200b", "\\u200b"),
        ("\uffff", "\\uffff"),  # the last four-digit one
        ("\U00010000", "\\U00010000"),  # the first eight-digit one
        ("\U000e0001", "\\U000e0001"),
    ],
)
def test_each_escape_form_at_its_boundary(ch: str, escaped: str) -> None:
    assert escape._escape_char(ch) == escaped
    assert eval(f'"{escaped}"') == ch


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a\tb", "a\tb"),  # a tab stays a tab
        ("a\x00b", "a\\x00b"),
        ("a\\b", "a\\\\b"),
        ("\u202ex", "\\u202ex"),  # a bidi override
        ("\u2028", "\\u2028"),
        ("ÿ Ā 😀", "ÿ Ā 😀"),  # visible characters stay
        ("X", "X"),
    ],
)
def test_visible_escapes_exactly_the_hidden_characters(text: str, shown: str) -> None:
    assert escape.visible(text) == shown
    assert eval(f'"{shown}"') == text


def test_visible_keeps_what_it_is_told_to_keep() -> None:
    assert escape.visible("a\nb", keep="\n") == "a\nb"
    assert escape.visible("a\nb") == "a\\nb"
    assert escape.visible("a\x00\nb", keep="\n") == "a\\x00\nb"


def test_one_line_and_comment() -> None:
    assert one_line("a\tb\nc\x00") == "a\tb\\nc\\x00"
    assert comment("a\tb\nc") == "a b\\nc"
    assert comment("\t\t") == "  "


def test_py_str_quoting() -> None:
    assert py_str("plain") == '"plain"'
    assert py_str("it's") == '"it\'s"'
    assert py_str('say "hi"') == "'say \"hi\"'"
    assert py_str('x"""y') == '\'x\\"\\"\\"y\''
    assert py_str("a'b\"c") == "'a\\'b\"c'"
    for value in ("plain", 'x"""y', "a'b\"c", '"""', "'''\"\"\"", "\x00\u2028"):
        assert eval(py_str(value)) == value
        assert '"""' not in py_str(value)


def test_py_value_shapes() -> None:
    assert py_value([1, "a", None, True]) == '[1, "a", None, True]'
    assert py_value([]) == "[]"
    assert py_value(("a",)) == '("a",)'
    assert py_value(("a", "b")) == '("a", "b")'
    assert py_value(()) == "()"
    assert py_value({"k": [1.5], "j": {}}) == '{"k": [1.5], "j": {}}'
    assert py_value({}) == "{}"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (float("nan"), "nan has no Python literal"),
        (float("inf"), "inf has no Python literal"),
        (float("-inf"), "-inf has no Python literal"),
        ({1, 2}, "no Python literal for a set"),
        (b"x", "no Python literal for a bytes"),
    ],
)
def test_py_value_refuses_what_has_no_literal(value: object, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        py_value(value)
    assert str(caught.value) == message


def test_doc_fragment_and_docstring_exactly() -> None:
    assert doc_fragment('say "hi"\n') == 'say \\"hi\\"\\n'
    assert docstring("") == ""
    assert docstring("One line.") == '"""One line."""'
    assert docstring('Ends in "quote"') == '"""Ends in "quote" """'
    assert docstring("  Indented stays.  \nsecond   ") == '"""  Indented stays.\nsecond\n"""'
    assert docstring('has """ inside') == '"""has \\"\\"\\" inside"""'


def test_identifier_refuses_unchecked_names_with_their_repr() -> None:
    assert identifier("fine_name") == "fine_name"
    with pytest.raises(ValueError) as caught:
        identifier("class")
    assert str(caught.value) == "not a checked Python name: 'class'"


def test_every_hidden_code_point_is_non_printable() -> None:
    """The fast paths of `visible`, `one_line` and `has_hidden` skip printable text: exact
    only if no hidden character is printable. Checked over every code point."""
    printable_hidden = [
        hex(code)
        for code in range(0x110000)
        if chr(code).isprintable() and escape.hidden(chr(code))
    ]
    assert printable_hidden == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain text", False),
        ("", False),
        ("tab\there", True),
        ("nbsp\u00a0only", False),  # not printable, but not hidden: the walk decides
        ("zero\u200bwidth", True),
        ("line\u2028sep", True),
        ("x\x7f", True),
    ],
)
def test_has_hidden(text: str, expected: bool) -> None:
    assert escape.has_hidden(text) is expected


@pytest.mark.parametrize(
    ("text", "visible", "one_line"),
    [
        ("plain", "plain", "plain"),
        ("back\\slash", "back\\\\slash", "back\\slash"),
        ("nbsp\u00a0", "nbsp\u00a0", "nbsp\u00a0"),
        ("a\tb", "a\tb", "a\tb"),
        ("a\nb", "a\\nb", "a\\nb"),
    ],
)
def test_visible_and_one_line_on_printable_and_other_text(
    text: str, visible: str, one_line: str
) -> None:
    assert escape.visible(text) == visible
    assert escape.one_line(text) == one_line
