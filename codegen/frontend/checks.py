"""The checks on the resolved, expanded schema, and which names it uses.

No cycle of references that no object or array guards, no type nested deeper than
``MAX_EXPANDED_DEPTH`` once expanded, property redeclarations compatible with the bases,
and a warning for each declaration nothing uses (``resolve`` runs them in that order).
What an interface may extend is checked before, by ``bases.normalise_bases``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from .. import ir
from ..errors import Diagnostics, SchemaError
from ..ir.printer import quoted
from ..ir.queries import add_bad_constraint_tags, flat_properties, is_narrowing
from ..ir.walk import children


def _structural_refs(t: ir.TypeExpr) -> list[ir.Ref]:
    """Refs a type needs resolved to know its own shape (not guarded by an object/array),
    depth first in source order. A list, built without a generator per member (#37)."""
    found: list[ir.Ref] = []
    pending = [t]
    while pending:
        node = pending.pop()
        match node:
            case ir.Ref():
                found.append(node)
            case ir.Union() | ir.Intersection():
                pending.extend(reversed(node.members))
            case ir.Omit():
                pending.append(node.base)
            case (
                ir.Primitive()
                | ir.Literal()
                | ir.Typeof()
                | ir.Array()
                | ir.Tuple()
                | ir.Mapping()
                | ir.Object()
            ):
                pass
            case _:
                assert_never(node)
    return found


def check_cycles(schema: ir.Schema) -> None:
    edges: dict[str, list[str]] = {}
    for name, decl in schema.decls.items():
        if isinstance(decl, ir.Interface):
            refs = [r for base in decl.extends for r in _structural_refs(base)]
        elif isinstance(decl, ir.Alias):
            refs = _structural_refs(decl.type)
        else:
            continue
        edges[name] = [r.name for r in refs if r.name in schema.decls]
    done: set[str] = set()
    for start in edges:
        _find_cycle(schema, edges, start, done)


def _find_cycle(schema: ir.Schema, edges: dict[str, list[str]], start: str, done: set[str]) -> None:
    """Iterative depth-first search (deep alias chains must not hit the recursion limit)."""
    path: list[str] = []
    stack: list[tuple[str, int]] = [(start, 0)]
    while stack:
        name, next_edge = stack.pop()
        if next_edge == 0:
            if name in done:
                continue
            if name in path:
                cycle = [*path[path.index(name) :], name]
                raise SchemaError(schema.decls[cycle[0]].span, f"cycle: {' -> '.join(cycle)}")
            path.append(name)
        targets = edges[name]  # every target is an interface or alias, so a key
        if next_edge < len(targets):
            stack.append((name, next_edge + 1))
            stack.append((targets[next_edge], 0))
        else:
            path.pop()
            done.add(name)


# How deep a type may get once aliases are expanded and bases followed: each later pass
# may recurse that deep, so this (with parse_types' MAX_TYPE_DEPTH per written type) keeps every
# pass far from Python's recursion limit. The official MCP schema reaches about 20.
MAX_EXPANDED_DEPTH = 100


def check_depth(schema: ir.Schema) -> None:
    """``SchemaError`` at the first declaration whose expanded depth passes the bound.

    A ref to an alias counts the alias's own depth, as does a base in ``extends`` or a
    ref inside an alias (``A & B``); a property's ref to an interface or to an alias of
    an object type counts one (a class boundary, which no pass expands). A union's
    interface member is a class too, named, not inlined (TypeScript's union of named
    types is a union of references): it counts its chain of bases (what a pass reading
    its properties walks), not what its properties refer to, so an AST's union of node
    interfaces, each with properties of that union, is not a nesting. Computed bottom-up
    with an explicit stack; a recursive alias (through an array or object) counts its
    back edge as one.
    """
    depth: dict[str, int] = {}
    bases_depth: dict[str, int] = {}  # an interface's chain of bases, as a union member

    def expr_depth(t: ir.TypeExpr, expand_interfaces: bool = False, member: bool = False) -> int:
        """``member``: in a union (not under an intersection), where an interface is named."""
        if type(t) in _LEAVES:  # the most common, without a ``match``
            return 1
        match t:
            case ir.Primitive() | ir.Literal() | ir.Typeof():  # the most common: tried first
                return 1
            case ir.Ref(name=name):
                target = schema.decls.get(name)
                if isinstance(target, ir.Alias) and (expand_interfaces or not _is_class(target)):
                    return 1 + depth.get(name, 0)
                if expand_interfaces and isinstance(target, ir.Interface):
                    return 1 + (bases_depth if member else depth).get(name, 0)
                return 1
            case ir.Array(items=item) | ir.Mapping(value=item) | ir.Omit(base=item):
                return 1 + expr_depth(item, expand_interfaces, member)
            case ir.Union(members=items):
                return 1 + max((expr_depth(i, expand_interfaces, True) for i in items), default=0)
            case ir.Tuple(members=items):
                return 1 + max((expr_depth(i, expand_interfaces, member) for i in items), default=0)
            case ir.Intersection(members=items):  # ``(A | B) & C`` merges A's properties
                return 1 + max((expr_depth(i, expand_interfaces) for i in items), default=0)
            case ir.Object():
                return 1 + body_depth(t)
            case _:
                assert_never(t)

    decls = schema.decls

    def body_depth(body: ir.Object) -> int:
        # ``max`` of ``expr_depth`` over the property types and the index's value, with a
        # leaf's and a ref's answer inline: one call less per property of a large typing (#37)
        best = 0
        for prop in body.properties:
            t = prop.type
            kind = type(t)
            if kind in _LEAVES:
                found = 1
            elif kind is ir.Ref:
                target = decls.get(t.name)  # type: ignore[union-attr]
                aliased = isinstance(target, ir.Alias) and not _is_class(target)
                found = 1 + depth.get(t.name, 0) if aliased else 1  # type: ignore[union-attr]
            else:
                found = expr_depth(t)
            if found > best:
                best = found
        if body.index is not None:
            best = max(best, expr_depth(body.index.value))
        return best

    def decl_depth(decl: ir.Decl) -> int:
        if isinstance(decl, ir.Alias):
            return expr_depth(decl.type, True)
        if isinstance(decl, ir.Interface):
            if not decl.extends:  # most interfaces: no generator and ``max`` for none (#37)
                bases_depth[decl.name] = 1
                return 1 + body_depth(decl.body)
            bases = max((expr_depth(b, True) for b in decl.extends), default=0)
            chain = max((expr_depth(b, True, True) for b in decl.extends), default=0)
            bases_depth[decl.name] = 1 + chain
            return 1 + max(bases, body_depth(decl.body))
        return 1

    def needs(decl: ir.Decl) -> list[str]:
        if isinstance(decl, ir.Alias):
            return _ref_names(decl.type)
        if isinstance(decl, ir.Interface):
            names = [n for base in decl.extends for n in _ref_names(base)]
            names += [n for n in _ref_names(decl.body) if type(decls.get(n)) is ir.Alias]
            return names
        return []

    # Entered, computed or not: one not yet computed is on the current path, so needing it
    # again is a recursive back edge (counted as one by ``depth.get``).
    entered: set[str] = set()
    for start in schema.decls:
        stack = [(start, False)]
        while stack:
            name, ready = stack.pop()
            if name in depth:  # pushed twice: computed the first time
                continue
            decl = schema.decls[name]
            if not ready:
                entered.add(name)
                stack.append((name, True))
                stack += [(n, False) for n in needs(decl) if n in schema.decls and n not in entered]
                continue
            depth[name] = decl_depth(decl)
            if depth[name] > MAX_EXPANDED_DEPTH:
                raise SchemaError(
                    decl.span,
                    f"'{name}' nests more than {MAX_EXPANDED_DEPTH} levels deep once its "
                    "aliases and bases are expanded; shorten the chain",
                )


def _is_class(alias: ir.Alias) -> bool:
    """An alias of an object type (``type A = { ... }``, ``type A = Node & { ... }``): a
    class of its own, which a reference names, as TypeScript's reference to a named type
    names it, instead of inlining its value."""
    return isinstance(alias.type, ir.Object | ir.Intersection)


def check_redeclarations(schema: ir.Schema) -> None:
    """A redeclared inherited property may narrow its type, never change its kind."""
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface) or not decl.extends:
            continue
        inherited: dict[str, tuple[ir.Property, ir.TypeExpr]] = {}
        for base in decl.extends:
            for prop in flat_properties(schema, base):
                inherited[prop.name] = (prop, base)
        for prop in decl.body.properties:
            if prop.name not in inherited:
                continue
            base_prop, base = inherited[prop.name]
            # ``x0: any`` over ``x0: string | number``: tsc accepts it (any is assignable
            # to every type); so is a degraded type, which stands for one that only what
            # is not here (a package not mapped) could tell, and which already warns
            anything = _anything(prop.type)
            if not anything and not is_narrowing(schema, prop.type, base_prop.type):
                raise SchemaError(
                    prop.span,
                    f"property '{prop.name}' of '{decl.name}' has type {quoted(prop.type)}, "
                    f"incompatible with {quoted(base_prop.type)} inherited from "
                    f"{quoted(base)}",
                )
            if prop.optional and not base_prop.optional:
                raise SchemaError(
                    prop.span,
                    f"property '{prop.name}' of '{decl.name}' is optional but required in "
                    f"{quoted(base)}",
                )


