"""The single naming authority: every Python name the emitters write comes from here.

Rules (documented once, relied on by every emitter):

* A declaration keeps its schema name as its class (or alias) name. The front end has
  already qualified one name declared in several scopes: by namespace
  (``DebuggerCallFrame``) or by module (``unist_Data``, ``codegen.frontend.scoping``).
* An anonymous object type that needs a class (an object literal with properties, an
  intersection ``A & {...}`` or an ``Omit<...>`` used as a field type) is named
  ``Owner + Field`` in PascalCase: ``ClientCapabilities.elicitation`` becomes
  ``ClientCapabilitiesElicitation``, one level further ``ClientCapabilitiesElicitationForm``.
  A field whose type holds two such objects (``{a} | {b}``) cannot be named this way and is
  a ``SchemaError``: declare the members as interfaces.
* A property becomes a snake_case attribute (``camelCase`` -> ``camel_case``, ``_meta`` ->
  ``meta``). Quoted keys keep every word: ``"io.modelcontextprotocol/protocolVersion"``
  becomes ``io_modelcontextprotocol_protocol_version``; ``$schema`` becomes ``schema_``.
  A Python keyword, a name that would shadow an attribute of pydantic's ``BaseModel``
  (``schema``, ``json``, ``copy``...) or a builtin that annotations name (``list``,
  ``str``...), gets a trailing underscore; one under pydantic's
  protected prefixes ``model_validate``/``model_dump`` gets ``field_`` in front
  (``field_model_dump``), since pydantic warns about any name under them.
* A constant becomes an UPPER_SNAKE module constant.
* Two different things that want one name in one namespace is a ``SchemaError`` at the
  later one, naming both. Names are never numbered to make them unique.
"""

from __future__ import annotations

import ast
import builtins
import functools
import keyword
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from ... import ir
from ...errors import SchemaError
from ...frontend.expand import shape
from ...paths import CODEGEN_DIR

# Names the generated models module defines itself; a schema name equal to one of them is
# an error.
RESERVED_MODULE_NAMES = frozenset(
    {"annotations", "SchemaModel", "Omittable", "_T", "_is_none", "decode_wire_json"}
    # the models module's wire-parsing helpers
    | {
        "_holds_infinity",
        "_INF",
        "_folded",
        "_OVERFLOW_FOLD",
        "_OVERFLOW_DIGITS",
    }
    | {
        "_omittable_keys",
        "_json_invalid",
        "_compile",
        "_from_json",
        "_ValidationError",
        "_Strict",
        "_cast",
    }
    # the rest tuple helper (``rest_tuple``) and what it imports
    | {"_RestTuple", "_get_args", "_GetCoreSchemaHandler", "_CoreSchema", "_core_schema"}
)


_ALL_BUILTINS = frozenset(dir(builtins))
# Python-backend passes that write no Python text (this module's own prose names built-ins).
_PASSES = frozenset({"naming.py", "ordering.py", "registry.py"})


@functools.cache  # the compiler's own sources: read once, and only when a name needs it
def _builtins_generated_code_reads() -> frozenset[str]:
    """The built-ins generated code may read unqualified (``str``, ``int``, ``isinstance``...).

    Every identifier in the templates, the static runtime and the emitters (which write
    Python text too) that names a built-in: a superset of what is emitted, computed from
    the sources so it follows them. A schema type may take any other built-in's name
    (``Warning``, ``TimeoutError``): nothing generated refers to those.
    """
    sources = [
        *(CODEGEN_DIR / "templates").glob("*.jinja"),
        *(CODEGEN_DIR / "runtime").glob("*.py"),
        *(p for p in (CODEGEN_DIR / "emit").rglob("*.py") if p.name not in _PASSES),
    ]
    words: set[str] = set()
    for source in sources:
        words.update(re.findall(r"[A-Za-z_]\w*", source.read_text("utf-8")))
    return frozenset(words & _ALL_BUILTINS)


# Library names the module imports; one a schema type also uses is imported as ``_Name``.
HELPER_NAMES = (
    "TYPE_CHECKING",
    "Annotated",
    "Any",
    "Final",
    "Literal",
    "TypeAlias",
    "TypeVar",
    "BaseModel",
    "ConfigDict",
    "Field",
    "TypeAliasType",
)

