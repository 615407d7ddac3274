"""The method-registry pass: every JSON-RPC method the schema declares, derived, never listed.

Which declarations are messages, their kind and direction come from
``codegen.ir.messages`` (the diff reads the same). This pass adds what the Python
back end needs of each:

* Result: the ``@result Name`` tag on the request, else ``<Stem>Result`` for
  ``<Stem>Request``, else the schema's ``EmptyResult`` with a warning (MCP's older
  revisions answer ``ping`` that way without saying so). A request with none of these
  has had ``<Stem>Result = unknown`` declared and tagged by
  ``codegen.frontend.results`` (with a warning) before it gets here.
* Params: the type of the (flattened) ``params`` property, possibly optional; absent
  means the method takes no params.
* The handler and client method name, unique per schema.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ... import ir
from ...errors import Diagnostics, SchemaError
from ...ir.messages import Direction, Kind, Message, messages, properties_of

if TYPE_CHECKING:
    from .naming import Names


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


def _declaring_interface(schema: ir.Schema, decl: ir.Interface, prop: str) -> str:
    """Which interface in ``decl``'s ancestry declares ``prop`` (the nearest one)."""
    if any(p.name == prop for p in decl.body.properties):
        return decl.name
    for base in reversed(decl.extends):  # a later base's property wins when flattening
        ref = base.base if isinstance(base, ir.Omit) else base
        if isinstance(ref, ir.Ref):
            parent = schema.interface(ref.name)
            if parent is not None and prop in properties_of(schema, parent):
                return _declaring_interface(schema, parent, prop)
    return decl.name


def _params_annotation(
    schema: ir.Schema, decl: ir.Interface, prop: ir.Property, inline: Names
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
    found = inline.inline_at(owner, prop.name)
    if len(found) == 1:
        return found[0], found[0]
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
    raise SchemaError(  # only a schema that bypassed codegen.frontend.results
        decl.span,
        f"request '{decl.name}' (method '{method}') has no result: declare "
        f"'{conventional}' or name its result with '@result <Type>'",
    )


def build_registry(schema: ir.Schema, diagnostics: Diagnostics) -> tuple[MethodEntry, ...]:
    """Every method of ``schema`` named as the build names it, sorted by method name (an
    emitter of a build asks its ``backend.PythonBackend``, which runs this pass once)."""
    from .name_rules import python_schema
    from .naming import assign_names

    named = python_schema(schema)[0]
    return registry_of(named, assign_names(named), messages(named, diagnostics), diagnostics)


def registry_of(
    schema: ir.Schema,
    inline: Names,
    found: tuple[Message, ...],
    diagnostics: Diagnostics,
) -> tuple[MethodEntry, ...]:
    """The registry of a schema named for Python, given its names and its messages."""
    entries: dict[str, MethodEntry] = {}
    names: dict[str, MethodEntry] = {}
    for message in found:
        decl, method = message.decl, message.method
        params_prop = message.properties.get("params")
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
            kind=message.kind,
            message=decl.name,
            params=params,
            result=(
                _result_name(schema, decl, method, diagnostics)
                if message.kind == "request"
                else None
            ),
            direction=message.direction,
            python_name=python_name(method),
            span=decl.span,
        )
        entries[method] = entry
    # Two methods that want one Python name (``a/b`` and ``a_b``): in method order, the
    # later takes trailing underscores, as the naming authority tells names apart.
    for method in sorted(entries):
        entry = entries[method]
        python = entry.python_name
        while python in names:
            python += "_"
        names[python] = entries[method] = replace(entry, python_name=python)
    return tuple(entries[m] for m in sorted(entries))
