"""``make bench-generality``: a sweep of real typings from npm, compiled unmodified.

The pure parts live here, tested without network by ``tests/test_bench_generality.py``:
reading the pinned list (`parse_list`), the import specifiers a dependency answers to
(`import_specifiers`), and the definition-by-definition comparison of our JSON Schema
with typescript-json-schema's (`compare_definitions`: property sets, required sets and
coarse JSON types, after `tests/jsonschema_normalise.py`'s spellings). The sweep itself
(fetching, running both compilers, importing, checking instances, the table) is
``bench/generality/__main__.py``, with ``fetching.py`` (npm pack, the trees) and
``running.py`` (subprocesses, the TJS oracle).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
LIST = HERE / "typings.txt"

_SPEC = re.compile(r"^(?P<name>(?:@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*)@(?P<version>[\w.+-]+)$", re.I)


class ListError(ValueError):
    """A line of the pinned list that does not parse: ``typings.txt:LINE: why``."""


@dataclass(frozen=True, slots=True)
class Typing:
    """One row of the sweep: a package pinned by version, the file to compile in it (None:
    its ``types``/``typings`` entry) and the pinned packages it imports."""

    name: str
    version: str
    entry: str | None = None
    ident: str = ""
    deps: tuple[tuple[str, str], ...] = ()

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def id(self) -> str:
        return self.ident or self.spec


def split_spec(text: str) -> tuple[str, str]:
    """``@scope/name@1.2.3`` -> (``@scope/name``, ``1.2.3``); ValueError when not pinned."""
    match = _SPEC.match(text)
    if match is None:
        raise ValueError(f"expected NAME@VERSION, got {text!r}")
    return match["name"], match["version"]


def parse_list(text: str, source: str = "typings.txt") -> list[Typing]:
    """The typings of a pinned list; comments (``#``) and blank lines are skipped."""
    typings: list[Typing] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, *options = line.split()
        try:
            name, version = split_spec(head)
            entry, ident, deps = None, "", []
            for option in options:
                key, sep, value = option.partition("=")
                if not sep or not value:
                    raise ValueError(f"expected KEY=VALUE, got {option!r}")
                if key == "entry":
                    if value.startswith("/") or ".." in Path(value).parts:
                        raise ValueError(f"entry must be a path inside the package: {value!r}")
                    entry = value
                elif key == "id":
                    ident = value
                elif key == "dep":
                    deps.append(split_spec(value))
                else:
                    raise ValueError(f"unknown option {key!r} (entry, id, dep)")
        except ValueError as err:
            raise ListError(f"{source}:{number}: {err}") from None
        typing = Typing(name, version, entry, ident, tuple(deps))
        if typing.id in seen:
            raise ListError(f"{source}:{number}: {typing.id} is listed twice (add id=...)")
        seen.add(typing.id)
        typings.append(typing)
    return typings


def import_specifiers(package: str) -> list[str]:
    """The specifiers an import of ``package`` is written with: ``@types/x`` answers to
    ``x`` (and ``@types/a__b`` to ``@a/b``), as TypeScript resolves them."""
    if package.startswith("@types/"):
        bare = package.removeprefix("@types/")
        if "__" in bare:
            scope, _, rest = bare.partition("__")
            bare = f"@{scope}/{rest}"
        return [bare, package]
    return [package]


def safe_name(text: str) -> str:
    """A file-name-safe spelling of a typing id (``@types/hast@3.0.4`` -> ``types+hast@3.0.4``)."""
    return re.sub(r"[^\w.@+-]", "+", text.removeprefix("@"))


# --------------------------------------------------------------------------- comparison

ANY = "any"
_KINDS = {bool: "boolean", str: "string", int: "number", float: "number", type(None): "null"}


@dataclass(frozen=True, slots=True)
class Shape:
    """What the sweep compares of one definition: its coarse JSON types (``integer`` read
    as ``number``, ``null`` left out: typescript-json-schema erases it without
    strictNullChecks), and for objects its property names and required names."""

    kinds: frozenset[str]
    properties: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()


@dataclass
class Comparison:
    """Definition by definition: ``equal`` and ``differing`` name the oracle's keys;
    ``missing`` those ours lacks; ``skipped`` the oracle's stand-ins for type parameters."""

    equal: list[str] = field(default_factory=list)
    differing: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return len(self.equal) + len(self.differing) + len(self.missing)


def shape(schema: Any, defs: Mapping[str, Any], depth: int = 0) -> Shape:
    """The coarse `Shape` of a (normalised) schema; ``$ref``s are followed in ``defs``."""
    if schema is True or not isinstance(schema, dict):
        return Shape(frozenset({ANY} if schema is not False else set()))
    ref = schema.get("$ref")
    if isinstance(ref, str) and depth < 12:
        target = defs.get(ref_name(ref))
        if target is not None:
            return _merge_all([shape(target, defs, depth + 1), shape(_rest(schema), defs, depth)])
    for key in ("anyOf", "oneOf"):
        members = schema.get(key)
        if isinstance(members, list) and members:
            parts = [shape(m, defs, depth + 1) for m in members]
            if any(p.kinds != {"null"} for p in parts):
                # ``X | null`` is ``X`` to the oracle, which runs without strictNullChecks
                parts = [p for p in parts if p.kinds != {"null"}]
            kinds = frozenset().union(*(p.kinds for p in parts))
            union = Shape(
                kinds - {"null"} if len(kinds) > 1 else kinds,
                frozenset().union(*(p.properties for p in parts)),
                frozenset.intersection(*(p.required for p in parts)),
            )
            return _merge_all([union, shape(_rest(schema, key), defs, depth)])
    members = schema.get("allOf")
    if isinstance(members, list) and members:
        parts = [shape(m, defs, depth + 1) for m in members]
        if any(p.kinds & _PRIMITIVES for p in parts):
            # a brand beside a primitive is the primitive (documented kind `brand`)
            parts = [p for m, p in zip(members, parts, strict=True) if not _brand(m, defs)]
        return _merge_all([*parts, shape(_rest(schema, "allOf"), defs, depth)])
    return _own(schema)


_PRIMITIVES = frozenset({"string", "number", "boolean"})


def _brand(schema: Any, defs: Mapping[str, Any], depth: int = 0) -> bool:
    """An object schema of literal members only (``{__brand: {const: "Id"}}``): a
    compile-time tag that no JSON value carries, which ours drops beside a primitive (the
    documented kind `brand`, docs/jsonschema-deviations.md)."""
    if not isinstance(schema, dict):
        return False
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target = defs.get(ref_name(ref))
        return depth < 12 and target is not None and _brand(target, defs, depth + 1)
    properties = schema.get("properties")
    if schema.get("type") != "object" or not isinstance(properties, dict) or not properties:
        return False
    if set(schema) - {"type", "properties", "required", "description", "additionalProperties"}:
        return False
    return all(
        isinstance(p, dict)
        and ("const" in p or (isinstance(p.get("enum"), list) and len(p["enum"]) == 1))
        for p in properties.values()
    )


def ref_name(ref: str) -> str:
    """The definition a local ``$ref`` names (pointer escapes and URL quoting undone)."""
    name = ref.removeprefix("#/$defs/").removeprefix("#/definitions/")
    return unquote(name).replace("~1", "/").replace("~0", "~")


def _rest(schema: dict[str, Any], key: str = "$ref") -> dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in (key, "description", "$comment")}


