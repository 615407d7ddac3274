"""Ruff's output for a generated text, computed here when that is certain; else ``None``.

Most of a generated module is already what ``ruff format`` writes: the emitters write
canonical lines, and only a line over the length limit changes (ruff wraps it). Formatting
a large ``models.py`` is most of the ruff child's cost, so ``canonical`` wraps those lines
itself, by ruff's rules for the few shapes the emitters write, and answers ``None`` ("not
sure": ruff formats the file) for anything else. It is deliberately narrow:

* the whole-text guards refuse what ruff would touch on a short line: tabs, carriage
  returns, trailing spaces, backslash continuations, single quotes, ``;``, doubled spaces,
  spaces inside brackets, any bracket left open at the end of a line (a multi-line
  construct), comments not written ``# text``, ``fmt:`` pragmas, blank lines that differ
  from ruff's (two around top-level classes and functions, one after a class docstring,
  none at the start of a block, at most one inside a block), docstrings that are not
  already normalised;
* a long line is wrapped only if it is an assignment, an annotated field, a class header,
  a ``return`` or an expression statement built from names, strings, numbers, calls,
  subscripts, tuples, lists, dicts and ``|`` chains inside brackets; the result is laid out
  by ruff's printer rules (a bracket's contents on one indented line if they fit, else one
  item per line with a trailing comma; magic trailing commas; a too-long ``= value`` put
  in parentheses), and any line of the result still over the limit gives ``None``.

Every text this returns is checked against ruff's own output over the whole corpus and by
property tests (tests/compiler/build_stage/test_wrap.py).
"""

from __future__ import annotations

import bisect
import re
from typing import Union

LINE_LENGTH = 100

# A document, the printer's input (ruff's and prettier's model): text, a soft line break
# (nothing when flat), a line break (a space when flat), an indented part, a group (flat if
# it fits, else broken) and a text written only when the enclosing group is broken.
Doc = Union[str, "_Soft", "_Line", "_Indent", "_Group", "_IfBreak"]


class _Soft:
    __slots__ = ()


class _Line:
    __slots__ = ()


SOFT = _Soft()
LINE = _Line()


class _Indent:
    __slots__ = ("parts",)

    def __init__(self, parts: list[Doc]) -> None:
        self.parts = parts


class _IfBreak:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _Group:
    __slots__ = ("expand", "flat", "parts")

    def __init__(self, parts: list[Doc], expand: bool) -> None:
        self.parts = parts
        self.expand = expand
        self.flat = "".join(_flat(p) for p in parts)


def _flat(doc: Doc) -> str:
    if isinstance(doc, str):
        return doc
    if isinstance(doc, _Line):
        return " "
    if isinstance(doc, _Group):
        return doc.flat
    if isinstance(doc, _Indent):
        return "".join(_flat(p) for p in doc.parts)
    return ""  # soft break, if-break text


def _expands(doc: Doc) -> bool:
    return isinstance(doc, _Group) and doc.expand


class _Unsure(Exception):
    """The line is not of a shape this module knows: leave the file to ruff."""


# --- tokens -----------------------------------------------------------------------------

_TOKEN = re.compile(
    r' ?(?:("(?:[^"\\\n]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)'
    r"|(-?[0-9]+(?:\.[0-9]+)?)|(\*\*|[()\[\]{},:=|*]))"
)
_OPEN = {"(": ")", "[": "]", "{": "}"}
_KEYWORDS = frozenset(
    "and as assert async await break class continue def del elif else except finally for"
    " from global if import in is lambda nonlocal not or pass raise return try while with"
    " yield".split()
)


def _tokens(code: str) -> list[str]:
    out: list[str] = []
    pos = 0
    match = _TOKEN.match
    while pos < len(code):
        m = match(code, pos)
        if m is None:
            raise _Unsure
        out.append(m.group().lstrip(" "))
        pos = m.end()
    return out


