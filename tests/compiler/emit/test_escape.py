"""The escaping authority and the render environment's refusal of unescaped text."""

from __future__ import annotations

import jinja2
import pytest

from codegen import escape
from codegen.emit.python.pydantic import render
from codegen.errors import SchemaError
from codegen.ir import Span


def test_ordinary_text_is_unchanged() -> None:
    assert escape.py_str("tools/list") == '"tools/list"'
    assert escape.docstring("A tool.\n\nUse it.") == '"""A tool.\n\nUse it.\n"""'
    assert escape.comment("make generate") == "make generate"
    assert escape.doc_fragment("tools/list") == "tools/list"


def test_hostile_text_cannot_break_out() -> None:
    evil = 'x"""\nimport os\n"""\u2028#'
    assert eval(escape.py_str(evil)) == evil
    assert "\n" not in escape.comment(evil) and "\u2028" not in escape.comment(evil)
    assert eval(escape.docstring(evil)).rstrip() == evil.rstrip()
    assert escape.docstring("ends with \\") == '"""ends with \\\\"""'
    assert escape.docstring('ends with "') == '"""ends with " """'


def test_identifier_refuses_what_naming_never_gives() -> None:
    assert escape.identifier("Tool") == "Tool"
    for bad in ("class", "a b", "ﬁx", "", "1a"):
        with pytest.raises(ValueError):
            escape.identifier(bad)


def test_py_value_refuses_non_finite_numbers() -> None:
    assert escape.py_value((1, "a", None, True, 2.5)) == '(1, "a", None, True, 2.5)'
    with pytest.raises(ValueError):
        escape.py_value(float("inf"))


@pytest.mark.parametrize("raw", ["a\nb", 'a"""b', "a\u2028b", "a\x00b", "a\u202eb"])
def test_a_forgotten_filter_fails_loudly(raw: str) -> None:
    template = render.environment().from_string("x = {{ value }}\n")
    with pytest.raises(ValueError, match="unescaped text"):
        template.render(value=raw)
    assert template.render(value=escape.py_str(raw)) == f"x = {escape.py_str(raw)}\n"


def test_a_non_text_value_fails_loudly() -> None:
    with pytest.raises((TypeError, jinja2.TemplateError)):
        render.environment().from_string("{{ value }}").render(value=["a"])


def test_schema_errors_stay_on_one_line() -> None:
    err = SchemaError(Span("a\nb.ts", 1, 2), "method 'x\ny\u2028' has no result")
    assert "\n" not in str(err) and "\u2028" not in str(err)
    assert str(err) == "a\\nb.ts:1:2: error: method 'x\\ny\\u2028' has no result"