def _own(schema: dict[str, Any]) -> Shape:
    if _array_interface(schema):
        return Shape(frozenset({"array"}))
    kinds: set[str] = set()
    declared = schema.get("type")
    if declared is not None:
        kinds = set(declared) if isinstance(declared, list) else {declared}
    elif "const" in schema:
        kinds = {_KINDS.get(type(schema["const"]), "object")}
    elif isinstance(schema.get("enum"), list):
        kinds = {_KINDS.get(type(v), "object") for v in schema["enum"]}
    elif {"properties", "additionalProperties", "required", "patternProperties"} & set(schema):
        kinds = {"object"}
    elif {"items", "prefixItems"} & set(schema):
        kinds = {"array"}
    else:
        kinds = {ANY}
    kinds = {"number" if k == "integer" else k for k in kinds}
    if len(kinds) > 1:
        kinds.discard("null")
    properties = schema.get("properties")
    required = schema.get("required")
    return Shape(
        frozenset(kinds),
        frozenset(properties) if isinstance(properties, dict) else frozenset(),
        frozenset(required) if isinstance(required, list) else frozenset(),
    )


def _array_interface(schema: dict[str, Any]) -> bool:
    """typescript-json-schema's object for ``interface A extends Array<T> {}`` (a
    ``length`` and numbered properties, which no JSON array matches): our array (the
    documented kind `array-interface`, docs/jsonschema-deviations.md)."""
    return (
        schema.get("type") == "object"
        and "^[0-9]+$" in schema.get("patternProperties", {})
        and set(schema.get("properties", {})) <= {"length"}
    )


