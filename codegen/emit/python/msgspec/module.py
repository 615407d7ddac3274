"""The text of the msgspec package's ``models.py`` and ``messages.py``.

Order in ``models.py``: constants, the Structs (their annotations are read when a decoder
is built, so they may name anything the module defines), the lowered types (each defined
for type checkers as what it stands for, at run time as a runtime class whose members are
read lazily), then the type aliases, each after the aliases its value names (an alias
whose value reaches itself is lowered, ``Recursive``). Helper modules are bound under
private names (``_t``, ``_msgspec``, ``_rt``), which the naming authority never gives a
schema type, so a schema name cannot shadow them.
"""

from __future__ import annotations

from .... import escape, ir
from ....errors import Diagnostics
from ....ir.walk import children
from ..backend import PythonBackend
from ..docstrings import doc_text
from ..layout import ClassLayout
from ..ordering import components
from ..package import ModuleText
from .types import ANY, NO_META, Lowered, Rules, TypeWriter, choose_tags, doc_meta, property_meta

MODELS = "models.py"
MESSAGES = "messages.py"

_HEADER = """from __future__ import annotations

import typing as _t

import msgspec as _msgspec
"""
# Only where the module uses it (tags, lowered unions, recursive aliases): an unused
# import is a pyright --strict error in the user's package.
_RUNTIME_IMPORT = "from . import _runtime as _rt\n"


def _alias_refs(expr: ir.TypeExpr, out: set[str]) -> None:
    """The names an alias's value needs when it runs (not inside a class: a Struct reads
    its annotations later)."""
    if isinstance(expr, ir.Ref):
        out.add(expr.name)
    if isinstance(expr, ir.Object) and expr.properties:
        return
    if isinstance(expr, ir.Intersection | ir.Omit):
        return
    for child in children(expr):
        _alias_refs(child, out)


def dict_value(layout: ClassLayout) -> ir.TypeExpr | None:
    """A class of only an index signature (``interface M { [k: string]: V }``) is a dict
    (a Struct would drop every member): its type as an alias; None for any other class."""
    if layout.fields or layout.extra is None:
        return None
    index = ir.IndexSignature(layout.extra, pattern=layout.extra_numeric)
    return ir.Object(index=index, span=layout.spec.span)


def alias_values(backend: PythonBackend) -> dict[str, ir.TypeExpr]:
    """What each name bound by an assignment stands for: aliases and dict classes."""
    values: dict[str, ir.TypeExpr] = {}
    for spec in backend.names.classes:
        value = dict_value(backend.layouts.layout(spec.name))
        if value is not None:
            values[spec.name] = value
    for name in backend.names.aliases:
        decl = backend.schema.decls[name]
        assert isinstance(decl, ir.Alias)
        values[name] = decl.type
    return values


def recursive_aliases(backend: PythonBackend) -> tuple[set[str], set[str], list[str]]:
    """The aliases whose value reaches themselves; those of them that mean any JSON value
    (``any_json``); every alias in definition order."""
    values = alias_values(backend)
    edges: dict[str, list[str]] = {}
    for name, value in values.items():
        refs: set[str] = set()
        _alias_refs(value, refs)
        edges[name] = sorted(r for r in refs if r in values)
    recursive: set[str] = set()
    any_json: set[str] = set()
    order: list[str] = []
    for component in components(edges):
        if len(component) > 1 or component[0] in edges[component[0]]:
            recursive |= set(component)
            if _means_any_json(set(component), values):
                any_json |= set(component)
        order.extend(component)
    return recursive, any_json, order


_JSON_SCALARS = {"string", "number", "boolean", "null"}


def _json_shaped(expr: ir.TypeExpr, cycle: set[str]) -> bool:
    """Whether ``expr`` holds nothing but unconstrained JSON scalars, and arrays and
    string-keyed maps of the cycle's aliases (JSON's own value type: ``JSONValue``,
    ``JSONObject``, ``JSONArray``), assuming the cycle means any JSON value."""
    match expr:
        case ir.Primitive(name=name, pattern=None):
            return name in _JSON_SCALARS
        case ir.Ref(name=name):
            return name in cycle
        case ir.Array(items=items) | ir.Mapping(value=items):
            return isinstance(items, ir.Ref) and items.name in cycle
        case ir.Object(
            properties=(), index=ir.IndexSignature(value=value, numeric=False, pattern=None)
        ):
            return isinstance(value, ir.Ref) and value.name in cycle
        case ir.Union(members=members):
            return all(_json_shaped(m, cycle) for m in members)
        case _:
            return False


