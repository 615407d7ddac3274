"""The typed intermediate representation shared by every compiler pass.

Every node is a frozen dataclass with a ``kind`` literal, so passes can ``match`` on it
and mypy can narrow it. Nodes carry their source ``Span`` (for ``file:line:col`` errors)
and their JSDoc as structured tags (``Doc``).

Two stages use these nodes:

* ``parse`` produces one ``Module`` per file. Type references are still names as written.
* ``resolve`` produces one ``Schema``: a single namespace in which every ``Ref`` names a
  declaration of the schema (imports followed, overrides applied), every ``typeof CONST``
  became a ``Literal``, and every declaration was checked to exist.
  ``extends``, ``Omit`` and ``&`` are kept as written (JSON Schema and Python need them
  differently); ``ir.queries.flat_properties`` gives the flattened view where a pass needs it.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from dataclasses import field, fields
from typing import Any, TypeVar
from typing import Literal as Lit

from .node_class import node

# Generic names TypeScript itself defines, with their arity; resolve checks the arity and,
# with expand, rewrites them (unless the schema declares a type of that name).
BUILTIN_GENERICS = {
    "Omit": 2,
    "Record": 2,
    "Array": 1,
    "ReadonlyArray": 1,
    "ArrayLike": 1,
    "Uppercase": 1,
    "Lowercase": 1,
    "Capitalize": 1,
    "Uncapitalize": 1,
    "Partial": 1,
    "Required": 1,
    "Readonly": 1,
    "Pick": 2,
    "NonNullable": 1,
    "Exclude": 2,
    "Extract": 2,
}
# ``keyof T``, ``T[K]`` and ``C extends E ? X : Y`` (args: C, E, X, Y) travel as references
# to these names (no TS name can clash); so does a rest tuple member that names a type
# (``[A, ...Ns]``, ``[A, ...T]``: ``Tuple.rest`` until expand splices what it names).
KEYOF = "#keyof"
INDEXED = "#indexed"
CONDITIONAL = "#conditional"
SPREAD = "#spread"
# In a conditional type's ``extends`` clause only: ``infer X`` (args: ``Ref("X")``, then its
# constraint if written) and a function type (args: the return type, then each
# parameter's), which ``codegen.frontend.infer`` matches against the checked type.
INFER = "#infer"
FUNCTION = "#function"
# ``{ [K in Keys]: V }`` (args: Literal(K), Keys, V, Literal(modifiers)) where V reads K, and
# a template literal type with a hole that names a type (args: text, hole, text, ...).
MAPPED = "#mapped"
TEMPLATE = "#template"
# ``this`` in an interface or a class (args: a reference to that declaration): the type
# the member is read from, which is a subtype's where it inherits the member.
THIS = "#this"


def degraded(what: str, span: Span) -> Primitive:
    """``unknown`` standing for ``what``, a construct the dialect cannot express."""
    return Primitive("unknown", span, degraded=what)


# --------------------------------------------------------------------------- source


@node
class Span:
    """A position in a schema file, 1-based line and column."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


NO_SPAN = Span("<builtin>", 0, 0)


@node
class DocTag:
    """One JSDoc block tag, e.g. ``@format uri`` is ``DocTag("format", "uri")``."""

    name: str
    text: str


@node
class Doc:
    """A JSDoc comment: the free text before the first tag, then the tags in order."""

    description: str = ""
    tags: tuple[DocTag, ...] = ()

    def get(self, name: str) -> str | None:
        """The text of the first tag called ``name``, or None."""
        for tag in self.tags:
            if tag.name == name:
                return tag.text
        return None

    def all(self, name: str) -> tuple[str, ...]:
        return tuple(tag.text for tag in self.tags if tag.name == name)

    def has(self, name: str) -> bool:
        return any(tag.name == name for tag in self.tags)


EMPTY_DOC = Doc()

# --------------------------------------------------------------------------- types

PrimitiveName = Lit[
    "string", "number", "boolean", "null", "unknown", "any", "undefined", "never", "object"
]
LiteralValue = str | int | float | bool


@node
class Primitive:
    name: PrimitiveName
    span: Span = NO_SPAN
    kind: Lit["primitive"] = "primitive"
    # A template literal type is a ``string`` with a regular expression (JSON Schema ``pattern``).
    pattern: str | None = None
    # ``Date`` is a ``string`` in JSON's ``date-time`` format (typescript-json-schema's reading).
    format: str | None = None
    # An ``unknown`` that stands for a construct the dialect cannot express: what it was.
    # Every pass treats it as ``unknown`` (``JsonValue``); resolve warns at each one that
    # is compiled, JSON Schema writes ``{}`` with a ``$comment``, the package lists them.
    degraded: str | None = field(default=None, metadata={"shape": "when set"})