def _merge_all(parts: list[Shape]) -> Shape:
    """An intersection: the kinds all parts admit (``any`` admits every kind), every
    property any part declares, every name any part requires."""
    kinds: frozenset[str] | None = None
    for part in parts:
        if ANY in part.kinds:
            continue
        kinds = part.kinds if kinds is None else kinds & part.kinds
    return Shape(
        kinds if kinds is not None else frozenset({ANY}),
        frozenset().union(*(p.properties for p in parts)),
        frozenset().union(*(p.required for p in parts)),
    )


def describe_difference(oracle: Shape, ours: Shape) -> str:
    """One line: where two shapes differ (``types string != object``, ``properties -a +b``)."""
    parts = []
    if oracle.kinds != ours.kinds:
        parts.append(f"types {'|'.join(sorted(oracle.kinds))} != {'|'.join(sorted(ours.kinds))}")
    for label, theirs, mine in (
        ("properties", oracle.properties, ours.properties),
        ("required", oracle.required, ours.required),
    ):
        if theirs != mine:
            change = [f"-{n}" for n in sorted(theirs - mine)] + [
                f"+{n}" for n in sorted(mine - theirs)
            ]
            parts.append(f"{label} {' '.join(change[:4])}{' ...' if len(change) > 4 else ''}")
    return "; ".join(parts)


def type_parameters(oracle: Iterable[str], ours: Mapping[str, Any]) -> set[str]:
    """Names inside the oracle's ``Name<...>`` keys that are no definition of ours: the
    type parameters it writes as definitions of their own (``T``, ``T_1``)."""
    names: set[str] = set()
    for key in oracle:
        if "<" in key and key.endswith(">"):
            names |= {a.strip() for a in key[key.index("<") + 1 : -1].split(",")}
    return {n for n in names if n.isidentifier() and n not in ours}


def names_parameter(key: str, params: set[str]) -> bool:
    if re.sub(r"_\d+$", "", key) in params:
        return True
    inside = key[key.index("<") + 1 : key.rindex(">")] if "<" in key and ">" in key else ""
    return any(arg.strip() in params for arg in inside.split(","))


def _named_twice(key: str, oracle: Mapping[str, Any]) -> bool:
    """``Global.X`` beside ``X``: ``export as namespace Global`` makes the oracle name each
    declaration a second time."""
    _, dot, rest = key.partition(".")
    return bool(dot) and rest in oracle


