"""``declare global { ... }`` beside a module's own declaration of the same name.

A module's ``declare global`` block declares globals, which the block's own types name;
the module's top-level declaration of that name is another type, the one the rest of the
module names (its scope shadows the globals). @types/node's web globals read so::

    interface AbortSignal { readonly aborted: boolean }    // the module's own
    type _AbortSignal = typeof globalThis extends { onmessage: any } ? {} : AbortSignal;
    declare global { interface AbortSignal extends _AbortSignal {} }   // the global

Both are read into one module here, where one name is one (merged) declaration: the
global would extend itself. So the module's own declaration takes a name of its own
(``AbortSignal_local``), which every reference outside the global block follows; the
global keeps the name, which the block and other files use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from .. import ir
from ..ir.queries import SPAN_AND_DOC, rewrite


def separate_globals(
    decls: tuple[ir.Decl, ...],
    global_spans: Collection[ir.Span],
    namespaced: Collection[tuple[str, ir.Span]] = (),
) -> tuple[tuple[ir.Decl, ...], dict[str, str]]:
    """``decls`` with each top-level declaration whose name a global block declares too
    renamed, and references outside the block following it; and the renames (old -> new),
    which the module's exports pass on (an importer writes the old name). A namespace's
    members (``namespaced``: name and span) are not top-level: their path names them."""
    if not global_spans:
        return decls, {}
    spans = set(global_spans)
    nested = set(namespaced)
    names = {d.name for d in decls}
    globals_ = {d.name for d in decls if d.span in spans}
    top = {d.name for d in decls if d.span not in spans and (d.name, d.span) not in nested}
    renames: dict[str, str] = {}
    for name in sorted(globals_ & top):
        new, k = f"{name}_local", 2
        while new in names:
            new, k = f"{name}_local{k}", k + 1
        names.add(new)
        renames[name] = new
    if not renames:
        return decls, {}
    out: list[ir.Decl] = []
    for decl in decls:
        if decl.span in spans:
            out.append(decl)
            continue
        params = {p.name for p in decl.params} if isinstance(decl, ir.Interface | ir.Alias) else ()
        here = {k: v for k, v in renames.items() if k not in params}

        def follow(node: object, here: dict[str, str] = here) -> object:
            if isinstance(node, ir.Ref) and node.name in here:
                return dataclasses.replace(node, name=here[node.name])
            return node

        changed = rewrite(decl, follow, keep=SPAN_AND_DOC)
        if (decl.name, decl.span) not in nested:
            changed = dataclasses.replace(changed, name=renames.get(decl.name, decl.name))
        out.append(changed)
    return tuple(out), renames
