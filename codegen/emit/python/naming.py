"""The single naming authority: every Python name the emitters write comes from here.

Naming never refuses a schema TypeScript accepts. Every name is derived, deterministic
and injective; the wire name stays exact (an alias, a JSON Schema definition name).
Rules (documented once, relied on by every emitter; ``docs/architecture.md`` has them too):

* A declaration keeps its schema name as its class (or alias) name when Python can have
  it. The front end has already qualified one name declared in several scopes: by
  namespace (``DebuggerCallFrame``) or by module (``unist_Data``,
  ``codegen.frontend.scoping``). A name Python cannot have, or that would break the
  module, is renamed by ``python_schema``: it gets a trailing ``_`` (``Exception`` ->
  ``Exception_``, ``model_config`` -> ``model_config_``, ``id`` -> ``id_``), as many as
  make it free. That is a name that is not an identifier as Python reads it (NFKC; ``$``
  and other characters become ``_``), a keyword, one starting with ``_`` (the generated
  helpers'; the underscores move to the end: ``_Nullable`` -> ``Nullable``), a built-in
  that generated code reads, a name the generated module defines, an attribute of
  pydantic's ``BaseModel`` or of its metaclass, the name of a field anywhere in the module
  (a class body binds its fields: an annotation naming a type ``status`` inside a class
  with a field ``status`` would read the field), or a name another generated module binds
  and imports from ``models``. Names written as they are win over renamed ones; the JSON
  Schema keeps the TypeScript name (``qualname``).
* An anonymous object type that needs a class (an object literal with properties, an
  intersection ``A & {...}`` or an ``Omit<...>``), wherever it stands, is named after its
  owner and position: in a property ``Owner + Field`` in PascalCase
  (``ClientCapabilities.elicitation`` becomes ``ClientCapabilitiesElicitation``, one level
  further ``ClientCapabilitiesElicitationForm``). Several different ones in one property,
  or one in a type alias or an index signature, add the value of a literal field that
  tells them apart (``AuthTerminal``), else their position (``Auth1``, ``Auth2``). One
  structure written twice in one place is one class.
* A property becomes a snake_case attribute (``camelCase`` -> ``camel_case``, ``_meta`` ->
  ``meta``). Quoted keys keep every word: ``"io.modelcontextprotocol/protocolVersion"``
  becomes ``io_modelcontextprotocol_protocol_version``; ``$schema`` becomes ``schema_``.
  Letters of any script Python accepts are kept, read as Python reads them (NFKC:
  ``größe``, ``ключ``, ``変数``). A Python keyword, a name that would shadow an attribute
  of pydantic's ``BaseModel`` or of its metaclass (``schema``, ``json``, ``copy``, ``mro``,
  ``register``...; read from the classes) or a builtin that annotations name (``list``,
  ``str``...) gets a trailing underscore; one under pydantic's protected prefixes
  ``model_validate``/``model_dump`` gets ``field_`` in front (``field_model_dump``), since
  pydantic warns about any name under them. A key with no letters or digits at all
  (``_``, ``$``, ``+``) is ``field_1``, ``field_2``... in key order.
* Attributes are one map for the whole module, so a key has one attribute in every class
  (inherited, copied or redeclared). Keys that want one attribute (``start`` and
  ``_start``, ``fooBar`` and ``foo_bar``, two keys that NFKC folds together) are told
  apart: the key written exactly as the attribute keeps it, then the one with fewer
  leading ``_``/``$``, then the smaller key; the others get trailing underscores
  (``start_``).
* A constant becomes an UPPER_SNAKE module constant (a trailing ``_`` when a type has it).

``python_schema`` reports every rename (``generate -v`` prints them).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import keyword
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import assert_never

from ... import ir
from ...errors import SchemaError, Unsupported
from ...ir.queries import rewrite, shape
from ...paths import CODEGEN_DIR

# Names the generated models module defines itself; a schema name equal to one of them is
# renamed.
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


@functools.cache  # pydantic is imported once, and only by a build that names something
def class_namespace_names() -> frozenset[str]:
    """Every attribute a generated model class has before its fields: pydantic's
    ``BaseModel`` and its metaclass (``type``'s and ``ABCMeta``'s among them), read from the
    classes. A field of one of these names shadows it (pydantic warns, or breaks); a type
    of one of these names is read from the class body instead of the module."""
    from pydantic import BaseModel

    return frozenset(dir(BaseModel)) | frozenset(dir(type(BaseModel)))


# pydantic refuses fields in these namespaces, not only exact matches.
_PROTECTED_PREFIXES = ("model_validate", "model_dump")
# Python 3.11's soft keywords, fixed here rather than read from ``keyword.softkwlist`` so
# the generated names do not depend on the interpreter: 3.12 adds ``type``, which would
# rename every MCP ``type`` field to ``type_``.
_SOFT_KEYWORDS = frozenset({"case", "match"})
# The builtins that field annotations name: a field ``list`` (HTML's attribute) would shadow
# ``list`` for the annotations after it in its class body.
_ANNOTATION_BUILTINS = frozenset({"bool", "dict", "float", "int", "list", "str", "tuple"})
# What a key with no letters or digits is called: ``field_1``, ``field_2``...
NAMELESS_PREFIX = "field_"


# --------------------------------------------------------------------------- case helpers

_WORD_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")
_SIGNED = re.compile(r"([+-])[0-9]")
_SIGN_WORDS = {"+": "plus", "-": "minus"}


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _word_char(char: str) -> bool:
    """A character a Python identifier may hold past its first, other than ``_``."""
    return char != "_" and ("a" + char).isidentifier()


def words(name: str) -> list[str]:
    """Split ``camelCase``, ``PascalCase``, ``snake_case`` and punctuated keys into words.

    Letters and digits of any script are kept, as Python reads them (NFKC); case
    boundaries are ASCII's."""
    if name.isascii():
        chunks = _NON_WORD.split(name)
    else:
        chunks, chunk = [], ""
        for char in _nfkc(name):
            if _word_char(char):
                chunk += char
            else:
                chunks.append(chunk)
                chunk = ""
        chunks.append(chunk)
    parts: list[str] = []
    for chunk in chunks:
        parts.extend(part for part in _WORD_BOUNDARY.split(chunk) if part)
    return parts


