"""Lower TypeScript's type-level operators to the IR the emitters know.

Runs inside ``resolve`` after names are checked. Its output has no generic declaration,
no type argument and none of ``keyof``, ``T[K]``, ``Partial``/``Required``/``Pick``/
``Readonly``, ``Record`` with literal keys, ``&`` over a union or optional ``never``
properties; each became what typescript-json-schema makes of it:

* a user generic (``interface Page<T>``) is instantiated once per distinct argument list
  as a declaration ``Page_Tool`` (defaults filled in); the generic itself is dropped.
  ``Partial``/``Required``/``Pick`` and ``Record`` over literal keys become declarations
  the same way (``Partial_Tool``); ``Readonly<T>`` is ``T``.
* ``keyof T`` is the union of T's property names; ``T["k"]`` is the property's type;
  ``T[number]`` of an array its item type.
* ``(A | B) & C`` is distributed into ``(A & C) | (B & C)`` (also through an alias of a
  union); each member becomes a declaration named after where it stands (``Response`` gives
  ``ResponseAccept``, ``ResponseDecline`` when a literal field tells the members apart, else
  ``Response1``, ``Response2``).

Every synthesized name is checked against the structure it names: one name never stands for
two different types. A second, different type that wants a taken name gets the name plus a
short digest of its structure (``Page_Object_1f2e3d4c``), which depends on nothing else.
* an optional ``never`` property is dropped (no value can be present).

This module is the pass: ``run``, the declarations and the dispatch on each type
(``_Expander.type``/``ref``). Each kind of computation is a class it stands on, in its own
module, lowest first: ``expand_core`` (state, lookups, synthesized declarations) <-
``expand_utilities`` <- ``expand_indexed`` <- ``expand_intersections`` <-
``expand_computed`` (conditional, mapped, template literal types) <- ``expand_generics``;
``expand_names`` names what they declare.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import assert_never

from .. import ir
from ..errors import Unsupported
from ..ir import CONDITIONAL, INDEXED, KEYOF, MAPPED, SPREAD, TEMPLATE, THIS
from ..ir.keys import key_name
from ..ir.queries import rewrite
from .expand_core import anonymous_class as _anonymous_class
from .expand_core import flat_union as _flat_union
from .expand_core import names_in as _names
from .expand_generics import ExpanderGenerics
from .expand_utilities import UTILITIES
from .shared_members import hoist
from .shared_members import pascal as _pascal
from .totality import degraded_for, degrading


def expand(
    decls: dict[str, ir.Decl], *, names: Collection[str] | None = None
) -> dict[str, ir.Decl]:
    """Every declaration lowered, generic declarations replaced by their instances; an
    object member that indexed accesses name is one declaration (``shared_members``).

    ``names``: every name ``decls`` refer to (``checks.used_names``), when the caller has
    them: an indexed access (``T["k"]``) and ``this`` are looked for, a walk of every
    member, only where one of them is there (#37)."""
    hoisted = hoist(decls) if names is None or INDEXED in names else decls
    expander = _Expander(hoisted)
    expander.reads_this = names is None or THIS in names
    return expander.run()


class _Expander(ExpanderGenerics):
    reads_this = True  # whether a declaration may read ``this`` (``with_own_this``)

    def run(self) -> dict[str, ir.Decl]:
        for name, decl in self.source.items():
            if decl.kind != "const" and decl.params:
                # A template: only its instances are emitted; one whose parameters all have
                # defaults also stands for itself (``Page`` is ``Page<Item, Meta>``).
                if all(p.default is not None for p in decl.params) and decl.exported:
                    if isinstance(decl, ir.Alias) and not isinstance(decl.type, ir.Object):
                        # Inlined where used, but a declaration of its own when bare.
                        env = self.arguments(decl, (), decl.span)
                        bare = ir.replace(decl, params=())
                        self.out[name] = self.decl(bare, env)
                    else:
                        self.instantiate(decl, (), decl.span)
                continue
            self.out[name] = self.expanded_source(name, decl)
        return self.out

    def decl(self, decl: ir.Decl, env: dict[str, ir.TypeExpr]) -> ir.Decl:
        outer, self.context = self.context, [decl.name]
        try:
            return self._decl(decl, env)
        finally:
            self.context = outer

    def _decl(self, decl: ir.Decl, env: dict[str, ir.TypeExpr]) -> ir.Decl:
        match decl:
            case ir.Interface():
                if not decl.extends:
                    # Most interfaces: no base to expand, degrade or lose a key (#37).
                    return ir.replace(decl, body=self.object(decl.body, env), params=())
                bases = tuple(degrading(self.type, b, env) for b in decl.extends)
                own = self.with_own_this(decl) if self.reads_this else decl.body
                body = self.object(own, env)
                unknown = [b for b in bases if isinstance(b, ir.Primitive) and b.degraded]
                if unknown:
                    # ``extends Readable`` of an unmapped package: any other member, of any
                    # value: an index signature of the degraded type, which keeps saying so.
                    bases = tuple(b for b in bases if b not in unknown)
                    index = ir.IndexSignature(unknown[0], span=unknown[0].span)
                    body = ir.replace(body, index=index)
                # ``params?: never`` over an inherited ``params``: the base loses the key.
                kept = {q.name for q in body.properties}
                dropped = tuple(p.name for p in decl.body.properties if p.name not in kept)
                if dropped:
                    bases = tuple(
                        ir.Omit(b.base, (*b.keys, *dropped), b.span)
                        if isinstance(b, ir.Omit)
                        else ir.Omit(b, dropped, b.span)
                        for b in bases
                    )
                return ir.replace(decl, body=body, extends=bases, params=())
            case ir.Alias():
                value = degrading(self.type, decl.type, env)
                return ir.replace(decl, type=value, params=())
        return decl

    def with_own_this(self, decl: ir.Interface) -> ir.Object:
        """``decl``'s body, with each member it inherits whose type reads ``this`` declared
        again: ``this`` is the declaration the member is read from (``interface Sub extends
        TreeNode {}`` has ``parent?: Sub`` of ``TreeNode``'s ``parent?: this``)."""
        own = {p.name for p in decl.body.properties}
        # ``decl`` is a source interface or an instance (``G_string``, ``Page`` used bare):
        # its own name, without arguments, is the type being declared
        me = ir.Ref(decl.name)
        added: dict[str, ir.Property] = {}
        pending = list(decl.extends)
        seen: set[str] = set()
        while pending:
            base = pending.pop(0)
            if isinstance(base, ir.Omit):
                base = base.base  # its other members (the keys are not read: rare, harmless)
            if not isinstance(base, ir.Ref) or base.name in seen:
                continue
            seen.add(base.name)
            found = self.source.get(base.name)
            if not isinstance(found, ir.Interface):
                continue
            for prop in found.body.properties:
                if prop.name in own:
                    continue  # declared nearer (a base's redeclaration hides its own bases')
                own.add(prop.name)
                if THIS in _names(prop.type):
                    typed = rewrite(prop.type, lambda n: _this_is(n, me))
                    added[prop.name] = ir.replace(prop, type=typed)
            pending.extend(found.extends)
        if not added:
            return decl.body
        return ir.replace(decl.body, properties=(*decl.body.properties, *added.values()))

    def object(self, obj: ir.Object, env: dict[str, ir.TypeExpr]) -> ir.Object:
        props = []
        pascals = self.pascals
        self.members += 1  # a member's type is read lazily (``C["a"]`` below is no cycle)
        try:
            for prop in obj.properties:
                part = pascals.get(prop.name)
                if part is None:
                    part = pascals[prop.name] = _pascal(prop.name)
                self.context.append(part)
                try:
                    t = self.type(prop.type, env)  # ``degrading``, inlined: per member
                except Unsupported as err:
                    t = degraded_for(err)
                finally:
                    self.context.pop()
                if isinstance(t, ir.Primitive) and t.name in ("never", "undefined"):
                    # No value can be present (``x?: never``; ``x: never`` too, whose key no
                    # JSON object can hold: typescript-json-schema leaves it out), or the
                    # only value is ``undefined`` (``x: undefined``, ``x: void``), which JSON
                    # spells by leaving the key out.
                    continue
                props.append(prop if t is prop.type else ir.replace(prop, type=t))
            if obj.index is None:
                return ir.replace(obj, properties=tuple(props))
            value = degrading(self.type, obj.index.value, env)
            index = ir.replace(obj.index, value=value)
        finally:
            self.members -= 1
        return ir.replace(obj, properties=tuple(props), index=index)

    def type(self, t: ir.TypeExpr, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        budget = self.budget  # ``spend(1)``'s common case, inlined: one step per node
        if budget.spent < budget.limit:
            budget.spent += 1
        else:
            self.spend(1, t.span)  # past the limit: the located error, blamed
        if type(t) in _LEAVES:  # the most common kinds, and the last cases below
            return t
        match t:
            case ir.Ref():
                return self.ref(t, env)
            case ir.Array():
                return ir.replace(t, items=self.type(t.items, env))
            case ir.Tuple():
                items = tuple(self.type(i, env) for i in t.items)
                rest = None if t.rest is None else self.type(t.rest, env)
                if isinstance(rest, ir.Ref) and rest.name == SPREAD:
                    return self.spread(ir.replace(t, items=items), rest)
                return ir.replace(t, items=items, rest=rest)
            case ir.Union():
                members = _flat_union(tuple(self.type(m, env) for m in t.members))
                if len(members) == 1:  # ``never | X``: X
                    return members[0]
                if sum(1 for m in members if _anonymous_class(m)) > 1:
                    members = self.lift(members, t.span)
                return ir.replace(t, members=members)
            case ir.Intersection():
                return self.intersection(t, tuple(self.type(m, env) for m in t.members))
            case ir.Omit():
                return self.omit(ir.replace(t, base=self.type(t.base, env)))
            case ir.Mapping():
                return ir.replace(t, value=self.type(t.value, env))
            case ir.Object():
                return self.object(t, env)
            case ir.Primitive() | ir.Literal() | ir.Typeof():
                return t
            case _:
                assert_never(t)

    def ref(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        if not t.args:
            name = t.name
            if name in env:
                return env[name]
            if name[:1] != "#":  # no marker (``#keyof``...): a plain name, most refs (#37)
                decl = self.source.get(name)
                if decl is None:
                    if name not in UTILITIES:
                        return t  # a name no declaration here has: as written
                elif decl.kind == "const" or not decl.params:
                    return t  # a declaration that takes no arguments: as written
        if t.name == CONDITIONAL:
            return self.conditional(t, env)
        if t.name == MAPPED:
            return self.mapped_type(t, env)
        if t.name == TEMPLATE:
            return self.template(t, env)
        if t.name == THIS:  # read where it is declared: that declaration
            return self.type(t.args[0], env)
        if t.name == INDEXED:
            lazy = self.member_access(t, env)
            if lazy is not None:
                return lazy
            mapped = t.args[0]
            if isinstance(mapped, ir.Ref) and mapped.name == MAPPED:
                # ``{ [K in Keys]: F<K> }[Keys]``: each key's value, as TypeScript reads it;
                # a key whose value is ``never`` (which the object leaves out) adds nothing
                found = self.mapped_type(mapped, env, keep_never=True)
                return self.indexed(found, self.type(t.args[1], env), t.span)
        args = tuple(self.type(a, env) for a in t.args)
        if t.name == KEYOF:
            return self.keyof(args[0], t.span)
        if t.name == INDEXED:
            return self.indexed(args[0], args[1], t.span)
        decl = self.source.get(t.name)
        if decl is not None and decl.kind != "const" and (decl.params or args):
            return self.instantiate(decl, args, t.span)
        if decl is None and t.name in UTILITIES:
            return self.utility(t.name, args, t.span)
        if decl is None and t.name == "Omit" and len(args) == 2:  # ``Omit<T, keyof R>``
            keys = self.literal_keys(args[1])
            self.spend(len(keys), t.span)
            return self.omit(ir.Omit(args[0], tuple(key_name(k) for k in keys), t.span))
        return ir.replace(t, args=args)


# What ``_Expander.type`` returns as it is: the kinds that hold no type.
_LEAVES = frozenset((ir.Primitive, ir.Literal, ir.Typeof))


def _this_is(node: object, me: ir.Ref) -> object:
    """``this`` as ``me``: the rewrite of an inherited member."""
    if isinstance(node, ir.Ref) and node.name == THIS:
        return ir.Ref(THIS, (ir.replace(me, span=node.span),), node.span)
    return node