def _anything(t: ir.TypeExpr) -> bool:
    """``any``, or a type with a degraded member (``unknown`` standing for what no one here
    can read), which no inherited property's type can be checked against."""
    if isinstance(t, ir.Union):
        return any(_anything(m) for m in t.members)
    return isinstance(t, ir.Primitive) and (t.name == "any" or t.degraded is not None)


def used_names(decls: Iterable[ir.Decl]) -> set[str]:
    """Every name a declaration refers to, type arguments included."""
    used: set[str] = set()
    for decl in decls:
        if isinstance(decl, ir.Interface | ir.Alias):
            used.update(_ref_names(decl))
    return used


def warn_unused(schema: ir.Schema, used: set[str], diags: Diagnostics) -> None:
    """``used``: the names used by the declarations before expansion and after it."""
    for decl in schema.decls.values():
        if not decl.exported and decl.name not in used and not isinstance(decl, ir.Const):
            diags.warn(f"'{decl.name}' is neither exported nor used", decl.span)


@dataclass(frozen=True)
class Findings:
    """What resolve reports of the expanded declarations, found in one walk of them."""

    used: set[str]  # ``used_names``
    degraded: tuple[tuple[ir.Span, str], ...]  # ``queries.degraded_spots``
    bad_tags: tuple[tuple[ir.Span, str], ...]  # ``queries.bad_constraint_tags``


