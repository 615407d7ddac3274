"""Method-pairing rules for JSON-RPC schemas that do not follow MCP's naming.

MCP pairs ``<Stem>Request`` with ``<Stem>Result`` (the ``result`` member itself). Other
JSON-RPC protocols pair ``<Stem>Request`` with ``<Stem>Response``, which means one of two
things, and ``add_result_aliases`` declares ``<Stem>Result`` for both, so the method
registry finds every result under one rule:

* a whole JSON-RPC response envelope, as A2A writes it: an interface with a ``result``
  member and a ``jsonrpc`` or ``id`` member (its own or inherited), or a union with such
  a member (``SuccessResponse | ErrorResponse``). ``<Stem>Result`` is the type of that
  ``result`` member;
* anything else, a plain ``interface ListTodosResponse { page: Todo[] }`` say: it *is*
  the result, and ``<Stem>Result`` is ``<Stem>Response``.

A schema that already declares ``<Stem>Result`` (every MCP revision), or a request
tagged ``@result``, is left as it is. A request of such a schema whose response cannot be
found (a streaming method, say) gets ``<Stem>Result = unknown`` with a warning: any JSON
result is accepted, none is invented.
"""

from __future__ import annotations

from .. import ir
from ..errors import Diagnostics
from ..ir.queries import is_mcp

REQUEST, RESPONSE, RESULT = "Request", "Response", "Result"


def add_result_aliases(decls: dict[str, ir.Decl], diagnostics: Diagnostics) -> dict[str, ir.Decl]:
    added: dict[str, ir.Decl] = {}
    requests = [
        d
        for n, d in decls.items()
        if isinstance(d, ir.Interface) and n.endswith(REQUEST) and _has_literal_method(d)
    ]
    if is_mcp(decls) or not any(r.name.removesuffix(REQUEST) + RESPONSE in decls for r in requests):
        return decls
    for decl in requests:
        name = decl.name
        stem = name.removesuffix(REQUEST)
        result_name = stem + RESULT
        response = decls.get(stem + RESPONSE)
        if result_name in decls or decl.doc.has("result"):
            continue
        if response is None:
            diagnostics.warn(
                f"request '{name}' has no '{stem}{RESPONSE}'; its result is 'unknown' "
                "(tag it '@result <Type>' to type it)",
                decl.span,
            )
            doc = ir.Doc(f"The result of `{name}`: the schema does not say.")
            added[result_name] = ir.Alias(
                result_name, ir.Primitive("unknown"), True, doc, decl.span
            )
            continue
        result = _success_result(decls, response, set())
        if result is not None:
            doc = ir.Doc(f"The result of a successful `{name}` (from `{stem}{RESPONSE}`).")
            added[result_name] = ir.Alias(result_name, result, True, doc, response.span)
        elif not isinstance(response, ir.Const):
            # No envelope: the response is what the method answers.
            doc = ir.Doc(f"The result of `{name}`: its `{stem}{RESPONSE}`.")
            the_response = ir.Ref(response.name, (), response.span)
            added[result_name] = ir.Alias(result_name, the_response, True, doc, response.span)
    return {**decls, **added} if added else decls


# Beside ``result``, what makes an interface a JSON-RPC response envelope.
ENVELOPE_MEMBERS = frozenset(("jsonrpc", "id"))


def _success_result(decls: dict[str, ir.Decl], decl: ir.Decl, seen: set[str]) -> ir.TypeExpr | None:
    """The type of ``result`` in the (first) envelope among ``decl`` and its union members."""
    if decl.name in seen:
        return None
    seen.add(decl.name)
    if isinstance(decl, ir.Interface):
        props = _members(decls, decl, set())
        if "result" in props and not ENVELOPE_MEMBERS.isdisjoint(props):
            return props["result"].type
        return None
    if isinstance(decl, ir.Alias):
        members = decl.type.members if isinstance(decl.type, ir.Union) else (decl.type,)
        for member in members:
            if isinstance(member, ir.Ref) and member.name in decls:
                found = _success_result(decls, decls[member.name], seen)
                if found is not None:
                    return found
    return None


def _members(
    decls: dict[str, ir.Decl], decl: ir.Interface, seen: set[str]
) -> dict[str, ir.Property]:
    """Own and inherited properties by name; an own one wins over a base's."""
    found: dict[str, ir.Property] = {}
    if decl.name in seen:
        return found
    seen.add(decl.name)
    for base in decl.extends:
        ref = base.base if isinstance(base, ir.Omit) else base
        target = decls.get(ref.name) if isinstance(ref, ir.Ref) else None
        if isinstance(target, ir.Interface):
            inherited = _members(decls, target, seen)
            omitted = base.keys if isinstance(base, ir.Omit) else ()
            found.update((n, p) for n, p in inherited.items() if n not in omitted)
    found.update((prop.name, prop) for prop in decl.body.properties)
    return found


def _has_literal_method(decl: ir.Interface) -> bool:
    return any(p.name == "method" and isinstance(p.type, ir.Literal) for p in decl.body.properties)