class _Parser:
    """Recursive descent over one statement's tokens, building its document."""

    def __init__(self, tokens: list[str]) -> None:
        self.toks = tokens
        self.pos = 0

    def peek(self) -> str | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            raise _Unsure
        self.pos += 1
        return tok

    def done(self) -> bool:
        return self.pos == len(self.toks)

    # expressions ----------------------------------------------------------------------

    def expr(self, in_brackets: bool) -> Doc:
        first = self.primary()
        if self.peek() != "|":
            return first
        if not in_brackets:
            raise _Unsure  # a top-level chain: ruff's optional-parentheses rules
        parts: list[Doc] = [first]
        while self.peek() == "|":
            self.take()
            parts += [LINE, "| ", self.primary()]
        return _Group(parts, any(_expands(p) for p in parts))

    def primary(self) -> Doc:
        tok = self.take()
        if tok == "await":
            return _Group(["await ", self.primary()], False)
        if tok in _OPEN:
            if tok == "(":
                return self.tuple_()
            return self.collection(tok)
        if tok[0] == '"' or tok[0].isdigit() or tok[0] == "-":
            return tok
        if not (tok[0].isalpha() or tok[0] == "_") or tok in _KEYWORDS:
            raise _Unsure
        if self.peek() in ("(", "["):
            opener = self.take()
            doc = self.trailer(tok, opener)
            if self.peek() in ("(", "[", "."):
                raise _Unsure  # call chains have their own layout in ruff
            return doc
        return tok

    def items(self, close: str, item: str) -> tuple[list[Doc], bool]:
        """Comma-separated items up to ``close``; whether a trailing comma ends them."""
        docs: list[Doc] = []
        trailing = False
        while self.peek() != close:
            if item == "arg":
                docs.append(self.argument())
            elif item == "pair":
                docs.append(self.pair())
            else:
                docs.append(self.expr(True))
            trailing = False
            if self.peek() == ",":
                self.take()
                trailing = True
            elif self.peek() != close:
                raise _Unsure
        self.take(close)
        return docs, trailing

    def argument(self) -> Doc:
        tok = self.peek()
        if tok in ("*", "**"):
            self.take()
            return _Group([tok, self.expr(True)], False)
        nxt = self.toks[self.pos + 1] if self.pos + 1 < len(self.toks) else None
        if nxt == "=" and tok is not None and (tok[0].isalpha() or tok[0] == "_"):
            if "." in tok or tok in _KEYWORDS:
                raise _Unsure
            self.pos += 2
            value = self.expr(True)
            return _Group([tok + "=", value], _expands(value))
        return self.expr(True)

    def pair(self) -> Doc:
        key = self.expr(True)
        self.take(":")
        value = self.expr(True)
        return _Group([key, ": ", value], _expands(key) or _expands(value))

    def trailer(self, name: str, opener: str) -> Doc:
        close = _OPEN[opener]
        docs, trailing = self.items(close, "arg" if opener == "(" else "expr")
        if not docs:
            if trailing:
                raise _Unsure
            return name + opener + close
        if opener == "[" and trailing and len(docs) == 1:
            raise _Unsure  # a one-item subscript's comma: not magic in every case
        return _bracketed(name + opener, docs, close, trailing, inner_group=True)

    def collection(self, opener: str) -> Doc:
        close = _OPEN[opener]
        if opener == "{" and self.peek() != "}":
            # a dict if its first item is followed by a colon, else a set
            save = self.pos
            self.expr(True)
            is_dict = self.peek() == ":"
            self.pos = save
        else:
            is_dict = False
        docs, trailing = self.items(close, "pair" if is_dict else "expr")
        if not docs:
            return opener + close
        return _bracketed(opener, docs, close, trailing, inner_group=False)

    def tuple_(self) -> Doc:
        docs, trailing = self.items(")", "expr")
        if not docs:
            return "()"
        if len(docs) == 1 and trailing:
            # (x,): the comma makes the tuple, it is not a magic trailing comma
            only = docs[0]
            return _Group(["(", _Indent([SOFT, only, ","]), SOFT, ")"], _expands(only))
        if len(docs) == 1:
            raise _Unsure  # parentheses around one expression: ruff may remove them
        return _bracketed("(", docs, ")", trailing, inner_group=False)


