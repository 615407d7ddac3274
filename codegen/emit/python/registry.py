"""The method-registry pass: every JSON-RPC method the schema declares, derived, never listed.

A *message* is an interface whose (flattened) ``method`` property is a string literal.
It is a request when it is a member of ``ClientRequest``/``ServerRequest`` or its name
ends in ``Request``; a notification when it is a member of ``ClientNotification``/
``ServerNotification`` or its name ends in ``Notification``.

* Result: the ``@result Name`` tag on the request, else ``<Stem>Result`` for
  ``<Stem>Request``, else the schema's ``EmptyResult`` with a warning (MCP's older
  revisions answer ``ping`` that way without saying so). A request with none of these
  is a ``SchemaError``.
* Params: the type of the (flattened) ``params`` property, possibly optional; absent
  means the method takes no params.
* Direction: membership in the four direction unions (client -> server for
  ``Client*``, server -> client for ``Server*``, ``both`` for members of both sides).
  The documented default when a message is in none of them is ``client_to_server``; if
  the schema declares any direction union at all, that default also earns a warning.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from codegen import ir
from codegen.errors import Diagnostics, SchemaError, Warning_
from codegen.frontend.protocol import protocol_of

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
class Params:
    """The params of a method: its Python annotation, the model that annotation names
    (None for a plain JSON object) and whether params may be absent."""

    annotation: str
    model: str | None
    optional: bool
    # The models a union annotation (``A | B``) names, for imports; else just ``model``.
    imports: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MethodEntry:
    method: str
    kind: Kind
    message: str  # the request/notification declaration
    params: Params | None
    result: str | None  # None for notifications
    direction: Direction
    python_name: str  # handler / client method name
    span: ir.Span

    @property
    def client_sends(self) -> bool:
        return self.direction in ("client_to_server", "both")

    @property
    def server_sends(self) -> bool:
        return self.direction in ("server_to_client", "both")


_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_IDENT = re.compile(r"[^0-9a-zA-Z_]+")


def python_name(method: str) -> str:
    """``resources/templates/list`` -> ``resources_templates_list``; camelCase -> snake."""
    words = _NOT_IDENT.sub("_", _CAMEL_BOUNDARY.sub("_", method)).strip("_").lower()
    name = re.sub("_+", "_", words) or "method"
    if name[0].isdigit():
        name = f"m_{name}"
    return f"{name}_" if keyword.iskeyword(name) else name


def _props(schema: ir.Schema, decl: ir.Interface) -> dict[str, ir.Property]:
    from codegen.frontend.resolve import flat_properties

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


def _declaring_interface(schema: ir.Schema, decl: ir.Interface, prop: str) -> str:
    """Which interface in ``decl``'s ancestry declares ``prop`` (the nearest one)."""
    if any(p.name == prop for p in decl.body.properties):
        return decl.name
    for base in reversed(decl.extends):  # a later base's property wins when flattening
        ref = base.base if isinstance(base, ir.Omit) else base
        if isinstance(ref, ir.Ref):
            parent = schema.interface(ref.name)
            if parent is not None and prop in _props(schema, parent):
                return _declaring_interface(schema, parent, prop)
    return decl.name


def _params_annotation(
    schema: ir.Schema, decl: ir.Interface, prop: ir.Property, inline: Mapping[tuple[str, str], str]
) -> tuple[str, str | None]:
    """(Python annotation, model name to import) for a ``params`` property's type.

    A declared type keeps its name; an inline object type gets the model emitter's class
    name from ``codegen.emit.python.naming``; a type with no class is a plain JSON object.
    """
    if isinstance(prop.type, ir.Ref) and prop.type.name in schema.decls:
        return prop.type.name, prop.type.name
    if isinstance(prop.type, ir.Union) and all(
        isinstance(m, ir.Ref) and m.name in schema.decls for m in prop.type.members
    ):
        # ``params: A | B``: typed as the union (``model`` holds it; it is a runtime value).
        return " | ".join(m.name for m in prop.type.members if isinstance(m, ir.Ref)), None
    owner = _declaring_interface(schema, decl, prop.name)
    name = inline.get((owner, prop.name))
    if name is not None:
        return name, name
    return "dict[str, Any]", None


