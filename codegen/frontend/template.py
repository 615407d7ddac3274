"""Template literal types: the literal expansions of ``${"a" | "b"}-x`` (the cross product
of small literal sets, within ``MAX_TEMPLATE_EXPANSIONS``), else a ``string`` with
typescript-json-schema's ``pattern``. Parse calls it for holes it can read; expand for holes
that name a type (``${Locale}`` over an enum), once it knows what they stand for.
"""

from __future__ import annotations

import re

from .. import ir

MAX_TEMPLATE_EXPANSIONS = 256


def template_type(parts: list[str | ir.TypeExpr], span: ir.Span) -> ir.TypeExpr:
    expansions: list[str] | None = [""]
    pattern = ""
    for part in parts:
        if isinstance(part, str):
            pattern += _regex_escape(part)
            expansions = expansions and [e + part for e in expansions]
            continue
        literals = _literal_strings(part)
        if literals is not None and expansions is not None:
            # The cross product is counted before it is built: a budget, not a cleanup.
            if len(expansions) * len(literals) > MAX_TEMPLATE_EXPANSIONS:
                expansions = None
            else:
                expansions = [e + v for e in expansions for v in literals]
        else:
            expansions = None
        if literals is not None:
            pattern += "(" + "|".join(_regex_escape(v) for v in literals) + ")"
        elif isinstance(part, ir.Primitive) and part.name == "number":
            pattern += "[0-9]*"
        else:
            pattern += ".*"
    if expansions is not None:
        if len(expansions) == 1:
            return ir.Literal(expansions[0], span)
        return ir.Union(tuple(ir.Literal(e, span) for e in expansions), span)
    return ir.Primitive("string", span, pattern=f"^{pattern}$")


def _regex_escape(text: str) -> str:
    """Escape regex metacharacters only (``re.escape`` also escapes ``-``; the oracle does not)."""
    return re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", text)


def _literal_strings(t: ir.TypeExpr) -> list[str] | None:
    members = t.members if isinstance(t, ir.Union) else (t,)
    values = []
    for member in members:
        if not isinstance(member, ir.Literal) or isinstance(member.value, bool):
            return None
        values.append(str(member.value))
    return values
