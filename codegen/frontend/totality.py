"""The totality net: an unsupported construct degrades the smallest position that reaches
it, never the whole file.

A pass raises ``Unsupported`` where it meets what the dialect cannot express; the pass that
builds a type position (a property's type, an index signature's value, an alias's value,
an interface's base, a declaration) builds it through ``degrading``, which turns that into
``ir.degraded`` with the same message and span. resolve then reports the spot as a located
warning if a compiled declaration reaches it (``--strict``: the same located error), the
JSON Schema carries a ``$comment`` and the package lists it in ``DEGRADED``. Errors that
TypeScript itself reports stay ``SchemaError``s and still refuse the file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import ParamSpec

from .. import ir
from ..errors import Unsupported

P = ParamSpec("P")


def degrading(build: Callable[P, ir.TypeExpr], *args: P.args, **kwargs: P.kwargs) -> ir.TypeExpr:
    """``build(*args, **kwargs)``, or the construct it could not express, degraded where it
    stands."""
    try:
        return build(*args, **kwargs)
    except Unsupported as err:
        return degraded_for(err)


def degraded_for(err: Unsupported) -> ir.TypeExpr:
    """What ``degrading`` makes of ``err``: for the hot type positions (a property's type,
    read for every member of a large typing) that inline ``degrading``'s ``try`` to save
    its call (#37)."""
    return ir.degraded(err.message, err.span)


def degrade_position(schema: ir.Schema, span: ir.Span, what: str) -> ir.Schema | None:
    """``schema`` with the smallest position that holds the node at ``span`` degraded: a
    property's type, an index signature's value, an alias's value, an interface's base
    (any other member then, as an unmapped package's base), else the declaration itself.
    For what an emitter cannot express (it raises ``Unsupported`` there), in every
    declaration that holds it (a generic's instances share their template's spans): first
    where it is a base or a member of an intersection (what emitters refuse), else
    wherever it stands. None when no declaration holds it."""
    for culprit in (True, False):
        decls = dict(schema.decls)
        for name, decl in schema.decls.items():
            changed = _degraded(decl, span, what, culprit)
            if changed is not None:
                decls[name] = changed
        if decls != schema.decls:
            return dataclasses.replace(schema, decls=decls)
    return None


def _degraded(decl: ir.Decl, span: ir.Span, what: str, culprit: bool) -> ir.Decl | None:
    degraded = ir.degraded(what, span)
    match decl:
        case ir.Interface(body=body):
            if any(_holds(base, span) for base in decl.extends):
                kept = tuple(b for b in decl.extends if not _holds(b, span))
                index = ir.IndexSignature(degraded, span=span)
                return dataclasses.replace(
                    decl, extends=kept, body=dataclasses.replace(body, index=index)
                )
            for i, prop in enumerate(body.properties):
                if _holds(prop.type, span, culprit):
                    props = list(body.properties)
                    props[i] = dataclasses.replace(prop, type=degraded)
                    return dataclasses.replace(
                        decl, body=dataclasses.replace(body, properties=tuple(props))
                    )
            if body.index is not None and _holds(body.index.value, span, culprit):
                index = dataclasses.replace(body.index, value=degraded)
                return dataclasses.replace(decl, body=dataclasses.replace(body, index=index))
            if not culprit and (decl.span == span or _holds(body, span)):
                return ir.Alias(decl.name, degraded, decl.exported, decl.doc, decl.span)
        case ir.Alias():
            if (not culprit and decl.span == span) or _holds(decl.type, span, culprit):
                return dataclasses.replace(decl, type=degraded)
    return None


def _holds(node: object, span: ir.Span, culprit: bool = False) -> bool:
    """Whether a type node at ``span`` is in ``node``'s tree (iterative: bounded); with
    ``culprit``, only as a member of an intersection."""
    pending: list[tuple[object, bool]] = [(node, False)]
    while pending:
        current, member = pending.pop()
        if isinstance(current, tuple):
            pending.extend((item, member) for item in current)
        elif dataclasses.is_dataclass(current) and not isinstance(current, type):
            if isinstance(current, ir.Primitive) and current.degraded:
                continue  # degraded already (at this span too, by an earlier round)
            if getattr(current, "span", None) == span and (member or not culprit):
                return True
            inside = isinstance(current, ir.Intersection)
            pending.extend(
                (getattr(current, f.name), inside and f.name == "members")
                for f in dataclasses.fields(current)
                if f.name != "doc"
            )
    return False