def snake_case(name: str) -> str:
    return _settle("_".join(word.lower() for word in words(name)))


def pascal_case(name: str) -> str:
    # Keep the rest of each word as written so ``URL`` stays ``URL`` in ``ElicitURLParams``.
    return _settle("".join(word[:1].upper() + word[1:] for word in words(name)))


def upper_snake(name: str) -> str:
    return _settle("_".join(word.upper() for word in words(name)))


def _settle(name: str) -> str:
    """``name`` as Python reads it (NFKC), keeping only identifier characters: changing
    the case of a word can leave characters NFKC folds (``ǆ`` is ``dž``)."""
    if name.isascii():
        return name
    for _ in range(4):  # NFKC then filtering reaches a fixed point at once in practice
        kept = "".join(c for c in _nfkc(name) if c == "_" or _word_char(c))
        if kept == name:
            break
        name = kept
    return name


def _plain_attribute(key: str) -> str:
    """The snake_case words of ``key``, as an identifier; '' when it has none."""
    sign = _SIGNED.match(key)
    # ``"+1"`` and ``"-1"`` (reactions) would both be ``n1``: the sign is a word.
    name = snake_case(f"{_SIGN_WORDS[sign.group(1)]}_{key[1:]}" if sign else key)
    if name and not name[0].isidentifier():  # a digit (of any script) cannot start a name
        name = "n" + name
    return name if _is_identifier(name) else ""


def attribute_name(key: str) -> str:
    """The Python attribute the wire key ``key`` wants (see the module rules); '' when it
    has no letter or digit. ``attribute_map`` tells the wanted names apart."""
    name = _plain_attribute(key)
    if not name:
        return ""
    if name.startswith(_PROTECTED_PREFIXES):
        # pydantic warns about any field under these prefixes, a trailing '_' or not.
        return "field_" + name
    if _attribute_problem(name):
        name += "_"
    return name


def _is_identifier(name: str) -> bool:
    return name.isidentifier() and _nfkc(name) == name


def _attribute_problem(name: str) -> str | None:
    """Why a field cannot have the Python name ``name``, or None."""
    if not _is_identifier(name) or name.startswith("_"):
        return "not a public Python identifier"
    if keyword.iskeyword(name) or name in _SOFT_KEYWORDS:
        return "a Python keyword"
    if name.startswith(_PROTECTED_PREFIXES):
        return "under pydantic's protected 'model_' prefixes"
    if name in class_namespace_names():
        return "an attribute of pydantic's BaseModel"
    if name in _ANNOTATION_BUILTINS:
        return "a built-in that annotations name"
    return None