def _bracketed(opener: str, docs: list[Doc], close: str, magic: bool, inner_group: bool) -> Doc:
    parts: list[Doc] = []
    for i, doc in enumerate(docs):
        if i:
            parts += [",", LINE]
        parts.append(doc)
    if magic or len(docs) > 1:
        parts.append(_IfBreak(","))
    expand = magic or any(_expands(d) for d in docs)
    body: list[Doc] = [_Group(parts, expand)] if inner_group else parts
    return _Group([opener, _Indent([SOFT, *body]), SOFT, close], expand)


# --- printer ----------------------------------------------------------------------------

_FLAT, _BREAK = 0, 1


def _fits(doc: Doc, indent: int, rest: list[tuple[int, int, Doc]], width: int) -> bool:
    """Does ``doc`` (flat) and what follows it up to the next line break fit ``width``?"""
    width -= len(_flat(doc))
    if width < 0:
        return False
    for _ind, mode, item in reversed(rest):
        stack: list[tuple[int, Doc]] = [(mode, item)]
        while stack:
            m, d = stack.pop()
            if isinstance(d, str):
                width -= len(d)
                if width < 0:
                    return False
            elif isinstance(d, (_Soft, _Line)):
                if m == _BREAK:
                    return True
                width -= 1 if isinstance(d, _Line) else 0
                if width < 0:
                    return False
            elif isinstance(d, _Group):
                gm = _BREAK if d.expand else _FLAT
                stack.extend((gm, p) for p in reversed(d.parts))
            elif isinstance(d, _Indent):
                stack.extend((m, p) for p in reversed(d.parts))
            elif isinstance(d, _IfBreak) and m == _BREAK:
                width -= len(d.text)
    return True


def _print(doc: Doc, indent: int, width: int = LINE_LENGTH) -> list[str]:
    lines: list[str] = []
    current = [" " * indent]
    column = indent
    stack: list[tuple[int, int, Doc]] = [(indent, _BREAK, doc)]
    while stack:
        ind, mode, d = stack.pop()
        if isinstance(d, str):
            current.append(d)
            column += len(d)
        elif isinstance(d, (_Soft, _Line)):
            if mode == _BREAK:
                lines.append("".join(current))
                current = [" " * ind]
                column = ind
            elif isinstance(d, _Line):
                current.append(" ")
                column += 1
        elif isinstance(d, _Indent):
            stack.extend((ind + 4, mode, p) for p in reversed(d.parts))
        elif isinstance(d, _IfBreak):
            if mode == _BREAK:
                current.append(d.text)
                column += len(d.text)
        elif isinstance(d, _Group):
            if mode == _FLAT:
                current.append(d.flat)
                column += len(d.flat)
            elif not d.expand and _fits(d, ind, stack, width - column):
                current.append(d.flat)
                column += len(d.flat)
            else:
                stack.extend((ind, _BREAK, p) for p in reversed(d.parts))
    lines.append("".join(current))
    return lines


# --- statements -------------------------------------------------------------------------


def _statement(code: str, indent: int) -> list[str]:
    """Ruff's lines for one long statement (``code`` without its indentation)."""
    toks = _tokens(code)
    parser = _Parser(toks)
    first = toks[0] if toks else ""
    if first == "class":
        parser.take()
        name = parser.take()
        if not name.isidentifier() or name in _KEYWORDS or parser.take() != "(":
            raise _Unsure
        head = parser.trailer("class " + name, "(")
        parser.take(":")
        doc: Doc = _Group([head, ":"], _expands(head))
    elif first == "return":
        parser.take()
        value = parser.primary()
        if isinstance(value, str):
            raise _Unsure
        doc = _Group(["return ", value], _expands(value))
    else:
        target = parser.take()
        if not target.isidentifier() or target in _KEYWORDS:
            raise _Unsure
        if parser.peek() in (":", "="):
            return _assignment(parser, target, indent)
        parser.pos = 0
        doc = parser.primary()
        if isinstance(doc, str):
            raise _Unsure
    if not parser.done():
        raise _Unsure
    return _print(doc, indent)


