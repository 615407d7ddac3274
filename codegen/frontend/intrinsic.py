"""TypeScript's intrinsic string types: ``Uppercase``, ``Lowercase``, ``Capitalize`` and
``Uncapitalize`` of a string literal (or a union of them) are the literals changed so;
of ``string`` they are ``string``, as typescript-json-schema writes them (JSON Schema has
no "upper-case" keyword). Of a template literal type, whose pattern would have to change
case too, they are a located error.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir.printer import quoted
from . import conditional

CASES: dict[str, Callable[[str], str]] = {
    "Uppercase": str.upper,
    "Lowercase": str.lower,
    "Capitalize": lambda s: s[:1].upper() + s[1:],
    "Uncapitalize": lambda s: s[:1].lower() + s[1:],
}


def apply(name: str, arg: ir.TypeExpr, types: conditional.Types, span: ir.Span) -> ir.TypeExpr:
    """``name<arg>``, over each member of ``arg`` (``conditional.members`` drops ``never``)."""
    change = CASES[name]
    parts: list[ir.TypeExpr] = []
    for member in conditional.members(arg, types):
        t = types.deref(member)
        types.spend(1, span)
        if isinstance(t, ir.Literal) and isinstance(t.value, str):
            parts.append(ir.Literal(change(t.value), span))
        elif isinstance(t, ir.Primitive) and t.name in ("string", "any"):
            if t.pattern is not None or t.format is not None:
                raise Unsupported(span, f"'{name}' of a template literal type is not supported")
            parts.append(ir.Primitive("string", span))
        else:
            raise SchemaError(span, f"'{name}' needs a string type, got {quoted(member)}")
    return conditional.union(tuple(parts), span)