# Attributes of pydantic's BaseModel a field must not shadow (tests check this list still
# covers ``dir(BaseModel)``).
BASEMODEL_ATTRIBUTES = frozenset(
    {
        "construct",
        "copy",
        "dict",
        "from_orm",
        "json",
        "parse_file",
        "parse_obj",
        "parse_raw",
        "schema",
        "schema_json",
        "update_forward_refs",
        "validate",
        "model_computed_fields",
        "model_config",
        "model_construct",
        "model_copy",
        "model_dump",
        "model_dump_json",
        "model_extra",
        "model_fields",
        "model_fields_set",
        "model_json_schema",
        "model_parametrized_name",
        "model_post_init",
        "model_rebuild",
        "model_validate",
        "model_validate_json",
        "model_validate_strings",
    }
)
# pydantic refuses fields in these namespaces, not only exact matches.
_PROTECTED_PREFIXES = ("model_validate", "model_dump")
# Python 3.11's soft keywords, fixed here rather than read from ``keyword.softkwlist`` so
# the generated names do not depend on the interpreter: 3.12 adds ``type``, which would
# rename every MCP ``type`` field to ``type_``.
_SOFT_KEYWORDS = frozenset({"case", "match"})
# The builtins that field annotations name: a field ``list`` (HTML's attribute) would shadow
# ``list`` for the annotations after it in its class body.
_ANNOTATION_BUILTINS = frozenset({"bool", "dict", "float", "int", "list", "str", "tuple"})


# --------------------------------------------------------------------------- case helpers

_WORD_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")
_SIGNED = re.compile(r"([+-])[0-9]")
_SIGN_WORDS = {"+": "plus", "-": "minus"}


def words(name: str) -> list[str]:
    """Split ``camelCase``, ``PascalCase``, ``snake_case`` and punctuated keys into words."""
    parts: list[str] = []
    for chunk in _NON_WORD.split(name):
        parts.extend(part for part in _WORD_BOUNDARY.split(chunk) if part)
    return parts


def snake_case(name: str) -> str:
    return "_".join(word.lower() for word in words(name))


def pascal_case(name: str) -> str:
    # Keep the rest of each word as written so ``URL`` stays ``URL`` in ``ElicitURLParams``.
    return "".join(word[:1].upper() + word[1:] for word in words(name))


def upper_snake(name: str) -> str:
    return "_".join(word.upper() for word in words(name))


def attribute_name(key: str) -> str:
    """The Python attribute for the wire key ``key`` (see the module rules)."""
    sign = _SIGNED.match(key)
    # ``"+1"`` and ``"-1"`` (reactions) would both be ``n1``: the sign is a word.
    name = snake_case(f"{_SIGN_WORDS[sign.group(1)]}_{key[1:]}" if sign else key)
    if not name:
        return ""
    if name[0].isdigit():
        name = "n" + name
    if name.startswith(_PROTECTED_PREFIXES):
        # pydantic warns about any field under these prefixes, a trailing '_' or not.
        return "field_" + name
    if keyword.iskeyword(name) or name in _SOFT_KEYWORDS or name in BASEMODEL_ATTRIBUTES:
        name += "_"
    elif name in _ANNOTATION_BUILTINS:
        name += "_"
    return name


# --------------------------------------------------------------------------- class specs


@dataclass(frozen=True, slots=True)
class ClassSpec:
    """One class the models module defines: a declaration or a named anonymous object.

    ``extends`` holds ``Ref``/``Omit`` entries, ``body`` the own properties (intersection
    members merged in order). ``inline_of`` is ``(owner class, wire key)`` for an anonymous
    object, None for a declaration.
    """

    name: str
    extends: tuple[ir.TypeExpr, ...]
    body: ir.Object
    doc: ir.Doc
    span: ir.Span
    order: tuple[int, ...]
    inline_of: tuple[str, str] | None = None


def needs_class(expr: ir.TypeExpr) -> bool:
    """Whether a type written inline needs a generated class of its own."""
    match expr:
        case ir.Object(properties=props):
            return bool(props)
        case ir.Intersection() | ir.Omit():
            return True
        case _:
            return False


def spec_parts(
    expr: ir.TypeExpr,
) -> tuple[tuple[ir.TypeExpr, ...], ir.Object]:
    """Split a class-like type into its bases and its merged own body."""
    match expr:
        case ir.Object():
            return (), expr
        case ir.Omit() | ir.Ref():
            return (expr,), ir.Object(span=expr.span)
        case ir.Intersection(members=members):
            bases: list[ir.TypeExpr] = []
            props: list[ir.Property] = []
            index: ir.IndexSignature | None = None
            for member in members:
                if isinstance(member, ir.Ref | ir.Omit):
                    bases.append(member)
                elif isinstance(member, ir.Object):
                    props.extend(member.properties)
                    if index is not None and member.index is not None:
                        # Keeping either would change the meaning (a value must match both).
                        raise SchemaError(
                            member.index.span,
                            "an intersection with two index signatures is not supported; "
                            "write one index signature whose value type allows both",
                        )
                    index = index or member.index
                else:
                    raise SchemaError(
                        member.span,
                        f"cannot intersect a {member.kind} type; only interfaces, "
                        "Omit<...> and object literals can be combined with '&'",
                    )
            return tuple(bases), ir.Object(tuple(props), index, expr.span)
        case _:
            raise SchemaError(expr.span, f"a {expr.kind} type cannot become a class")


