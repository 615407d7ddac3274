"""What the structural differ (``codegen.revision.structural``) asks of one schema's
declarations: a class-like declaration's flattened view and its name-free shape, the
declaration that declares a property, a declaration's ancestors, the methods and the
error codes; a declaration as a type; the pairing of removed with added names by key, and
the declarations renamed (``@renamedFrom``, or one removed and one added of one shape).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import assert_never

from .. import ir
from ..errors import Diagnostics
from ..ir.messages import messages
from ..ir.printer import render
from .changes import Rename
from .compat import ObjectView, object_view

RENAME_TAG = "renamedFrom"
# JSON-RPC reserves -32768..-32000 for error codes; an integer const there is an error code.
ERROR_CODE_RANGE = range(-32768, -32000 + 1)


def decl_view(schema: ir.Schema, decl: ir.Decl) -> ObjectView | None:
    """The flattened object a class-like declaration describes, else None.

    Class-like: an interface, or an alias of an object literal, intersection or ``Omit``
    (the generated code makes a class of each). An alias naming another type is not.
    """
    if isinstance(decl, ir.Interface):
        return object_view(schema, decl)
    if isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Object | ir.Intersection | ir.Omit):
        return object_view(schema, decl.type)
    return None


def methods(schema: ir.Schema) -> dict[str, str]:
    """Method name -> the declaration that carries it (``codegen.ir.messages``)."""
    return {m.method: m.decl.name for m in messages(schema, Diagnostics())}


def is_error_code(value: ir.LiteralValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in ERROR_CODE_RANGE


def shape(schema: ir.Schema, decl: ir.Decl) -> str | None:
    """A name-free structural key; two declarations with one shape are interchangeable.

    Empty objects have no shape: any two of them look alike, so they prove no rename.
    """
    if isinstance(decl, ir.Const):
        return "const " + json.dumps(decl.value)
    view = decl_view(schema, decl)
    if view is not None:
        props, index = view
        if not props:
            return None
        parts = sorted(f"{p.name}{'?' if p.optional else ''}: {render(p.type)}" for p in props)
        if index is not None:
            parts.append(f"[string]: {render(index.value)}")
        return "object { " + "; ".join(parts) + " }"
    assert isinstance(decl, ir.Alias)
    return "alias " + render(decl.type)


def declaring(
    schema: ir.Schema, t: ir.TypeExpr | ir.Interface, owner: str, name: str
) -> str | None:
    """The declaration whose own body declares property ``name`` of ``t``."""
    match t:
        case ir.Interface():
            if any(p.name == name for p in t.body.properties):
                return t.name
            # Later bases win in ``flat_properties``, so search them last-first.
            for base in reversed(t.extends):
                found = declaring(schema, base, t.name, name)
                if found is not None:
                    return found
        case ir.Ref():
            decl = schema.decls.get(t.name)
            if isinstance(decl, ir.Interface):
                return declaring(schema, decl, decl.name, name)
            if isinstance(decl, ir.Alias):
                return declaring(schema, decl.type, decl.name, name)
        case ir.Object(properties=props):
            return owner if any(p.name == name for p in props) else None
        case ir.Omit(base=base, keys=keys):
            return None if name in keys else declaring(schema, base, owner, name)
        case ir.Intersection(members=members):
            for member in reversed(members):
                found = declaring(schema, member, owner, name)
                if found is not None:
                    return found
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
        ):
            return None
        case _:
            assert_never(t)
    return None  # a base or member that does not declare it


def _base_refs(t: ir.TypeExpr) -> Iterator[str]:
    match t:
        case ir.Ref(name=name):
            yield name
        case ir.Omit(base=base):
            yield from _base_refs(base)
        case ir.Intersection(members=members):
            for member in members:
                yield from _base_refs(member)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
            | ir.Object()
        ):
            pass
        case _:
            assert_never(t)


def ancestors(schema: ir.Schema, name: str) -> frozenset[str]:
    """Every declaration ``name`` inherits properties from, transitively."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        decl = schema.decls.get(todo.pop())
        if isinstance(decl, ir.Interface):
            bases = [b for t in decl.extends for b in _base_refs(t)]
        elif isinstance(decl, ir.Alias):
            bases = list(_base_refs(decl.type))
        else:
            bases = []
        for base in bases:
            if base not in seen:
                seen.add(base)
                todo.append(base)
    return frozenset(seen)