def _assignment(parser: _Parser, target: str, indent: int) -> list[str]:
    annotation: Doc | None = None
    if parser.peek() == ":":
        parser.take()
        annotation = parser.primary()
    value: Doc | None = None
    if parser.peek() == "=":
        parser.take()
        value = parser.primary()
    if not parser.done() or (annotation is None and value is None):
        raise _Unsure
    if value is None:
        assert annotation is not None
        if isinstance(annotation, str):
            raise _Unsure
        return _print(_Group([target + ": ", annotation], _expands(annotation)), indent)
    if isinstance(value, str):
        # An atom: ruff puts it in parentheses if the line up to them fits, else splits
        # the annotation.
        if annotation is None or isinstance(annotation, str):
            raise _Unsure
        head = f"{' ' * indent}{target}: {_flat(annotation)} = ("
        if len(head) <= LINE_LENGTH and not _expands(annotation):
            if indent + 4 + len(value) > LINE_LENGTH:
                raise _Unsure
            return [head, " " * (indent + 4) + value, " " * indent + ")"]
        tail = " = " + value
        return _print(_Group([target + ": ", annotation, tail], True), indent)
    lead = target + (": " + _flat(annotation) if annotation is not None else "") + " = "
    if annotation is not None and _expands(annotation):
        raise _Unsure
    return _print(_Group([lead, value], True), indent)


# --- whole text -------------------------------------------------------------------------

_DOCSTRING = re.compile(r'(?m)^( *)(""")(.*?)"""', re.DOTALL)
# What stands for a docstring's text in the masked text (no code has it).
_MASK = "\x01"
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_COMMENT = re.compile(r"#[^\n]*")
# What ruff would change on a short line (in the text with strings, comments and docstrings
# masked): plain substrings, then patterns that start at a line break (fast to search).
_SUSPECT_TEXT = ("'", ";", "\\", ",\n", "|\n", "=\n", "\n\n\n ")
# The same with every bracket written as a parenthesis (fewer searches).
_SUSPECT_PARENS = ("( ", " )", " ,", "(,", "(\n")
_AS_PARENS = str.maketrans("[{]}", "(())")
_DOUBLE_SPACE = re.compile(r"  (?<=\S  )(?!#)")
_SUSPECT = re.compile(
    r"\n(?: *[)\]}|]| +(?:class |def |async def |@)|(?:    )* {1,3}\S"
    r"|(?:if|elif|else|for|while|with|try|except|finally|def|async|match|@)\b"
    r"| +(?:if|elif|else|for|while|with|try|except|finally|async|def|class|@)\b"
    r"| +(?:match|case) (?!=)|#[^\n]*\n(?:\n\n?)?class )"
)
# A class header not ending a line with its colon, or not followed by a line indented once.
_CLASS_BODY = re.compile(r"\nclass [^\n]*(?:[^:\n]\n|:\n(?!    \S))")
# Blank lines after a line ending with a colon (ruff keeps none at the start of a class
# body), a top-level line but a class after fewer than two blank lines following an
# indented one (a class body), a class after fewer than two following a top-level line.
_BLOCK_START = re.compile(r":\n\n+")
_BODY_END = re.compile(r"\n    [^\n]*(\n\n?)(?=[^ \n])")
_CLASS = re.compile(r"\nclass ")
_MODULE_DOC_END = re.compile(r"\n(?:\n[^\n]|$)")
_LONG = re.compile(rf"(?m)^.{{{LINE_LENGTH + 1},}}$")
# A number not plainly an item (followed by a comma, a colon or a closing bracket).
# and a keyword: either makes lines of one shape parse differently.
_UNCACHEABLE = re.compile(
    r"\b[0-9][0-9_]*(?:\.[0-9]+)?(?![,)\]}:0-9_]|\.[0-9])"
    r"|\b(?:" + "|".join(sorted(_KEYWORDS)) + r")\b"
)
# Lines of one shape: names and numbers as "a", everything else kept.
_SHAPE = str.maketrans(
    dict.fromkeys("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789", "a")
)
_RECIPES: dict[str, list[str | tuple[int, int]]] = {}


