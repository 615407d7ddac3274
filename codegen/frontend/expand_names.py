"""The names the expansion gives what it declares: ``Page_Tool`` for ``Page<Tool>``.

An argument whose word does not say all of it adds a digest of the arguments' structure
(``Page_Object_1a2b3c4d``); the digest also tells apart two structures that want one name.
"""

from __future__ import annotations

import hashlib
import re
from typing import assert_never

from .. import ir
from ..ir.queries import shape

_NON_WORD = re.compile(r"[^0-9A-Za-z]+")


def instance_name(name: str, args: tuple[ir.TypeExpr, ...]) -> str:
    """A stable Python-friendly name for ``name<args>``: ``Page<Tool[]>`` is ``Page_ToolArray``.

    An argument whose word does not say all of it (an object literal, a tuple...) adds a
    digest of the arguments' structure: ``Page<{ x: string }>`` is ``Page_Object_1a2b3c4d``.
    """
    base = "_".join([name, *(_arg_word(a) for a in args)])
    return base if all(_word_is_exact(a) for a in args) else f"{base}_{digest(shape(args))}"


def _word_is_exact(t: ir.TypeExpr) -> bool:
    match t:
        case ir.Primitive():
            return True
        case ir.Literal():
            return isinstance(t.value, str) and t.value.isidentifier()
        case ir.Ref():
            return all(_word_is_exact(a) for a in t.args)
        case ir.Array():
            return _word_is_exact(t.items)
        case ir.Union() | ir.Intersection():
            return all(_word_is_exact(m) for m in t.members)
        case ir.Typeof() | ir.Tuple() | ir.Omit() | ir.Mapping() | ir.Object():
            return False
        case _:
            assert_never(t)


def _arg_word(t: ir.TypeExpr) -> str:
    match t:
        case ir.Primitive():
            return t.name
        case ir.Literal():
            word = _NON_WORD.sub("_", str(t.value)).strip("_")
            return word or "literal"
        case ir.Ref():
            return instance_name(t.name.replace(".", "_"), t.args)
        case ir.Array():
            return _arg_word(t.items) + "Array"
        case ir.Union():
            return "Or".join(_arg_word(m) for m in t.members)
        case ir.Intersection():
            return "And".join(_arg_word(m) for m in t.members)
        case ir.Typeof() | ir.Tuple() | ir.Omit() | ir.Mapping() | ir.Object():
            return t.kind.capitalize()
        case _:
            assert_never(t)


def digest(structure: object) -> str:
    return hashlib.blake2b(repr(structure).encode(), digest_size=4).hexdigest()