def has_prop(schema: ir.Schema, decl_name: str, prop: str) -> bool:
    decl = schema.decls.get(decl_name)
    view = decl_view(schema, decl) if decl is not None else None
    return view is not None and any(p.name == prop for p in view[0])


def show(value: ir.LiteralValue) -> str:
    return json.dumps(value)


def pair_unique(
    removed: Iterable[tuple[str, str | None]], added: Iterable[tuple[str, str | None]]
) -> list[tuple[str, str]]:
    """Pair removed and added names whose key matches exactly one of each."""
    gone: dict[str, list[str]] = defaultdict(list)
    new: dict[str, list[str]] = defaultdict(list)
    for name, key in removed:
        if key is not None:
            gone[key].append(name)
    for name, key in added:
        if key is not None:
            new[key].append(name)
    return [
        (gone[key][0], new[key][0])
        for key in gone
        if len(gone[key]) == 1 and len(new.get(key, ())) == 1
    ]


def as_type(decl: ir.Decl) -> ir.TypeExpr | ir.Interface:
    if isinstance(decl, ir.Interface):
        return decl
    if isinstance(decl, ir.Alias):
        return decl.type
    return ir.Literal(decl.value)


def named_members(schema: ir.Schema, t: ir.TypeExpr) -> tuple[ir.TypeExpr, ...]:
    """A union's members as written (through one alias naming a union), else ``(t,)``."""
    decl = schema.decls.get(t.name) if isinstance(t, ir.Ref) else None
    if isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Union):
        t = decl.type
    return t.members if isinstance(t, ir.Union) else (t,)


def describe(decl: ir.Decl, t: ir.TypeExpr) -> str:
    return "an object type" if isinstance(decl, ir.Interface) else render(t)


def decl_type(decl: ir.Decl) -> ir.TypeExpr:
    """A declaration as a type: an interface by reference, an alias by its definition."""
    if isinstance(decl, ir.Alias):
        return decl.type
    if isinstance(decl, ir.Const):
        return ir.Literal(decl.value)
    return ir.Ref(decl.name)


def own_index(decl: ir.Decl) -> ir.IndexSignature | None:
    if isinstance(decl, ir.Interface):
        return decl.body.index
    if isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Object):
        return decl.type.index
    return None


def find_renames(
    old: ir.Schema, new: ir.Schema, removed: list[str], added: list[str], diagnostics: Diagnostics
) -> list[Rename]:
    """The declarations renamed from ``old`` to ``new``: by ``@renamedFrom``, else by one
    removed and one added declaration of the same shape."""
    renames: list[Rename] = []
    gone = set(removed)
    for name in added:
        decl = new.decls[name]
        hint = decl.doc.get(RENAME_TAG)
        if hint is None:
            continue
        old_name = hint.split()[0] if hint.split() else ""
        if old_name in gone:
            renames.append(Rename(old_name, name, hinted=True))
            gone.discard(old_name)
        else:
            diagnostics.warn(
                f"@{RENAME_TAG} {old_name or '(no name)'}: the old schema has no removed "
                f"declaration of that name; tag ignored",
                decl.span,
            )
    taken = {r.new for r in renames}
    inferred = pair_unique(
        [(n, shape(old, old.decls[n])) for n in removed if n in gone],
        [(n, shape(new, new.decls[n])) for n in added if n not in taken],
    )
    renames += [Rename(a, b, hinted=False) for a, b in inferred]
    return renames
