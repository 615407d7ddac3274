"""Conditional types, ``C extends E ? X : Y``, evaluated as TypeScript's checker does.

``expand`` calls ``evaluate`` once the type arguments are known. A check type that is a
naked type parameter distributes over the union it stands for (``NonNull<string | null>``
is ``NonNull<string> | NonNull<null>``); ``never`` there gives ``never``, ``any`` both
branches. ``Exclude``, ``Extract`` and ``NonNullable`` are the conditional types they are in
TypeScript's lib.

Assignability is decided from the declarations: primitives, literals, ``null``/``undefined``
(as under ``strictNullChecks``: the typing's meaning, see docs/jsonschema-deviations.md),
arrays, tuples, unions, intersections and object types by their properties (structurally,
named interfaces too). A target's index signature is met as TypeScript's checker meets it:
by the source's own applicable index signature, else, for an object literal type (whose
index signature is implicit), by each of its members, else not at all (an interface, an
array, a primitive). Where it is not decidable that way (a primitive's apparent members,
template patterns against each other), the verdict is ``None`` and the conditional type is
a located error, never a guess. The index-signature rules are ``index_rules``'s; the view of
named types, unions and three-valued verdicts both share are ``verdicts``'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from typing import Literal

from .. import ir
from ..ir import FUNCTION
from ..ir.printer import quoted
from ..ir.queries import shape
from .index_rules import IndexRules
from .verdicts import Types as Types
from .verdicts import all_lazy as _all_lazy
from .verdicts import all_verdicts as _all
from .verdicts import is_primitive as _is
from .verdicts import members as members
from .verdicts import no_function as no_function
from .verdicts import union as union

_KINDS = {str: "string", bool: "boolean", int: "number", float: "number"}

# The members of the primitives' apparent types in TypeScript's lib (``String``,
# ``Number``, ``Boolean``, each with ``Object``'s): a primitive lacks every other property.
_OBJECT = frozenset(
    "constructor toString toLocaleString valueOf hasOwnProperty isPrototypeOf "
    "propertyIsEnumerable".split()
)
_APPARENT = {
    "string": _OBJECT
    | frozenset(
        "length charAt charCodeAt concat indexOf lastIndexOf localeCompare match replace "
        "search slice split substring toLowerCase toLocaleLowerCase toUpperCase "
        "toLocaleUpperCase trim substr codePointAt includes endsWith normalize repeat "
        "startsWith anchor big blink bold fixed fontcolor fontsize italics link small strike "
        "sub sup padStart padEnd trimEnd trimStart trimLeft trimRight matchAll replaceAll at "
        "isWellFormed toWellFormed".split()
    ),
    "number": _OBJECT | frozenset("toFixed toExponential toPrecision".split()),
    "boolean": _OBJECT,
}


def evaluate(
    check: ir.TypeExpr,
    extends: ir.TypeExpr,
    branch: Callable[[bool], ir.TypeExpr],
    types: Types,
    span: ir.Span,
) -> ir.TypeExpr:
    """One (non-distributed) conditional type: the branch its verdict picks."""
    found = verdict(check, extends, types, span)
    if isinstance(found, ir.Primitive):
        return found  # degraded
    return pick(found, branch, span)


def verdict(
    check: ir.TypeExpr, extends: ir.TypeExpr, types: Types, span: ir.Span
) -> bool | ir.Primitive | None:
    """Whether ``check`` extends ``extends``; None for both branches (``any``); where the
    declarations do not decide it, the degraded ``unknown`` that stands for the type."""
    target = types.deref(extends)
    if _is(types.deref(check), "any") and not _is(target, "any", "unknown"):
        return None
    found = assignable(check, extends, types)
    if found is None:  # TypeScript would decide it; the dialect cannot: degraded
        return ir.degraded(
            "conditional type: cannot decide from the declarations whether "
            f"{quoted(check)} extends {quoted(extends)}",
            span,
        )
    return found


def pick(found: bool | None, branch: Callable[[bool], ir.TypeExpr], span: ir.Span) -> ir.TypeExpr:
    """The branch a ``verdict`` picks (both for None)."""
    if found is None:
        return union((branch(True), branch(False)), span)
    return branch(found)


def filtered(t: ir.TypeExpr, test: ir.TypeExpr, keep: bool, types: Types) -> ir.TypeExpr:
    """The members of ``t`` that extend ``test`` (``keep``: Extract) or do not (Exclude)."""
    never = ir.Primitive("never", t.span)

    def picked(member: ir.TypeExpr) -> Callable[[bool], ir.TypeExpr]:
        return lambda verdict: member if verdict == keep else never

    parts = tuple(evaluate(m, test, picked(m), types, t.span) for m in members(t, types))
    return union(parts, t.span)


def assignable(source: ir.TypeExpr, target: ir.TypeExpr, types: Types) -> bool | None:
    """Whether every value of ``source`` is one of ``target``; None when undecidable."""
    return _Checker(types).check(source, target)


def _any_lazy(verdicts: Iterator[bool | None]) -> bool | None:
    """``_any``, stopping at the first True."""
    undecided = False
    for verdict in verdicts:
        if verdict is True:
            return True
        undecided = undecided or verdict is None
    return None if undecided else False


def _same_name(a: ir.TypeExpr, b: ir.TypeExpr) -> bool:
    return isinstance(a, ir.Ref) and isinstance(b, ir.Ref) and a.name == b.name and not a.args


def _any(verdicts: list[bool | None]) -> bool | None:
    if True in verdicts:
        return True
    return None if None in verdicts else False


class _Checker(IndexRules):
    def __init__(self, types: Types) -> None:
        self.types = types
        self.assumed: set[tuple[str, str]] = set()  # named pairs being checked (recursion)

    def check(self, source: ir.TypeExpr, target: ir.TypeExpr) -> bool | None:
        self.types.spend(4, source.span)  # a comparison costs about four expansion steps
        if isinstance(target, ir.Ref) and target.name == FUNCTION:
            # A function type of a condition: only what is surely no function is decided.
            return False if no_function(self.types.deref(source)) else None
        if isinstance(source, ir.Ref) and isinstance(target, ir.Ref):
            if source.name == target.name:
                return True
            pair = (source.name, target.name)
            if pair in self.assumed:
                return True  # coinductive, as TypeScript's "maybe" for recursive types
            self.assumed.add(pair)
            try:
                return self.resolved(self.types.deref(source), self.types.deref(target))
            finally:
                self.assumed.discard(pair)
        return self.resolved(self.types.deref(source), self.types.deref(target))

    def resolved(self, s: ir.TypeExpr, t: ir.TypeExpr) -> bool | None:
        degraded = isinstance(t, ir.Primitive) and t.name == "unknown" and t.degraded is not None
        if degraded and not _is(s, "never"):
            # A degraded ``unknown`` stands for a type the dialect cannot express, not for
            # ``unknown``: nothing is decided against it (TypeScript's error type, a
            # degraded ``any``, is ``any``).
            return None
        if _is(t, "any", "unknown") or _is(s, "never"):
            return True
        if _is(s, "any"):
            return True  # nested; a check type ``any`` is ``evaluate``'s (both branches)
        if _is(s, "unknown"):
            return False
        if isinstance(s, ir.Union):
            return _all_lazy(self.check(m, t) for m in s.members)
        if _is(s, "boolean"):
            return _all([self.check(ir.Literal(v), t) for v in (True, False)])
        if isinstance(t, ir.Union):
            # the member ``s`` names itself first: ``A | B extends A | B`` is decided in
            # one step per member, not by comparing every pair
            members = sorted(t.members, key=lambda m: not _same_name(s, m))
            found = _any_lazy(self.check(s, m) for m in members)
            if found is False and self.object_like(s) and self.splits(s):
                if all(self.excludes(s, self.types.deref(m)) for m in t.members):
                    return False  # no narrowing of ``s`` can be any member
                return None  # ``{k: "a" | "b"}`` may match ``{k: "a"} | {k: "b"}`` as a whole
            return found
        if isinstance(t, ir.Intersection):
            return _all([self.check(s, m) for m in t.members])
        if isinstance(s, ir.Intersection):
            never = self.reduced_to_never(s)
            if never is not False:
                return never  # ``never`` extends every type
            if self.object_like(t):
                return self.structural(s, t)
            if _any([self.check(m, t) for m in s.members]):
                return True
            parts = [self.types.deref(m) for m in s.members]
            # Object types only (no ``string & { brand }``): an object, which no primitive
            # or literal type takes.
            return False if all(self.object_like(p) for p in parts) else None
        if isinstance(s, ir.Primitive | ir.Literal):
            return self.scalar(s, t)
        if isinstance(t, ir.Primitive | ir.Literal):
            return _is(t, "object")  # ``s`` is an array, a tuple or an object type here
        return self.compound(s, t)

    def scalar(self, s: ir.Primitive | ir.Literal, t: ir.TypeExpr) -> bool | None:
        if isinstance(t, ir.Literal):
            if isinstance(s, ir.Literal):
                same = _KINDS[type(s.value)] == _KINDS[type(t.value)]
                return same and s.value == t.value
            return False
        kind = _KINDS.get(type(s.value)) if isinstance(s, ir.Literal) else s.name
        if isinstance(t, ir.Primitive):
            if t.pattern is not None or t.format is not None:
                return self.pattern(s, t)
            return kind == t.name
        if kind in ("null", "undefined") or isinstance(t, ir.Array | ir.Tuple):
            return False
        wanted = self.wanted_index(t)
        if wanted is not None:
            # Of the lib's ``String``, ``Number``, ``Boolean`` and ``Object``, only
            # ``String`` has an index signature: ``[index: number]: string``.
            found: bool | None
            if kind == "object" and _is(self.types.deref(wanted.value), "any"):
                found = True  # ``any`` takes every object, not a primitive
            elif wanted.pattern is not None:
                return None
            elif kind != "string" or not wanted.numeric:
                return False
            elif isinstance(s, ir.Primitive) and s.format is not None:
                return False  # ``Date``, ``URL``: interfaces of the lib, with no index
            else:
                found = self.check(ir.Primitive("string", s.span), wanted.value)
            if found is False or not self.properties_of(t):
                return found
        if not self.properties_of(t):
            return True  # ``{}`` takes every value but null and undefined
        # ``object`` has no property: it is an object type whose members are all optional
        # (``object extends { a?: string }``, as tsc decides); a primitive has its apparent
        # members (``length``...)
        if kind == "object":
            return all(p.optional for p in self.properties_of(t))
        members = _APPARENT.get(kind or "", frozenset())
        if any(not p.optional and p.name not in members for p in self.properties_of(t)):
            return False  # a required property that the primitive's lib type lacks
        return None

    def pattern(self, s: ir.Primitive | ir.Literal, t: ir.Primitive) -> bool | None:
        if isinstance(s, ir.Literal):
            if not isinstance(s.value, str):
                return False
            if t.format is not None:
                return None
            assert t.pattern is not None
            return re.fullmatch(t.pattern, s.value) is not None
        if s.name != "string":
            return False
        if (s.pattern, s.format) == (t.pattern, t.format):
            return True
        return False if s.pattern is None and s.format is None else None

    def reduced_to_never(self, s: ir.Intersection) -> bool | None:
        """Whether TypeScript reduces the intersection ``s`` to ``never``: a member that
        is required in some part and of unit types (literals, ``null``, ``undefined``) in
        some part, whose parts' types have no value in common (``{ kind: 1 } & { kind: 2
        }``; ``{ a: string } & { a: number }`` stays an object). None where the members'
        types do not tell (a template pattern against a literal)."""
        found: dict[str, list[ir.Property]] = {}
        for part in s.members:
            for prop in self.properties_of(self.types.deref(part)):
                found.setdefault(prop.name, []).append(prop)
        undecided = False
        for props in found.values():
            if len(props) < 2 or all(p.optional for p in props):
                continue
            sides = [members(p.type, self.types) for p in props]
            if not any(side and all(_unit(m) for m in side) for side in sides):
                continue  # no part says literals only: TypeScript keeps the object
            met = self.meet_values(sides)
            if met is None:
                undecided = True
            elif not met:
                return True
        return None if undecided else False

    def meet_values(self, sides: list[tuple[ir.TypeExpr, ...]]) -> bool | None:
        """Whether some value is one of each union of ``sides``: the members met pairwise,
        a literal or a primitive with an object type staying itself (a branded value)."""
        have: list[ir.TypeExpr] = list(sides[0])
        for side in sides[1:]:
            kept: dict[object, ir.TypeExpr] = {}
            for a in have:
                for b in side:
                    both = self.meet_two(a, b)
                    if both is None:
                        return None
                    if both is not False:
                        kept.setdefault(shape(both), both)
            have = list(kept.values())
        return bool(have)

    def meet_two(self, a: ir.TypeExpr, b: ir.TypeExpr) -> ir.TypeExpr | Literal[False] | None:
        """What ``a & b`` keeps of two union members: False for no value, None where it
        is not decided here."""
        for x, y in ((a, b), (b, a)):
            if _is(x, "any", "unknown"):
                return y
            if isinstance(x, ir.Primitive) and (x.pattern is not None or x.format is not None):
                # Not decided, even against the same pattern: ``reduced_to_never`` meets a
                # side of unit types only, which a pattern met later or earlier never decides.
                return None
        scalars = [_scalar(a), _scalar(b)]
        if all(scalars):
            if _takes((a,), b):  # the same type too
                return b
            return a if _takes((b,), a) else False
        if any(scalars):  # a scalar and an object type
            scalar, other = (a, b) if scalars[0] else (b, a)
            return False if _is(scalar, "null", "undefined") or _is(other, "object") else scalar
        return a  # object types: TypeScript does not reduce them here

    def object_like(self, t: ir.TypeExpr) -> bool | None:
        if isinstance(t, ir.Object | ir.Omit | ir.Mapping | ir.Array | ir.Tuple | ir.Ref):
            return True
        if isinstance(t, ir.Intersection):
            return _any([self.object_like(self.types.deref(m)) for m in t.members])
        if isinstance(t, ir.Primitive | ir.Literal):
            return False
        return None

    def excludes(self, s: ir.TypeExpr, m: ir.TypeExpr) -> bool:
        """Whether no value of the object type ``s`` is one of ``m``, whatever its union
        properties hold: ``m`` is no object type, or requires a property that ``s`` lacks
        or holds only values that ``s``'s property never has (a discriminant:
        ``{ type: 0; nsfw?: boolean }`` is never ``{ type: 1 }``)."""
        if self.object_like(m) is False:
            return True
        if not isinstance(m, ir.Object | ir.Ref | ir.Intersection | ir.Omit):
            return False
        have = {p.name: p for p in self.properties_of(s)}
        for want in self.properties_of(m):
            if want.optional:
                continue
            found = have.get(want.name)
            if found is None:
                if self.types.index(s) is None:  # else an index signature may hold it
                    return True
                continue
            if all(self.check(v, want.type) is False for v in self.values(found.type)):
                return True
        return False

    def values(self, t: ir.TypeExpr) -> tuple[ir.TypeExpr, ...]:
        """A property type as the members a narrowing picks from."""
        t = self.types.deref(t)
        if isinstance(t, ir.Union):
            return tuple(v for m in t.members for v in self.values(m))
        if _is(t, "boolean"):
            return (ir.Literal(True, t.span), ir.Literal(False, t.span))
        return (t,)

    def splits(self, s: ir.TypeExpr) -> bool:
        return any(
            isinstance(self.types.deref(p.type), ir.Union) or _is(p.type, "boolean")
            for p in self.properties_of(s)
        )

    def properties_of(self, t: ir.TypeExpr) -> tuple[ir.Property, ...]:
        if isinstance(t, ir.Array | ir.Tuple | ir.Mapping):
            return ()
        return self.types.properties(t)

    def compound(self, s: ir.TypeExpr, t: ir.TypeExpr) -> bool | None:
        if isinstance(t, ir.Array):
            if isinstance(s, ir.Array):
                return self.check(s.items, t.items)
            if isinstance(s, ir.Tuple):
                return _all([self.check(i, t.items) for i in s.members])
            return False  # an object type
        if isinstance(t, ir.Tuple):
            if isinstance(s, ir.Tuple):
                return self.tuples(s, t)
            return False  # an array or an object type
        if isinstance(s, ir.Array | ir.Tuple):
            wanted = self.wanted_index(t)
            found: bool | None = True
            if wanted is not None:
                found = self.sequence_index(s, wanted)
            if found is False:
                return False
            # An array has members (``length``...) that the declarations do not list.
            return None if self.properties_of(t) else found
        return self.structural(s, t)

    def tuples(self, s: ir.Tuple, t: ir.Tuple) -> bool | None:
        """Every length ``s`` allows, ``t`` allows, and each position's member of ``s``
        (its rest member's too) is assignable to ``t``'s member there."""
        s_min = len(s.items) if s.min_items is None else s.min_items
        t_min = len(t.items) if t.min_items is None else t.min_items
        s_max = math.inf if s.rest is not None else len(s.items)
        t_max = math.inf if t.rest is not None else len(t.items)
        if s_min < t_min or s_max > t_max:
            return False  # ``s`` has values of a length ``t`` does not allow
        verdicts: list[bool | None] = []
        for i in range(max(len(s.items), len(t.items))):
            a = s.items[i] if i < len(s.items) else s.rest
            b = t.items[i] if i < len(t.items) else t.rest
            if a is None:
                break  # ``s`` is no longer than this
            assert b is not None  # ``t`` allows every length ``s`` does
            verdicts.append(self.check(a, b))
        if s.rest is not None and t.rest is not None:
            verdicts.append(self.check(s.rest, t.rest))
        return _all(verdicts)

    def structural(self, s: ir.TypeExpr, t: ir.TypeExpr) -> bool | None:
        verdicts: list[bool | None] = []
        wanted = self.wanted_index(t)
        if wanted is not None:
            verdicts.append(self.meets_index(s, wanted))
            if verdicts[-1] is False:
                return False
        have = {p.name: p for p in self.properties_of(s)}
        for want in self.properties_of(t):
            found = have.get(want.name)
            if found is None:
                verdicts.append(want.optional)
            elif found.optional and not want.optional:
                verdicts.append(False)
            else:
                verdicts.append(self.check(found.type, want.type))
        return _all(verdicts)


def _scalar(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Literal) or _is(t, "string", "number", "null", "undefined")


def _unit(t: ir.TypeExpr) -> bool:
    """A type of one value (TypeScript's unit types): a literal, ``null``, ``undefined``."""
    return isinstance(t, ir.Literal) or _is(t, "null", "undefined")


def _takes(side: tuple[ir.TypeExpr, ...], value: ir.TypeExpr) -> bool:
    """Whether the union ``side`` of primitives and literals has the values of ``value``
    (one of its members, itself a primitive or a literal)."""
    if any(shape(m) == shape(value) for m in side):
        return True
    kind = _KINDS[type(value.value)] if isinstance(value, ir.Literal) else None
    return kind is not None and any(_is(m, kind) for m in side)
