"""The utility types: ``Partial``, ``Required``, ``Pick``, ``Readonly``, ``Record``,
``NonNullable``/``Exclude``/``Extract`` and the intrinsic string types; ``keyof`` and the
literal keys a key type stands for.

``Partial``/``Required``/``Pick`` and ``Record`` over literal keys are declared once per
argument list (``Partial_Tool``), distributed over a union as TypeScript's homomorphic
mapped types are; ``Readonly<T>`` is ``T``.
"""

from __future__ import annotations

from .. import ir
from ..errors import SchemaError
from ..ir.keys import is_number_key, key_literal, key_name
from ..ir.queries import shape
from . import conditional, intrinsic
from .expand_core import ExpanderCore
from .expand_core import flat_union as _flat_union
from .expand_core import present as _present
from .expand_names import instance_name

UTILITIES = frozenset(
    ("Partial", "Required", "Readonly", "Pick", "Record", "NonNullable", "Exclude", "Extract")
) | frozenset(intrinsic.CASES)


class ExpanderUtilities(ExpanderCore):
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
            props = tuple(_key_property(k, args[1], span) for k in keys)
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
                return ir.replace(target, min_items=0 if name == "Partial" else None, span=span)
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
            props = tuple(ir.replace(p, type=self.type(p.type, {})) for p in props)
        self.spend(len(props), span)
        index = self.index(args[0])
        if name == "Pick":
            keys = self.literal_keys(args[1])
            wanted = {key_name(k) for k in keys}  # ``Pick<R, 200>`` keeps the key "200"
            props = tuple(p for p in props if p.name in wanted)
            target = self.deref(args[0])
            if isinstance(target, ir.Primitive) and (
                target.name == "any" or target.degraded is not None
            ):
                # ``Pick<any, "a" | "b">`` is ``{ a: any; b: any }`` (``any[P]`` is
                # ``any``); a degraded type (a package's that is not mapped) reads so too.
                props = tuple(_key_property(k, target, span) for k in dict.fromkeys(keys))
            index = None
        else:
            optional = name == "Partial"
            props = tuple(ir.replace(p, optional=optional) for p in props)
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
        names = [key_literal(p, span) for p in self.properties(t)]
        if not names:
            return ir.Primitive("never", span)
        return names[0] if len(names) == 1 else ir.Union(tuple(names), span)


def _key_property(key: ir.LiteralValue, value: ir.TypeExpr, span: ir.Span) -> ir.Property:
    """The property a literal key makes (``Record<200, V>``): a number key stays a number
    for ``keyof``."""
    return ir.Property(key_name(key), value, span=span, numeric_name=is_number_key(key))
