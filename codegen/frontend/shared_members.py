"""One declaration per object member that indexed access types name (``C["a"]["b"]``).

In TypeScript ``components["schemas"]["pet"]`` (openapi-typescript's output, thousands of
times in one typing) is a reference to one type: the declared type of that member. When
the member is written as an object literal, that one type is anonymous, and the compiler
would make a class per place that names it (the emitters name anonymous types after
where they stand), a fresh copy each time. Here, before expansion, each such member
becomes a declaration named after its path (``componentsSchemasPet``, as
``expand.member_access`` names a recursive one), the member and every access to it
reference that declaration: one class, one JSON Schema definition, shared by ``$ref``.

The rule is TypeScript's and general: it applies to an access through string literal keys
into a declaration that is no generic and has no bases (``expand.member_as_written``'s
reading), through object literal members only, ending at an object literal with properties.
Anything else (a key that is a type, an inherited member, a member that is a union) keeps
the general rule of ``expand.indexed``.
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir import INDEXED
from ..ir.queries import rewrite
from ..ir.walk import children

_Path = tuple[str, tuple[str, ...]]  # the declaration, then the keys
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")


def hoist(decls: dict[str, ir.Decl]) -> dict[str, ir.Decl]:
    """``decls`` with each object literal member that an indexed access names declared
    once (just before its owner) and referenced; ``decls`` itself when there is none."""
    accessed = _accessed(decls)
    wanted = {path for path in accessed if _is_object(_member(decls, path))}
    if not wanted:
        return decls
    taken = set(decls)
    names: dict[_Path, str] = {}
    for path in sorted(wanted, key=lambda p: (p[0], len(p[1]), p[1])):
        stem = "".join([path[0], *(pascal(k) for k in path[1])])
        name, n = stem, 1
        while name in taken:  # another declaration, or a path that folds the same
            n += 1
            name = f"{stem}_{n}"
        taken.add(name)
        names[path] = name

    def change(node: object) -> object:
        if isinstance(node, ir.Ref) and node.name == INDEXED:
            path = _chain(node)
            if path is not None and path in names:
                return ir.Ref(names[path], (), node.span)
        return node

    out: dict[str, ir.Decl] = {}
    for owner, decl in decls.items():
        hoisted: dict[str, ir.Decl] = {}
        if any(path[0] == owner for path in names):
            decl = _declare_members(decl, names, hoisted)
        for name, member in hoisted.items():
            out[name] = rewrite(member, change)
        reads = any(owner in accessed[path] for path in names)
        out[owner] = rewrite(decl, change) if reads else decl
    return out


def _declare_members(
    decl: ir.Decl, names: dict[_Path, str], hoisted: dict[str, ir.Decl]
) -> ir.Decl:
    """``decl`` with each member named in ``names`` replaced by a reference to its new
    declaration, added to ``hoisted`` (inner members first)."""
    exported = decl.exported if isinstance(decl, ir.Interface | ir.Alias) else True
    inner = [keys for owner, keys in names if owner == decl.name]

    def walk(obj: ir.Object, keys: tuple[str, ...]) -> ir.Object:
        props = []
        for prop in obj.properties:
            at = (*keys, prop.name)
            t = prop.type
            if isinstance(t, ir.Object) and any(k[: len(at)] == at for k in inner):
                t = walk(t, at)
            name = names.get((decl.name, at))
            if name is not None and isinstance(t, ir.Object):
                hoisted[name] = ir.Interface(name, t, exported=exported, doc=prop.doc, span=t.span)
                t = ir.Ref(name, (), t.span)
            props.append(prop if t is prop.type else dataclasses.replace(prop, type=t))
        if all(p is q for p, q in zip(props, obj.properties, strict=True)):
            return obj
        return dataclasses.replace(obj, properties=tuple(props))

    if isinstance(decl, ir.Interface):
        return dataclasses.replace(decl, body=walk(decl.body, ()))
    if isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Object):
        return dataclasses.replace(decl, type=walk(decl.type, ()))
    return decl


def _accessed(decls: dict[str, ir.Decl]) -> dict[_Path, set[str]]:
    """Each access path written (the longest chain of keys), with the declarations that
    write it. A base that is a type parameter of its declaration is no path."""
    found: dict[_Path, set[str]] = {}
    for name, decl in decls.items():
        local = (
            {p.name for p in decl.params} if isinstance(decl, ir.Interface | ir.Alias) else set()
        )
        pending: list[ir.TypeExpr | ir.Decl] = [decl]
        while pending:
            node = pending.pop()
            kind = type(node)
            if kind is ir.Ref and node.name == INDEXED:  # type: ignore[union-attr]
                path = _chain(node)  # type: ignore[arg-type]
                if path is not None and path[0] not in local:
                    found.setdefault(path, set()).add(name)
                    continue  # its prefixes are no accesses of their own
            if kind is ir.Object:  # ``children``'s order, without the leaves (#37)
                pending.extend([p.type for p in node.properties if type(p.type) not in _LEAVES])  # type: ignore[union-attr]
                if node.index is not None:  # type: ignore[union-attr]
                    pending.append(node.index.value)  # type: ignore[union-attr]
            elif kind not in _LEAVES:  # most nodes: no children to ask for (#37)
                pending.extend(children(node))
    return found


_LEAVES = frozenset((ir.Primitive, ir.Literal, ir.Typeof, ir.Const))


def _chain(node: ir.Ref) -> _Path | None:
    """``C["a"]["b"]`` as ``("C", ("a", "b"))``; None when a key is no string literal or
    the base is no plain name."""
    keys: list[str] = []
    base: ir.TypeExpr = node
    while isinstance(base, ir.Ref) and base.name == INDEXED and len(base.args) == 2:
        key = base.args[1]
        if not (isinstance(key, ir.Literal) and isinstance(key.value, str)):
            return None
        keys.append(key.value)
        base = base.args[0]
    if not isinstance(base, ir.Ref) or base.args or base.name.startswith("#"):
        return None
    return base.name, tuple(reversed(keys))


def _member(decls: dict[str, ir.Decl], path: _Path) -> ir.TypeExpr | None:
    """The member's type as written, through object literals (``expand.member_as_written``'s
    reading); None where the path leaves them."""
    decl = decls.get(path[0])
    t: ir.TypeExpr
    if isinstance(decl, ir.Interface) and not decl.params and not decl.extends:
        t = decl.body
    elif isinstance(decl, ir.Alias) and not decl.params:
        t = decl.type
    else:
        return None
    for key in path[1]:
        if not isinstance(t, ir.Object):
            return None
        prop = next((p for p in t.properties if p.name == key), None)
        if prop is None:
            return None
        t = prop.type
    return t


def _is_object(t: ir.TypeExpr | None) -> bool:
    """An object literal with properties: what the emitters would make a class of."""
    return isinstance(t, ir.Object) and bool(t.properties)


def pascal(text: str) -> str:
    """``"simple-user"`` as ``SimpleUser``: a key as a part of a declaration's name."""
    return "".join(w[:1].upper() + w[1:] for w in _NON_WORD.split(text) if w)
