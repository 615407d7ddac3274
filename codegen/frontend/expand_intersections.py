"""Intersections, ``Omit`` and unions of anonymous object types.

``&`` distributes over unions (also through an alias of a union), each member declared
after where it stands (``ResponseAccept``, ``Response1``), within ``MAX_DISTRIBUTED``;
``Omit`` of an inline object type or of a union is an object type; a union of several
anonymous object types lifts each into a declaration; ``[A, ...Ns]`` splices ``Ns``.
"""

from __future__ import annotations

import itertools
import math

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir.queries import shape
from . import conditional, intersect
from .budget import MAX_NESTING
from .expand_core import anonymous_class as _anonymous_class
from .expand_core import flat_union as _flat_union
from .expand_core import names_in as _names
from .expand_indexed import ExpanderIndexed
from .shared_members import pascal as _pascal

# Members of one distributed intersection: TypeScript's own limit on a union it builds
# ("Expression produces a union type that is too complex to represent").
MAX_DISTRIBUTED = 100_000


class ExpanderIntersections(ExpanderIndexed):
    def intersection(self, t: ir.Intersection, members: tuple[ir.TypeExpr, ...]) -> ir.TypeExpr:
        """``&`` distributes over unions, also over an alias that names a union; ``{}`` and
        ``unknown`` add nothing to a primitive (``codegen.frontend.intersect``)."""
        members = _spliced(members)  # ``A & (B & C)`` is ``A & B & C``
        choices: list[tuple[ir.TypeExpr, ...]] = []
        for member in members:
            choices.append(self.alternatives(member))
        if all(len(choice) == 1 for choice in choices):
            # a union whose members are all one type (``{ a(): void } | { b(): void }``,
            # methods no data) is that type
            members = tuple(choice[0] for choice in choices)
            return intersect.simplified(members, self) or self.objects(t, members)
        count = math.prod(len(choice) for choice in choices)  # before making any of them
        if count > MAX_DISTRIBUTED:
            raise Unsupported(
                t.span,
                f"this intersection distributes over its unions into {count} members, more "
                f"than the limit of {MAX_DISTRIBUTED}",
            )
        self.spend(count * len(choices), t.span)
        # ``A & (B | (C & D))``: the member ``A & C & D``, as written without the parentheses
        combos = [_spliced(combo) for combo in itertools.product(*choices)]
        tried = [self.member(combo) for combo in combos]
        if all(isinstance(s, intersect.Uninhabited) for s in tried):
            raise next(s for s in tried if isinstance(s, intersect.Uninhabited))
        simple = [ir.Primitive("never", t.span) if isinstance(s, Exception) else s for s in tried]
        parts: list[ir.TypeExpr] = [
            self.objects(t, combo) for combo, s in zip(combos, simple, strict=True) if s is None
        ]
        if len(parts) == 1 and all(s is None or _is_never(s) for s in simple):
            return parts[0]  # one member has values: the intersection is that one
        owner = "".join(self.context) or "Intersection"
        refs = iter(
            ir.Ref(
                self.add(
                    owner + suffix,
                    ir.Alias(owner + suffix, part, span=t.span),
                    t.span,
                ),
                (),
                t.span,
            )
            for part, suffix in zip(parts, self.suffixes(parts) if parts else [], strict=True)
        )
        done = tuple(next(refs) if s is None else s for s in simple)
        if len(parts) == len(combos):
            return ir.Union(done, t.span)
        return conditional.union(done, t.span)  # ``(string | null) & {}`` is ``string``

    def meet(self, members: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
        """``members`` (expanded) intersected: array items met position by position. Items
        that name a declaration being expanded stay as written (TypeScript reads an
        array's items lazily: ``type K = (K | string)[] & (K | number)[]`` is no cycle)."""
        under_way = self.busy | self.dereferencing
        if under_way and any(n in under_way for n in _names(members)):
            return ir.Intersection(members, span)
        return self.intersection(ir.Intersection(members, span), members)

    def member(self, combo: tuple[ir.TypeExpr, ...]) -> ir.TypeExpr | intersect.Uninhabited | None:
        """One member of a distributed ``&``: `intersect.simplified`, or the error where no
        JSON value is both (a primitive and an object type with data members): that member
        is ``never``, so that the union keeps the members that have values."""
        try:
            return intersect.simplified(combo, self)
        except intersect.Uninhabited as err:
            return err

    def alternatives(self, t: ir.TypeExpr, depth: int = 0) -> tuple[ir.TypeExpr, ...]:
        """The members of the union ``t`` stands for, nested unions and aliases of unions
        flattened (``(Unit | []) & X`` distributes over each of Unit's members too)."""
        target = self.through_alias(t)
        if not isinstance(target, ir.Union) or depth > MAX_NESTING:
            return (t,)
        self.spend(len(target.members), t.span)
        found: dict[object, ir.TypeExpr] = {}
        for member in target.members:
            for each in self.alternatives(member, depth + 1):
                found.setdefault(shape(each), each)
        return tuple(found.values())

    def omit(self, t: ir.Omit) -> ir.TypeExpr:
        """``Omit`` of an object type written inline (an instantiated alias's body): its
        members but the keys, as an object type (the back ends take ``Omit`` of a named
        type)."""
        base = t.base
        if isinstance(base, ir.Mapping):
            return ir.Object((), ir.IndexSignature(base.value, span=base.span), t.span)
        try:
            target = self.deref(base)
        except SchemaError:
            target = base  # an alias cycle through ``Omit``: resolve's cycle check names it
        if isinstance(target, ir.Union):
            return self.omit_of_union(t, _flat_union(target.members))
        if not isinstance(base, ir.Object | ir.Intersection | ir.Omit):
            return t
        index = next(
            (m.index for m in intersect.flat_members(base) if isinstance(m, ir.Object) and m.index),
            None,
        )
        return ir.Object(self.properties(t), index, t.span)

    def omit_of_union(self, t: ir.Omit, members: tuple[ir.TypeExpr, ...]) -> ir.TypeExpr:
        """``Omit<A | B, K>``: ``Pick<T, Exclude<keyof T, K>>`` does not distribute, and
        ``keyof`` a union is the keys all its members have (none for ``null``); each such
        member but ``K`` is of the union of the members' types, optional where one is."""
        raw = self.raw_reads
        tables: list[dict[str, ir.Property]] = []
        for member in members:
            found = self.deref(member)
            keyed = isinstance(found, ir.Object | ir.Intersection | ir.Omit | ir.Ref)
            tables.append({p.name: p for p in self.properties(member)} if keyed else {})
        self.spend(sum(map(len, tables)), t.span)
        props: list[ir.Property] = []
        for name, first in tables[0].items():
            found_in = [table.get(name) for table in tables]
            if name in t.keys or None in found_in:
                continue
            kept = [p for p in found_in if p is not None]
            by_shape: dict[object, ir.TypeExpr] = {}
            for prop in kept:
                for part in _flat_union((prop.type,)):
                    by_shape.setdefault(shape(part), part)
            parts = tuple(by_shape.values())
            value = parts[0] if len(parts) == 1 else ir.Union(parts, t.span)
            optional = any(p.optional for p in kept)
            props.append(ir.replace(first, type=value, optional=optional))
        if self.raw_reads != raw:  # read from a declaration as written: expand its types
            props = [ir.replace(p, type=self.type(p.type, {})) for p in props]
        return ir.Object(tuple(props), None, t.span)

    def objects(self, t: ir.Intersection, members: tuple[ir.TypeExpr, ...]) -> ir.TypeExpr:
        """An intersection of object types, in the parts both back ends take."""
        parts = intersect.object_parts(members, self)
        return parts[0] if len(parts) == 1 else ir.Intersection(parts, t.span)

    def spread(self, t: ir.Tuple, marker: ir.Ref) -> ir.TypeExpr:
        """``[A, ...Ns]`` with ``Ns`` (an alias, an instantiated parameter) an array: its
        item type is the rest; a tuple: its members are spliced in, as TypeScript does."""
        spread = self.deref(marker.args[0])
        rest: ir.TypeExpr | None
        if isinstance(spread, ir.Array):
            rest, items, min_items = spread.items, t.items, t.min_items
        elif isinstance(spread, ir.Tuple):
            if t.min_items is not None and spread.min_items != 0 and spread.items:
                raise SchemaError(
                    marker.span, "a required tuple member cannot follow an optional one"
                )
            items = (*t.items, *spread.items)
            min_items = t.min_items
            if min_items is None and spread.min_items is not None:
                min_items = len(t.items) + spread.min_items
            rest = spread.rest
        else:
            what = "rest tuple member that names neither an array nor a tuple"
            rest, items, min_items = ir.degraded(what, marker.span), t.items, t.min_items
        if not items and rest is not None:
            return ir.Array(rest, t.span)
        return ir.replace(t, items=items, min_items=min_items, rest=rest)

    def through_alias(self, t: ir.TypeExpr) -> ir.TypeExpr:
        """What an alias reference stands for; a reference already being followed (an alias
        cycle, which resolve reports) stays as it is."""
        if not isinstance(t, ir.Ref) or t.name in self.following:
            return t
        self.following.add(t.name)
        try:
            return self.deref(t)
        finally:
            self.following.discard(t.name)

    def lift(self, members: tuple[ir.TypeExpr, ...], span: ir.Span) -> tuple[ir.TypeExpr, ...]:
        """A union of several anonymous object types: each becomes a declaration named after
        where it stands (``ShapeCircle``), so that both back ends can name its members."""
        anonymous = [m for m in members if _anonymous_class(m)]
        owner = "".join(self.context) or "Union"
        names: dict[int, str] = {}
        for member, suffix in zip(anonymous, self.suffixes(anonymous), strict=True):
            name = owner + suffix
            decl: ir.Decl = (
                ir.Interface(name, member, span=member.span)
                if isinstance(member, ir.Object)
                else ir.Alias(name, member, span=member.span)
            )
            names[id(member)] = self.add(name, decl, span)
        return tuple(ir.Ref(names[id(m)], (), m.span) if id(m) in names else m for m in members)

    def suffixes(self, parts: list[ir.TypeExpr]) -> list[str]:
        """Each member's name suffix: the value of the first literal field that tells them
        all apart (``Accept``, ``Decline``), else its position (``1``, ``2``)."""
        props = [{p.name: p for p in self.properties(part)} for part in parts]
        for key in props[0]:
            words = []
            for found in props:
                prop = found.get(key)
                value = None
                if prop is not None and not self.resolving(prop.type):
                    value = self.deref(prop.type)
                if not (isinstance(value, ir.Literal) and isinstance(value.value, str)):
                    break
                words.append(_pascal(value.value))
            if len(words) == len(parts) and all(words) and len(set(words)) == len(words):
                return words
        return [str(i) for i in range(1, len(parts) + 1)]

    def resolving(self, t: ir.TypeExpr) -> bool:
        """Whether ``t`` names an alias whose value is being expanded: a member that uses
        its own union lazily (``Reply | (Common & { reply?: undefined })``, ``Common``'s
        members having ``reply?: Reply``), which only names a member, never tags it."""
        return isinstance(t, ir.Ref) and t.name in self.dereferencing


def _is_never(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name == "never"


def _spliced(members: tuple[ir.TypeExpr, ...]) -> tuple[ir.TypeExpr, ...]:
    out: list[ir.TypeExpr] = []
    for member in members:
        out.extend(_spliced(member.members) if isinstance(member, ir.Intersection) else (member,))
    return tuple(out)
