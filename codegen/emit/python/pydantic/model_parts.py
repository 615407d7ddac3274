"""The parts of a models module that are no pass over the schema, for
``codegen.emit.python.pydantic.models``: the data of its items (a field, a ``@moved`` shim, a
class, an alias, the plan of items), the library names it imports and the private names it
binds them to, the wire runtime it imports, and the text of a class, an alias, an import
block, a number and a route.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .... import escape, ir
from ....errors import SchemaError
from ....escape import Code
from ....paths import CODEGEN_DIR
from ....templating import indent, refuse_unescaped
from ..ordering import Item
from ..package import import_key
from .routes import Route, group_tag


@dataclass
class Field:
    attr: str
    annotation: str
    value: str
    doc: str
    note: str = ""  # a trailing comment


# The formatter's line length (``codegen.build.format.LINE_LENGTH``; emit does not import build).
LINE_LENGTH = 100


def code_width(line: str) -> int:
    """At least the width ruff gives ``line``: a non-ASCII character counts 2 (East Asian
    wide ones are 2 to ruff). Overestimating only costs a needless wrap."""
    return sum(1 if ch.isascii() else 2 for ch in line)


def noted_on_first_line(annotation: str, note: str) -> Code:
    """``annotation`` in parentheses with ``note`` after the opening one. A field too long
    for one line is wrapped by ruff, which moves a trailing comment to the statement's last
    line; pyright reports the field (and reads ``# pyright: ignore``) on its first line,
    the name's. A comment after an opening parenthesis stays there (ruff, as black)."""
    return Code(f"(  # {note}\n        {annotation}\n    )")


@dataclass
class Shim:
    """A ``@moved`` tag as the template writes it (literals already Python text)."""

    legacy: str
    path: str
    attr: str
    returns: str
    doc: str
    body: list[str]


@dataclass
class Class:
    name: str
    bases: list[str]
    doc: str
    extra: str
    fields: list[Field]
    moves: list[Shim] = field(default_factory=list)
    extra_key: str = "str"


@dataclass
class Alias:
    name: str
    value: str
    quoted: str
    recursive: bool
    doc: str


@dataclass
class Plan:
    items: dict[str, str] = field(default_factory=dict)
    orders: dict[str, Item] = field(default_factory=dict)
    imports: set[str] = field(default_factory=set)


# -- the text of a class and of an alias ----------------------------------------------------
# Plain functions, not templates: a large typing has thousands of classes, and a jinja
# render per class (a context, a loop object, a lookup per attribute) cost ~40 µs each,
# ~0.2 s of a 20k-line compile (#37). Each value they paste passes the templates'
# ``finalize`` (``refuse_unescaped``) and the same filters (``escape.identifier``,
# ``escape.py_value``, ``indent``) as a template's ``{{ }}`` would.

_MOVES_HEAD = (
    '\n    @{}(mode="before")\n'
    "    @classmethod\n"
    "    def _move_legacy_fields(cls, data: object) -> object:\n"
    '        """Legacy input: each moved field goes to where the schema now keeps it."""\n'
)


def class_text(cls: Class, sym: Mapping[str, str], checked: set[str] | None = None) -> Code:
    """A model class: its docstring, typed extras, fields (a blank line before the first
    and after each documented one), ``@moved`` shims; ``pass`` when it has none of them.
    ``checked``: attribute names ``escape.identifier`` already passed (the caller's, shared
    over a module's classes: most attributes recur); the names checked here are added."""
    safe = refuse_unescaped
    known = set() if checked is None else checked
    out = [f"class {escape.identifier(cls.name)}({safe(', '.join(map(str, cls.bases)))}):\n"]
    if cls.doc:
        out.append(f"    {safe(indent(cls.doc, 4))}\n")
    if cls.extra:
        out.append(
            f"\n    __pydantic_extra__: dict[{safe(cls.extra_key)}, {safe(cls.extra)}]"
            f" = {safe(sym['Field'])}(init=False)\n"
        )
    previous_doc = True  # a blank line before the first field
    for item in cls.fields:
        if previous_doc:
            out.append("\n")
        attr, annotation, value, note = item.attr, item.annotation, item.value, item.note
        if attr not in known:
            known.add(escape.identifier(attr))
        probe = annotation + value + note
        if '"""' in probe or not probe.isprintable():
            # ``refuse_unescaped`` of each part: of nearly every field none holds a triple
            # quote or a hidden character, which one test of them together tells (#37).
            for part in (annotation, value, note):
                safe(part)
        if value and note:
            out.append(f"    {attr}: {annotation} = {value}  # {note}\n")
        elif value:
            out.append(f"    {attr}: {annotation} = {value}\n")
        elif note:
            out.append(f"    {attr}: {annotation}  # {note}\n")
        else:
            out.append(f"    {attr}: {annotation}\n")
        if item.doc:
            out.append(f"    {safe(indent(item.doc, 4))}\n")
        previous_doc = bool(item.doc)
    if cls.moves:
        out.append(_MOVES_HEAD.format(safe(sym["model_validator"])))
        name = escape.py_value(cls.name)
        for move in cls.moves:
            out.append(
                f"        data = _move_legacy(data, {name}, {safe(move.legacy)}, {safe(move.path)})\n"
            )
        out.append("        return data\n")
        for move in cls.moves:
            out.append(
                f"\n    @property\n    def {escape.identifier(move.attr)}(self) -> "
                f"{safe(move.returns)}:\n        {safe(indent(move.doc, 8))}\n"
            )
            out.extend(f"        {safe(line)}\n" for line in move.body)
    if not (cls.doc or cls.extra or cls.fields or cls.moves):
        out.append("    pass\n")
    return Code("".join(out))


def alias_text(alias: Alias, sym: Mapping[str, str]) -> Code:
    """A type alias: ``X: TypeAlias = ...``, or for a recursive one a ``TypeAliasType`` at
    run time beside a plain alias for type checkers."""
    safe = refuse_unescaped
    name = escape.identifier(alias.name)
    doc = f"{safe(alias.doc)}\n" if alias.doc else ""
    if not alias.recursive:
        return Code(f"{name}: {safe(sym['TypeAlias'])} = {safe(alias.value)}\n{doc}")
    quoted = safe(alias.quoted)
    return Code(
        f"if {safe(sym['TYPE_CHECKING'])}:\n"
        "    # pydantic needs TypeAliasType to recurse; pyright reads a plain alias more reliably\n"
        f"    {name}: {safe(sym['TypeAlias'])} = {quoted}\n"
        + (f"    {doc}" if doc else "")
        + f"else:\n    {name} = {safe(sym['TypeAliasType'])}({escape.py_value(alias.name)}, {quoted})\n"
    )


COLLECTIONS = ("Callable",)
RE = ("compile",)
TYPING = (
    "TYPE_CHECKING",
    "Annotated",
    "Any",
    "Final",
    "Literal",
    "TypeAlias",
    "TypeVar",
    "cast",
    "get_args",
)
WARNINGS = ("warn",)
PYDANTIC = (
    "BaseModel",
    "BeforeValidator",
    "ConfigDict",
    "Discriminator",
    "Field",
    "GetCoreSchemaHandler",
    "Strict",
    "Tag",
    "model_validator",
)
# Bound under private names: they only serve the routes and the ``@moved`` shims, so no
# schema type can shadow them.
PRIVATE = {
    "Callable": "_Callable",
    "Discriminator": "_Discriminator",
    "Tag": "_Tag",
    "Strict": "_Strict",
    "BeforeValidator": "_BeforeValidator",
    "warn": "_warn",
    "model_validator": "_model_validator",
    "compile": "_compile",
    "cast": "_cast",
    "ValidationError": "_ValidationError",
    "from_json": "_from_json",
    "get_args": "_get_args",
    "GetCoreSchemaHandler": "_GetCoreSchemaHandler",
    "CoreSchema": "_CoreSchema",
    "core_schema": "_core_schema",
}
ROUTE_HELPERS = {"Discriminator", "Tag"}
SHIM_HELPERS = {"model_validator"}
# The function of ``_wire`` every ``@moved`` shim calls, as the models module binds it.
SHIM_FUNCTION = "_move_legacy"
TYPING_EXTENSIONS = ("TypeAliasType",)
PYDANTIC_CORE = ("CoreSchema", "ValidationError", "core_schema", "from_json")
# The package's static wire plumbing (``codegen/runtime/_wire.py``), copied verbatim.
WIRE_MODULE = "._wire"
WIRE_RUNTIME = "_wire.py"
WIRE_SOURCE = CODEGEN_DIR / "runtime" / WIRE_RUNTIME
# What every models module imports from it: re-exported (``X as X``) as the package root
# exported them when models.py defined them, or (None) plainly.
WIRE_EXPORTS: dict[str, str | None] = {
    "Omittable": None,
    "SchemaModel": "SchemaModel",
    "decode_wire_json": "decode_wire_json",
}


def import_lines(module: str, names: dict[str, str | None]) -> list[str]:
    """isort's layout: one line of the plain names (bound as None), one line per renamed
    one (``X as X`` is an explicit re-export), the lines ordered by their first name."""
    plain = sorted((n for n, bound in names.items() if bound is None), key=import_key)
    statements = [(plain[0], f"from {module} import {', '.join(plain)}")] if plain else []
    statements += [
        (n, f"from {module} import {n} as {bound}") for n, bound in names.items() if bound
    ]
    return [line for _, line in sorted(statements, key=lambda s: import_key(s[0]))]


def number_text(value: float, span: ir.Span) -> str:
    """A finite number as Python text; NaN and infinities have no literal."""
    try:
        return escape.py_value(value)
    except ValueError:
        raise SchemaError(span, f"the number {value} has no finite value") from None


def route_text(route: Route) -> str:
    """A route's definition: member bitmasks per key state, then the tag of each mask."""
    keys = []
    for key in route.keys:
        by_value = ", ".join(f"{escape.py_value(v)}: {m}" for v, m in key.by_value)
        # Wire names only: validation does not accept the attribute names.
        keys.append(f"({escape.py_str(key.alias)}, {key.absent}, {key.other}, {{{by_value}}})")
    tags = ", ".join(
        f"{route.mask_of(group)}: {escape.py_str(group_tag(group))}" for group in route.groups
    )
    return Code(
        f"# {escape.comment(' | '.join(route.members))}\n"
        f"{escape.identifier(route.name)} = _router({route.full}, ({', '.join(keys)},), {{{tags}}})"
    )