def inline_class_types(expr: ir.TypeExpr) -> Iterator[ir.TypeExpr]:
    """The anonymous class-needing types inside one property type (not descending into
    them: their own properties are named against the class they become)."""
    if needs_class(expr):
        yield expr
        return
    match expr:
        case ir.Union(members=members) | ir.Tuple(members=members):
            for member in members:
                yield from inline_class_types(member)
        case ir.Array(items=items):
            yield from inline_class_types(items)
        case ir.Mapping(value=value):
            yield from inline_class_types(value)
        case ir.Object(index=index) if index is not None:
            yield from inline_class_types(index.value)


def _alias_is_class(decl: ir.Alias) -> bool:
    return needs_class(decl.type)


def class_specs(schema: ir.Schema) -> list[ClassSpec]:
    """Every class to generate, declarations and anonymous objects, in source order
    (an anonymous object just before the class that owns it)."""
    specs: list[ClassSpec] = []

    def add(spec: ClassSpec) -> None:
        nested: list[ClassSpec] = []
        for prop in spec.body.properties:
            # One structure written twice (``[{ k: 1 }, ...{ k: 1 }[]]``) is one class.
            by_shape = {shape(t): t for t in reversed(list(inline_class_types(prop.type)))}
            found = list(reversed(by_shape.values()))
            if len(found) > 1:
                raise SchemaError(
                    found[1].span,
                    f"property '{prop.name}' of '{spec.name}' holds several anonymous "
                    "object types; declare them as named interfaces",
                )
            for inline in found:
                bases, body = spec_parts(inline)
                nested.append(
                    ClassSpec(
                        name=spec.name + pascal_case(prop.name),
                        extends=bases,
                        body=body,
                        doc=prop.doc,
                        span=inline.span,
                        order=(*spec.order[:-1], spec.order[-1], len(nested)),
                        inline_of=(spec.name, prop.name),
                    )
                )
        for inner in nested:
            add(inner)
        specs.append(spec)

    for position, decl in enumerate(schema.decls.values()):
        if isinstance(decl, ir.Interface):
            add(ClassSpec(decl.name, decl.extends, decl.body, decl.doc, decl.span, (position,)))
        elif isinstance(decl, ir.Alias) and _alias_is_class(decl):
            bases, body = spec_parts(decl.type)
            add(ClassSpec(decl.name, bases, body, decl.doc, decl.span, (position,)))
    return specs


# --------------------------------------------------------------------------- names


@dataclass(frozen=True, slots=True)
class Names:
    """Every Python name of one generated module.

    ``classes`` in source order; ``inline`` maps ``(owner class, wire key)`` to the class
    of the anonymous object in that property; ``attributes`` maps ``(class, wire key)``
    to the attribute; ``constants`` maps a schema const to its module constant; ``aliases``
    lists the declarations emitted as type aliases; ``helpers`` maps each library name the
    module imports to the name it is bound to.
    """

    classes: tuple[ClassSpec, ...]
    inline: dict[tuple[str, str], str]
    attributes: dict[tuple[str, str], str]
    constants: dict[str, str]
    aliases: tuple[str, ...]
    helpers: dict[str, str]

    def attribute(self, class_name: str, key: str) -> str:
        return self.attributes[(class_name, key)]