EMPTY_RESULT = "EmptyResult"


def _result_name(
    schema: ir.Schema, decl: ir.Interface, method: str, diagnostics: Diagnostics
) -> str:
    tagged = decl.doc.get("result")
    if tagged is not None:
        name = tagged.strip()
        if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            raise SchemaError(decl.span, f"@result needs one type name, got {tagged!r}")
        if name not in schema.decls or isinstance(schema.decls[name], ir.Const):
            raise SchemaError(decl.span, f"@result names unknown type '{name}'")
        return name
    stem = decl.name.removesuffix("Request")
    conventional = f"{stem}Result"
    if stem != decl.name and conventional in schema.decls:
        return conventional
    if EMPTY_RESULT in schema.decls:
        diagnostics.warn(
            f"request '{decl.name}' (method '{method}') names no result; assuming "
            f"'{EMPTY_RESULT}' (declare '{conventional}' or tag it '@result <Type>')",
            decl.span,
        )
        return EMPTY_RESULT
    raise SchemaError(
        decl.span,
        f"request '{decl.name}' (method '{method}') has no result: declare "
        f"'{conventional}' or name its result with '@result <Type>'",
    )


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


# The last schema's registry: three emitters of one build ask for it (registry, server,
# client). One entry, keyed by identity; the warnings are replayed to every caller.
_last_registry: list[tuple[ir.Schema, tuple[MethodEntry, ...], tuple[Warning_, ...]]] = []


def build_registry(schema: ir.Schema, diagnostics: Diagnostics) -> tuple[MethodEntry, ...]:
    """Every method of the schema, sorted by method name."""
    if _last_registry and _last_registry[0][0] is schema:
        _, entries, warnings = _last_registry[0]
    else:
        found = Diagnostics()
        entries = _build_registry(schema, found)
        warnings = tuple(found.warnings)
        _last_registry[:] = [(schema, entries, warnings)]
    diagnostics.warnings.extend(warnings)
    return entries


def _build_registry(schema: ir.Schema, diagnostics: Diagnostics) -> tuple[MethodEntry, ...]:
    from codegen.emit.python.naming import assign_names

    inline = assign_names(schema).inline
    listed = _directions(schema)
    has_unions = any(name in schema.decls for name in DIRECTION_UNIONS)
    mcp = protocol_of(schema) == "mcp"
    entries: dict[str, MethodEntry] = {}
    names: dict[str, MethodEntry] = {}
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface):
            continue
        props = _props(schema, decl)
        method = _literal_method(props.get("method"))
        tagged_method = tagged_name(decl, "method")
        if tagged_method is not None and method not in (None, tagged_method):
            raise SchemaError(
                decl.span, f"@method {tagged_method!r} contradicts the method field {method!r}"
            )
        method = method if method is not None else tagged_method  # "" is a method too
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
        params_prop = props.get("params")
        params = None
        if params_prop is not None:
            annotation, model = _params_annotation(schema, decl, params_prop, inline)
            members = (
                tuple(annotation.split(" | ")) if model is None and " | " in annotation else ()
            )
            params = Params(
                annotation,
                model or (annotation if members else None),
                params_prop.optional,
                members,
            )
        entry = MethodEntry(
            method=method,
            kind=kind,
            message=decl.name,
            params=params,
            result=(_result_name(schema, decl, method, diagnostics) if kind == "request" else None),
            direction=direction,
            python_name=python_name(method),
            span=decl.span,
        )
        if method in entries:
            first = entries[method]
            raise SchemaError(
                decl.span,
                f"method '{method}' is declared twice ('{first.message}' at {first.span})",
            )
        clash = names.get(entry.python_name)
        if clash is not None:
            raise SchemaError(
                decl.span,
                f"methods '{clash.method}' and '{method}' both map to the Python name "
                f"'{entry.python_name}'",
            )
        entries[method] = names[entry.python_name] = entry
    return tuple(entries[m] for m in sorted(entries))