# One entry each, keyed by identity: the passes of one build ask for the same schema.
_last_keys: list[tuple[ir.Schema, dict[str, ir.Span]]] = []
_last_names: list[tuple[ir.Schema, Names]] = []


def property_keys(schema: ir.Schema) -> dict[str, ir.Span]:
    """Every property key written anywhere in the schema (object literals too), with
    where it is first written."""
    if _last_keys and _last_keys[0][0] is schema:
        return _last_keys[0][1]
    keys: dict[str, ir.Span] = {}
    seen: set[int] = set()  # a node held several times (an inline copy) is walked once

    def walk(node: object) -> None:
        if isinstance(node, tuple | ir.Object | ir.Union | ir.Property):
            if id(node) in seen:
                return
            seen.add(id(node))
        if isinstance(node, ir.Property):
            keys.setdefault(node.name, node.span)
        if isinstance(node, tuple):
            for item in node:
                walk(item)
        elif dataclasses.is_dataclass(node) and not isinstance(node, type):
            for f in dataclasses.fields(node):
                if f.name not in ("span", "doc"):
                    walk(getattr(node, f.name))

    walk(tuple(schema.decls.values()))
    _last_keys[:] = [(schema, keys)]
    return keys


def _rank(key: str, wanted: str) -> tuple[int, int, str]:
    """Who of several keys that want one attribute keeps it: the key written exactly as
    the attribute, then the one with fewer leading ``_``/``$``, then the smaller key."""
    return (key != wanted, len(key) - len(key.lstrip("_$")), key)


def attribute_map(keys: Iterable[str]) -> dict[str, str]:
    """Wire key -> Python attribute, injective; depends on the set of keys only."""
    wanted = {key: attribute_name(key) for key in set(keys)}
    ordered = sorted(
        (key for key in wanted if wanted[key]), key=lambda k: (wanted[k], *_rank(k, wanted[k]))
    )
    out: dict[str, str] = {}
    taken: set[str] = set()
    losers: list[str] = []
    for key in ordered:  # first, each wanted name to the key that wants it best
        if wanted[key] in taken:
            losers.append(key)
        else:
            out[key] = wanted[key]
            taken.add(wanted[key])
    for key in losers:
        name = wanted[key] + "_"  # a wanted name with '_' added has no problem of its own
        while name in taken:
            name += "_"
        out[key] = name
        taken.add(name)
    number = 0
    for key in sorted(key for key in wanted if not wanted[key]):
        number += 1
        while f"{NAMELESS_PREFIX}{number}" in taken:
            number += 1
        out[key] = f"{NAMELESS_PREFIX}{number}"  # numbers only grow: never taken again
    return out


def attribute_renames(schema: ir.Schema, attributes: dict[str, str]) -> list[Rename]:
    """The attributes that are not their key's plain snake_case words, and why."""
    renames: list[Rename] = []
    for key, span in property_keys(schema).items():
        plain, attr = _plain_attribute(key), attributes[key]
        if attr == plain:
            continue
        if not plain:
            reason = "no letter or digit"
        elif attr != attribute_name(key):
            reason = f"another key wants '{attribute_name(key)}'"
        else:
            reason = _attribute_problem(plain) or "not a Python name"
        renames.append(Rename(span, key, attr, reason))
    return sorted(renames, key=lambda r: (r.span.file, r.span.line, r.span.col, r.old))


# --------------------------------------------------------------------------- module names


@dataclass(frozen=True, slots=True)
class Rename:
    """A Python name that is not the schema's: where, what, and why (``generate -v``)."""

    span: ir.Span
    old: str
    new: str
    reason: str

    def __str__(self) -> str:
        return f"{self.span}: renamed '{self.old}' to '{self.new}' ({self.reason})"


