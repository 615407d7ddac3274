"""The text of the TypedDict package's ``models.py`` and ``validation.py``.

Order in ``models.py``: constants, the TypedDicts (each member's type a string, which
only type checkers read; ``NotRequired`` around it evaluated, for ``__optional_keys__``), then the
type aliases, in one ``if TYPE_CHECKING`` block for type checkers (so an alias may name
any other, or itself) and bound at run time to named markers (``_rt.Alias``) that
``validate`` reads. Helper modules are bound under private names (``_t``, ``_rt``), which
the naming authority never gives a schema type, so a schema name cannot shadow them.

Mappings are the other targets': ``string`` -> ``str``, ``number`` -> ``int | float``
(``int`` where the schema's numbers are integers), ``unknown`` -> ``Any``, literals ->
``Literal``, ``Record<string, V>`` -> ``dict[str, V]``, an absent member
``NotRequired``.
"""

from __future__ import annotations

from typing import assert_never

from .... import escape, ir
from ....errors import SchemaError
from ....ir.queries import declaration_of, is_integer_alias
from ....ir.walk import children
from ..backend import PythonBackend
from ..docstrings import doc_text
from ..layout import ClassLayout
from ..msgspec.module import alias_values, recursive_aliases
from ..msgspec.types import py_literal
from ..name_rules import SOFT_KEYWORDS
from ..package import ModuleText

MODELS = "models.py"
VALIDATION = "validation.py"
ANY = "_t.Any"

# No ``from __future__ import annotations``: at run time a TypedDict reads ``NotRequired``
# only from an evaluated annotation; each member's type inside it is a string instead.
_HEADER = """import typing as _t

from . import _runtime as _rt
"""


def class_syntax(key: str) -> bool:
    """Whether ``key`` can be a field of a class-syntax TypedDict: an identifier Python
    reads back as itself, not a keyword, and not mangled (``__x`` in a class body)."""
    return (
        escape.is_identifier(key)
        and key not in SOFT_KEYWORDS  # fixed: not the running Python's list
        and not (key.startswith("__") and not key.endswith("__"))
    )


class TypeWriter:
    """Annotations of the TypedDict target."""

    def __init__(self, backend: PythonBackend) -> None:
        self.schema = backend.schema
        self.names = backend.names

    def annotation(self, expr: ir.TypeExpr, owner: str, key: str) -> str:
        match expr:
            case ir.Primitive(name=name):
                return self._primitive(name)
            case ir.Literal(value=float(value)) if not value.is_integer():
                return "float"  # no Literal holds a float
            case ir.Literal(value=value):
                return f"_t.Literal[{py_literal(value, expr.span)}]"
            case ir.Ref():
                return self._ref(expr)
            case ir.Array(items=items):
                return f"list[{self.annotation(items, owner, key)}]"
            case ir.Tuple(items=items, min_items=None, rest=None):
                parts = [self.annotation(item, owner, key) for item in items]
                return f"tuple[{', '.join(parts)}]" if parts else "tuple[()]"
            case ir.Tuple(items=items, rest=rest):
                members = [*items, *([rest] if rest is not None else [])]
                return f"list[{self.union(members, owner, key)}]"
            case ir.Mapping(value=value):
                return f"dict[str, {self.annotation(value, owner, key)}]"
            case ir.Union(members=members):
                return self.union(members, owner, key)
            case ir.Object(properties=(), index=index):
                if index is None:
                    return f"dict[str, {ANY}]"
                return f"dict[str, {self.annotation(index.value, owner, key)}]"
            case ir.Object() | ir.Intersection() | ir.Omit():
                inline = self.names.inline_class(owner, key, expr)
                if inline is None:
                    raise SchemaError(
                        expr.span,
                        "an anonymous object type here has no class name; declare it as an "
                        "interface",
                    )
                return inline
            case ir.Typeof(name=name):
                raise SchemaError(expr.span, f"'typeof {name}' was not resolved to a literal")
            case _:
                assert_never(expr)

    def _primitive(self, name: str) -> str:
        simple = {
            "string": "str",
            "boolean": "bool",
            "null": "None",
            "undefined": "None",
            "unknown": ANY,
            "any": ANY,
            "object": f"dict[str, {ANY}]",
            "never": "_t.Never",
        }
        if name == "number":
            return "int" if self.schema.default_number_type == "integer" else "int | float"
        return simple[name]  # every other ``ir.PrimitiveName``

    def _ref(self, ref: ir.Ref) -> str:
        declaration_of(self.schema, ref)  # a located error unless it names a type
        return "int" if is_integer_alias(self.schema, ref.name) else ref.name

    def union(
        self, members: list[ir.TypeExpr] | tuple[ir.TypeExpr, ...], owner: str, key: str
    ) -> str:
        # ``undefined`` is absence, which ``NotRequired`` says.
        kept = [m for m in members if not (isinstance(m, ir.Primitive) and m.name == "undefined")]
        texts: list[str] = []
        literals: list[str] = []  # one ``Literal[...]`` for them all, where the first stood
        for member in kept:
            if isinstance(member, ir.Literal) and not (
                isinstance(member.value, float) and not member.value.is_integer()
            ):
                if not literals:
                    texts.append("")
                value = py_literal(member.value, member.span)
                literals += [value] if value not in literals else []
                continue
            text = self.annotation(member, owner, key)
            if text == ANY:
                return ANY
            if text not in texts:
                texts.append(text)
        texts = [t or f"_t.Literal[{', '.join(literals)}]" for t in texts]
        return " | ".join(texts) if texts else "_t.Never"


