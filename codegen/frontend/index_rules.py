"""Which object types meet an index signature, as TypeScript's checker decides it.

The index-signature rules of ``conditional``'s assignability checker: a target's index
signature (``[k: string]: V``, ``Record<string, V>``) is met by the source's own
applicable index signature, else, for an object literal type (whose index signature is
implicit), by each of its members, else not at all (an interface, an array, a
primitive). Where the declarations do not decide it, the verdict is None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from .. import ir
from .verdicts import Types, members, no_function, union
from .verdicts import all_lazy as _all_lazy
from .verdicts import all_verdicts as _all
from .verdicts import is_primitive as _is


class IndexRules:
    """The index-signature rules, mixed into the checker, which provides ``check`` (one
    assignability verdict) and ``properties_of`` (an object type's properties)."""

    types: Types
    check: Callable[[ir.TypeExpr, ir.TypeExpr], bool | None]
    properties_of: Callable[[ir.TypeExpr], tuple[ir.Property, ...]]

    def sequence_index(self, s: ir.Array | ir.Tuple, wanted: ir.IndexSignature) -> bool | None:
        """Whether an array or a tuple meets an index signature: the lib's ``Array`` has
        ``[n: number]: T`` only (an interface: no implicit one)."""
        if _is(self.types.deref(wanted.value), "any"):
            return True
        if wanted.pattern is not None:
            return None
        if not wanted.numeric:
            return False
        items = (s.items,) if isinstance(s, ir.Array) else s.members
        return _all_lazy(self.check(item, wanted.value) for item in items)

    def wanted_index(self, t: ir.TypeExpr) -> ir.IndexSignature | None:
        """The index signature of the target ``t`` (``Record<string, V>``'s too)."""
        if isinstance(t, ir.Mapping):
            return ir.IndexSignature(t.value, span=t.span)
        return self.types.index(t)

    def meets_index(self, s: ir.TypeExpr, wanted: ir.IndexSignature) -> bool | None:
        """Whether the object type ``s`` meets the index signature ``wanted``, as
        TypeScript's ``indexSignaturesRelatedTo``: a value type ``any`` takes every object;
        else ``s``'s own index signature that applies to the key decides; else, for an
        object literal type (implicitly indexed), each of its members whose key applies;
        an interface has no implicit index signature."""
        if _is(self.types.deref(wanted.value), "any"):
            return True
        if isinstance(s, ir.Intersection):
            parts = [self.types.deref(m) for m in s.members]
            owns = [self.own_index(p) for p in parts]
            found = [
                self.check(own.value, wanted.value)
                for own in owns
                if isinstance(own, ir.IndexSignature) and _applies(own, wanted)
            ]
            if found:  # the intersection's value is theirs intersected: narrower still
                return True if True in found else found[0] if len(found) == 1 else None
            # An implicit index signature only when every member has one.
            literals = [self.literal(p) for p in parts]
            bodies = [b for b in literals if isinstance(b, ir.Object)]
            if len(bodies) == len(parts):
                return self.members_meet(s, wanted, bodies)
            if "undecided" in owns or None in literals:
                return None
            return False
        own = self.own_index(s)
        if own == "undecided":
            return None
        if isinstance(own, ir.IndexSignature) and _applies(own, wanted):
            return self.check(own.value, wanted.value)
        body = self.literal(s)
        if isinstance(body, ir.Object):
            return self.members_meet(s, wanted, [body])
        return body  # False for an interface, None for what is not known

    def own_index(self, s: ir.TypeExpr) -> ir.IndexSignature | Literal["undecided"] | None:
        """The index signature ``s`` declares or inherits; "undecided" where a base is
        not known here (a generic one being instantiated)."""
        if isinstance(s, ir.Mapping):
            return ir.IndexSignature(s.value, span=s.span)
        if isinstance(s, ir.Object):
            return s.index
        if isinstance(s, ir.Omit):
            return self.own_index(self.types.deref(s.base))
        if not isinstance(s, ir.Ref):
            return "undecided"
        decl = self.types.lookup(s.name)
        if not isinstance(decl, ir.Interface):
            return "undecided"
        if decl.body.index is not None:
            return decl.body.index
        for base in decl.extends:
            if isinstance(base, ir.Ref) and base.args:
                return "undecided"  # a generic base not yet instantiated
            found = self.own_index(self.types.deref(base))
            if found is not None:
                return found
        return None

    def literal(self, s: ir.TypeExpr) -> ir.Object | bool | None:
        """The body of an object literal type (a mapped type's too), whose index
        signature TypeScript reads from its members; False for an interface or a class,
        which has none; None for what is not known."""
        if isinstance(s, ir.Object):
            return s
        if isinstance(s, ir.Omit):  # a mapped type (``Pick``) over any object type
            methods = self.methods(self.types.deref(s.base))
            own = self.own_index(s)  # "undecided" only where ``methods`` is None
            if methods is None:
                return None
            index = own if isinstance(own, ir.IndexSignature) else None
            return ir.Object(self.properties_of(s), index, s.span, methods=methods)
        if isinstance(s, ir.Ref):
            decl = self.types.lookup(s.name)
            if isinstance(decl, ir.Interface):
                # The compiler declares object literal types too (a generic alias's
                # instance, a union member named where it stands): not interfaces.
                return False if self.types.written_as_interface(s.name) else decl.body
        return None

    def methods(self, s: ir.TypeExpr) -> tuple[str, ...] | None:
        """The methods of the object type ``s``, inherited ones too; None where a base is
        not known here."""
        if isinstance(s, ir.Mapping):
            return ()
        if isinstance(s, ir.Object):
            return s.methods
        if isinstance(s, ir.Omit):
            found = self.methods(self.types.deref(s.base))
            return None if found is None else tuple(m for m in found if m not in s.keys)
        decl = self.types.lookup(s.name) if isinstance(s, ir.Ref) else None
        if not isinstance(decl, ir.Interface):
            return None
        methods = list(decl.body.methods)
        for base in decl.extends:
            generic = isinstance(base, ir.Ref) and base.args
            found = None if generic else self.methods(self.types.deref(base))
            if found is None:
                return None
            methods.extend(found)
        return tuple(methods)

    def members_meet(
        self, s: ir.TypeExpr, wanted: ir.IndexSignature, bodies: list[ir.Object]
    ) -> bool | None:
        """Each member of ``s`` (made of ``bodies``) whose key ``wanted`` reads, against
        its value (an optional member's ``undefined`` aside, as TypeScript's
        ``membersRelatedToIndexer`` does); a method where a function is surely not taken
        fails it."""
        if wanted.pattern is not None:
            return None
        verdicts: list[bool | None] = []
        if any(b.methods for b in bodies):
            value = self.types.deref(wanted.value)
            if no_function(value):
                return False
            if not _is(value, "unknown"):
                verdicts.append(None)  # a method's function type is not known here
        for p in self.properties_of(s):
            if wanted.numeric and not _numeric_name(p.name):
                continue
            value = p.type
            if p.optional and not _is(self.types.deref(value), "undefined"):
                kept = (m for m in members(value, self.types) if not _is(m, "undefined"))
                value = union(tuple(kept), value.span)
            verdicts.append(self.check(value, wanted.value))
            if verdicts[-1] is False:
                return False
        for body in bodies:
            own = body.index
            if own is not None and (own.numeric or not wanted.numeric):
                verdicts.append(self.check(own.value, wanted.value))
        return _all(verdicts)


def _applies(own: ir.IndexSignature, wanted: ir.IndexSignature) -> bool:
    """Whether the source's index signature ``own`` serves keys of ``wanted``'s kind: a
    string one serves number keys too, a template pattern neither."""
    if own.pattern is not None or wanted.pattern is not None:
        return own.pattern == wanted.pattern and own.numeric == wanted.numeric
    return wanted.numeric or not own.numeric


def _numeric_name(name: str) -> bool:
    """A property name that TypeScript reads as a number key (``isNumericLiteralName``)."""
    try:
        return str(float(name)).removesuffix(".0") == name or name == str(int(name))
    except ValueError:
        return False