def _module_name_problem(
    name: str, attributes: frozenset[str] | set[str], reserved: frozenset[str]
) -> str | None:
    """Why a module-level name (a class, an alias, a constant) cannot be ``name``, or None."""
    if not name.isidentifier():
        return "not a Python identifier"
    if _nfkc(name) != name:
        return f"Python reads it as '{_nfkc(name)}'"
    if keyword.iskeyword(name):
        return "a Python keyword"
    if name.startswith("_"):
        return "a leading '_' is the generated helpers'"
    if name in RESERVED_MODULE_NAMES:
        return "the generated module defines it"
    if name in reserved:
        return "another generated module binds it"
    # Reading the sources costs a cold build ~6 ms: only a built-in's name needs it.
    if name in _ALL_BUILTINS and name in _builtins_generated_code_reads():
        return "shadows a built-in"
    if name in class_namespace_names():
        return "an attribute of pydantic's BaseModel"
    if name in attributes:
        return "a field name: a class body would read the field"
    return None


def _base_name(name: str) -> str:
    """What a name Python cannot have becomes before any underscore is added."""
    text = "".join(c if _word_char(c) else "_" for c in _nfkc(name))  # "_" stays "_"
    text = _settle(text).lstrip("_")
    if not text:
        return "Type"
    return text if text[0].isidentifier() else "T" + text


class _Module:
    """The module-level names taken so far, and the names free for a new one."""

    def __init__(self, attributes: frozenset[str] | set[str], reserved: frozenset[str]) -> None:
        self.attributes = attributes
        self.reserved = reserved
        self.taken: set[str] = set(RESERVED_MODULE_NAMES)
        self.renames: list[Rename] = []  # of the anonymous classes and constants

    def problem(self, name: str) -> str | None:
        found = _module_name_problem(name, self.attributes, self.reserved)
        if found is None and name in self.taken:
            return "another name has it"
        return found

    def free(self, name: str, span: ir.Span | None = None) -> str:
        """``name`` plus the fewest trailing underscores that make it free (a rename
        located at ``span`` is recorded)."""
        candidate = name
        first = self.problem(candidate)
        while self.problem(candidate):
            candidate += "_"
        self.taken.add(candidate)
        if span is not None and first is not None:
            self.renames.append(Rename(span, name, candidate, first))
        return candidate


def declaration_names(
    schema: ir.Schema, reserved: frozenset[str] = frozenset()
) -> tuple[dict[str, str], tuple[Rename, ...]]:
    """Schema type name -> its Python name, with the renames (see the module rules).

    Names Python can have as they are are taken first, in source order; then each other
    one, in source order, gets its base name plus the fewest trailing ``_`` that make it
    free. Constants are named by ``assign_names``."""
    attributes = set(attribute_map(property_keys(schema)).values())
    module = _Module(attributes, reserved)
    types = [d for d in schema.decls.values() if not isinstance(d, ir.Const)]
    names: dict[str, str] = {}
    why: dict[str, str] = {}
    for decl in types:
        problem = module.problem(decl.name)
        if problem is None:
            module.taken.add(decl.name)
            names[decl.name] = decl.name
        else:
            why[decl.name] = problem
    renames: list[Rename] = []
    for decl in types:
        if decl.name in names:
            continue
        new = module.free(_base_name(decl.name))  # the base itself, when it is free
        names[decl.name] = new
        renames.append(Rename(decl.span, decl.name, new, why[decl.name]))
    return names, tuple(renames)


def python_schema(
    schema: ir.Schema, reserved: frozenset[str] = frozenset()
) -> tuple[ir.Schema, tuple[Rename, ...]]:
    """``schema`` with every declaration named as Python can have it (``reserved``: names
    other generated modules bind as well), and the renames. A renamed declaration keeps
    its TypeScript name as its JSON Schema key (``qualname``); every reference and every
    ``@result`` tag follows it. Without a rename the schema itself is returned."""
    _, renames = declaration_names(schema, reserved)
    if not renames:
        return schema, ()
    moved = {r.old: r.new for r in renames}

    def change(node: object) -> object:
        if isinstance(node, ir.Ref) and node.name in moved:
            return dataclasses.replace(node, name=moved[node.name])
        if isinstance(node, ir.Doc) and any(
            t.name == "result" and t.text.strip() in moved for t in node.tags
        ):
            tags = tuple(
                ir.DocTag(t.name, moved[t.text.strip()])
                if t.name == "result" and t.text.strip() in moved
                else t
                for t in node.tags
            )
            return dataclasses.replace(node, tags=tags)
        return node

    decls: dict[str, ir.Decl] = {}
    for name, decl in schema.decls.items():
        new = rewrite(decl, change)
        if name in moved and not isinstance(new, ir.Const):
            new = dataclasses.replace(new, name=moved[name], qualname=new.qualname or name)
        decls[moved.get(name, name)] = new
    return dataclasses.replace(schema, decls=decls), renames