@node
class Literal:
    """A literal type: ``"text"``, ``42``, ``-1.5``, ``true``."""

    value: LiteralValue
    span: Span = NO_SPAN
    kind: Lit["literal"] = "literal"


@node
class Ref:
    """A named type. ``args`` holds generic arguments (``Omit<T, "k">``, ``Record<K, V>``).

    After ``resolve`` only declaration names remain: ``Record``, ``Array`` and ``Omit``
    are rewritten to ``Mapping``, ``Array`` and ``Omit`` nodes.
    """

    name: str
    args: tuple[TypeExpr, ...] = ()
    span: Span = NO_SPAN
    kind: Lit["ref"] = "ref"


@node
class Typeof:
    """``typeof NAME``; resolve turns it into the constant's ``Literal``."""

    name: str
    span: Span = NO_SPAN
    kind: Lit["typeof"] = "typeof"


@node
class Array:
    items: TypeExpr
    span: Span = NO_SPAN
    kind: Lit["array"] = "array"


@node
class Tuple:
    items: tuple[TypeExpr, ...]
    span: Span = NO_SPAN
    kind: Lit["tuple"] = "tuple"
    # ``[A, B?]``: how many leading members are required (None: all of them).
    min_items: int | None = None
    # ``[A, ...B[]]``: the type of every member after ``items`` (None: there are none).
    # Left out of structural digests while unset, so names made before it stay the same.
    rest: TypeExpr | None = field(default=None, metadata={"shape": "when set"})

    @property
    def members(self) -> tuple[TypeExpr, ...]:
        """Every member type, the rest member's last: for passes that visit them all."""
        return self.items if self.rest is None else (*self.items, self.rest)


@node
class Union:
    """Members in source order, nested unions flattened."""

    members: tuple[TypeExpr, ...]
    span: Span = NO_SPAN
    kind: Lit["union"] = "union"


@node
class Intersection:
    members: tuple[TypeExpr, ...]
    span: Span = NO_SPAN
    kind: Lit["intersection"] = "intersection"


@node
class Omit:
    """``Omit<base, "a" | "b">``."""

    base: TypeExpr
    keys: tuple[str, ...]
    span: Span = NO_SPAN
    kind: Lit["omit"] = "omit"


@node
class Mapping:
    """``Record<string, V>`` (written as a mapping); ``{[k: string]: V}`` stays an Object."""

    value: TypeExpr
    span: Span = NO_SPAN
    kind: Lit["mapping"] = "mapping"


@node
class Property:
    name: str
    type: TypeExpr
    optional: bool = False
    readonly: bool = False
    doc: Doc = EMPTY_DOC
    span: Span = NO_SPAN
    # ``[E.Member]: T``, ``[KEY]: T``: the computed key's expression, which resolve folds
    # into ``name`` (an enum member's or a const's value) or leaves out (a ``unique
    # symbol``: no JSON key); ``name`` is ``[E.Member]`` until then. None after resolve.
    computed: str | None = field(default=None, metadata={"shape": "when set"})
    # ``200: T``, ``[1]: T``, a number-valued enum member or const as ``[KEY]``: TypeScript
    # keeps the key a number, so ``keyof`` gives ``200``, not ``"200"`` (``name`` is the
    # JSON key, "200", either way).
    numeric_name: bool = field(default=False, metadata={"shape": "when set"})


@node
class IndexSignature:
    """``[key: string]: value``."""

    value: TypeExpr
    key_name: str = "key"
    doc: Doc = EMPTY_DOC
    span: Span = NO_SPAN
    # ``[n: number]: V``: the keys are decimal digits (JSON Schema ``patternProperties``).
    numeric: bool = False
    # ``[k: `_${string}`]: V``: the keys match this regular expression (``^_.*$``).
    pattern: str | None = None

    @property
    def key_pattern(self) -> str | None:
        """The regular expression every key matches (None: any string)."""
        return "^[0-9]+$" if self.numeric else self.pattern