def _refs(expr: ir.TypeExpr) -> set[str]:
    """The names ``expr`` refers to (bounded by its own size)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Ref):
            found.add(node.name)
        stack.extend(children(node))
    return found


class _Models:
    def __init__(self, backend: PythonBackend) -> None:
        self.backend = backend
        self.values = alias_values(backend)
        _, _, self.alias_order = recursive_aliases(backend)
        self.writer = TypeWriter(backend)
        self.exported: list[str] = []

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

    def typeddict(self, layout: ClassLayout) -> str:
        spec = layout.spec
        fields: list[tuple[str, str, str]] = []  # wire key, annotation, its docstring
        for key, prop in layout.fields.items():
            owner = self.backend.names.origin(prop, layout.owners.get(key, spec.name))
            ann: str = escape.py_str(self.writer.annotation(prop.type, owner, key))
            if prop.optional:
                ann = f"_t.NotRequired[{ann}]"
            fields.append((key, ann, escape.docstring(doc_text(prop.doc))))
        doc = escape.docstring(doc_text(spec.doc))
        self.exported.append(spec.name)
        if all(class_syntax(key) for key, _, _ in fields):
            lines = [f"class {spec.name}(_t.TypedDict):"]
            if doc:
                lines.append(f"    {doc}")
            for key, ann, member_doc in fields:
                lines.append(f"    {key}: {ann}")
                if member_doc:
                    lines.append(f"    {member_doc}")
            if len(lines) == 1:
                lines.append("    pass")
            return "\n".join(lines)
        # The functional syntax: the same annotations, under their wire names.
        members = "".join(f"        {escape.py_str(key)}: {ann},\n" for key, ann, _ in fields)
        text = f"{spec.name} = _t.TypedDict(\n    {escape.py_str(spec.name)},\n    {{\n{members}    }},\n)"
        return text + (f"\n{doc}" if doc else "")

    def aliases(self) -> str:
        if not self.alias_order:
            return ""
        checked, markers = [], []
        defined: set[str] = set()
        for name in self.alias_order:
            self.exported.append(name)
            text = self.writer.annotation(self.values[name], name, "")
            if _refs(self.values[name]) & (set(self.values) - defined):
                # A later alias, or itself: mypy takes a forward reference only quoted.
                text = escape.py_str(text)
            defined.add(name)
            decl = self.backend.schema.decls.get(name)
            doc = escape.docstring(doc_text(decl.doc)) if decl is not None else ""
            checked.append(f"    {name}: _t.TypeAlias = {text}" + (f"\n    {doc}" if doc else ""))
            markers.append(f"    {name} = _rt.Alias({escape.py_str(name)})")
        return "if _t.TYPE_CHECKING:\n" + "\n".join(checked) + "\nelse:\n" + "\n".join(markers)

    def emit(self, doc: str) -> str:
        layouts = self.backend.layouts
        dicts = [
            self.typeddict(layouts.layout(spec.name))
            for spec in self.backend.names.classes
            if spec.name not in self.values
        ]
        constants = "\n".join(self.constants())
        aliases = self.aliases()
        exported = sorted(set(self.exported))
        listed = "".join(f"    {escape.py_str(name)},\n" for name in exported)
        parts = [escape.docstring(doc), _HEADER, constants, *dicts, aliases]
        text = "\n\n\n".join([*(p for p in parts if p), f"__all__ = [\n{listed}]"]) + "\n"
        # Its ``__all__`` closes the module: stated, so the package need not parse it all.
        return ModuleText(text, exported)


def emit_models(backend: PythonBackend, doc: str) -> str:
    """``models.py``. It adds no warning: what the types cannot say is in ``DEVIATIONS``,
    and ``validate`` checks it."""
    return _Models(backend).emit(doc)


def definitions(backend: PythonBackend) -> dict[str, str]:
    """Each exported declaration's Python name -> its ``schema.json`` definition."""
    exported = {spec.name for spec in backend.names.classes if spec.inline_of is None}
    exported |= set(backend.names.aliases)
    out = {}
    for name, decl in backend.schema.decls.items():
        if isinstance(decl, ir.Interface | ir.Alias) and name in exported:
            out[name] = decl.qualname or name
    return dict(sorted(out.items()))


def emit_validation(backend: PythonBackend) -> dict[str, str]:
    """``validation.py``: ``validate`` bound to the package's ``schema.json``."""
    rows = "".join(
        f"    {escape.py_str(name)}: {escape.py_str(key)},\n"
        for name, key in definitions(backend).items()
    )
    text = f'''"""``validate(value, Type)``: ``value`` checked against the package's ``schema.json``
as the definition of ``Type`` (a TypedDict or alias of ``models``, or its name)."""

from __future__ import annotations

from pathlib import Path

from . import _runtime as _rt
from . import models as _models
from ._runtime import SchemaUnsupported, ValidationError

# Python name -> schema.json definition
DEFINITIONS: dict[str, str] = {{
{rows}}}

validate = _rt.Validator(Path(__file__).parent, _models, DEFINITIONS)

__all__ = ["DEFINITIONS", "SchemaUnsupported", "ValidationError", "validate"]
'''
    return {VALIDATION: text}