def compiled_findings(decls: Sequence[ir.Decl]) -> Findings:
    """``used_names``, ``degraded_spots`` and ``bad_constraint_tags`` of ``decls``, each
    as those give it (the same order: depth first, in source order): one walk of every
    node of the expanded schema instead of three (#37)."""
    used: set[str] = set()
    degraded: dict[tuple[ir.Span, str], None] = {}
    bad_tags: dict[tuple[ir.Span, str], None] = {}
    pending: list[ir.TypeExpr | ir.Decl] = list(reversed(decls))
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind is ir.Ref:
            used.add(node.name)  # type: ignore[union-attr]
        elif kind is ir.Primitive:
            what = node.degraded  # type: ignore[union-attr]
            if what is not None:
                degraded.setdefault((node.span, what))
            continue
        elif kind is ir.Object:
            index = node.index  # type: ignore[union-attr]
            # Only a member with tags can have a bad one: most have none (#37).
            if (index is not None and index.doc.tags) or any(
                prop.doc.tags
                for prop in node.properties  # type: ignore[union-attr]
            ):
                add_bad_constraint_tags(node, bad_tags)
            # ``children``, reversed onto the stack, without a call and a tuple per object
            if index is not None:
                pending.append(index.value)
            pending.extend([prop.type for prop in reversed(node.properties)])  # type: ignore[union-attr]
            continue
        elif kind in _TAGGED:
            if node.doc.tags:  # type: ignore[union-attr]
                add_bad_constraint_tags(node, bad_tags)
        pending.extend(reversed(children(node)))
    return Findings(used, tuple(degraded), tuple(bad_tags))


# The kinds whose docs may hold constraint tags (``queries.add_bad_constraint_tags``).
_TAGGED = frozenset((ir.Interface, ir.Alias, ir.Object))


# Kinds that hold no type: a walk goes no further (``children`` gives ``()``).
_LEAVES = frozenset((ir.Primitive, ir.Literal, ir.Typeof))


def _ref_names(t: ir.TypeExpr | ir.Decl) -> list[str]:
    """The names ``t`` refers to, depth first in source order, a reference's arguments
    included. A list, not a generator, and no call for a leaf: ``check_depth`` and
    ``used_names`` ask it of every node of a large typing (#37)."""
    names: list[str] = []
    pending = [t]
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind is ir.Ref:
            names.append(node.name)  # type: ignore[union-attr]
            args = node.args  # type: ignore[union-attr]
            if args:
                pending.extend(reversed(args))
        elif kind is ir.Object:
            # ``children``'s order (the properties' types, then the index's value), reversed
            # onto the stack, without the leaves, most of a large typing's property types
            index = node.index  # type: ignore[union-attr]
            if index is not None:
                pending.append(index.value)
            for prop in reversed(node.properties):  # type: ignore[union-attr]
                if type(prop.type) not in _LEAVES:
                    pending.append(prop.type)
        elif kind not in _LEAVES:
            pending.extend(reversed(children(node)))
    return names
