"""What an interface extends, as TypeScript reads it: any object type.

TypeScript lets an interface extend an interface, and also any other type whose members are
statically known: an alias of an object literal or of an intersection, an instantiated
generic alias, ``Record<K, V>`` (an index signature), ``Omit`` of any of these, a function
type (its call signatures are no data). The emitters know two kinds of base, an interface
(Python inheritance) and ``Omit`` of one; this pass, run once generics are instantiated,
keeps those as bases and moves every other base's members into the interface's own body,
in TypeScript's order (bases' members first, a member the interface declares itself
replacing an inherited one). A base that is no object type (a union, a primitive: TypeScript
refuses them) is a located error; a base that was degraded (an unmapped package's type)
stays loud, as an index signature of any key and value.
"""

from __future__ import annotations

import dataclasses
from typing import assert_never

from .. import ir
from ..errors import SchemaError
from ..ir.queries import flat_index, flat_properties


def normalise_bases(decls: dict[str, ir.Decl]) -> dict[str, ir.Decl]:
    """``decls`` with every interface's ``extends`` reduced to interfaces and ``Omit`` of
    interfaces, the members of its other bases moved into its body."""
    schema = ir.Schema(decls)
    out: dict[str, ir.Decl] = {}
    for name, decl in decls.items():
        if isinstance(decl, ir.Interface) and not all(_kept(decls, b) for b in decl.extends):
            decl = _normalised(schema, decl)
        out[name] = decl
    return out


def _kept(decls: dict[str, ir.Decl], base: ir.TypeExpr) -> bool:
    """A base the emitters take as it is: an interface, or ``Omit`` of one."""
    if isinstance(base, ir.Omit):
        base = base.base
    return isinstance(base, ir.Ref) and isinstance(decls.get(base.name), ir.Interface)


def _normalised(schema: ir.Schema, decl: ir.Interface) -> ir.Interface:
    kept: list[ir.TypeExpr] = []
    inherited: dict[str, ir.Property] = {}
    index: list[ir.IndexSignature] = []
    # each base to read, with the ``extends`` entry it comes from (errors are located there)
    pending = [(b, b) for b in reversed(decl.extends)]
    seen: set[str] = set()
    while pending:
        base, entry = pending.pop()
        if _kept(schema.decls, base):
            kept.append(base)
            continue
        match base:
            case ir.Ref() if isinstance(schema.decls.get(base.name), ir.Alias):
                alias = schema.decls[base.name]
                assert isinstance(alias, ir.Alias)
                if base.name not in seen:  # an alias cycle: resolve reports it
                    seen.add(base.name)
                    pending.append((alias.type, entry))
            case ir.Intersection():
                pending.extend((m, entry) for m in reversed(base.members))
            case ir.Object():
                inherited.update((p.name, p) for p in base.properties)
                index.extend(() if base.index is None else (base.index,))
            case ir.Mapping():  # ``Record<string, V>``: an index signature by another name
                index.append(ir.IndexSignature(base.value, span=base.span))
            case ir.Omit():  # ``Omit`` of what is no interface: its members but the keys
                props = flat_properties(schema, base.base)
                inherited.update((p.name, p) for p in props if p.name not in base.keys)
                found = flat_index(schema, base.base)
                index.extend(() if found is None else (found,))
            case ir.Primitive(degraded=str()):
                index.append(ir.IndexSignature(base, span=base.span))
            case ir.Primitive(name="object" | "unknown" | "any"):
                pass  # a function type, ``object``, ``{}``: no data member
            case (
                ir.Primitive()
                | ir.Literal()
                | ir.Ref()
                | ir.Typeof()
                | ir.Array()
                | ir.Tuple()
                | ir.Union()
            ):
                raise SchemaError(
                    _span(entry, decl),
                    f"interface '{decl.name}' cannot extend {_what(entry)}: an interface can "
                    "only extend an object type or an intersection of object types",
                )
            case _:
                assert_never(base)
    # A degraded base's index first: it must stay loud.
    index.sort(key=lambda i: not (isinstance(i.value, ir.Primitive) and i.value.degraded))
    own = {p.name for p in decl.body.properties}
    properties = (*(p for n, p in inherited.items() if n not in own), *decl.body.properties)
    body = dataclasses.replace(
        decl.body,
        properties=properties,
        index=decl.body.index if decl.body.index is not None else (index[0] if index else None),
    )
    return dataclasses.replace(decl, body=body, extends=tuple(kept))


def _span(base: ir.TypeExpr, decl: ir.Interface) -> ir.Span:
    return decl.span if base.span == ir.NO_SPAN else base.span


def _what(base: ir.TypeExpr) -> str:
    if isinstance(base, ir.Ref):
        return f"'{base.name}'"
    return f"a {base.kind} type"