@node
class Object:
    """An object type literal ``{ ... }`` or an interface body.

    ``methods`` names its methods, which are no data and no member of the type here: only
    ``T["method"]`` reads them (a function type, as TypeScript computes it). They take no
    part in equality or in ``queries.shape``."""

    properties: tuple[Property, ...] = ()
    index: IndexSignature | None = None
    span: Span = NO_SPAN
    kind: Lit["object"] = "object"
    methods: tuple[str, ...] = field(default=(), compare=False, metadata={"shape": "never"})


TypeExpr = (
    Primitive
    | Literal
    | Ref
    | Typeof
    | Array
    | Tuple
    | Union
    | Intersection
    | Omit
    | Mapping
    | Object
)

# --------------------------------------------------------------------------- declarations


@node
class TypeParam:
    """A generic declaration's parameter ``T`` (``T = Default``); constraints are dropped."""

    name: str
    default: TypeExpr | None = None


@node
class Interface:
    """``interface Name extends A, Omit<B, "x"> { ... }``.

    ``extends`` entries are ``Ref`` or ``Omit`` (of a ``Ref``), in source order.
    """

    name: str
    body: Object
    extends: tuple[TypeExpr, ...] = ()
    exported: bool = True
    doc: Doc = EMPTY_DOC
    span: Span = NO_SPAN
    kind: Lit["interface"] = "interface"
    # Generic parameters; ``codegen.frontend.expand`` instantiates a generic per use and drops it.
    params: tuple[TypeParam, ...] = ()
    # Declared in a namespace beside a same-named declaration of another scope: the
    # namespace path (``Protocol.Debugger.CallFrame``), the JSON Schema's key; else "".
    qualname: str = ""
    # Declared as a class: its name is also a value, so ``typeof Name`` is its constructor.
    klass: bool = False


@node
class Alias:
    """``type Name = <type>``."""

    name: str
    type: TypeExpr
    exported: bool = True
    doc: Doc = EMPTY_DOC
    span: Span = NO_SPAN
    kind: Lit["alias"] = "alias"
    params: tuple[TypeParam, ...] = ()
    # Compiled from an ``enum``: its values keep declaration order in JSON Schema.
    enum: bool = False
    # Merged with a ``namespace`` of the same name (typings' helper functions): TypeScript
    # then no longer names the alias on its uses, so JSON Schema inlines it.
    with_namespace: bool = False
    qualname: str = ""  # as ``Interface.qualname``


@node
class Const:
    """``const NAME = <literal>`` (optionally ``as const`` or with a type annotation)."""

    name: str
    value: LiteralValue
    exported: bool = True
    doc: Doc = EMPTY_DOC
    span: Span = NO_SPAN
    kind: Lit["const"] = "const"


Decl = Interface | Alias | Const


@node
class Import:
    """``import { a, b as c } from "./x"``: ``names`` maps local name -> exported name.

    ``reexport`` marks ``export { a } from "./x"`` and ``export * from "./x"`` (``star``);
    a re-export's ``names`` map the name exported here -> the name exported there
    (``export { a as b } from "./x"`` is ``(b, a)``).
    ``alias`` is the local name of the whole module: ``import x = require("./x")``,
    ``import * as x from "./x"`` (``x`` is then what ``./x`` assigns with ``export =``,
    else its namespace). No names and no alias: ``import "./x"`` (a side-effect import), or,
    with ``reference``, ``/// <reference path="x.d.ts" />``, which brings the file into
    the program without making the referencing file a module."""

    source: str
    names: tuple[tuple[str, str], ...]
    span: Span = NO_SPAN
    reexport: bool = False
    star: bool = False
    alias: str = ""
    reference: bool = False


@node
class Module:
    """One parsed schema file."""

    path: str
    decls: tuple[Decl, ...]
    imports: tuple[Import, ...] = ()
    # Enum members by qualified name (``Color.Red``), for ``Color.Red`` used as a type.
    enum_members: tuple[tuple[str, LiteralValue], ...] = ()
    # ``export = X``: the name the module assigns as its export ("" when none).
    assigned: str = ""
    # ``export default X``, ``export default interface X``: the name exported as
    # ``default`` ("" when none), which ``import X from "./m"`` names.
    default: str = ""
    # The values of typings left out (functions, classes' values, ``declare const``): a
    # module may still export them, and another import them (for no type).
    values: tuple[str, ...] = ()
    # Values of typings left out that share their name with a type (``declare const BRAND:
    # unique symbol`` beside ``type BRAND``): what a computed key ``[BRAND]`` reads.
    typed_values: tuple[str, ...] = ()
    # Classes with methods that typings declare (left out: behaviour, not data); a type
    # that names one degrades to ``JsonValue``.
    left_out: tuple[str, ...] = ()
    # ``export namespace N`` at top level: names an ``import { N }`` may bring.
    namespaces: tuple[str, ...] = ()
    # ``export { A as B }`` of a local declaration: (exported name, declared name) pairs;
    # the declaration keeps its name (typescript-json-schema's), importers may write ``B``.
    export_names: tuple[tuple[str, str], ...] = ()
    # ``export as namespace X``: the UMD global name the module is also visible under
    # ("" when none); another module of the program may write ``X.T`` without importing.
    umd_global: str = ""
    # Each namespace the module declares (dotted path) and every name it holds, so that
    # ``NS.Name`` of a namespace without ``Name`` is not another scope's ``Name``.
    namespace_members: tuple[tuple[str, tuple[str, ...]], ...] = ()


