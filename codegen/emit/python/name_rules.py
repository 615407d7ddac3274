"""The rules for one Python name, for ``codegen.emit.python.naming`` (the naming authority,
whose docstring states them): the names a generated module reserves, the case helpers,
a property's attribute and the module-wide attribute map, and a declaration's Python name
(``python_schema``, with every rename).
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import keyword
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from ... import ir
from ...ir import node_class
from ...ir.queries import rewrite, type_fields
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
# Python-backend passes that write no Python text (the naming modules' own prose names
# built-ins).
_PASSES = frozenset({"naming.py", "name_rules.py", "class_specs.py", "ordering.py", "registry.py"})


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


@functools.cache  # read once, and only by a build that names something
def class_namespace_names() -> frozenset[str]:
    """Every attribute a generated model class has before its fields: pydantic's
    ``BaseModel`` and its metaclass (``type``'s and ``ABCMeta``'s among them), read from the
    classes (recorded per pydantic version: ``pydantic_namespace``, which spares importing
    pydantic). A field of one of these names shadows it (pydantic warns, or breaks); a
    type of one of these names is read from the class body instead of the module."""
    from .pydantic_namespace import live_names, recorded_names

    return recorded_names() or live_names()


# pydantic refuses fields in these namespaces, not only exact matches.
_PROTECTED_PREFIXES = ("model_validate", "model_dump")
# Python 3.11's soft keywords, fixed here rather than read from ``keyword.softkwlist`` so
# the generated text does not depend on the interpreter: 3.12 adds ``type``, which would
# rename every MCP ``type`` field to ``type_`` (and move every TypedDict with one to the
# functional syntax). ``_`` is refused as a field name already: it starts with ``_``.
SOFT_KEYWORDS = frozenset({"_", "case", "match"})
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
    return settle("_".join(word.lower() for word in words(name)))


def pascal_case(name: str) -> str:
    # Keep the rest of each word as written so ``URL`` stays ``URL`` in ``ElicitURLParams``.
    return settle("".join(word[:1].upper() + word[1:] for word in words(name)))


def upper_snake(name: str) -> str:
    return settle("_".join(word.upper() for word in words(name)))


def settle(name: str) -> str:
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
    if keyword.iskeyword(name) or name in SOFT_KEYWORDS:
        return "a Python keyword"
    if name.startswith(_PROTECTED_PREFIXES):
        return "under pydantic's protected 'model_' prefixes"
    if name in class_namespace_names():
        return "an attribute of pydantic's BaseModel"
    if name in _ANNOTATION_BUILTINS:
        return "a built-in that annotations name"
    return None


def property_keys(schema: ir.Schema) -> dict[str, ir.Span]:
    """Every property key written anywhere in the schema (object literals too), with
    where it is first written."""
    keys: dict[str, ir.Span] = {}
    seen: set[int] = set()  # a node held several times (an inline copy) is walked once
    # Depth first, in field order, as a recursive walk. Per class only the fields that may
    # hold a node are entered (``NODE_FIELDS``): most fields are leaves (names, flags, spans,
    # docs), and reading every field of every node was most of the walk (#37). The kinds
    # most nodes are (properties, objects, references, leaves) have their own branch, with
    # what the generic one does for them; a tuple's items are stacked, not the tuple.
    pending: list[object] = list(reversed(schema.decls.values()))
    pop, push, stack = pending.pop, pending.append, pending.extend
    add, note = seen.add, keys.setdefault
    holders = NODE_FIELDS
    prop_kind, object_kind, ref_kind = ir.Property, ir.Object, ir.Ref
    while pending:
        node: Any = pop()
        cls = type(node)
        if cls is prop_kind:
            if id(node) in seen:
                continue
            add(id(node))
            note(node.name, node.span)
            if type(node.type) not in LEAF_KINDS:
                push(node.type)
            continue
        if cls is ref_kind:
            if node.args:
                stack(reversed(node.args))
            continue
        if cls in LEAF_KINDS:
            continue
        if cls is object_kind:
            if id(node) in seen:
                continue
            add(id(node))
            if node.index is not None:
                push(node.index)
            stack(reversed(node.properties))
            continue
        if cls is tuple:
            stack(reversed(node))
            continue
        fields = holders.get(cls)
        if fields is None:
            if isinstance(node, tuple):
                stack(reversed(node))
                continue
            if isinstance(node, _LEAVES):
                continue
            fields = type_fields(cls)
        if cls in _SHARED:
            if id(node) in seen:
                continue
            add(id(node))
        for name in reversed(fields):
            push(getattr(node, name))
    return keys


# Kinds that hold no node: a leaf of the walk (the generic branch enters no field of them).
LEAF_KINDS = frozenset({ir.Primitive, ir.Literal, ir.Typeof, ir.Const, type(None), str})


# The nodes a property key walk may meet more than once (checked by identity).
_SHARED = frozenset({ir.Object, ir.Union, ir.Property})
_LEAVES = (str, int, float, type(None))  # bool is an int
# Per IR class, its fields that may hold a node (in field order); the others hold leaves
# only. A class not listed (a new kind) is walked through every field (``type_fields``).
NODE_FIELDS: dict[type, tuple[str, ...]] = {
    ir.Interface: ("body", "extends", "params"),
    ir.Alias: ("type", "params"),
    ir.Const: (),
    ir.TypeParam: ("default",),
    ir.Object: ("properties", "index"),
    ir.Property: ("type",),
    ir.IndexSignature: ("value",),
    ir.Union: ("members",),
    ir.Intersection: ("members",),
    ir.Array: ("items",),
    ir.Tuple: ("items", "rest"),
    ir.Mapping: ("value",),
    ir.Omit: ("base",),
    ir.Ref: ("args",),
    ir.Primitive: (),
    ir.Literal: (),
    ir.Typeof: (),
}


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


def attribute_renames(keys: dict[str, ir.Span], attributes: dict[str, str]) -> list[Rename]:
    """The attributes that are not their key's plain snake_case words, and why (``keys``:
    ``property_keys`` of the schema)."""
    renames: list[Rename] = []
    for key, span in keys.items():
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


@node_class.node
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
    if not name.isascii() and _nfkc(name) != name:  # NFKC keeps ASCII as it is
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
    text = settle(text).lstrip("_")
    if not text:
        return "Type"
    return text if text[0].isidentifier() else "T" + text


class ModuleNames:
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
        first = problem = self.problem(candidate)
        while problem:
            candidate += "_"
            problem = self.problem(candidate)
        self.taken.add(candidate)
        if span is not None and first is not None:
            self.renames.append(Rename(span, name, candidate, first))
        return candidate


def declaration_names(
    schema: ir.Schema,
    reserved: frozenset[str] = frozenset(),
    keys: dict[str, ir.Span] | None = None,
) -> tuple[dict[str, str], tuple[Rename, ...]]:
    """Schema type name -> its Python name, with the renames (see the module rules).

    Names Python can have as they are are taken first, in source order; then each other
    one, in source order, gets its base name plus the fewest trailing ``_`` that make it
    free. Constants are named by ``assign_names``. ``keys``: ``property_keys(schema)``,
    when the caller has it."""
    attributes = set(attribute_map(keys if keys is not None else property_keys(schema)).values())
    module = ModuleNames(attributes, reserved)
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
    schema: ir.Schema,
    reserved: frozenset[str] = frozenset(),
    keys: dict[str, ir.Span] | None = None,
) -> tuple[ir.Schema, tuple[Rename, ...]]:
    """``schema`` with every declaration named as Python can have it (``reserved``: names
    other generated modules bind as well), and the renames. A renamed declaration keeps
    its TypeScript name as its JSON Schema key (``qualname``); every reference and every
    ``@result`` tag follows it. Without a rename the schema itself is returned."""
    _, renames = declaration_names(schema, reserved, keys)
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
