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
import functools
import re
from dataclasses import dataclass, field

from ... import ir
from ...errors import SchemaError
from ...ir.queries import shape
from .class_specs import ClassSpec, class_specs
from .name_rules import (
    HELPER_NAMES,
    ModuleNames,
    Rename,
    attribute_map,
    attribute_name,
    attribute_renames,
    property_keys,
    upper_snake,
)


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
    _origins: dict[int, ClassSpec] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A property several classes hold (an interface's, and a ``Pick<>`` of it: the same
        # object) names its inline classes after the class whose text encloses it, else
        # the first: a ``Pick`` written before or after must not rename the interface's.
        # (Per property of every class: one dict operation for the common one-holder case.)
        origins = self._origins
        first_holder = origins.setdefault
        for spec in self.classes:
            for prop in spec.body.properties:
                held = first_holder(id(prop), spec)
                if held is not spec and encloses_better(spec.span, held.span, prop.span):
                    origins[id(prop)] = spec
        by_key, at = self._by_key, self._at
        for (owner, key, structure), name in self.inline.items():
            first = by_key.get((key, structure))
            if first is None or name < first:  # the first name, sorted
                by_key[(key, structure)] = name
            names = at.get((owner, key))
            if names is None:
                at[(owner, key)] = [name]
            else:
                names.append(name)

    def origin(self, prop: ir.Property, default: str) -> str:
        """The class whose body wrote ``prop``, which names the anonymous classes inside it
        (a flattened copy keeps its origin's), else ``default``."""
        spec = self._origins.get(id(prop))
        return default if spec is None else spec.name

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


def encloses_better(span: ir.Span, held: ir.Span, at: ir.Span) -> bool:
    """Whether a class starting at ``span`` encloses a property written at ``at`` more
    closely than one starting at ``held``: the latest start at or before it, same file."""
    if span.file != at.file or (span.line, span.col) > (at.line, at.col):
        return False  # ``span`` does not enclose it
    if held.file != at.file or (held.line, held.col) > (at.line, at.col):
        return True  # ``held`` does not
    return (span.line, span.col) > (held.line, held.col)


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


# ``from .models import``, as the tokenizer allows it to be spelled (spaces and line
# continuations between the tokens). A module without it (the validators, the static
# runtime: most of the text) imports nothing from models, so it clashes with no name and
# is not parsed (#37); with it anywhere, even in a comment, the module is parsed. No
# ``\b`` before ``from``: a pattern that opens with a literal is searched for by it
# (0.05 ms, not 5, over the validators' text), and a match too many only costs a parse.
_FROM_MODELS = re.compile(r"from[\s\\]*\.[\s\\]*models\b")


def _imports_from_models(text: str) -> bool:
    """Whether ``text`` may import from ``.models``. Non-ASCII text is parsed anyway:
    Python reads identifiers under NFKC, so ``ｍodels`` spells ``models``."""
    return not text.isascii() or _FROM_MODELS.search(text) is not None


def module_clashes(names: Names, schema: ir.Schema, modules: dict[str, str]) -> set[str]:
    """The schema's Python names that another generated module imports from ``models``
    while binding them itself (``Mapping``): ``python_schema`` must not give them out."""
    own = {spec.name for spec in names.classes} | set(names.aliases)
    own |= set(names.constants.values())
    clashes: set[str] = set()
    for text in modules.values():
        if not _imports_from_models(text):
            continue
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
        if not _imports_from_models(text):
            continue
        bound, from_models, _ = module_names(text)
        for name in sorted(own.keys() & bound & from_models):
            raise SchemaError(
                own[name],
                f"'{name}' would take the name '{name}' that the generated "
                f"{path.removesuffix('.py')} module defines",
            )


def assign_names(schema: ir.Schema, keys: dict[str, ir.Span] | None = None) -> Names:
    """Name every class, alias, attribute and constant of a schema ``python_schema`` has
    named (its declarations keep their names here). ``keys``: ``property_keys(schema)``,
    when the caller has it. A build asks once per schema (``backend.PythonBackend``)."""
    if keys is None:
        keys = property_keys(schema)
    attributes = attribute_map(keys)
    module = ModuleNames(set(attributes.values()), frozenset())
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
    # The structures of the anonymous types, found once: the emitters ask ``inline_class``
    # for the same types (``Names._shapes``).
    shapes: dict[int, tuple[object, object]] = {}
    specs = class_specs(schema, module, shapes)
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
    renames = (*module.renames, *attribute_renames(keys, attributes))
    return Names(
        tuple(specs), inline, attributes, constants, aliases, helpers, renames, _shapes=shapes
    )