def _means_any_json(cycle: set[str], values: dict[str, ir.TypeExpr]) -> bool:
    """Whether the cycle is JSON's own value type: each alias JSON-shaped, and each alias
    an array or a map holds takes every JSON kind (``string | JMap[]`` does not: read as
    ``Any``, its arrays would take numbers the schema refuses)."""
    if not all(_json_shaped(values[n], cycle) for n in cycle):
        return False
    held: set[str] = set()
    for name in cycle:
        _held(values[name], held)
    every = {*_JSON_SCALARS, "array", "object"}
    return all(_shapes(values[name], values, set()) >= every for name in held)


def _held(expr: ir.TypeExpr, out: set[str]) -> None:
    """The aliases a JSON-shaped type holds as array items or map values."""
    match expr:
        case ir.Array(items=ir.Ref(name=name)) | ir.Mapping(value=ir.Ref(name=name)):
            out.add(name)
        case ir.Object(index=ir.IndexSignature(value=ir.Ref(name=name))):
            out.add(name)
        case ir.Union(members=members):
            for member in members:
                _held(member, out)


def _shapes(expr: ir.TypeExpr, values: dict[str, ir.TypeExpr], seen: set[str]) -> set[str]:
    """The JSON kinds a JSON-shaped type takes (through the aliases of its cycle)."""
    match expr:
        case ir.Primitive(name=name):
            return {name}
        case ir.Ref(name=name):
            if name in seen:
                return set()
            seen.add(name)
            return _shapes(values[name], values, seen)
        case ir.Array():
            return {"array"}
        case ir.Union(members=members):
            return set().union(*(_shapes(m, values, seen) for m in members))
        case _:  # a map of the cycle's aliases
            return {"object"}