# The last schema named: every Python emitter of one build asks for it. One entry, keyed by
# identity (as ``registry.build_registry``).
_last_python: list[tuple[ir.Schema, ir.Schema]] = []


def for_python(schema: ir.Schema) -> ir.Schema:
    """``python_schema(schema)``'s schema, for an emitter called on its own (a build hands
    the emitters a schema already named, which this returns as it is)."""
    if _last_python and _last_python[0][0] is schema:
        return _last_python[0][1]
    named = python_schema(schema)[0]
    _last_python[:] = [(schema, named)]
    return named


# --------------------------------------------------------------------------- class specs


@dataclass(frozen=True, slots=True)
class ClassSpec:
    """One class the models module defines: a declaration or a named anonymous object.

    ``extends`` holds ``Ref``/``Omit`` entries, ``body`` the own properties (intersection
    members merged in order). ``inline_of`` is ``(owner class, wire key)`` for an anonymous
    object (key ``""``: the owner's index signature, or the type alias itself), None for a
    declaration.
    """

    name: str
    extends: tuple[ir.TypeExpr, ...]
    body: ir.Object
    doc: ir.Doc
    span: ir.Span
    order: tuple[int, ...]
    inline_of: tuple[str, str] | None = None
    structure: object = None  # an anonymous object's structure (``shape``)


def needs_class(expr: ir.TypeExpr) -> bool:
    """Whether a type written inline needs a generated class of its own."""
    match expr:
        case ir.Object(properties=props):
            return bool(props)
        case ir.Intersection() | ir.Omit():
            return True
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Ref()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
        ):
            return False
        case _:
            assert_never(expr)


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
                        raise Unsupported(
                            member.index.span,
                            "an intersection with two index signatures is not supported; "
                            "write one index signature whose value type allows both",
                        )
                    index = index or member.index
                else:
                    raise Unsupported(
                        member.span,
                        f"cannot intersect a {member.kind} type; only interfaces, "
                        "Omit<...> and object literals can be combined with '&'",
                    )
            return tuple(bases), ir.Object(tuple(props), index, expr.span)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Union()
            | ir.Mapping()
        ):
            raise Unsupported(expr.span, f"a {expr.kind} type cannot become a class")
        case _:
            assert_never(expr)


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
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Ref()
            | ir.Typeof()
            | ir.Intersection()
            | ir.Omit()
            | ir.Object()
        ):
            pass
        case _:
            assert_never(expr)


def _alias_is_class(decl: ir.Alias) -> bool:
    return needs_class(decl.type)


def _distinct(
    found: Iterable[ir.TypeExpr], memo: dict[int, tuple[object, object]]
) -> list[ir.TypeExpr]:
    """One per structure, in order of first appearance."""
    by_shape: dict[object, ir.TypeExpr] = {}
    for t in found:
        by_shape.setdefault(shape(t, memo), t)
    return list(by_shape.values())


def _suffixes(parts: list[ir.TypeExpr]) -> list[str]:
    """Each anonymous type's name suffix: the value of the first literal string field that
    tells them all apart (``Terminal``), else its position (``1``, ``2``), as
    ``codegen.frontend.expand`` names the members of a distributed union."""
    props = [{p.name: p for p in spec_parts(part)[1].properties} for part in parts]
    for key in props[0]:
        found: list[str] = []
        for members in props:
            prop = members.get(key)
            value = prop.type if prop is not None else None
            if not (isinstance(value, ir.Literal) and isinstance(value.value, str)):
                break
            found.append(pascal_case(value.value))
        if len(found) == len(parts) and all(found) and len(set(found)) == len(found):
            return found
    return [str(i) for i in range(1, len(parts) + 1)]


def _position_names(owner: str, key: str, found: list[ir.TypeExpr]) -> list[str]:
    """What the anonymous types at one position want to be called (see the module rules)."""
    # Settled whole: a key that opens with a combining mark (``"\u0301x"``) joins the
    # owner's last letter under NFKC, which no trailing ``_`` in ``free`` undoes.
    stem = _settle(owner + pascal_case(key))
    if not found:
        return []
    if len(found) == 1 and key:
        return [stem]
    return [stem + suffix for suffix in _suffixes(found)]


