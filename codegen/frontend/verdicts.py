"""What both halves of the assignability checker (``conditional``, ``index_rules``) speak:
the view of named types the expander gives them, union members and unions as TypeScript
reads them, and three-valued verdicts (True, False, None for undecided)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from .. import ir
from ..ir.queries import shape


class Types(Protocol):
    """What the checker needs to know about named types (the expander provides it)."""

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr: ...

    def properties(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]: ...

    def index(self, t: ir.TypeExpr) -> ir.IndexSignature | None: ...

    def spend(self, amount: int, span: ir.Span) -> None:
        """Count work against the expansion's budget (``codegen.frontend.budget``)."""
        ...

    def lookup(self, name: str) -> ir.Decl | None:
        """The declaration ``name`` stands for."""
        ...

    def written_as_interface(self, name: str) -> bool:
        """Whether ``name`` is declared as an interface or a class (or instantiates a
        generic one), which has no implicit index signature, unlike an object literal
        type that the compiler declares under a name."""
        ...


def members(
    t: ir.TypeExpr, types: Types, within: frozenset[str] = frozenset()
) -> tuple[ir.TypeExpr, ...]:
    """The union members ``t`` stands for (aliases followed, nested unions flattened);
    ``boolean`` is ``true | false``, ``never`` the empty union."""
    if isinstance(t, ir.Ref):
        if t.name in within:
            return ()  # ``type N = string | N``: a union met again inside itself adds nothing
        within = within | {t.name}
    resolved = types.deref(t)
    if isinstance(resolved, ir.Union):
        return tuple(m for member in resolved.members for m in members(member, types, within))
    if is_primitive(resolved, "never"):
        return ()
    if is_primitive(resolved, "boolean"):
        return (ir.Literal(True, t.span), ir.Literal(False, t.span))
    return (t,)  # as written: a named type keeps its name


def union(parts: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
    """The union of ``parts``: nested unions flattened, ``never`` dropped, repeats once,
    ``true | false`` back to ``boolean``."""
    found: dict[object, ir.TypeExpr] = {}
    for part in parts:
        for member in part.members if isinstance(part, ir.Union) else (part,):
            if not is_primitive(member, "never"):
                found.setdefault(shape(member), member)
    both = (shape(ir.Literal(True)), shape(ir.Literal(False)))
    if all(key in found for key in both):
        first = min(list(found).index(key) for key in both)
        kept = [m for k, m in found.items() if k not in both]
        kept.insert(first, ir.Primitive("boolean", span))
        found = {shape(m): m for m in kept}
    kept = list(found.values())
    if not kept:
        return ir.Primitive("never", span)
    return kept[0] if len(kept) == 1 else ir.Union(tuple(kept), span)


def no_function(t: ir.TypeExpr) -> bool:
    """Surely no function: a primitive but ``object``/``any``/``unknown`` (every function
    type reads as ``object``), a literal, an array, a tuple, or a union of such."""
    if isinstance(t, ir.Union):
        return all(no_function(m) for m in t.members)
    if isinstance(t, ir.Primitive):
        return t.name not in ("object", "any", "unknown")
    return isinstance(t, ir.Literal | ir.Array | ir.Tuple)


def is_primitive(t: ir.TypeExpr, *names: str) -> bool:
    return isinstance(t, ir.Primitive) and t.name in names


def all_verdicts(verdicts: list[bool | None]) -> bool | None:
    if False in verdicts:
        return False
    return None if None in verdicts else True


def all_lazy(verdicts: Iterator[bool | None]) -> bool | None:
    """``all_verdicts``, stopping at the first False (what follows cannot change the verdict)."""
    undecided = False
    for verdict in verdicts:
        if verdict is False:
            return False
        undecided = undecided or verdict is None
    return None if undecided else True
