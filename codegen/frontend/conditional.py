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
a located error, never a guess.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from typing import Literal, Protocol

from .. import ir
from ..ir import FUNCTION
from ..ir.printer import quoted
from ..ir.queries import shape

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
    if _is(resolved, "never"):
        return ()
    if _is(resolved, "boolean"):
        return (ir.Literal(True, t.span), ir.Literal(False, t.span))
    return (t,)  # as written: a named type keeps its name


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


def union(parts: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
    """The union of ``parts``: nested unions flattened, ``never`` dropped, repeats once,
    ``true | false`` back to ``boolean``."""
    found: dict[object, ir.TypeExpr] = {}
    for part in parts:
        for member in part.members if isinstance(part, ir.Union) else (part,):
            if not _is(member, "never"):
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


def assignable(source: ir.TypeExpr, target: ir.TypeExpr, types: Types) -> bool | None:
    """Whether every value of ``source`` is one of ``target``; None when undecidable."""
    return _Checker(types).check(source, target)


def no_function(t: ir.TypeExpr) -> bool:
    """Surely no function: a primitive but ``object``/``any``/``unknown`` (every function
    type reads as ``object``), a literal, an array, a tuple, or a union of such."""
    if isinstance(t, ir.Union):
        return all(no_function(m) for m in t.members)
    if isinstance(t, ir.Primitive):
        return t.name not in ("object", "any", "unknown")
    return isinstance(t, ir.Literal | ir.Array | ir.Tuple)


def _is(t: ir.TypeExpr, *names: str) -> bool:
    return isinstance(t, ir.Primitive) and t.name in names


def _all(verdicts: list[bool | None]) -> bool | None:
    if False in verdicts:
        return False
    return None if None in verdicts else True


def _all_lazy(verdicts: Iterator[bool | None]) -> bool | None:
    """``_all``, stopping at the first False (what follows cannot change the verdict)."""
    undecided = False
    for verdict in verdicts:
        if verdict is False:
            return False
        undecided = undecided or verdict is None
    return None if undecided else True


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


class _Checker:
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
                return x if shape(x) == shape(y) else None
        scalars = [_scalar(a), _scalar(b)]
        if all(scalars):
            if shape(a) == shape(b) or _takes((a,), b):
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
        if isinstance(s, ir.Mapping):
            return ir.Object((), ir.IndexSignature(s.value, span=s.span), s.span)
        if isinstance(s, ir.Object):
            return s
        if isinstance(s, ir.Omit):  # a mapped type (``Pick``) over any object type
            methods = self.methods(self.types.deref(s.base))
            own = self.own_index(s)
            if methods is None or own == "undecided":
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