def class_specs(schema: ir.Schema, module: _Module | None = None) -> list[ClassSpec]:
    """Every class to generate, declarations and anonymous objects, in source order
    (an anonymous object just before the class that owns it). ``module`` holds the names
    taken; anonymous classes take free ones (plus ``_`` where theirs is taken)."""
    names = module if module is not None else _Module(set(), frozenset())
    specs: list[ClassSpec] = []
    memo: dict[int, tuple[object, object]] = {}  # one structure per node for the pass

    def position(
        owner: ClassSpec,
        key: str,
        types: Iterable[ir.TypeExpr],
        doc: ir.Doc,
        nested: list[ClassSpec],
    ) -> None:
        found = _distinct(types, memo)
        for inline, wanted in zip(found, _position_names(owner.name, key, found), strict=True):
            bases, body = spec_parts(inline)
            nested.append(
                ClassSpec(
                    name=names.free(wanted, inline.span),
                    extends=bases,
                    body=body,
                    doc=doc,
                    span=inline.span,
                    order=(*owner.order, len(nested)),
                    inline_of=(owner.name, key),
                    structure=shape(inline, memo),
                )
            )

    def add(spec: ClassSpec, alias: ir.TypeExpr | None = None) -> None:
        nested: list[ClassSpec] = []
        for prop in spec.body.properties:
            position(spec, prop.name, inline_class_types(prop.type), prop.doc, nested)
        if spec.body.index is not None:
            position(spec, "", inline_class_types(spec.body.index.value), ir.Doc(), nested)
        if alias is not None:
            position(spec, "", inline_class_types(alias), ir.Doc(), nested)
        for inner in nested:
            add(inner)
        if alias is None:
            specs.append(spec)

    for position_, decl in enumerate(schema.decls.values()):
        if isinstance(decl, ir.Interface):
            add(ClassSpec(decl.name, decl.extends, decl.body, decl.doc, decl.span, (position_,)))
        elif isinstance(decl, ir.Alias) and _alias_is_class(decl):
            bases, body = spec_parts(decl.type)
            add(ClassSpec(decl.name, bases, body, decl.doc, decl.span, (position_,)))
        elif isinstance(decl, ir.Alias):
            # A type alias is no class, but the anonymous objects in it are.
            holder = ClassSpec(decl.name, (), ir.Object(), decl.doc, decl.span, (position_,))
            add(holder, decl.type)
    return specs


# --------------------------------------------------------------------------- names