class _Models:
    def __init__(self, backend: PythonBackend, diagnostics: Diagnostics) -> None:
        self.backend = backend
        self.diagnostics = diagnostics
        self.recursive, any_json, self.alias_order = recursive_aliases(backend)
        # Any JSON value is what msgspec's ``Any`` decodes natively: such a cycle is no
        # lowered type (each value would go through Python otherwise).
        self.recursive -= any_json
        self.any_json = any_json
        self.values = alias_values(backend)
        self.exported: list[str] = []
        # Two passes: the first finds the unions msgspec could tag, ``choose_tags`` gives
        # each Struct at most one tag, the second writes the module with them.
        probe = TypeWriter(backend, self.recursive, self.values, any_json)
        self._annotate_all(probe)
        self.tags = choose_tags(probe.candidates, probe.classes, backend.schema)
        self.writer = TypeWriter(backend, self.recursive, self.values, any_json, self.tags)

    def _annotate_all(self, writer: TypeWriter) -> None:
        """Every annotation the module writes (the first pass)."""
        for spec in self.backend.names.classes:
            if spec.name in self.values:
                continue
            layout = self.backend.layouts.layout(spec.name)
            for key, prop in layout.fields.items():
                owner = self.backend.names.origin(prop, layout.owners.get(key, spec.name))
                writer.annotation(prop.type, owner, key, property_meta(prop))
        for name in self.alias_order:
            writer.annotation(self.values[name], name, "")

    def constants(self) -> list[str]:
        lines = []
        for decl in self.backend.schema.decls.values():
            if isinstance(decl, ir.Const):
                name = self.backend.names.constants[decl.name]
                value = decl.value
                text = escape.py_str(value) if isinstance(value, str) else repr(value)
                lines.append(f"{name}: _t.Final = {text}")
                self.exported.append(name)
        return lines

    def struct(self, layout: ClassLayout) -> str:
        spec = layout.spec
        tag_field, tag = self.tags.get(spec.name, ("", ""))
        config = "kw_only=True, omit_defaults=True"
        if tag_field:
            config += f", tag_field={escape.py_str(tag_field)}, tag={escape.py_str(tag)}"
        lines = [f"class {spec.name}(_msgspec.Struct, {config}):"]
        doc = escape.docstring(doc_text(spec.doc))
        if doc:
            lines.append(f"    {doc}")
        if layout.extra is not None:
            extra = self.writer.annotation(layout.extra, spec.name, "")
            if extra.text != ANY:
                self.writer.deviations.append((spec.span, "index signature beside properties"))
        for key, prop in layout.fields.items():
            if key == tag_field:
                continue  # the Struct's tag: written and checked by msgspec
            if not _nameable(key):
                self.diagnostics.warn(
                    f"msgspec cannot name the member {escape.one_line(repr(key))} of "
                    f"'{spec.name}' (a quote, backslash or control character): it is left "
                    "out of the Struct, neither kept nor checked",
                    prop.span,
                )
                continue
            owner = self.backend.names.origin(prop, layout.owners.get(key, spec.name))
            ann = self.writer.annotation(prop.type, owner, key, property_meta(prop))
            attr = self.backend.names.attribute(key)
            name = f"name={escape.py_str(key)}" if attr != key else ""
            if prop.optional:
                text = f"{ann.text} | _msgspec.UnsetType"
                args = ", ".join(a for a in ("default=_msgspec.UNSET", name) if a)
                value = f"_msgspec.field({args})" if name else "_msgspec.UNSET"
            else:
                text = ann.text
                value = f"_msgspec.field({name})" if name else ""
            lines.append(f"    {attr}: {text}" + (f" = {value}" if value else ""))
        if len(lines) == 1:
            lines.append("    pass")
        self.exported.append(spec.name)
        return "\n".join(lines)

    def alias(self, name: str) -> str:
        value = self.values[name]
        decl = self.backend.schema.decls.get(name)
        self.exported.append(name)
        if name in self.any_json:
            static = escape.py_str(self.writer.annotation(value, name, "").text)
            runtime = self.writer.any_json_text(value)
            return (
                "if _t.TYPE_CHECKING:\n"
                f"    {name}: _t.TypeAlias = {static}\n"
                "else:\n"
                f"    {name} = {runtime}"
            )
        meta = doc_meta(decl.doc, decl.span) if decl is not None else NO_META
        if name in self.recursive:
            ann = self.writer.annotation(value, name, "", meta)
            static = escape.py_str(ann.text)
            return (
                "if _t.TYPE_CHECKING:\n"
                f"    {name}: _t.TypeAlias = {static}\n"
                "else:\n\n"
                f"    class {name}(_rt.Recursive):\n"
                f"        definition = staticmethod(lambda: {ann.text})"
            )
        ann = self.writer.annotation(value, name, "", meta)
        doc = escape.docstring(doc_text(decl.doc)) if decl is not None else ""
        return f"{name}: _t.TypeAlias = {ann.text}" + (f"\n{doc}" if doc else "")

    @staticmethod
    def lowered(found: Lowered) -> str:
        objects = ", ".join(_member(f"lambda: {text}", rules) for text, rules in found.objects)
        others = ", ".join(
            f"{escape.py_str(kind)}: lambda: {text}" for kind, text in found.others.items()
        )
        arrays = ", ".join(
            f"({length!r}, ({''.join(_values(v) + ', ' for v in values)}), lambda: {text})"
            for length, values, text in found.arrays
        )
        return (
            "if _t.TYPE_CHECKING:\n"
            f"    {found.name}: _t.TypeAlias = {escape.py_str(found.static)}\n"
            "else:\n\n"
            f"    class {found.name}(_rt.Dispatch):\n"
            f"        objects = ({objects}{',' if found.objects else ''})\n"
            f"        others = {{{others}}}"
            + (f"\n        arrays = ({arrays},)" if found.arrays else "")
        )

    def emit(self, doc: str) -> str:
        parts = [escape.docstring(doc), _HEADER, *self.constants()]
        layouts = self.backend.layouts
        structs = [
            self.struct(layouts.layout(spec.name))
            for spec in self.backend.names.classes
            if spec.name not in self.values
        ]
        structs += [
            "if _t.TYPE_CHECKING:\n"
            f"    _T_{name}: _t.TypeAlias = {name}\n"
            "else:\n"
            f"    _T_{name} = {name} | _rt.untagged({escape.py_str(field)})"
            for name, (field, _) in self.tags.items()
        ]
        aliases = [self.alias(name) for name in self.alias_order]
        lowered = [self.lowered(found) for found in self.writer.lowered.values()]
        if self.tags or lowered or any(name in self.recursive for name in self.alias_order):
            parts[1] += "\n" + _RUNTIME_IMPORT
        # In the order of their places: line 9 before line 16 (not as text, '16' < '9').
        places = sorted(set(self.writer.deviations), key=lambda d: (*_place(d[0]), d[1]))
        for span, what in places:
            self.diagnostics.note(f"msgspec target: {what} (docs/targets/msgspec.md)", span)
        exported = sorted(set(self.exported))
        listed = "".join(f"    {escape.py_str(name)},\n" for name in exported)
        text = (
            "\n\n\n".join(
                [
                    *parts[:2],
                    "\n".join(parts[2:]),
                    *structs,
                    *lowered,
                    *aliases,
                    f"__all__ = [\n{listed}]",
                ]
            )
            + "\n"
        )
        # Its ``__all__`` closes the module: stated, so the package need not parse it all.
        return ModuleText(text, exported)