def our_key(key: str, ours: Mapping[str, Any]) -> str | None:
    """Our definition for the oracle's key: the same name; a dotted namespace path by its
    last part (or the parts joined); ``Name<A,B>`` as ``Name_A_B``, else ``Name``."""
    if key in ours:
        return key
    if "<" in key and ">" in key:
        base = key[: key.index("<")].rsplit(".", 1)[-1]
        args = [
            a.strip().rsplit(".", 1)[-1]
            for a in key[key.index("<") + 1 : key.rindex(">")].split(",")
        ]
        for candidate in ("_".join([base, *args]), base):
            if candidate in ours:
                return candidate
        return None
    parts = key.split(".")
    for i in range(1, len(parts)):
        for candidate in (".".join(parts[i:]), "".join(parts[i:]), "_".join(parts[i:])):
            if candidate in ours:
                return candidate
    return None


# TypeScript's own generics: the oracle names an instance it meets (``Record<K,V>``,
# ``Exclude``) as a definition; the typing declares none of them.
LIB_GENERICS = frozenset(
    "Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType "
    "Parameters InstanceType Awaited Uppercase Lowercase Capitalize Uncapitalize Array "
    "ReadonlyArray Promise PromiseLike Map Set ArrayLike Iterable".split()
)
# Interfaces of TypeScript's lib that the oracle writes out where a typing names them.
LIB_TYPES = frozenset("ArrayBuffer Date RegExp Error Uint8Array Function Object".split())
_DECLARED_GENERIC = re.compile(r"\b(?:interface|type|class)\s+[\w$]+\s*<")


def declared_type_parameters(texts: Iterable[str]) -> set[str]:
    """The names of the type parameters that ``texts`` declare (``interface A<T, U = X>``
    gives T and U): the oracle writes each as a definition of its own."""
    names: set[str] = set()
    for text in texts:
        for match in _DECLARED_GENERIC.finditer(text):
            depth, start, i = 1, match.end(), match.end()
            pieces: list[str] = []
            while i < len(text) and depth:
                char = text[i]
                if char in "<([{":
                    depth += 1
                elif char in ">)]}" and not (char == ">" and text[i - 1] == "="):
                    depth -= 1
                elif char == "," and depth == 1:
                    pieces.append(text[start:i])
                    start = i + 1
                i += 1
            pieces.append(text[start : i - 1])
            for piece in pieces:
                head = re.match(r"\s*(?:(?:in|out|const)\s+)*([A-Za-z_$][\w$]*)", piece)
                if head:
                    names.add(head[1])
    return names


_DECLARED = re.compile(r"\b(?:interface|type|class|enum|namespace|module)\s+([A-Za-z_$][\w$]*)")
_GENERIC_NAME = re.compile(r"\b(?:interface|type|class)\s+([A-Za-z_$][\w$]*)\s*<")


@dataclass(frozen=True)
class Foreign:
    """What the oracle writes that no declaration of ours can answer, when ours has no
    definition of that name: ``lib``, the types TypeScript's lib files declare (DOM's
    ``Window``, ``Element``... that a typing merges into or names) unless the typing
    declares that name too (``names``); and ``generics``, the typing's own generic
    declarations, which the oracle writes uninstantiated (``GetResponse`` for
    ``GetResponse<T>``) and per instance (``NullableOption_17`` for
    ``NullableOption<T>``), where ours compiles a generic where it is instantiated."""

    names: frozenset[str] = frozenset()
    generics: frozenset[str] = frozenset()
    lib: frozenset[str] = frozenset()

    def covers(self, key: str) -> bool:
        base = key.split("<", 1)[0]
        last = base.rsplit(".", 1)[-1]
        if re.sub(r"_\d+$", "", last) in self.generics:
            return True
        return last in self.lib and last not in self.names


def foreign_names(texts: Iterable[str], lib_texts: Iterable[str] = ()) -> Foreign:
    """`Foreign` of a typing's files (``texts``) and TypeScript's lib files."""
    texts = list(texts)
    names = {m[1] for text in texts for m in _DECLARED.finditer(text)}
    generics = {m[1] for text in texts for m in _GENERIC_NAME.finditer(text)}
    lib = {m[1] for text in lib_texts for m in _DECLARED.finditer(text)}
    return Foreign(frozenset(names), frozenset(generics), frozenset(lib))


