"""Computed types: conditional types, mapped types whose value reads the key and template
literal types whose holes name types, each evaluated once its arguments are known.

Conditional types distribute over a naked type parameter and bind ``infer X``
(``codegen.frontend.conditional``, ``codegen.frontend.infer`` decide); a mapped type
over ``keyof T`` keeps each property's modifiers, over literal keys it makes required
properties, over ``string`` an index signature.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import ir
from ..ir import KEYOF
from ..ir.keys import is_number_key, key_literal, key_name
from ..ir.printer import quoted
from . import conditional, infer
from .expand_core import anonymous_class as _anonymous_class
from .expand_core import flat_union as _flat_union
from .expand_core import present as _present
from .expand_intersections import ExpanderIntersections
from .template import template_type


class ExpanderComputed(ExpanderIntersections):
    def conditional(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        check, extends, yes, no = t.args

        def branch(inner: dict[str, ir.TypeExpr]) -> Callable[[bool], ir.TypeExpr]:
            return lambda verdict: self.type(yes if verdict else no, inner)

        def decide(checked: ir.TypeExpr, inner: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
            if not infer.has_pattern(extends):
                pattern = self.type(extends, inner)
                return conditional.evaluate(checked, pattern, branch(inner), self, t.span)
            # ``infer X``: bound from the checked type. The pattern's instances
            # (``Box<T>`` of ``Box<infer T>``) serve the verdict only: none is emitted.
            bound = infer.bind(checked, extends, self, t.span)
            if isinstance(bound, ir.Primitive):
                return bound  # degraded: the declarations do not say what stands there
            unmet = self.constrained(bound, infer.constraints(extends), inner, t.span)
            if unmet is not None:
                return unmet
            inner = {**inner, **bound}
            kept = (set(self.out), set(self.instances), dict(self.instantiated))
            inlined = dict(self.inlined)
            try:
                pattern = self.type(infer.named(extends), inner)
                found = conditional.verdict(checked, pattern, self, t.span)
            finally:
                self.forget(*kept)
                self.inlined = inlined  # values made here may name the forgotten instances
            if isinstance(found, ir.Primitive):
                return found
            return conditional.pick(found, branch(inner), t.span)

        if isinstance(check, ir.Ref) and not check.args and check.name in env:
            # A naked type parameter distributes over the union it stands for.
            parts = []
            distributed = conditional.members(env[check.name], self)
            self.spend(len(distributed), t.span)
            for member in distributed:
                parts.append(decide(member, {**env, check.name: member}))
            return conditional.union(tuple(parts), t.span)
        return decide(self.type(check, env), env)

    def constrained(
        self,
        bound: dict[str, ir.TypeExpr],
        constraints: dict[str, ir.TypeExpr],
        env: dict[str, ir.TypeExpr],
        span: ir.Span,
    ) -> ir.Primitive | None:
        """``infer X extends C`` (TypeScript 4.7): what was inferred for ``X`` stays where it
        is assignable to ``C``, else ``X`` is ``C`` (the checker's rule), and the check of
        the pattern then decides. ``bound`` is updated in place; a degraded ``unknown``
        where the declarations cannot say whether the constraint holds."""
        for name, written in constraints.items():
            wanted = self.type(written, {**env, **bound})
            holds = conditional.assignable(bound[name], wanted, self)
            if holds is None:
                return ir.degraded(
                    f"conditional type: cannot decide whether 'infer {name}' "
                    f"({quoted(bound[name])}) satisfies its constraint {quoted(wanted)}",
                    span,
                )
            if not holds:
                bound[name] = wanted
        return None

    def mapped_type(
        self, t: ir.Ref, env: dict[str, ir.TypeExpr], *, keep_never: bool = False
    ) -> ir.TypeExpr:
        """``{ [K in Keys]: V }`` where V reads K, computed as TypeScript does once the keys
        are known: over ``keyof T`` (homomorphic) each of T's properties keeps its own
        ``?`` and ``readonly`` unless a modifier says otherwise (``-?`` also takes
        ``undefined`` out of the value), an array stays an array; over literal keys each is
        a required property; over ``string`` it is an index signature."""
        key_arg, keys, value, optional_arg, readonly_arg = t.args
        assert isinstance(key_arg, ir.Literal)
        assert isinstance(optional_arg, ir.Literal) and isinstance(readonly_arg, ir.Literal)
        key, optional, readonly = str(key_arg.value), optional_arg.value, readonly_arg.value

        def at(name: ir.TypeExpr, inner: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
            found = self.type(value, {**inner, key: name})
            return _without_undefined(found) if optional == "-" else found

        def prop(
            name: ir.LiteralValue, was: ir.Property | None, inner: dict[str, ir.TypeExpr]
        ) -> ir.Property:
            return ir.Property(
                key_name(name),
                at(ir.Literal(name, t.span), inner),  # ``K`` is the key as written: 1 is 1
                optional=optional == "+" or (optional == "" and was is not None and was.optional),
                readonly=readonly == "+" or (readonly == "" and was is not None and was.readonly),
                doc=ir.EMPTY_DOC if was is None else was.doc,
                span=t.span if was is None else was.span,
                numeric_name=is_number_key(name),
            )

        def homomorphic(source: ir.TypeExpr, inner: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
            target = self.deref(source)
            param = keys.args[0] if isinstance(keys, ir.Ref) else None
            if isinstance(target, ir.Union) and isinstance(param, ir.Ref) and param.name in env:
                # over a type parameter it distributes, as ``Partial<A | B>`` does
                members = _flat_union(target.members)
                parts = _flat_union(
                    tuple(homomorphic(m, {**inner, param.name: m}) for m in members)
                )
                if sum(1 for m in parts if _anonymous_class(m)) > 1:
                    parts = self.lift(parts, t.span)  # each a class, named where it stands
                return ir.Union(parts, t.span)
            string, number = ir.Primitive("string", t.span), ir.Primitive("number", t.span)
            if isinstance(target, ir.Array):
                return ir.Array(at(number, inner), t.span)
            if isinstance(target, ir.Tuple) and target.rest is None:  # a tuple stays a tuple
                items = tuple(
                    at(ir.Literal(str(i), t.span), inner) for i in range(len(target.items))
                )
                return ir.replace(target, items=items, span=t.span)
            if isinstance(target, ir.Mapping):
                return ir.Mapping(at(string, inner), t.span)
            if isinstance(target, ir.Primitive | ir.Literal):
                return target  # TypeScript maps a primitive to itself
            index = self.index(source)
            index = index and ir.replace(index, value=at(string, inner))
            # over ``keyof T`` K is each key as ``keyof`` gives it: ``200``, not "200"
            props = tuple(
                prop(key_literal(p, t.span).value, p, inner) for p in self.properties(source)
            )
            return ir.Object(props if keep_never else _present(props), index, t.span)

        if isinstance(keys, ir.Ref) and keys.name == KEYOF:
            return homomorphic(self.type(keys.args[0], env), env)
        names = self.literal_keys(self.type(keys, env), strict=False)
        if names is None:  # ``string``: every key, as an index signature
            return ir.Mapping(at(ir.Primitive("string", t.span), env), t.span)
        props = tuple(prop(n, None, env) for n in names)
        return ir.Object(props if keep_never else _present(props), None, t.span)

    def template(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        """A template literal type whose holes name types: each hole read as the literals it
        stands for (an enum, an alias of a literal union), then expanded as parse does."""
        parts: list[str | ir.TypeExpr] = []
        for i, arg in enumerate(t.args):
            if i % 2 == 0:
                assert isinstance(arg, ir.Literal)
                parts.append(str(arg.value))
            else:
                parts.append(self.literals_of(self.type(arg, env)))
        return template_type(parts, t.span)

    def literals_of(self, t: ir.TypeExpr) -> ir.TypeExpr:
        """``t`` through its aliases, as one union when it is a union of literals only."""
        t = self.deref(t)
        if not isinstance(t, ir.Union):
            return t
        found: list[ir.TypeExpr] = []
        for member in t.members:
            inner = self.literals_of(member)
            found.extend(inner.members if isinstance(inner, ir.Union) else (inner,))
        if all(isinstance(m, ir.Literal) for m in found):
            return ir.Union(tuple(found), t.span)
        return t


def _without_undefined(t: ir.TypeExpr) -> ir.TypeExpr:
    """``-?`` in a mapped type: the value without ``undefined`` (TypeScript's rule)."""
    if not isinstance(t, ir.Union):
        return t
    kept = tuple(
        m for m in t.members if not (isinstance(m, ir.Primitive) and m.name == "undefined")
    )
    if len(kept) == len(t.members) or not kept:
        return t
    return kept[0] if len(kept) == 1 else ir.replace(t, members=kept)