def _member(type_text: str, rules: Rules) -> str:
    literals = ", ".join(
        f"{escape.py_str(k)}: frozenset({{{', '.join(v)}}})"
        for k, v in sorted(rules.literals.items())
    )
    nested = ", ".join(
        f"{escape.py_str(k)}: {_member('None', inner)}" for k, inner in sorted(rules.nested.items())
    )
    return (
        f"_rt.Member({type_text}, frozenset({_set(rules.required)}), {{{literals}}}, {{{nested}}})"
    )


def _values(values: list[str] | None) -> str:
    return "None" if values is None else f"frozenset({{{', '.join(values)}}})"


def _nameable(key: str) -> bool:
    """Whether msgspec takes ``key`` as a field's wire name (it refuses these characters)."""
    return not any(c in '"\\' or ord(c) < 0x20 for c in key)


def _set(items: frozenset[str]) -> str:
    return "{" + ", ".join(escape.py_str(i) for i in sorted(items)) + "}" if items else ""


def emit_models(backend: PythonBackend, diagnostics: Diagnostics, doc: str) -> str:
    return _Models(backend, diagnostics).emit(doc)


def emit_messages(backend: PythonBackend) -> dict[str, str]:
    """``messages.py``: the method table and the decoders (none for a schema of no method)."""
    entries = backend.registry(Diagnostics())  # warned once, by the registry emitter
    used = sorted(
        {e.message for e in entries} | {e.result for e in entries if e.result is not None}
    )
    rows = []
    for entry in entries:
        result = f", lambda: {entry.result}" if entry.result is not None else ""
        rows.append(
            f"    {escape.py_str(entry.method)}: _rt.Method("
            f"{escape.py_str(entry.kind)}, lambda: {entry.message}{result}),"
        )
    imports = f"from .models import {', '.join(used)}\n" if used else ""
    table = "\n".join(rows)
    text = f'''"""The schema's JSON-RPC methods and the decoders of the msgspec package."""

from __future__ import annotations

from . import _runtime as _rt
from ._runtime import (
    ParseFailure,
    ParsedNotification,
    Parsed,
    ParsedRequest,
    ParsedResponse,
    RPCError,
    decode,
    decoder,
    typed,
)
{imports}
METHODS: dict[str, _rt.Method] = {{
{table}
}}


def decode_message(raw: bytes | str, *, method: str | None = None) -> Parsed:
    """One JSON-RPC message from JSON text, dispatched by its ``method`` and ``id`` (or as
    a response, whose result ``method`` types); never raises: a ``ParseFailure`` says why."""
    return _rt.decode_message(raw, METHODS, method=method)


__all__ = [
    "METHODS",
    "ParseFailure",
    "ParsedNotification",
    "Parsed",
    "ParsedRequest",
    "ParsedResponse",
    "RPCError",
    "decode",
    "decode_message",
    "decoder",
    "typed",
]
'''
    return {MESSAGES: text}


def _place(span: ir.Span) -> tuple[str, int, int]:
    return span.file, span.line, span.col