def oracle_artefact(key: str, params: set[str], ours: Mapping[str, Any]) -> bool:
    """A definition the oracle writes for no declaration of the typing: a type parameter
    (``T``, ``T_1``), an instance of a TypeScript generic, an interface of TypeScript's lib,
    an unnamed ``import(...)`` or object type (``{[x:string]:any;}``)."""
    if key in ours:
        return False
    base = key.split("<", 1)[0]
    return (
        re.sub(r"_\d+$", "", key) in params
        or base in LIB_GENERICS
        or key in LIB_TYPES
        or key.startswith(("import(", "{"))
    )


def umbrella_key(
    key: str, oracle: Mapping[str, Any], ours: Mapping[str, Any], modules: Mapping[str, str]
) -> str | None:
    """Ours for the oracle's bare ``X`` where several files of a typing declare ``X``,
    each under ``export as namespace G``: the oracle writes each as ``G.X`` and the bare
    ``X`` as one of them (a ``$ref`` to ``G.X``, or that declaration written out, its
    references all into ``G``); ours qualifies the clashing declarations by their module
    instead (``r2.X``). ``modules`` maps each such ``G`` to our qualifier of its file."""
    space, dot, name = key.partition(".")
    if dot and space in modules and f"{modules[space]}.{name}" in ours:
        return f"{modules[space]}.{name}"  # ``G.X`` itself
    schema = oracle.get(key)
    spaces = {space for space in _references(schema) if space in modules}
    if len(spaces) != 1:
        return None
    space = spaces.pop()
    for candidate in (f"{space}.{key}", f"{modules[space]}.{key}"):
        if candidate in ours:
            return candidate
    return None


def _references(schema: Any) -> Iterator[str]:
    """The ``G`` of each ``$ref`` to a ``G.Name`` inside ``schema``."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                space, dot, _ = ref_name(ref).rpartition(".")
                if dot:
                    yield space
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


_UMBRELLA = re.compile(r"^\s*export\s+as\s+namespace\s+([A-Za-z_$][\w$.]*)", re.M)


def umbrella_modules(files: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``export as namespace G`` -> our qualifier of the file that says it (its path
    from the typing's folder, ``/``-separated, without the extension and a last
    ``index``, dotted: ``v2/r4.d.ts`` -> ``v2.r4``), from ``(path, text)`` pairs."""
    found: dict[str, str] = {}
    for path, text in files:
        match = _UMBRELLA.search(text)
        if match is None:
            continue
        stem = re.sub(r"(\.d)?\.[mc]?ts$", "", path)
        parts = stem.split("/")
        if len(parts) > 1 and parts[-1] == "index":
            parts.pop()
        found[match[1]] = ".".join(parts)
    return found


_DECLARATION_KEY = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:<.*>)?(?:_\d+)?")


def _names_a_declaration(key: str) -> bool:
    """Whether the oracle's key names a declaration (``A``, ``ns.A``, ``Page<T>``,
    ``A_1``), not an unnamed type it keys by its text (``"a"|("b"&string)``)."""
    return _DECLARATION_KEY.fullmatch(key) is not None


def enum_member(key: str, oracle: Mapping[str, Any], ours: Mapping[str, Any]) -> bool | None:
    """The oracle's ``E.Member`` for an enum member used as a type (``{"const": 2}``),
    where ours writes the member's value inline: None when ``key`` is no such member of an
    enum that both define, else whether ours has the member's value among ``E``'s."""
    prefix, dot, _ = key.rpartition(".")
    value = _single(oracle.get(key))
    theirs = oracle.get(prefix)
    mine = our_key(prefix, ours) if dot else None
    if value is None or mine is None or not isinstance(theirs, dict):
        return None
    if value[0] not in (theirs.get("enum") or ()):
        return None
    return value[0] in (ours[mine].get("enum") or ()) if isinstance(ours[mine], dict) else False