def _docstrings_ok(text: str, code: list[str], spans: list[int]) -> bool:
    """Each docstring is in ruff's normal form; ``code`` gets the text with them masked,
    ``spans`` their start and end offsets."""
    pos = 0
    size = len(text)
    for m in _DOCSTRING.finditer(text):
        start, end = m.span()
        indent, body = m.group(1, 3)
        spans += (start, end)
        if not body or body[0] == " " or body[-1] == '"' or "\\" in body or body.isspace():
            return False  # ruff would strip, escape or pad it
        if end != size and text[end] != "\n":
            return False
        if indent:
            outer = text.rfind("\n", 0, start - 1) + 1 + len(indent) - 4
            if text.startswith("class ", outer):
                if text[end : end + 2] != "\n\n" and end + 1 != size:
                    return False  # ruff wants one blank line after a class docstring
            elif text.startswith(("def ", "async def "), outer) and text[end : end + 2] == "\n\n":
                return False  # and none after a function's
        elif start == 0 and end + 1 != size and not _MODULE_DOC_END.match(text, end):
            return False  # and one after the module's
        opening = start + len(indent)
        code.append(text[pos:opening])
        pos = end
        if "\n" not in body:
            code.append(_MASK * (end - opening))
            continue
        lines = body.split("\n")
        rest = [line for line in lines[1:] if line]
        if any(not line.startswith(indent) for line in rest):
            return False
        if rest and min(len(line) - len(line.lstrip(" ")) for line in rest) != len(indent):
            return False  # ruff re-indents it
        if lines[-1] != indent and len(lines[-1]) + 3 > LINE_LENGTH:
            return False
        if lines[-1] == indent and len(lines) == 2 and not lines[0]:
            return False
        # each line masked but its indentation, which the blank-line rules read
        masked = [_MASK * (len(lines[0]) + 3)]
        for line in lines[1:]:
            content = line.lstrip(" ")
            masked.append(line[: len(line) - len(content)] + _MASK * len(content))
        masked[-1] += _MASK * 3
        code.append("\n".join(masked))
    code.append(text[pos:])
    return True


def _blank_lines(text: str, masked: str, spans: list[int]) -> tuple[str, str, list[int]] | None:
    """The blank lines ruff writes around top-level classes and at the start of a class
    body. ``masked`` is ``text`` with its docstrings (at ``spans``) masked, same length,
    where the places are looked for; both come back edited alike, with the docstrings'
    new offsets (``None``: not sure)."""
    edits: list[tuple[int, int, str]] = []
    for m in _BLOCK_START.finditer(masked):
        line = masked[masked.rfind("\n", 0, m.start()) + 1 : m.start()].lstrip(" ")
        if not line.startswith("class "):
            return None
        edits.append((m.start() + 2, m.end(), ""))
    for m in _BODY_END.finditer(masked):
        edits.append((m.start(1), m.end(1), "\n\n\n"))
    for m in _CLASS.finditer(masked):
        at = m.start()
        if masked[at - 1] != "\n":
            start = at  # no blank line before the class
        elif masked[at - 2] != "\n":
            start = at - 1  # one
        else:
            continue
        if masked[masked.rfind("\n", 0, start) + 1] != " ":  # else a class body ends here
            edits.append((start, at + 1, "\n\n\n"))
    if not edits:
        return text, masked, spans
    edits.sort()
    pieces: list[str] = []
    masks: list[str] = []
    pos = 0
    for start, end, new in edits:
        if start < pos:
            return None
        pieces += (text[pos:start], new)
        masks += (masked[pos:start], new)
        pos = end
    pieces.append(text[pos:])
    masks.append(masked[pos:])
    # No edit is inside a docstring (they are found in the masked text): each offset
    # moves by what the edits before it added.
    moved: list[int] = []
    shift = 0
    edit = iter(edits)
    start, end, new = next(edit, (len(text), 0, ""))
    for offset in spans:
        while start < offset:
            shift += len(new) - (end - start)
            start, end, new = next(edit, (len(text), 0, ""))
        moved.append(offset + shift)
    return "".join(pieces), "".join(masks), moved