# --------------------------------------------------------------------------- resolved schema


@node
class Override:
    """A declaration replaced by a later one carrying ``@override`` (an overlay)."""

    name: str
    replaced: Span
    by: Span


@node
class Schema:
    """The resolved program: one namespace, declarations in source order.

    ``decls`` preserves first-seen order across files (files in manifest order), with an
    overriding declaration taking the place of the one it replaces.
    """

    decls: dict[str, Decl]
    overrides: tuple[Override, ...] = ()
    files: tuple[str, ...] = field(default=())
    # ``--default-number-type`` (typescript-json-schema's option): what ``number`` and number
    # literals mean. None, the default, keeps ``number`` for ``number`` and ``integer`` for
    # integer literals (what MCP's official schema.json says; see docs/jsonschema-deviations.md).
    default_number_type: Lit["number", "integer"] | None = None
    # ``--protocol``: ``mcp`` or ``generic`` (no MCP runtime assumptions); None detects it.
    protocol: Lit["mcp", "generic"] | None = None

    def interface(self, name: str) -> Interface | None:
        decl = self.decls.get(name)
        return decl if isinstance(decl, Interface) else None


# --------------------------------------------------------------------------- copies

_N = TypeVar("_N")
# Per node class: its field names (as a set) and a function that copies a node with some
# of them changed; None for a class whose ``__init__`` does more than set its fields
# (``__post_init__``, a field outside it).
_COPIERS: dict[type, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]] | None] = {}


def replace(node: _N, /, **changes: object) -> _N:
    """``dataclasses.replace(node, **changes)`` for an IR node: a new node of its class
    with ``changes`` and every other field as ``node`` holds it.

    The passes copy nodes tens of thousands of times on a large typing (#37), and
    ``dataclasses.replace`` reads the class's field table and builds keyword arguments
    for ``__init__`` on each call; this sets the fields directly, as a frozen dataclass's
    ``__init__`` itself does. Any other class, or a name the class does not have, goes
    to ``dataclasses.replace`` (and its error)."""
    kind = type(node)
    if kind in _COPIERS:
        known = _COPIERS[kind]
    else:
        known = _COPIERS[kind] = _copier(kind)
    if known is None or not known[0].issuperset(changes):
        return dataclasses.replace(node, **changes)  # type: ignore[type-var]
    return known[1](node, changes)  # type: ignore[no-any-return]


def _copier(kind: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]] | None:
    """The copy function of a plain dataclass: one line per field, as ``dataclasses``
    writes ``__init__``, with no loop and no ``getattr`` by name. A field in ``__slots__``
    is set through its slot (what ``object.__setattr__`` finds, without the lookup); any
    other by ``object.__setattr__``, which a frozen dataclass's ``__init__`` uses too."""
    if not dataclasses.is_dataclass(kind) or hasattr(kind, "__post_init__"):
        return None
    every = fields(kind)
    if not all(f.init for f in every):
        return None
    names = tuple(f.name for f in every)
    scope: dict[str, Any] = {"new": object.__new__, "kind": kind, "put": object.__setattr__}
    lines = ["def copy(node, changes):", "    made = new(kind)"]
    for i, name in enumerate(names):
        value = f"changes[{name!r}] if {name!r} in changes else node.{name}"
        slot = kind.__dict__.get(name)
        if isinstance(slot, types.MemberDescriptorType):
            scope[f"slot_{i}"] = slot.__set__
            lines.append(f"    slot_{i}(made, {value})")
        else:
            lines.append(f"    put(made, {name!r}, {value})")
    lines.append("    return made")
    exec("\n".join(lines), scope)  # field names are the class's identifiers, no input
    return frozenset(names), scope["copy"]