def _single(schema: Any) -> tuple[Any] | None:
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return (schema["const"],)
    values = schema.get("enum")
    return (values[0],) if isinstance(values, list) and len(values) == 1 else None


def compare_definitions(
    oracle: Mapping[str, Any],
    ours: Mapping[str, Any],
    declared_params: set[str] | None = None,
    foreign: Foreign | None = None,
    modules: Mapping[str, str] | None = None,
) -> Comparison:
    """Each oracle definition against ours of the same name, by `Shape` (both normalised
    by ``tests/jsonschema_normalise.normalise_document`` or already in its spelling).
    ``declared_params``: the type parameters the typing declares (see
    `declared_type_parameters`); their stand-ins in the oracle are not counted, nor are
    the definitions `Foreign` covers that ours lacks. ``modules``: see `umbrella_key`."""
    result = Comparison()
    params = type_parameters(oracle, ours)
    extra = declared_params or set()
    used: set[str] = set()  # ours, matched by name
    for key in sorted(oracle):
        if (
            names_parameter(key, params)
            or _named_twice(key, oracle)
            or oracle_artefact(key, extra, ours)
        ):
            result.skipped.append(key)
            continue
        if not _names_a_declaration(key):
            result.skipped.append(key)  # an unnamed type: `"a"|("b"&string)`, `(A&{...})`
            continue
        mine = our_key(key, ours)
        if mine is None and modules:
            mine = umbrella_key(key, oracle, ours, modules)
        if mine is None and (member := enum_member(key, oracle, ours)) is not None:
            if member:
                result.equal.append(key)
            else:
                result.differing[key] = "enum member's value not in our enum"
            continue
        if mine is None and foreign is not None and foreign.covers(key):
            result.skipped.append(key)
            continue
        if mine is None:
            result.missing.append(key)
            continue
        used.add(mine)
        theirs, here = shape(oracle[key], oracle), shape(ours[mine], ours)
        if theirs == here:
            result.equal.append(key)
        else:
            result.differing[key] = describe_difference(theirs, here)
    _pair_by_module(result, oracle, ours, used)
    return result


def _pair_by_module(
    result: Comparison, oracle: Mapping[str, Any], ours: Mapping[str, Any], used: set[str]
) -> None:
    """One name declared by several modules: the oracle keys the types ``X``, ``X_1``, ...
    in the order it meets them, ours by module (``a.X``, ``b.X``; see
    docs/jsonschema-deviations.md, "Names"). Neither order says which is which, so the two
    groups are paired one to one where the shapes are equal; the rest of the oracle's stays
    missing (which of ours it stands for is unknown)."""
    groups: dict[str, list[str]] = {}
    for key in result.missing:
        numbered = re.fullmatch(r"(.+)_(\d+)", key)
        base = numbered.group(1) if numbered and numbered.group(1) in oracle else key
        groups.setdefault(base, []).append(key)
    if not groups:
        return
    by_last: dict[str, list[str]] = {}
    for key in sorted(ours):
        if "." in key and key not in used:
            by_last.setdefault(key.rsplit(".", 1)[1], []).append(key)
    for base, keys in groups.items():
        candidates = by_last.get(base, [])
        if not candidates:
            continue
        keys.sort(key=lambda k: (len(k), k))  # X, X_1, X_2, ..., X_10
        theirs = {k: shape(oracle[k], oracle) for k in keys}
        here = {k: shape(ours[k], ours) for k in candidates}
        left = list(candidates)
        unpaired = []
        for key in keys:
            mine = next((c for c in left if here[c] == theirs[key]), None)
            if mine is None:
                unpaired.append(key)
                continue
            left.remove(mine)
            result.equal.append(key)
            result.missing.remove(key)
    result.equal.sort()
