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
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import re
from collections.abc import Callable
from typing import assert_never

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir import CONDITIONAL, INDEXED, KEYOF, MAPPED, SPREAD, TEMPLATE, THIS
from ..ir.queries import rewrite, shape
from . import conditional, infer, intersect, intrinsic
from .budget import MAX_ARGUMENT_NODES, MAX_NESTING, Budget, size
from .shared_members import hoist
from .shared_members import pascal as _pascal
from .template import template_type
from .totality import degrading

UTILITIES = frozenset(
    ("Partial", "Required", "Readonly", "Pick", "Record", "NonNullable", "Exclude", "Extract")
) | frozenset(intrinsic.CASES)
# What declaring one generic instance spends from the work budget, beside its body's
# expansion: naming it, comparing its structure, emitting one more declaration.
INSTANCE_COST = 100
# Members of one distributed intersection: TypeScript's own limit on a union it builds
# ("Expression produces a union type that is too complex to represent").
MAX_DISTRIBUTED = 100_000
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")


def expand(decls: dict[str, ir.Decl]) -> dict[str, ir.Decl]:
    """Every declaration lowered, generic declarations replaced by their instances; an
    object member that indexed accesses name is one declaration (``shared_members``)."""
    return _Expander(hoist(decls)).run()


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


class _Expander:
    def __init__(self, decls: dict[str, ir.Decl]) -> None:
        self.source = decls
        self.out: dict[str, ir.Decl] = {}
        self.instances: dict[str, ir.Decl] = {}
        self.shapes: dict[str, object] = {}  # synthesized name -> the structure it names
        self.pending: list[str] = []
        self.context: list[str] = []  # where the type being expanded stands: Decl, Prop...
        self.following: set[str] = set()  # aliases being followed for a distribution
        self.inlining: dict[tuple[str, object], bool] = {}  # generic aliases -> used within
        self.budget = Budget()
        self.constructs: list[tuple[str, ir.Span]] = []  # expansions under way, outermost first
        self.nesting = 0  # generic instances being expanded inside one another
        self.instantiated: dict[tuple[str, object], str] = {}  # generic + arguments -> name
        self.made_of: dict[str, tuple[str, tuple[ir.TypeExpr, ...]]] = {}  # the reverse
        self.reserved: dict[tuple[str, object], list[bool]] = {}  # being expanded
        self.expanded: dict[str, ir.Decl] = {}  # source declarations, once expanded
        self.busy: set[str] = set()  # source declarations being expanded
        self.raw_reads = 0  # reads of a declaration as written (being expanded)
        self.back_refs = 0  # references to an instance or alias still being expanded
        self.inlined: _Inlined = {}  # generic alias + arguments -> its value
        self.dereferencing: set[str] = set()  # aliases whose value is being expanded
        self.indexing: set[tuple[object, object]] = set()  # ``T["k"]`` being expanded
        self.members = 0  # object members (properties, index signatures) being expanded
        self.accessing: dict[tuple[str, tuple[str, ...]], _Access] = {}  # ``C["a"]["b"]``
        self.accessed: dict[tuple[str, tuple[str, ...]], ir.TypeExpr] = {}  # ... once done

    def run(self) -> dict[str, ir.Decl]:
        for name, decl in self.source.items():
            if decl.kind != "const" and decl.params:
                # A template: only its instances are emitted; one whose parameters all have
                # defaults also stands for itself (``Page`` is ``Page<Item, Meta>``).
                if all(p.default is not None for p in decl.params) and decl.exported:
                    if isinstance(decl, ir.Alias) and not isinstance(decl.type, ir.Object):
                        # Inlined where used, but a declaration of its own when bare.
                        env = self.arguments(decl, (), decl.span)
                        bare = dataclasses.replace(decl, params=())
                        self.out[name] = self.decl(bare, env)
                    else:
                        self.instantiate(decl, (), decl.span)
                continue
            self.out[name] = self.expanded_source(name, decl)
        while self.pending:
            name = self.pending.pop(0)
            self.out[name] = self.decl(self.instances[name], {})
        return self.out

    # ---------------------------------------------------------------- declarations

    def expanded_source(self, name: str, decl: ir.Decl) -> ir.Decl:
        """A source declaration expanded, once. One whose expansion is under way (its own
        body asks for its properties: ``interface Reply { parent: Event & {...} }`` with
        ``Reply`` in ``Event``) is read as written, as TypeScript reads it lazily."""
        done = self.expanded.get(name)
        if done is not None:
            return done
        if name in self.busy:
            self.raw_reads += 1
            return decl
        self.busy.add(name)
        try:
            done = self.decl(decl, {})
        finally:
            self.busy.discard(name)
        self.expanded[name] = done
        return done

    def decl(self, decl: ir.Decl, env: dict[str, ir.TypeExpr]) -> ir.Decl:
        outer, self.context = self.context, [decl.name]
        try:
            return self._decl(decl, env)
        finally:
            self.context = outer

    def _decl(self, decl: ir.Decl, env: dict[str, ir.TypeExpr]) -> ir.Decl:
        match decl:
            case ir.Interface():
                bases = tuple(degrading(self.type, b, env) for b in decl.extends)
                body = self.object(self.with_own_this(decl), env)
                unknown = [b for b in bases if isinstance(b, ir.Primitive) and b.degraded]
                if unknown:
                    # ``extends Readable`` of an unmapped package: any other member, of any
                    # value: an index signature of the degraded type, which keeps saying so.
                    bases = tuple(b for b in bases if b not in unknown)
                    index = ir.IndexSignature(unknown[0], span=unknown[0].span)
                    body = dataclasses.replace(body, index=index)
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
                return dataclasses.replace(decl, body=body, extends=bases, params=())
            case ir.Alias():
                value = degrading(self.type, decl.type, env)
                return dataclasses.replace(decl, type=value, params=())
        return decl

    def with_own_this(self, decl: ir.Interface) -> ir.Object:
        """``decl``'s body, with each member it inherits whose type reads ``this`` declared
        again: ``this`` is the declaration the member is read from (``interface Sub extends
        TreeNode {}`` has ``parent?: Sub`` of ``TreeNode``'s ``parent?: this``)."""
        own = {p.name for p in decl.body.properties}
        me = ir.Ref(decl.name, tuple(ir.Ref(p.name, (), decl.span) for p in decl.params))
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
                    added[prop.name] = dataclasses.replace(prop, type=typed)
            pending.extend(found.extends)
        if not added:
            return decl.body
        return dataclasses.replace(decl.body, properties=(*decl.body.properties, *added.values()))

    def object(self, obj: ir.Object, env: dict[str, ir.TypeExpr]) -> ir.Object:
        props = []
        self.members += 1  # a member's type is read lazily (``C["a"]`` below is no cycle)
        try:
            for prop in obj.properties:
                self.context.append(_pascal(prop.name))
                try:
                    t = degrading(self.type, prop.type, env)
                finally:
                    self.context.pop()
                if isinstance(t, ir.Primitive) and t.name in ("never", "undefined"):
                    # No value can be present (``x?: never``; ``x: never`` too, whose key no
                    # JSON object can hold: typescript-json-schema leaves it out), or the
                    # only value is ``undefined`` (``x: undefined``, ``x: void``), which JSON
                    # spells by leaving the key out.
                    continue
                props.append(dataclasses.replace(prop, type=t))
            if obj.index is None:
                return dataclasses.replace(obj, properties=tuple(props))
            value = degrading(self.type, obj.index.value, env)
            index = dataclasses.replace(obj.index, value=value)
        finally:
            self.members -= 1
        return dataclasses.replace(obj, properties=tuple(props), index=index)

    # ---------------------------------------------------------------- types

    def spend(self, amount: int, span: ir.Span) -> None:
        """Count work against the budget, blamed on the outermost expansion under way."""
        budget = self.budget
        if budget.spent + amount <= budget.limit:  # the common case, kept cheap
            budget.spent += amount
            return
        if self.constructs:
            construct, span = self.constructs[0]
        else:
            construct = f"'{self.context[0]}'" if self.context else "this type"
        self.budget.spend(amount, span, construct)

    def type(self, t: ir.TypeExpr, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        self.spend(1, t.span)
        match t:
            case ir.Ref():
                return self.ref(t, env)
            case ir.Array():
                return dataclasses.replace(t, items=self.type(t.items, env))
            case ir.Tuple():
                items = tuple(self.type(i, env) for i in t.items)
                rest = None if t.rest is None else self.type(t.rest, env)
                if isinstance(rest, ir.Ref) and rest.name == SPREAD:
                    return self.spread(dataclasses.replace(t, items=items), rest)
                return dataclasses.replace(t, items=items, rest=rest)
            case ir.Union():
                members = _flat_union(tuple(self.type(m, env) for m in t.members))
                if len(members) == 1:  # ``never | X``: X
                    return members[0]
                if sum(1 for m in members if _anonymous_class(m)) > 1:
                    members = self.lift(members, t.span)
                return dataclasses.replace(t, members=members)
            case ir.Intersection():
                return self.intersection(t, tuple(self.type(m, env) for m in t.members))
            case ir.Omit():
                return self.omit(dataclasses.replace(t, base=self.type(t.base, env)))
            case ir.Mapping():
                return dataclasses.replace(t, value=self.type(t.value, env))
            case ir.Object():
                return self.object(t, env)
            case ir.Primitive() | ir.Literal() | ir.Typeof():
                return t
            case _:
                assert_never(t)

    def ref(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
        if not t.args and t.name in env:
            return env[t.name]
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
            return self.omit(ir.Omit(args[0], tuple(str(k) for k in keys), t.span))
        return dataclasses.replace(t, args=args)

    def member_access(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr | None:
        """``C["a"]["b"]`` inside the declaration ``C`` being expanded (openapi-typescript's
        ``components["schemas"]["x"]``): TypeScript resolves an indexed access lazily, to
        the member's declared type, so only that member is expanded, once, not all of
        ``C["a"]``. It refers to itself only when computing it needs itself with no object
        member in between (``a: X["a"]``); through a member (``a: { b: X["a"] }``) it is a
        recursive type, declared under the path's name (``XA``). None: not such a path."""
        keys: list[str] = []
        base: ir.TypeExpr = t
        while isinstance(base, ir.Ref) and base.name == INDEXED:
            key = self.deref(self.type(base.args[1], env))
            if not (isinstance(key, ir.Literal) and isinstance(key.value, str)):
                return None
            keys.append(key.value)
            base = base.args[0]
        if not isinstance(base, ir.Ref) or base.args or base.name in env:
            return None
        where = (base.name, tuple(reversed(keys)))
        done = self.accessed.get(where)
        if done is not None:
            return done
        written = self.member_as_written(base.name, where[1]) if base.name in self.busy else None
        if written is None:
            return None
        under_way = self.accessing.get(where)
        if under_way is not None:
            if under_way.members == self.members:
                raise SchemaError(t.span, "this indexed access type refers to itself")
            under_way.recursive = True
            self.back_refs += 1
            return ir.Ref(under_way.name, (), t.span)
        path = [base.name, *(_pascal(k) for k in where[1])]
        name = self.free_name("".join(path))
        self.accessing[where] = _Access(name, self.members)
        outer, self.context = self.context, path  # named as where it is declared
        try:
            found = self.type(written, {})
        finally:
            self.context = outer
            recursive = self.accessing.pop(where).recursive
        if recursive:
            decl: ir.Decl = (
                ir.Interface(name, found, span=found.span)
                if isinstance(found, ir.Object)
                else ir.Alias(name, found, span=found.span)
            )
            found = ir.Ref(self.add(name, decl, t.span), (), t.span)
        self.accessed[where] = found
        return found

    def member_as_written(self, owner: str, keys: tuple[str, ...]) -> ir.TypeExpr | None:
        """The declared type of ``owner``'s member at ``keys`` through object literals, as
        written; None where the path leaves them (then the general rule applies)."""
        decl = self.source.get(owner)
        t: ir.TypeExpr
        if isinstance(decl, ir.Interface) and not decl.params and not decl.extends:
            t = decl.body
        elif isinstance(decl, ir.Alias) and not decl.params:
            t = decl.type
        else:
            return None
        for key in keys:
            if not isinstance(t, ir.Object):
                return None
            prop = next((p for p in t.properties if p.name == key), None)
            if prop is None:
                return None
            t = prop.type
        return t

    def free_name(self, name: str) -> str:
        """``name``, or ``name_2``, ``name_3``...: the first that nothing is declared as."""
        found, n = name, 1
        while found in self.source or found in self.shapes:
            n += 1
            found = f"{name}_{n}"
        return found

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

    def forget(self, out: set[str], instances: set[str], instantiated: _Instantiated) -> None:
        """Drop the instances made since ``out``, ``instances`` and ``instantiated`` were
        taken (a pattern's, made for a verdict only)."""
        for name in set(self.instances) - instances:
            del self.instances[name]
            self.shapes.pop(name, None)
            self.made_of.pop(name, None)
        for name in set(self.out) - out:
            del self.out[name]
        self.instantiated = instantiated

    def generic(self, name: str) -> ir.Interface | ir.Alias | None:
        decl = self.source.get(name)
        if isinstance(decl, ir.Interface | ir.Alias) and decl.params:
            return decl
        return None

    def instance(self, name: str) -> tuple[str, tuple[ir.TypeExpr, ...]] | None:
        return self.made_of.get(name)

    def mapped_type(self, t: ir.Ref, env: dict[str, ir.TypeExpr]) -> ir.TypeExpr:
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
                str(name),
                at(ir.Literal(name, t.span), inner),  # ``K`` is the key as written: 1 is 1
                optional=optional == "+" or (optional == "" and was is not None and was.optional),
                readonly=readonly == "+" or (readonly == "" and was is not None and was.readonly),
                doc=ir.EMPTY_DOC if was is None else was.doc,
                span=t.span if was is None else was.span,
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
                return dataclasses.replace(target, items=items, span=t.span)
            if isinstance(target, ir.Mapping):
                return ir.Mapping(at(string, inner), t.span)
            if isinstance(target, ir.Primitive | ir.Literal):
                return target  # TypeScript maps a primitive to itself
            index = self.index(source)
            index = index and dataclasses.replace(index, value=at(string, inner))
            props = tuple(prop(p.name, p, inner) for p in self.properties(source))
            return ir.Object(_present(props), index, t.span)

        if isinstance(keys, ir.Ref) and keys.name == KEYOF:
            return homomorphic(self.type(keys.args[0], env), env)
        names = self.literal_keys(self.type(keys, env), strict=False)
        if names is None:  # ``string``: every key, as an index signature
            return ir.Mapping(at(ir.Primitive("string", t.span), env), t.span)
        return ir.Object(_present(tuple(prop(n, None, env) for n in names)), None, t.span)

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

    def arguments(
        self, decl: ir.Interface | ir.Alias, args: tuple[ir.TypeExpr, ...], span: ir.Span
    ) -> dict[str, ir.TypeExpr]:
        """Each type parameter's argument, the defaults filling in those not given."""
        params = decl.params
        if len(args) > len(params) or any(p.default is None for p in params[len(args) :]):
            need = sum(1 for p in params if p.default is None)
            raise SchemaError(
                span, f"'{decl.name}' takes {need}..{len(params)} type arguments, got {len(args)}"
            )
        full = list(args)
        for param in params[len(args) :]:
            assert param.default is not None
            full.append(
                self.type(param.default, dict(zip([p.name for p in params], full, strict=False)))
            )
        return {p.name: a for p, a in zip(params, full, strict=True)}

    def instantiate(
        self, decl: ir.Interface | ir.Alias, args: tuple[ir.TypeExpr, ...], span: ir.Span
    ) -> ir.TypeExpr:
        env = self.arguments(decl, args, span)
        full = tuple(env.values())
        if size(full, MAX_ARGUMENT_NODES) > MAX_ARGUMENT_NODES:
            # Measured before the arguments are named or compared: both walk them as trees.
            raise SchemaError(
                span,
                f"the type arguments of generic '{decl.name}' grow past {MAX_ARGUMENT_NODES} "
                "type nodes (an instance that needs a larger instance of itself, without end?)",
            )
        if self.nesting >= MAX_NESTING:
            raise SchemaError(
                span,
                f"generic instances nest more than {MAX_NESTING} deep at '{decl.name}' (a "
                "generic whose body needs an ever-new instance, or a chain of generics too long)",
            )
        self.nesting += 1
        self.constructs.append((f"the generic instance of '{decl.name}'", span))
        try:
            return self._instantiate(decl, args, full, env, span)
        finally:
            self.nesting -= 1
            self.constructs.pop()

    def _instantiate(
        self,
        decl: ir.Interface | ir.Alias,
        args: tuple[ir.TypeExpr, ...],
        full: tuple[ir.TypeExpr, ...],
        env: dict[str, ir.TypeExpr],
        span: ir.Span,
    ) -> ir.TypeExpr:
        if isinstance(decl, ir.Alias) and not isinstance(decl.type, ir.Object):
            # A generic alias of a union, array...: TypeScript inlines it where used; one
            # that uses itself (``JSONSchema`` in its own body) is a declaration.
            key = (decl.name, shape(full))
            name = decl.name if not args else instance_name(decl.name, full)
            known = self.instantiated.get((f"{decl.name}=", key[1]))
            if known is not None:  # declared once, by its first use: one type, one name
                return ir.Ref(known, (), span)
            if key in self.inlining:
                self.inlining[key] = True
                self.back_refs += 1
                return ir.Ref(name, (), span)
            done = self.inlined.get(key)
            if done is not None:
                # Expanded once per distinct argument list, as TypeScript caches an
                # instantiation: ``ReadonlyDeep<X>`` reached again through each alias that
                # nests X costs a lookup, not X's whole expansion again.
                return done
            self.inlining[key] = False
            marks = (self.back_refs, self.raw_reads)
            try:
                body = self.type(decl.type, env)
            finally:
                recursive = self.inlining.pop(key)
            if not recursive:
                if marks == (self.back_refs, self.raw_reads):
                    # Kept only when it names nothing still under way (a name that may
                    # yet change, a declaration read as written).
                    self.inlined[key] = body
                return body
            alias = ir.Alias(name, body, doc=decl.doc, span=decl.span)
            final = self.declare(name, alias, span)
            self.instantiated[(f"{decl.name}=", key[1])] = final
            return ir.Ref(final, (), span)
        # Used bare (``Page`` of ``Page<T = Item>``), it keeps its own name, as in TypeScript.
        name = decl.name if not args else instance_name(decl.name, full)
        # The name is part of the key: ``Feature`` used bare and ``Feature<Geometry, P>``
        # with its defaults spelled out are the same type under two declarations, as in
        # typescript-json-schema.
        key = (name, shape(full))
        known = self.instantiated.get(key)
        if known is not None:
            return ir.Ref(known, (), span)
        reserved = self.reserved.get(key)
        if reserved is not None:  # ``Tree<T>`` in its own body: the instance being made
            reserved[0] = True
            self.back_refs += 1
            return ir.Ref(name, (), span)
        self.reserved[key] = [False]
        try:
            made = self.decl(dataclasses.replace(decl, name=name), env)
        finally:
            recursive = self.reserved.pop(key)[0]
        if recursive:
            final = self.declare(name, made, span)
        else:
            final = self.add(name, made, span, generic=True)
        self.instantiated[key] = final
        self.made_of[final] = (decl.name, full)
        return ir.Ref(final, (), span)

    def add(self, name: str, decl: ir.Decl, span: ir.Span, *, generic: bool = False) -> str:
        """Declare a synthesized type; returns its name. The name is kept for one structure
        only: another structure that wants it gets the name plus its structure's digest."""
        structure = shape(dataclasses.replace(decl, name=""))
        template = self.source.get(name)
        if template is not None and template.kind != "const" and template.params:
            pass  # a generic's defaults instance takes the generic's name: it is not emitted
        elif name in self.source:  # ``Box<string>`` beside a declared ``Box_string``
            name = f"{name}_{digest(structure)}"
        elif name in self.shapes and self.shapes[name] != structure:
            name = f"{name}_{digest(structure)}"
        if name in self.shapes:
            if self.shapes[name] != structure:  # a digest collision: never share a name
                raise SchemaError(span, f"two different types want the synthesized name '{name}'")
            return name
        if generic:
            # No count of instances: TypeScript has none, and a large typing has thousands
            # (one ``Operation<Url, Method>`` per endpoint). Each is work, spent from the
            # budget (as its body's expansion was), which ends a blow-up where it starts.
            self.spend(INSTANCE_COST, span)
        self.shapes[name] = structure
        self.instances[name] = self.out[name] = dataclasses.replace(decl, name=name)
        return name

    def declare(self, name: str, decl: ir.Decl, span: ir.Span) -> str:
        """``add`` (of a generic instance) for a declaration whose own references call it
        ``name``: under another name (taken by a declaration or another structure), they
        follow it."""
        final = self.add(name, decl, span, generic=True)
        self.follow(name, final)
        return final

    def follow(self, name: str, final: str) -> None:
        """The declaration ``final`` with its references to ``name`` made to ``final``."""
        if final == name:
            return

        def renamed(node: object) -> object:
            if isinstance(node, ir.Ref) and node.name == name and not node.args:
                return dataclasses.replace(node, name=final)
            return node

        self.instances[final] = self.out[final] = rewrite(self.out[final], renamed)

    # ---------------------------------------------------------------- utilities

    def utility(self, name: str, args: tuple[ir.TypeExpr, ...], span: ir.Span) -> ir.TypeExpr:
        if name == "Readonly":
            return args[0]
        if name in intrinsic.CASES:
            return intrinsic.apply(name, args[0], self, span)
        if name in ("NonNullable", "Exclude", "Extract"):
            # lib.d.ts: ``T extends U ? never : T`` (Extract: ``T : never``), distributed;
            # a generic alias of lib's, so computed once per argument list, as any other.
            key = (f"{name}<>", shape(args))
            done = self.inlined.get(key)
            if done is not None:
                return done
            nulls = ir.Union((ir.Primitive("null", span), ir.Primitive("undefined", span)), span)
            test = nulls if name == "NonNullable" else args[1]
            marks = (self.back_refs, self.raw_reads)
            found = conditional.filtered(args[0], test, name == "Extract", self)
            if marks == (self.back_refs, self.raw_reads):
                self.inlined[key] = found
            return found
        if name == "Record":
            keys = self.literal_keys(args[0], strict=False)
            if keys is None:
                return ir.Mapping(args[1], span)
            self.spend(len(keys), span)
            props = tuple(ir.Property(str(k), args[1], span=span) for k in keys)
            record = ir.Object(_present(props), None, span)
            return self.named(instance_name(name, args), record, span)
        if name in ("Partial", "Required"):
            target = self.deref(args[0])
            if isinstance(target, ir.Union):
                # A homomorphic mapped type distributes over a union, as TypeScript's:
                # ``Partial<A | B>`` is ``Partial<A> | Partial<B>``; a primitive or literal
                # member is itself, an array or tuple member is mapped as below.
                kept = ir.Primitive | ir.Literal
                parts = tuple(
                    m if isinstance(self.deref(m), kept) else self.utility(name, (m,), span)
                    for m in _flat_union(target.members)
                )
                return ir.Union(_flat_union(parts), span)
            if isinstance(target, ir.Array):
                return target  # mapped over an array, as TypeScript maps it: an array
            if isinstance(target, ir.Tuple):  # ``Partial<[A, B]>`` is ``[A?, B?]``
                return dataclasses.replace(
                    target, min_items=0 if name == "Partial" else None, span=span
                )
        # ``interface Foo { r: Partial<Foo> }``: the instance being made names itself.
        key, made = (f"{name}<>", shape(args)), instance_name(name, args)
        known = self.instantiated.get(key)
        if known is not None:
            return ir.Ref(known, (), span)
        if key in self.reserved:
            self.reserved[key][0] = True
            self.back_refs += 1
            return ir.Ref(made, (), span)
        self.reserved[key] = [False]
        try:
            ref = self.mapped(name, args, made, span)
        finally:
            recursive = self.reserved.pop(key)[0]
        if recursive:
            self.follow(made, ref.name)
        self.instantiated[key] = ref.name
        return ref

    def mapped(self, name: str, args: tuple[ir.TypeExpr, ...], made: str, span: ir.Span) -> ir.Ref:
        """``Partial``, ``Required`` or ``Pick`` of ``args``, declared as ``made``."""
        raw = self.raw_reads
        props = self.properties(args[0])
        if self.raw_reads != raw:  # read from a declaration as written: expand its types
            props = tuple(dataclasses.replace(p, type=self.type(p.type, {})) for p in props)
        self.spend(len(props), span)
        index = self.index(args[0])
        if name == "Pick":
            keys = self.literal_keys(args[1])
            props = tuple(p for p in props if p.name in keys)
            target = self.deref(args[0])
            if isinstance(target, ir.Primitive) and (
                target.name == "any" or target.degraded is not None
            ):
                # ``Pick<any, "a" | "b">`` is ``{ a: any; b: any }`` (``any[P]`` is
                # ``any``); a degraded type (a package's that is not mapped) reads so too.
                props = tuple(ir.Property(str(k), target, span=span) for k in dict.fromkeys(keys))
            index = None
        else:
            optional = name == "Partial"
            props = tuple(dataclasses.replace(p, optional=optional) for p in props)
        return self.named(made, ir.Object(_present(props), index, span), span)

    def named(self, name: str, body: ir.Object, span: ir.Span) -> ir.Ref:
        decl = ir.Interface(name, body, span=span)
        return ir.Ref(self.add(name, decl, span, generic=True), (), span)

    def literal_keys(self, t: ir.TypeExpr, *, strict: bool = True) -> list[ir.LiteralValue]:
        t = self.deref(t)
        members = t.members if isinstance(t, ir.Union) else (t,)
        keys: list[ir.LiteralValue] = []
        for member in members:
            member = self.deref(member)
            if isinstance(member, ir.Union):
                nested = self.literal_keys(member, strict=strict)
                if nested is None:  # ``"a" | ("b" | string)`` is open: a mapping, not "a"
                    return None
                keys.extend(nested)
            elif isinstance(member, ir.Literal):
                keys.append(member.value)
            elif isinstance(member, ir.Primitive) and member.name == "never":
                continue  # no key: ``Record<never, V>`` is ``{}``
            elif strict:
                raise SchemaError(member.span, "expected a string literal or a union of them")
            else:
                return None  # type: ignore[return-value]  # an open key type: a mapping
        return keys

    def keyof(self, t: ir.TypeExpr, span: ir.Span) -> ir.TypeExpr:
        if self.index(t) is not None or isinstance(self.deref(t), ir.Mapping):
            return ir.Primitive("string", span)
        names = [ir.Literal(p.name, span) for p in self.properties(t)]
        if not names:
            return ir.Primitive("never", span)
        return names[0] if len(names) == 1 else ir.Union(tuple(names), span)

    def indexed(self, t: ir.TypeExpr, key: ir.TypeExpr, span: ir.Span) -> ir.TypeExpr:
        raw = self.raw_reads  # ``deref`` may read a declaration being expanded as written
        target = self.deref(t)
        key = self.deref(key)
        if isinstance(target, ir.Union):
            # ``Shape["kind"]``: each member's property type, as one union (repeats once).
            by_shape: dict[object, ir.TypeExpr] = {}
            for member in target.members:
                for part in _flat_union((self.indexed(member, key, span),)):
                    by_shape.setdefault(shape(part), part)
            parts = tuple(by_shape.values())
            return parts[0] if len(parts) == 1 else ir.Union(parts, span)
        if isinstance(key, ir.Primitive) and key.name == "number":
            if isinstance(target, ir.Array):
                return target.items
            if isinstance(target, ir.Tuple):
                if len(target.members) == 1:
                    return target.members[0]
                return ir.Union(_flat_union(target.members), span)
        if isinstance(target, ir.Tuple) and isinstance(key, ir.Literal):
            position = str(key.value)  # ``T["0"]``, ``T[0]``: that member
            if position.isdigit() and int(position) < len(target.items):
                return target.items[int(position)]
        if isinstance(key, ir.Primitive) and key.name == "string":
            if isinstance(target, ir.Mapping):
                return target.value
            index = self.index(t)
            if index is not None:  # as written when read from a declaration: expanded below
                return self.read(t, key, [index.value], raw, span)
        found: list[ir.TypeExpr] = []
        props = {p.name: p for p in self.properties(t)}
        index = None
        for k in self.literal_keys(key):
            if str(k) in props:
                found.append(props[str(k)].type)
                continue
            index = index or self.index(t)
            if index is not None:  # ``{ [k: string]: V }["a"]``: V, as TypeScript reads it
                found.append(index.value)
                continue
            if self.has_method(t, str(k)):
                # ``Client["send"]``: the method's function type, which is no JSON value;
                # written as every function type is (typescript-json-schema: an object)
                found.append(ir.Primitive("object", span))
                continue
            # Typings are checked by tsc: a key it finds is a member that is no JSON data
            # (a setter, a symbol), which the object lost.
            raise Unsupported(
                span,
                f"{k!r} is not a data property of the indexed type (a member that is not"
                " JSON data, or no member at all)",
            )
        return self.read(t, key, found, raw, span)

    def read(
        self, t: ir.TypeExpr, key: ir.TypeExpr, found: list[ir.TypeExpr], raw: int, span: ir.Span
    ) -> ir.TypeExpr:
        """The member types ``found`` for ``t[key]``, expanded where they were read from a
        declaration as written (``raw``: the count of such reads before)."""
        if self.raw_reads != raw:
            where = (shape(t), shape(key))
            if where in self.indexing:
                raise SchemaError(span, "this indexed access type refers to itself")
            self.indexing.add(where)
            try:
                found = [self.type(self.without_itself(f, where), {}) for f in found]
            finally:
                self.indexing.discard(where)
        return found[0] if len(found) == 1 else ir.Union(_flat_union(tuple(found)), span)

    def without_itself(self, f: ir.TypeExpr, where: _Where) -> ir.TypeExpr:
        """A member type read for ``X[K]`` (``where``) as written, without the union members
        that are ``X[K]`` again (jsonld's ``[key: string]: A | NodeObject[keyof NodeObject]``):
        the least type that ``V = A | V`` holds is ``A``, as TypeScript reads it."""
        if not isinstance(f, ir.Union):
            return f
        kept = tuple(
            m
            for m in f.members
            if not (
                isinstance(m, ir.Ref)
                and m.name == INDEXED
                and len(m.args) == 2
                and (shape(self.type(m.args[0], {})), shape(self.deref(self.type(m.args[1], {}))))
                == where
            )
        )
        if len(kept) == len(f.members):
            return f
        if not kept:
            return ir.Primitive("never", f.span)
        return kept[0] if len(kept) == 1 else dataclasses.replace(f, members=kept)

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
            props.append(dataclasses.replace(first, type=value, optional=optional))
        if self.raw_reads != raw:  # read from a declaration as written: expand its types
            props = [dataclasses.replace(p, type=self.type(p.type, {})) for p in props]
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
        return dataclasses.replace(t, items=items, min_items=min_items, rest=rest)

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

    # ---------------------------------------------------------------- lookups

    def lookup(self, name: str) -> ir.Decl | None:
        return self.out.get(name) or self.instances.get(name) or self.source.get(name)

    def written_as_interface(self, name: str) -> bool:
        made = self.made_of.get(name)
        return isinstance(self.source.get(made[0] if made else name), ir.Interface)

    def deref(self, t: ir.TypeExpr) -> ir.TypeExpr:
        """What an alias reference stands for, expanded. An alias whose expansion needs
        its own value (``type A = keyof A``, ``type B = B["k"]``) is an error, as in
        TypeScript."""
        seen: set[str] = set()
        entered: list[str] = []
        try:
            while isinstance(t, ir.Ref) and t.name not in seen:
                seen.add(t.name)
                decl = self.lookup(t.name)
                if not isinstance(decl, ir.Alias) or decl.params:
                    break
                if t.name in self.dereferencing:
                    raise SchemaError(t.span, f"type alias '{t.name}' circularly references itself")
                self.dereferencing.add(t.name)
                entered.append(t.name)
                if decl is not self.source.get(t.name):
                    t = decl.type  # an instance or a declaration already expanded
                elif t.name not in self.busy:
                    done = self.expanded_source(t.name, decl)  # expanded once, kept
                    assert isinstance(done, ir.Alias)
                    t = done.type
                else:
                    t = self.type(decl.type, {})  # read while its expansion is under way
        finally:
            self.dereferencing.difference_update(entered)
        return t

    def properties(
        self, t: ir.TypeExpr, seen: frozenset[str] = frozenset()
    ) -> tuple[ir.Property, ...]:
        t = self.deref(t)
        match t:
            case ir.Ref() if t.name not in seen:
                found = self.lookup(t.name)
                if isinstance(found, ir.Interface):
                    decl: ir.Decl = found
                    if found.params == () and found is self.source.get(t.name):
                        decl = self.expanded_source(t.name, found)
                    assert isinstance(decl, ir.Interface)
                    merged: dict[str, ir.Property] = {}
                    for base in decl.extends:
                        merged.update(
                            (p.name, p)
                            for p in self.properties(self.type(base, {}), seen | {t.name})
                        )
                    merged.update((p.name, p) for p in decl.body.properties)
                    return tuple(merged.values())
            case ir.Object():
                return t.properties
            case ir.Omit():
                return tuple(p for p in self.properties(t.base, seen) if p.name not in t.keys)
            case ir.Intersection():
                merged = {}
                for member in t.members:
                    merged.update((p.name, p) for p in self.properties(member, seen))
                return tuple(merged.values())
            case (
                ir.Primitive()
                | ir.Literal()
                | ir.Ref()
                | ir.Typeof()
                | ir.Array()
                | ir.Tuple()
                | ir.Union()
                | ir.Mapping()
            ):
                return ()
            case _:
                assert_never(t)
        return ()  # a reference seen already, or to no interface

    def has_method(self, t: ir.TypeExpr, name: str, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``t`` declares a method ``name``: an object type, an interface with its
        bases, an alias or an intersection of them, read as written (a method has no data
        member, so the expanded types lost it; its name does not depend on type
        arguments)."""
        match t:
            case ir.Object():
                return name in t.methods
            case ir.Ref() if t.name not in seen:
                found = self.source.get(t.name) or self.lookup(t.name)
                inner = seen | {t.name}
                if isinstance(found, ir.Alias):
                    return self.has_method(found.type, name, inner)
                if not isinstance(found, ir.Interface):
                    return False
                if name in found.body.methods:
                    return True
                return any(self.has_method(b, name, inner) for b in found.extends)
            case ir.Omit():
                return name not in t.keys and self.has_method(t.base, name, seen)
            case ir.Intersection():
                return any(self.has_method(m, name, seen) for m in t.members)
        return False

    def index(self, t: ir.TypeExpr) -> ir.IndexSignature | None:
        t = self.deref(t)
        if isinstance(t, ir.Object):
            return t.index
        if isinstance(t, ir.Ref):
            decl = self.lookup(t.name)
            if isinstance(decl, ir.Interface):
                if t.name not in self.out:
                    self.raw_reads += 1  # read as written: the caller expands what it takes
                return decl.body.index
        return None


_Inlined = dict[tuple[str, object], ir.TypeExpr]  # inlined alias instances
_Where = tuple[object, object]  # an indexed access's (type, key) shapes
_Instantiated = dict[tuple[str, object], str]  # generic + arguments' shape -> instance name


@dataclasses.dataclass
class _Access:
    """An indexed access path being expanded: the name it is declared under if it turns
    out recursive, and how many object members were being expanded when it started."""

    name: str
    members: int
    recursive: bool = False


def _names(node: object) -> set[str]:
    """The names ``node`` refers to (iterative: bounded by its size)."""
    found: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, tuple):
            pending.extend(current)
        elif isinstance(current, ir.Ref):
            found.add(current.name)
            pending.extend(current.args)
        elif dataclasses.is_dataclass(current) and not isinstance(current, type):
            pending.extend(
                getattr(current, f.name)
                for f in dataclasses.fields(current)
                if f.name not in ("span", "doc")
            )
    return found


def _this_is(node: object, me: ir.Ref) -> object:
    """``this`` as ``me``: the rewrite of an inherited member."""
    if isinstance(node, ir.Ref) and node.name == THIS:
        return ir.Ref(THIS, (dataclasses.replace(me, span=node.span),), node.span)
    return node


def _is_never(t: ir.TypeExpr) -> bool:
    return isinstance(t, ir.Primitive) and t.name == "never"


def _anonymous_class(t: ir.TypeExpr) -> bool:
    """An anonymous type that the Python back end must make a class of."""
    return isinstance(t, ir.Intersection | ir.Omit) or (
        isinstance(t, ir.Object) and bool(t.properties)
    )


def _without_undefined(t: ir.TypeExpr) -> ir.TypeExpr:
    """``-?`` in a mapped type: the value without ``undefined`` (TypeScript's rule)."""
    if not isinstance(t, ir.Union):
        return t
    kept = tuple(
        m for m in t.members if not (isinstance(m, ir.Primitive) and m.name == "undefined")
    )
    if len(kept) == len(t.members) or not kept:
        return t
    return kept[0] if len(kept) == 1 else dataclasses.replace(t, members=kept)


def _flat_union(members: tuple[ir.TypeExpr, ...]) -> tuple[ir.TypeExpr, ...]:
    """Nested unions flattened; ``never`` dropped beside other members (``never | X`` is
    ``X`` in TypeScript), and a second ``null`` or ``undefined`` (``D | undefined`` with
    ``D = void``: one ``undefined``, which a property reads as absent)."""
    flat: list[ir.TypeExpr] = []
    for member in members:
        flat.extend(member.members if isinstance(member, ir.Union) else (member,))
    kept: list[ir.TypeExpr] = []
    units: set[str] = set()
    for m in flat:
        if isinstance(m, ir.Primitive) and m.name in ("never", "null", "undefined"):
            if m.name == "never" or m.name in units:
                continue
            units.add(m.name)
        kept.append(m)
    return tuple(kept) if kept else tuple(flat[:1])


def _spliced(members: tuple[ir.TypeExpr, ...]) -> tuple[ir.TypeExpr, ...]:
    out: list[ir.TypeExpr] = []
    for member in members:
        out.extend(_spliced(member.members) if isinstance(member, ir.Intersection) else (member,))
    return tuple(out)


def _present(props: tuple[ir.Property, ...]) -> tuple[ir.Property, ...]:
    """The properties a JSON object can hold: one typed ``never`` or ``undefined`` is a key
    left out (as ``object`` drops it from a written object type)."""
    return tuple(
        p
        for p in props
        if not (isinstance(p.type, ir.Primitive) and p.type.name in ("never", "undefined"))
    )
