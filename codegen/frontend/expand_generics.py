"""Generic instantiation: ``Page<Tool>`` declared once per distinct argument list.

The defaults fill in missing arguments; a generic alias of a non-object type is inlined
where used (expanded once per argument list), unless it uses itself, when it is a
declaration; an instance that names itself (``Tree<T>`` in its own body) is declared
under its name. Bounded by ``MAX_ARGUMENT_NODES`` and ``MAX_NESTING`` (``budget``).
"""

from __future__ import annotations

from .. import ir
from ..errors import SchemaError
from ..ir.queries import shape
from .budget import MAX_ARGUMENT_NODES, MAX_NESTING, size
from .expand_computed import ExpanderComputed
from .expand_names import instance_name


class ExpanderGenerics(ExpanderComputed):
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
            under_way = self.inlining.get(key)
            if under_way is not None:
                # the instance being expanded, under the name its first use gave it (``J``
                # used bare and ``J<string>`` inside it are one type)
                self.inlining[key] = (under_way[0], True)
                self.back_refs += 1
                return ir.Ref(under_way[0], (), span)
            done = self.inlined.get(key)
            if done is not None:
                # Expanded once per distinct argument list, as TypeScript caches an
                # instantiation: ``ReadonlyDeep<X>`` reached again through each alias that
                # nests X costs a lookup, not X's whole expansion again.
                return done
            self.inlining[key] = (name, False)
            marks = (self.back_refs, self.raw_reads)
            try:
                body = self.type(decl.type, env)
            finally:
                recursive = self.inlining.pop(key)[1]
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
            made = self.decl(ir.replace(decl, name=name), env)
        finally:
            recursive = self.reserved.pop(key)[0]
        if recursive:
            final = self.declare(name, made, span)
        else:
            final = self.add(name, made, span, generic=True)
        self.instantiated[key] = final
        self.made_of[final] = (decl.name, full)
        return ir.Ref(final, (), span)
