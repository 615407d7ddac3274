"""The jinja2 environment every emitter renders with, wired to ``codegen.escape``.

Filters: ``pyrepr`` (a Python literal), ``docstring`` (a whole docstring), ``doc``
(text inside a docstring the template writes), ``comment`` (the rest of a ``#`` line)
and ``ident`` (a name the naming authority checked).

A forgotten filter fails loudly: ``finalize`` refuses any interpolated string that is
not ``Code`` (what the filters and emitters produce) and that holds a line break, a
hidden character or a triple quote: what could end a comment or a docstring. (Literals
``py_str`` writes hold neither, so annotations built from them pass.)
"""

from __future__ import annotations

from functools import cache

import jinja2

from codegen import escape
from codegen.escape import Code

TEMPLATES = escape.__file__.rsplit("/", 1)[0] + "/templates"


def _unsafe(text: str) -> bool:
    return '"""' in text or any(escape.hidden(ch) for ch in text)


def _finalize(value: object) -> object:
    if isinstance(value, Code) or value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        if _unsafe(value):
            raise ValueError(f"unescaped text reached a template: {value[:80]!r}")
        return value
    raise TypeError(f"a template interpolated a {type(value).__name__}; pass text")


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # Python source, not HTML: escaping is codegen.escape's job
        finalize=_finalize,
    )
    env.filters["pyrepr"] = escape.py_value
    env.filters["docstring"] = escape.docstring
    env.filters["doc"] = escape.doc_fragment
    env.filters["comment"] = escape.comment
    env.filters["ident"] = escape.identifier
    indent = env.filters["indent"]
    # Indenting escaped text keeps it escaped.
    env.filters["indent"] = lambda text, *a, **k: (
        Code(indent(text, *a, **k)) if isinstance(text, Code) else indent(text, *a, **k)
    )
    return env


def template(name: str) -> jinja2.Template:
    return environment().get_template(name)


def render(name: str, **context: object) -> Code:
    return Code(template(name).render(**context))
