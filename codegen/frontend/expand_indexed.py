"""Indexed access types: ``T["k"]``, ``T[number]``, ``T[string]`` and ``T[keyof T]``.

A member's type (each member's, as one union, over a union), an array's or a tuple's
items, an index signature's value; ``C["a"]["b"]`` inside the declaration ``C`` being
expanded is read lazily, as TypeScript reads it, and declared under its path's name
(``CAB``) where it turns out recursive.
"""

from __future__ import annotations

from .. import ir
from ..errors import SchemaError, Unsupported
from ..ir import INDEXED
from ..ir.keys import key_name
from ..ir.queries import shape
from .expand_core import Access as _Access
from .expand_core import flat_union as _flat_union
from .expand_utilities import ExpanderUtilities
from .shared_members import pascal as _pascal

_Where = tuple[object, object]  # an indexed access's (type, key) shapes


class ExpanderIndexed(ExpanderUtilities):
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

    def indexed(self, t: ir.TypeExpr, key: ir.TypeExpr, span: ir.Span) -> ir.TypeExpr:
        raw = self.raw_reads  # ``deref`` may read a declaration being expanded as written
        target = self.deref(t)
        key = self.deref(key)
        if isinstance(target, ir.Union):
            # ``Shape["kind"]``: each member's property type, as one union (repeats once).
            # An alias met again among its own members (``type N = N | string``) would
            # recurse for ever: TypeScript's error, located at the member.
            name = t.name if isinstance(t, ir.Ref) else None
            if name is not None and name in self.distributing:
                raise SchemaError(t.span, f"type alias '{name}' circularly references itself")
            if name is not None:
                self.distributing.add(name)
            try:
                by_shape: dict[object, ir.TypeExpr] = {}
                for member in target.members:
                    for part in _flat_union((self.indexed(member, key, span),)):
                        by_shape.setdefault(shape(part), part)
            finally:
                if name is not None:
                    self.distributing.discard(name)
            parts = tuple(by_shape.values())
            return parts[0] if len(parts) == 1 else ir.Union(parts, span)
        if isinstance(target, ir.Primitive) and (
            target.name == "any" or target.degraded is not None
        ):
            return target  # ``any[K]`` is ``any`` whatever ``K`` is; a degraded type reads so
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
            if key_name(k) in props:  # ``T[200]`` reads the key "200"
                found.append(props[key_name(k)].type)
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
        return kept[0] if len(kept) == 1 else ir.replace(f, members=kept)