def canonical(text: str) -> str | None:
    """``text`` as ``ruff format --line-length=100`` writes it, or ``None`` if not certain."""
    if not text.endswith("\n") or text.endswith("\n\n") or text.startswith("\n"):
        return None
    for bad in ("\t", "\r", "\f", "\v", "\\\n", " \n", "'''", "\n\n\n\n", "fmt:", "\x00", _MASK):
        if bad in text:
            return None
    parts: list[str] = []
    spans: list[int] = []
    if not _docstrings_ok(text, parts, spans):
        return None
    edited = _blank_lines(text, "".join(parts), spans)
    if edited is None:
        return None
    text, masked, spans = edited
    if text.startswith('"""') and not _MODULE_DOC_END.match(text, spans[1]):
        return None  # the blank lines after the module docstring are ruff's too
    code = _STRING.sub('""', masked)
    if '"' in code.replace('""', ""):
        return None  # a quote left over: a string form this module does not read
    for comment in _COMMENT.finditer(code):
        start = comment.start()
        body = comment.group()
        if not (body == "#" or body.startswith("# ") or (body.startswith("#!") and start == 0)):
            return None
        line_start = code.rfind("\n", 0, start) + 1
        before = code[line_start:start]
        if before.strip() and (not before.endswith("  ") or before.endswith("   ")):
            return None  # ruff writes two spaces before a trailing comment
    code = "\n" + _COMMENT.sub("#", code)  # every line starts after a line break
    if any(bad in code for bad in _SUSPECT_TEXT):
        return None
    parens = code.translate(_AS_PARENS)
    if any(bad in parens for bad in _SUSPECT_PARENS):
        return None
    if _DOUBLE_SPACE.search(code) or _SUSPECT.search(code):
        return None
    if _CLASS_BODY.search(code):
        return None
    for opener, closer in (("(", ")"), ("[", "]"), ("{", "}")):
        if code.count(opener) != code.count(closer):
            return None
    return _wrap_long_lines(text, spans)


def _wrap_long_lines(text: str, spans: list[int]) -> str | None:
    out: list[str] = []
    pos = 0
    for m in _LONG.finditer(text):
        if bisect.bisect(spans, m.start()) % 2 == 1:
            continue  # ruff leaves a docstring's long lines alone
        line = m.group()
        stripped = line.lstrip(" ")
        if stripped.startswith('"""'):
            continue
        code = _STRING.sub('""', line)
        if stripped.startswith("#") or not line.isascii() or "#" in code:
            return None
        lines = _wrap(line, code, len(line) - len(stripped))
        if lines is None:
            return None
        out.append(text[pos : m.start()])
        out.append(lines)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def _wrap(line: str, code: str, indent: int) -> str | None:
    """Ruff's lines for one long line, through the recipe of lines of its shape if any.

    Lines of one shape (the same characters but for names and numbers, which have the
    same lengths) are wrapped alike, so the recipe of the first is used for the others,
    unless a keyword or an unusual number could make them parse differently (``code``
    is the line with its strings emptied)."""
    first = line[indent : line.find(" ", indent)]
    cacheable = (
        not line[indent].isdigit()
        and _UNCACHEABLE.search(code, indent + 6 if first in ("class", "return") else 0) is None
    )
    if cacheable:
        key = (first if first in ("class", "return") else "") + "\0" + line.translate(_SHAPE)
        recipe = _RECIPES.get(key)
        if recipe is not None:
            return "".join(x if isinstance(x, str) else line[x[0] : x[1]] for x in recipe)
    try:
        lines = _statement(line[indent:], indent)
    except (_Unsure, IndexError):
        return None
    if any(len(x) > LINE_LENGTH for x in lines):
        return None
    result = "\n".join(lines)
    if cacheable:
        recipe = _recipe(line, result)
        if recipe is not None:
            if len(_RECIPES) > 4096:
                _RECIPES.clear()
            _RECIPES[key] = recipe
    return result


def _recipe(line: str, result: str) -> list[str | tuple[int, int]] | None:
    """How ``result`` is made of ``line``: its slices, and the line breaks, indentation,
    commas and parentheses the wrapping put between them (``None``: not that simple)."""
    recipe: list[str | tuple[int, int]] = []
    i = 0
    n = len(line)
    run = -1
    for ch in result:
        while True:
            if i < n and line[i] == ch:
                if run < 0:
                    run = i
                i += 1
                break
            if run >= 0:
                recipe.append((run, i))
                run = -1
            if ch in "\n ,()":
                if recipe and isinstance(recipe[-1], str):
                    recipe[-1] += ch
                else:
                    recipe.append(ch)
                break
            if i < n and line[i] == " ":
                i += 1  # a space a line break replaced
                continue
            return None
    if run >= 0:
        recipe.append((run, i))
    return recipe if i == n else None