class _Namespace:
    """Detects two different things wanting one name."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.taken: dict[str, tuple[str, ir.Span]] = {}

    def claim(self, name: str, owner: str, span: ir.Span) -> None:
        if not name.isidentifier() or keyword.iskeyword(name):
            raise SchemaError(span, f"{owner} has no valid Python name (got '{name}')")
        folded = unicodedata.normalize("NFKC", name)
        if folded != name:
            # Python reads identifiers NFKC-normalised: 'ﬁx' would silently be 'fix'.
            raise SchemaError(
                span, f"{owner}: Python reads the name '{name}' as '{folded}'; write '{folded}'"
            )
        if name in self.taken:
            other, other_span = self.taken[name]
            raise SchemaError(
                span,
                f"{owner} and {other} (at {other_span}) both become the Python "
                f"{self.what} '{name}'; rename one of them",
            )
        self.taken[name] = (owner, span)


def reserved_type_name(name: str, label: str, span: ir.Span) -> None:
    """A schema name the generated code needs for itself is an error (never a rename).

    ``label`` says what wants the name (``type 'X'``, or an inline object type's property).
    """
    if name.startswith("_"):
        raise SchemaError(
            span, f"{label}: names starting with '_' are reserved for generated helpers"
        )
    # Reading the sources costs a cold build ~6 ms: only a built-in's name needs it.
    if name in _ALL_BUILTINS and name in _builtins_generated_code_reads():
        raise SchemaError(span, f"{label} would shadow Python's built-in '{name}'; rename it")


def _label(spec: ClassSpec) -> str:
    """How an error names what a class comes from: its declaration or its inline type."""
    if spec.inline_of is None:
        return f"type '{spec.name}'"
    owner, key = spec.inline_of
    return f"the inline object type of property '{key}' of '{owner}'"


def _decl_label(decl: ir.Decl) -> str:
    return f"const '{decl.name}'" if isinstance(decl, ir.Const) else f"type '{decl.name}'"


def module_names(text: str) -> tuple[set[str], set[str], set[str]]:
    """What a generated module binds at top level itself, what it imports from
    ``.models``, and its ``__all__``."""
    own: set[str] = set()
    from_models: set[str] = set()
    exported: set[str] = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.ImportFrom) and node.module == "models" and node.level == 1:
            from_models |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            own |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            own.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            own |= {t.id for t in targets if isinstance(t, ast.Name)}
            is_all = any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)
            if is_all and node.value is not None:
                exported |= {str(v) for v in ast.literal_eval(node.value)}
    return own, from_models, exported


def check_module_names(names: Names, schema: ir.Schema, modules: dict[str, str]) -> None:
    """A schema name another generated module imports from ``models`` while binding it
    itself (``Mapping``) is an error at the schema name. One that module only exports
    (``Client``, ``Direction``) is not: the package root exports the schema's type
    (``package.shadowed_exports``)."""
    own = {spec.name: (_label(spec), spec.span) for spec in names.classes}
    own |= {name: (f"type '{name}'", schema.decls[name].span) for name in names.aliases}
    own |= {
        const: (f"const '{name}'", schema.decls[name].span)
        for name, const in names.constants.items()
    }
    for path, text in sorted(modules.items()):
        bound, from_models, _ = module_names(text)
        taken = bound & from_models
        for name, (label, span) in sorted(own.items()):
            if name in taken:
                raise SchemaError(
                    span,
                    f"{label} would take the name '{name}' that the generated "
                    f"{path.removesuffix('.py')} module defines; rename it",
                )


def assign_names(schema: ir.Schema) -> Names:
    """Name every class, alias, attribute and constant; ``SchemaError`` on any collision."""
    module = _Namespace("module name")
    for reserved in sorted(RESERVED_MODULE_NAMES):
        module.taken[reserved] = (f"the generated module's own '{reserved}'", ir.NO_SPAN)

    specs = class_specs(schema)
    declared = {spec.name for spec in specs if spec.inline_of is None}
    # (source order, schema name, how errors name it, where, the alias or const; None for
    # a class): every class, declared or inline, and every alias and const, so an alias or
    # const is never hidden by an inline class that happens to share its name.
    claims: list[tuple[tuple[int, ...], str, str, ir.Span, ir.Decl | None]] = [
        (spec.order, spec.name, _label(spec), spec.span, None) for spec in specs
    ]
    claims += [
        ((position,), decl.name, _decl_label(decl), decl.span, decl)
        for position, decl in enumerate(schema.decls.values())
        if decl.name not in declared
    ]
    aliases: list[str] = []
    constants: dict[str, str] = {}
    # Claim in source order, so the error lands at the later of two colliding things.
    for _, name, label, span, decl in sorted(claims, key=lambda claim: claim[0]):
        reserved_type_name(name, label, span)
        if isinstance(decl, ir.Const):
            constant = upper_snake(name)
            module.claim(constant, label, span)
            constants[name] = constant
        else:
            module.claim(name, label, span)
            if decl is not None:  # a declaration that is not a class: a type alias
                aliases.append(name)

    inline: dict[tuple[str, str], str] = {}
    attributes: dict[tuple[str, str], str] = {}
    for spec in specs:
        if spec.inline_of is not None:
            inline[spec.inline_of] = spec.name
        fields = _Namespace(f"attribute of '{spec.name}'")
        for prop in spec.body.properties:
            attr = attribute_name(prop.name)
            fields.claim(attr, f"property '{prop.name}'", prop.span)
            attributes[(spec.name, prop.name)] = attr
    helpers = {h: f"_{h}" if h in module.taken else h for h in HELPER_NAMES}
    return Names(tuple(specs), inline, attributes, constants, tuple(aliases), helpers)