@dataclass(frozen=True, slots=True)
class Names:
    """Every Python name of one generated module.

    ``classes`` in source order; ``inline`` maps ``(owner, wire key, structure)`` to the
    class of that anonymous object there (see ``inline_class``); ``attributes`` maps each
    wire key to its attribute (one map for the module); ``constants`` maps a schema const
    to its module constant; ``aliases`` lists the declarations emitted as type aliases;
    ``helpers`` maps each library name the module imports to the name it is bound to;
    ``renames`` the anonymous classes and constants not named as they want.
    """

    classes: tuple[ClassSpec, ...]
    inline: dict[tuple[str, str, object], str]
    attributes: dict[str, str]
    constants: dict[str, str]
    aliases: tuple[str, ...]
    helpers: dict[str, str]
    renames: tuple[Rename, ...] = ()
    # Lookups the emitters ask for each field of each class, made once per module: a
    # large typing has tens of thousands of anonymous classes, each a big structure.
    _shapes: dict[int, tuple[object, object]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _by_key: dict[tuple[str, object], str] = field(default_factory=dict, repr=False, compare=False)
    _at: dict[tuple[str, str], list[str]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for (owner, key, structure), name in self.inline.items():
            first = self._by_key.get((key, structure))
            if first is None or name < first:  # the first name, sorted
                self._by_key[(key, structure)] = name
            self._at.setdefault((owner, key), []).append(name)

    def attribute(self, key: str) -> str:
        """The attribute of the wire key ``key`` (a key no property has: what it wants)."""
        return self.attributes.get(key) or attribute_name(key)

    def inline_class(self, owner: str, key: str, expr: ir.TypeExpr) -> str | None:
        """The class of the anonymous type ``expr`` written at ``owner``'s ``key``. The
        same structure written elsewhere (a flattened copy) is the same class."""
        structure = shape(expr, self._shapes)
        found = self.inline.get((owner, key, structure))
        if found is not None:
            return found
        return self._by_key.get((key, structure))

    def inline_at(self, owner: str, key: str) -> list[str]:
        """Every anonymous class written at ``owner``'s ``key``."""
        return list(self._at.get((owner, key), ()))


def module_names(text: str) -> tuple[set[str], set[str], set[str]]:
    """What a generated module binds at top level itself, what it imports from
    ``.models``, and its ``__all__``."""
    return tuple(set(names) for names in _module_names(text))  # type: ignore[return-value]


@functools.lru_cache(maxsize=32)  # asked twice per module by one build
def _module_names(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    own, from_models, exported = _read_module_names(text)
    return frozenset(own), frozenset(from_models), frozenset(exported)


def _read_module_names(text: str) -> tuple[set[str], set[str], set[str]]:
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


def module_clashes(names: Names, schema: ir.Schema, modules: dict[str, str]) -> set[str]:
    """The schema's Python names that another generated module imports from ``models``
    while binding them itself (``Mapping``): ``python_schema`` must not give them out."""
    own = {spec.name for spec in names.classes} | set(names.aliases)
    own |= set(names.constants.values())
    clashes: set[str] = set()
    for text in modules.values():
        bound, from_models, _ = module_names(text)
        clashes |= own & bound & from_models
    return clashes


def check_module_names(names: Names, schema: ir.Schema, modules: dict[str, str]) -> None:
    """A schema name another generated module imports from ``models`` while binding it
    itself is a compiler bug once ``python_schema`` has renamed around them (the build
    does). One that module only exports (``Client``, ``Direction``) is fine: the package
    root exports the schema's type (``package.shadowed_exports``)."""
    own = {spec.name: spec.span for spec in names.classes}
    own |= {name: schema.decls[name].span for name in names.aliases}
    own |= {const: schema.decls[name].span for name, const in names.constants.items()}
    for path, text in sorted(modules.items()):
        bound, from_models, _ = module_names(text)
        for name in sorted(own.keys() & bound & from_models):
            raise SchemaError(
                own[name],
                f"'{name}' would take the name '{name}' that the generated "
                f"{path.removesuffix('.py')} module defines",
            )


def assign_names(schema: ir.Schema) -> Names:
    """Name every class, alias, attribute and constant of a schema ``python_schema`` has
    named (its declarations keep their names here)."""
    if _last_names and _last_names[0][0] is schema:
        return _last_names[0][1]
    names = _assign_names(schema)
    _last_names[:] = [(schema, names)]
    return names


def _assign_names(schema: ir.Schema) -> Names:
    attributes = attribute_map(property_keys(schema))
    module = _Module(set(attributes.values()), frozenset())
    types = [d for d in schema.decls.values() if not isinstance(d, ir.Const)]
    for decl in types:
        problem = module.problem(decl.name)
        if problem is not None:  # python_schema renames these: a compiler bug here
            raise SchemaError(decl.span, f"type '{decl.name}' is no Python name: {problem}")
        module.taken.add(decl.name)
    constants: dict[str, str] = {}
    for const in schema.decls.values():
        if isinstance(const, ir.Const):
            constants[const.name] = module.free(upper_snake(const.name) or "CONSTANT", const.span)
    specs = class_specs(schema, module)
    inline: dict[tuple[str, str, object], str] = {}
    by_owner: dict[tuple[str, str], list[ClassSpec]] = {}
    for spec in specs:
        if spec.inline_of is not None:
            by_owner.setdefault(spec.inline_of, []).append(spec)
    for (owner, key), found in by_owner.items():
        for spec in found:
            inline[(owner, key, spec.structure)] = spec.name
    declared = {spec.name for spec in specs if spec.inline_of is None}
    aliases = tuple(d.name for d in types if d.name not in declared)
    helpers = {h: f"_{h}" if h in module.taken else h for h in HELPER_NAMES}
    renames = (*module.renames, *attribute_renames(schema, attributes))
    return Names(tuple(specs), inline, attributes, constants, aliases, helpers, renames)
