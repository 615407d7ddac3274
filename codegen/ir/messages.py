"""Which declarations are JSON-RPC messages: the one method extractor.

A *message* is an interface whose (flattened) ``method`` property is a string literal, or
that carries an ``@method`` tag. It is a request when it is a member of ``ClientRequest``/
``ServerRequest``, is tagged ``@kind request`` or ``@result``, or its name ends in
``Request``; a notification likewise. Its direction comes from membership in the four
direction unions or a ``@direction`` tag; in an MCP schema a message in none of them goes
client -> server (with a warning when the schema declares any direction union), and in a
generic schema it may go both ways.

The Python method registry (``codegen.emit.python.registry``) and the revision diff both
read messages from here, so they agree on what a method is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import ir
from ..errors import Diagnostics, SchemaError
from .queries import flat_properties, protocol_of

Direction = Literal["client_to_server", "server_to_client", "both"]
Kind = Literal["request", "notification"]

DEFAULT_DIRECTION: Direction = "client_to_server"

# union name -> (sending side, message kind)
DIRECTION_UNIONS: dict[str, tuple[Literal["client", "server"], Kind]] = {
    "ClientRequest": ("client", "request"),
    "ServerRequest": ("server", "request"),
    "ClientNotification": ("client", "notification"),
    "ServerNotification": ("server", "notification"),
}


@dataclass(frozen=True, slots=True)
class Message:
    """One request or notification declaration and the method it carries."""

    method: str
    kind: Kind
    decl: ir.Interface
    direction: Direction
    properties: dict[str, ir.Property]  # flattened, by name


def properties_of(schema: ir.Schema, decl: ir.Interface) -> dict[str, ir.Property]:
    return {prop.name: prop for prop in flat_properties(schema, decl)}


def _union_members(schema: ir.Schema, name: str) -> list[str]:
    """Declaration names reachable through an alias of (nested) unions, in order."""
    decl = schema.decls.get(name)
    if not isinstance(decl, ir.Alias):
        return []
    found: list[str] = []
    pending: list[ir.TypeExpr] = [decl.type]
    seen = {name}
    while pending:
        t = pending.pop(0)
        if isinstance(t, ir.Union):
            pending[0:0] = list(t.members)
        elif isinstance(t, ir.Ref) and t.name not in seen:
            seen.add(t.name)
            target = schema.decls.get(t.name)
            if isinstance(target, ir.Alias):
                pending.insert(0, target.type)
            else:
                found.append(t.name)
    return found


def _directions(schema: ir.Schema) -> dict[str, tuple[set[str], Kind]]:
    """declaration -> (sending sides, kind) for members of the direction unions."""
    out: dict[str, tuple[set[str], Kind]] = {}
    for union, (side, kind) in DIRECTION_UNIONS.items():
        for member in _union_members(schema, union):
            sides, _ = out.setdefault(member, (set(), kind))
            sides.add(side)
    return out


def _literal_method(prop: ir.Property | None) -> str | None:
    if prop is None:
        return None
    t = prop.type
    if isinstance(t, ir.Literal) and isinstance(t.value, str):
        return t.value
    return None


_DIRECTION_TAGS: dict[str, Direction] = {
    "clienttoserver": "client_to_server",
    "servertoclient": "server_to_client",
    "both": "both",
}


def tagged_name(decl: ir.Interface, tag: str) -> str | None:
    """``@method "textDocument/hover"`` (quotes optional); None without the tag."""
    text = decl.doc.get(tag)
    if text is None:
        return None
    value = text.strip().strip("\"'`")
    if not value or any(c.isspace() for c in value):
        raise SchemaError(decl.span, f"@{tag} needs one name, got {text!r}")
    return value


def _tagged_direction(decl: ir.Interface) -> Direction | None:
    text = decl.doc.get("direction")
    if text is None:
        return None
    key = text.strip().replace("_", "").replace("-", "").lower()
    if key not in _DIRECTION_TAGS:
        raise SchemaError(
            decl.span, f"@direction must be clientToServer, serverToClient or both, got {text!r}"
        )
    return _DIRECTION_TAGS[key]


def _tagged_kind(decl: ir.Interface) -> Kind | None:
    text = decl.doc.get("kind")
    if text is not None and text.strip() in ("request", "notification"):
        return "request" if text.strip() == "request" else "notification"
    if decl.doc.has("result"):
        return "request"
    return None


def _kind(name: str, listed: tuple[set[str], Kind] | None) -> Kind | None:
    if listed is not None:
        return listed[1]
    if name.endswith("Request"):
        return "request"
    if name.endswith("Notification"):
        return "notification"
    return None


def method_of(schema: ir.Schema, decl: ir.Decl) -> str | None:
    """The method a declaration carries: its literal ``method`` field, else its ``@method`` tag."""
    if not isinstance(decl, ir.Interface):
        return None
    method = _literal_method(properties_of(schema, decl).get("method"))
    tagged = tagged_name(decl, "method")
    if tagged is not None and method not in (None, tagged):
        raise SchemaError(decl.span, f"@method {tagged!r} contradicts the method field {method!r}")
    return method if method is not None else tagged  # "" is a method too


def messages(schema: ir.Schema, diagnostics: Diagnostics) -> tuple[Message, ...]:
    """Every message of the schema, in declaration order; a method declared twice is an
    error. A build asks once per schema (``emit.python.backend`` keeps them)."""
    listed = _directions(schema)
    has_unions = any(name in schema.decls for name in DIRECTION_UNIONS)
    mcp = protocol_of(schema) == "mcp"
    found: dict[str, Message] = {}
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface):
            continue
        method = method_of(schema, decl)
        if method is None:
            continue
        kind = _tagged_kind(decl) or _kind(decl.name, listed.get(decl.name))
        if kind is None:
            diagnostics.warn(
                f"'{decl.name}' has a literal method '{method}' but is neither a request "
                "nor a notification (not in a direction union, no Request/Notification "
                "suffix); it is not registered",
                decl.span,
            )
            continue
        sides = listed[decl.name][0] if decl.name in listed else set()
        direction: Direction
        tagged_direction = _tagged_direction(decl)
        if tagged_direction is not None:
            direction = tagged_direction
        elif not sides and not mcp:
            direction = "both"  # a generic schema that does not say: either side may send
        elif sides == {"client", "server"}:
            direction = "both"
        elif sides == {"server"}:
            direction = "server_to_client"
        elif sides == {"client"}:
            direction = "client_to_server"
        else:
            direction = DEFAULT_DIRECTION
            if has_unions:
                diagnostics.warn(
                    f"'{decl.name}' is in no direction union; assuming {DEFAULT_DIRECTION}",
                    decl.span,
                )
        if method in found:
            first = found[method].decl
            raise SchemaError(
                decl.span,
                f"method '{method}' is declared twice ('{first.name}' at {first.span})",
            )
        found[method] = Message(method, kind, decl, direction, properties_of(schema, decl))
    return tuple(found.values())
