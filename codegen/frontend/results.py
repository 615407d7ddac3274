"""A request that declares no result still has one: any JSON value, with a warning.

Where a request's result comes from, in order: its ``@result <Type>`` tag; the
``<Stem>Result`` of a ``<Stem>Request`` (declared, or derived from ``<Stem>Response`` by
``codegen.frontend.protocol``); the schema's ``EmptyResult`` (MCP's older revisions
answer ``ping`` that way without saying so; the method registry warns there). A request
with none of these (real protocol typings have them: a fire-and-forget method, one whose
answer the typing never wrote down) is not refused. ``declare_missing_results`` declares
``<Stem>Result = unknown`` for it, which accepts any JSON value and invents nothing,
tags the request ``@result <Stem>Result``, and says so in a located warning. Every later
pass (the registry, the stubs, the diff) then reads one rule: the ``@result`` tag.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..errors import Diagnostics
from ..ir.messages import messages

REQUEST, RESULT = "Request", "Result"
EMPTY_RESULT = "EmptyResult"


def declares_result(schema: ir.Schema, decl: ir.Interface) -> bool:
    """Whether the registry finds ``decl``'s result without help."""
    stem = decl.name.removesuffix(REQUEST)
    return (
        decl.doc.has("result")
        or (stem != decl.name and stem + RESULT in schema.decls)
        or EMPTY_RESULT in schema.decls
    )


def declare_missing_results(schema: ir.Schema, diagnostics: Diagnostics) -> ir.Schema:
    """``schema`` with a ``<Stem>Result = unknown`` for each request that has no result."""
    decls = dict(schema.decls)
    added: dict[str, ir.Decl] = {}
    # The messages' own warnings are reported by whoever asks for them on the result.
    for message in messages(schema, Diagnostics()):
        decl = message.decl
        if message.kind != "request" or declares_result(schema, decl):
            continue
        stem = decl.name.removesuffix(REQUEST)
        name = _free(f"{stem}{RESULT}", decls, added)
        diagnostics.warn(
            f"request '{decl.name}' (method '{message.method}') declares no result; any JSON "
            f"value is its result, typed '{name}' (declare '{stem}{RESULT}' or tag the "
            "request '@result <Type>' to type it)",
            decl.span,
        )
        doc = ir.Doc(f"The result of `{decl.name}`: the schema does not say (any JSON value).")
        added[name] = ir.Alias(name, ir.Primitive("unknown", decl.span), True, doc, decl.span)
        tags = (*decl.doc.tags, ir.DocTag("result", name))
        decls[decl.name] = dataclasses.replace(decl, doc=dataclasses.replace(decl.doc, tags=tags))
    if not added:
        return schema
    return dataclasses.replace(schema, decls={**decls, **added})


def _free(name: str, *taken: dict[str, ir.Decl]) -> str:
    """``name``, or ``name2``, ``name3``...: the first no declaration has."""
    candidate, n = name, 1
    while any(candidate in names for names in taken):
        n += 1
        candidate = f"{name}{n}"
    return candidate
