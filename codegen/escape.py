"""The one escaping authority: every string from a schema that reaches generated code.

Schemas come from untrusted authors, so a name, a literal, a JSDoc text or a file name
must never be able to end the construct it is written into. Each kind of place has one
function here, and templates reach them as jinja filters (``codegen.emit.python.pydantic.render``):

* ``py_str`` / ``py_value``: a Python literal whose value equals the input (``repr``);
  non-printable characters (controls, bidi overrides, zero-width, surrogates, line
  separators) appear only as escapes, never raw, and the text never holds a triple quote.
* ``comment``: text for a ``#`` comment, on one line; every line break and every
  non-printable character is written as a visible escape.
* ``docstring``: a whole docstring literal whose run-time value is the text as given
  (trailing spaces aside); ``doc_fragment`` is the same escaping for text placed inside
  a docstring a template writes itself.
* ``identifier``: a name the naming authority already checked; anything else is a
  compiler bug and raises.

Values the filters produce are ``Code``: the render environment refuses any other
string that could break out of where it is pasted (see ``codegen.emit.python.pydantic.render``).
"""

from __future__ import annotations

import keyword
import unicodedata

# Every character ``str.splitlines`` (and so many editors and tools) treats as a line
# break, plus NUL: none may appear raw in a comment.
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
# Unicode categories never written raw: controls, format characters (bidi overrides,
# zero-width joiners), surrogates, private use, unassigned, line/paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class Code(str):
    """Text that is already safe to paste into generated Python where it is used."""

    __slots__ = ()


def hidden(ch: str) -> bool:
    return ch in LINE_BREAKS or unicodedata.category(ch) in _HIDDEN_CATEGORIES


# Fast paths: ``str.isprintable`` is False for every hidden character (all are in Unicode's
# "Other" or "Separator" classes, which it excludes; a test checks every code point), so
# printable text needs no per-character look. Non-printable text takes the exact walk.


def has_hidden(text: str) -> bool:
    """``text`` holds a hidden character (a line break, a control, a format character...)."""
    return not text.isprintable() and any(map(hidden, text))


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFF:
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch, f"\\x{code:02x}")
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str, *, keep: str = "") -> str:
    """``text`` with backslashes doubled and each hidden character (except ``keep``) as an
    escape, so the result, read as the body of a (non-raw) string literal, is ``text``."""
    if "\\" not in text and text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch in keep or (ch == "\t") or not hidden(ch):
            out.append(ch)
        else:
            out.append(_escape_char(ch))
    return "".join(out)


def one_line(text: str) -> str:
    """``text`` on one line for messages: line breaks and hidden characters as escapes."""
    if text.isprintable():
        return text
    return "".join(_escape_char(ch) if ch != "\t" and hidden(ch) else ch for ch in text)


def py_str(value: str) -> Code:
    """A Python string literal equal to ``value``, double-quoted where that needs no escape
    (ruff's preferred style, so formatting leaves it alone)."""
    text = repr(value)
    if text.startswith("'") and '"' not in value:
        text = '"' + text[1:-1] + '"'
    elif '"""' in text:  # single-quoted, so every '"' in it is raw: escape them
        text = "'" + text[1:-1].replace('"', '\\"') + "'"
    return Code(text)


def py_value(value: object) -> Code:
    """A Python literal for a JSON-like value (str, bool, int, float, None, tuples/lists of
    them, dicts of them); ``ValueError`` for what has no literal (NaN, infinities, other types)."""
    if isinstance(value, str):
        return py_str(value)
    if value is None or isinstance(value, bool | int):
        return Code(repr(value))
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{value!r} has no Python literal")
        return Code(repr(value))
    if isinstance(value, tuple | list):
        items = [py_value(item) for item in value]
        if isinstance(value, tuple):
            inner = ", ".join(items) + ("," if len(items) == 1 else "")
            return Code(f"({inner})")
        return Code(f"[{', '.join(items)}]")
    if isinstance(value, dict):
        pairs = [f"{py_value(k)}: {py_value(v)}" for k, v in value.items()]
        return Code("{" + ", ".join(pairs) + "}")
    raise ValueError(f"no Python literal for a {type(value).__name__}")


def comment(text: str) -> Code:
    """Text for the rest of a ``#`` comment line: one line whatever ``text`` holds."""
    return Code(one_line(text).replace("\t", " "))


def doc_fragment(text: str) -> Code:
    """Text for inside a docstring the template writes: one line, no quote can close it."""
    return Code(visible(text).replace('"', '\\"'))


def docstring(text: str) -> Code:
    """A docstring literal (``\"\"\"...\"\"\"``) whose value is ``text`` (lines right-stripped).

    Only ``\\n`` breaks lines; other line breaks and hidden characters are escapes, a
    ``\"\"\"`` in the text cannot close the literal and a trailing backslash or quote
    cannot merge with the closing quotes. Empty text gives empty output (no docstring).
    """
    if not text:
        return Code("")
    lines = [visible(line.rstrip(), keep="\n") for line in text.split("\n")]
    body = "\n".join(lines).replace('"""', '\\"\\"\\"')
    if len(lines) == 1:
        # A closing quote in the text would merge with the docstring's own quotes.
        return Code(f'"""{body} """' if body.endswith('"') else f'"""{body}"""')
    return Code('"""' + body + '\n"""')


def is_identifier(name: str) -> bool:
    """A name Python reads back as itself: an identifier, not a keyword, NFKC-normal."""
    return (
        name.isidentifier()
        and not keyword.iskeyword(name)
        and unicodedata.normalize("NFKC", name) == name
    )


def identifier(name: str) -> Code:
    if not is_identifier(name):
        raise ValueError(f"not a checked Python name: {name!r}")
    return Code(name)
