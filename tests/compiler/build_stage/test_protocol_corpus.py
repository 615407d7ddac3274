"""Public non-MCP protocol schemas (tests/data/protocols) compile unmodified, import, and
match typescript-json-schema's output definition by definition (docs/jsonschema-deviations.md
explains each difference class)."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from codegen import ir
from codegen.build.pipeline import Options, generate, load_schema, schema_files
from codegen.emit.jsonschema import schema_document
from codegen.frontend.parse import parse_module
from tests.jsonschema_normalise import normalise_document
from tests.tjs_oracle import oracle_text

ROOT = Path(__file__).resolve().parents[3]
PROTOCOLS = ROOT / "tests" / "data" / "protocols"


class Case(NamedTuple):
    options: Options
    flags: list[str]  # typescript-json-schema's, besides --required
    share: float  # the share of definitions known equal
    # Oracle key prefixes that name no scope of ours: DAP's namespace (we flatten it) and
    # the global alias of `export as namespace X`, through which the oracle names each
    # declaration a second time.
    strip: tuple[str, ...] = ()
    # Why the file does not compile yet (generate, jsonschema); the test is a strict xfail
    # until it does, so it turns into a failure to remove the mark from.
    compile_pending: str = ""
    schema_pending: str = ""
    # `type integer = number` reached through another alias (`type NodeId = integer`): the
    # oracle sees only `number` there, we keep `integer` (docs/jsonschema-deviations.md).
    integer_aliases: bool = False


NUMBER = Options(default_number_type="number")
CORPUS: dict[str, Case] = {
    "a2a": Case(Options(default_number_type="integer"), ["--defaultNumberType", "integer"], 0.95),
    "dap": Case(NUMBER, [], 0.95, strip=("DebugProtocol.",)),
    "lsp-types": Case(NUMBER, [], 0.95),
    "devtools-protocol": Case(NUMBER, [], 0.95, integer_aliases=True),
    "geojson": Case(NUMBER, [], 0.95, strip=("GeoJSON.",)),
    "json-schema": Case(NUMBER, [], 0.95),
    "octokit-webhooks": Case(NUMBER, [], 0.95),
}


def _cases(pending: str) -> list[Any]:
    return [
        pytest.param(
            name,
            marks=pytest.mark.xfail(strict=True, reason=getattr(case, pending))
            if getattr(case, pending)
            else (),
        )
        for name, case in sorted(CORPUS.items())
    ]


@pytest.mark.parametrize("name", _cases("compile_pending"))
def test_protocol_compiles_unmodified_and_imports(name: str, tmp_path: Path) -> None:
    options = CORPUS[name].options
    package = name.replace("-", "_")
    out = tmp_path / package
    generate(PROTOCOLS / name, out, command="test", cache_dir=None, options=options)
    sys.path.insert(0, str(tmp_path))
    try:
        for module in ("", ".models", ".server", ".client", ".validators", ".methods"):
            importlib.import_module(package + module)
    finally:
        sys.path.remove(str(tmp_path))
        for key in [k for k in sys.modules if k == package or k.startswith(package + ".")]:
            del sys.modules[key]


def oracle_definitions(path: Path) -> dict[str, Any]:
    """typescript-json-schema's ``definitions`` for ``path``, as it writes them."""
    definitions: dict[str, Any] = json.loads(oracle_text(path))["definitions"]
    return definitions


def _oracle(name: str, flags: list[str]) -> dict[str, Any]:
    files = schema_files(PROTOCOLS / name)
    text = oracle_text(files[0], *flags)
    for prefix in CORPUS[name].strip:
        text = text.replace(f'"{prefix}', '"').replace(f"/{prefix}", "/")
    return bigint_number(empty_object(normalise_document(json.loads(text))))


_INTEGER_ALIASES: list[bool] = [False]  # the case being compared has `integer_aliases`


def same_meaning(oracle: Any, ours: Any, defs: dict[str, Any], depth: int = 0) -> bool:
    """Equal, or equal once a ``$ref`` of ours is replaced by the definition it names where
    the oracle wrote that definition inline (typescript-json-schema inlines object-literal
    aliases; we keep their name, see docs/jsonschema-deviations.md)."""
    if oracle == ours:
        return True
    if isinstance(ours, dict) and isinstance(oracle, dict):
        if oracle.get("$ref") == ERASED:  # what stands for a type parameter is ours alone
            oracle = {k: v for k, v in oracle.items() if k != "$ref"}
            ours = {k: v for k, v in ours.items() if k in oracle}
        if _INTEGER_ALIASES[0] and ours.get("type") == "integer" == {"number": "integer"}.get(
            oracle.get("type")
        ):
            ours = {**ours, "type": "number"}  # documented: an alias of `integer`
        if "deprecated" in ours and "deprecated" not in oracle:  # documented: `deprecated`
            ours = {k: v for k, v in ours.items() if k != "deprecated"}
        kinds = ours.get("type")
        if isinstance(kinds, list) and "null" in kinds and "null" not in str(oracle.get("type")):
            rest = [k for k in kinds if k != "null"]  # documented: `null` kept in unions
            ours = {**ours, "type": rest[0] if len(rest) == 1 else rest}
        ours = _without_null_member(oracle, ours)
        oracle = _without_oracle_extras(oracle, ours, defs)
        for key in ("anyOf", "allOf"):  # members in any order
            if isinstance(oracle.get(key), list) and isinstance(ours.get(key), list):
                if _same_members(oracle[key], ours[key], defs, depth):
                    oracle = {k: v for k, v in oracle.items() if k != key}
                    ours = {k: v for k, v in ours.items() if k != key}
        if oracle == ours:
            return True
        ref = ours.get("$ref")
        if isinstance(ref, str) and "$ref" not in oracle and depth < 8:
            target = defs.get(ref.removeprefix("#/$defs/"), {})
            merged = {**target, **{k: v for k, v in ours.items() if k != "$ref"}}
            return same_meaning(oracle, merged, defs, depth + 1)
        ref = oracle.get("$ref")
        if isinstance(ref, str) and "$ref" not in ours and depth < 8:
            # The oracle names a union alias that we splice (its only member once `null`
            # or `undefined` is erased); our definition of that name is compared on its own.
            target = defs.get(ref.removeprefix("#/$defs/"), {})
            merged = {k: v for k, v in target.items() if k != "description"}
            merged.update((k, v) for k, v in oracle.items() if k != "$ref")
            return target != {} and same_meaning(merged, ours, defs, depth + 1)
        return oracle.keys() == ours.keys() and all(
            same_meaning(oracle[k], ours[k], defs, depth) for k in oracle
        )
    if isinstance(ours, list) and isinstance(oracle, list) and len(ours) == len(oracle):
        return all(same_meaning(a, b, defs, depth) for a, b in zip(oracle, ours, strict=True))
    return False


NULL = {"type": "null"}


def _without_null_member(oracle: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """Documented `null` kept in unions: ``X | null`` is ``anyOf [X, null]`` with us and
    ``X`` with the oracle (compiled without strictNullChecks)."""
    members = ours.get("anyOf")
    if not isinstance(members, list) or NULL not in members or NULL in oracle.get("anyOf", []):
        return ours
    rest = [m for m in members if m != NULL]
    siblings = {k: v for k, v in ours.items() if k != "anyOf"}
    if len(rest) == 1 and isinstance(rest[0], dict) and not set(rest[0]) & set(siblings):
        return {**rest[0], **siblings}
    return {**siblings, "anyOf": rest}


def _without_oracle_extras(
    oracle: dict[str, Any], ours: dict[str, Any], defs: dict[str, Any]
) -> dict[str, Any]:
    """The oracle's spellings that we write otherwise: ``minItems: 0`` (its empty tuple);
    on a ``$ref`` that ours writes too, the description of the definition it names (the
    documented kind `alias-ref`: the oracle gives ``type A = B`` B's description); and its
    object for an interface that extends ``Array<T>`` (kind `array-interface`)."""
    if oracle.get("minItems") == 0 and "minItems" not in ours:
        oracle = {k: v for k, v in oracle.items() if k != "minItems"}
    items = oracle.get("patternProperties", {}).get("^[0-9]+$")
    if ours.get("type") == "array" and items is not None and oracle.get("type") == "object":
        # `interface A extends Array<T> {}`: the oracle writes an object with `length` and
        # numbered properties, which no JSON array matches; we write the array.
        shape = {
            "type": "object",
            "properties": {"length": {"type": "number"}},
            "required": ["length"],
            "patternProperties": {"^[0-9]+$": items},
            "additionalProperties": False,
        }
        if {k: oracle[k] for k in shape if k in oracle} == shape:
            oracle = {**{k: v for k, v in oracle.items() if k not in shape}}
            oracle.update(type="array", items=items)
    ref = oracle.get("$ref")
    if isinstance(ref, str) and ref == ours.get("$ref") and "description" not in ours:
        target = defs.get(ref.removeprefix("#/$defs/"), {})
        if "description" in oracle and oracle["description"] == target.get("description"):
            oracle = {k: v for k, v in oracle.items() if k != "description"}
    return oracle


def _same_members(oracle: list[Any], ours: list[Any], defs: dict[str, Any], depth: int) -> bool:
    if oracle and all(m == {"$ref": ERASED} for m in oracle):
        return True  # `G | Feature<G>` of an unbound `G`: nothing the oracle wrote to compare
    if len(oracle) != len(ours):
        return False
    left = list(ours)
    for member in oracle:
        match = next((m for m in left if same_meaning(member, m, defs, depth)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def equal_share(name: str) -> tuple[float, list[str]]:
    options, flags = CORPUS[name].options, CORPUS[name].flags
    # Ours first: a schema that does not compile yet fails before the oracle's slow run.
    ours = normalise_document(
        schema_document(load_schema(schema_files(PROTOCOLS / name), options=options))
    )
    oracle = _oracle(name, flags)
    params = _type_parameters(oracle, ours)
    keys = {k: _our_key(k, ours) for k in oracle}
    oracle = _erase_refs(oracle, params, keys)
    counted = {k: keys[k] for k in oracle if not _names_parameter(k, params)}
    borrowing = borrowed_union_aliases(name)
    _INTEGER_ALIASES[0] = CORPUS[name].integer_aliases
    try:
        differing = sorted(
            k
            for k, o in counted.items()
            if not same_meaning(oracle[k], _borrowed(oracle[k], ours.get(o), o in borrowing), ours)
        )
    finally:
        _INTEGER_ALIASES[0] = False
    return 1 - len(differing) / len(counted), differing


def _borrows_union(body: ir.TypeExpr) -> bool:
    """``T["k"]``, ``keyof T`` and ``boolean``: a type TypeScript already has, not one the
    alias makes."""
    if isinstance(body, ir.Ref):
        return body.name in (ir.INDEXED, ir.KEYOF)
    return isinstance(body, ir.Primitive) and body.name == "boolean"


def borrowed_union_aliases(name: str) -> set[str]:
    """The aliases of the schema whose body is a type in [`_borrows_union`][] (kind
    `borrowed-union`, docs/jsonschema-deviations.md), by our definition key."""
    names = set()
    for path in schema_files(PROTOCOLS / name):
        for decl in parse_module(str(path), path.read_text(encoding="utf-8")).decls:
            if isinstance(decl, ir.Alias) and _borrows_union(decl.type):
                names.add(decl.qualname or decl.name)
    return names


def _borrowed(oracle: Any, ours: Any, borrowing: bool) -> Any:
    """Kind `borrowed-union`: an alias that names a union TypeScript already has
    (``type A = T["kind"]``) gets no description from the oracle (the union carries no
    alias symbol); we keep the alias's JSDoc. Its other keywords are compared."""
    if (
        borrowing
        and isinstance(oracle, dict)
        and isinstance(ours, dict)
        and "description" in ours
        and "description" not in oracle
    ):
        return {k: v for k, v in ours.items() if k != "description"}
    return ours


_NOT_OBJECTS = ("string", "number", "integer", "boolean", "array")


def empty_object(value: Any) -> Any:
    """Kind `empty-object`: the oracle's ``allOf`` of ``{}`` (``{"type": "object"}``, or a
    ``$ref`` to ``Record<never,never>``) and a primitive, literal or array, which no value
    matches, read as that member (TypeScript's ``string & {}`` is ``string``); then an
    ``anyOf`` holding a primitive and literals of it (``"a" | (string & {})``) is that
    primitive. Applied bottom-up to a normalised oracle document."""
    if isinstance(value, list):
        return [empty_object(v) for v in value]
    if not isinstance(value, dict):
        return value
    value = {k: empty_object(v) for k, v in value.items()}
    members = value.get("allOf")
    if isinstance(members, list) and len(members) == 2:
        empty = {"type": "object"}, {"$ref": "#/$defs/Record<never,never>"}
        rest = [m for m in members if m not in empty]
        kind = rest[0].get("type") if len(rest) == 1 and isinstance(rest[0], dict) else None
        if kind in _NOT_OBJECTS:
            value = {**{k: v for k, v in value.items() if k != "allOf"}, **rest[0]}
    members = value.get("anyOf")
    if isinstance(members, list):
        plain = [m["type"] for m in members if isinstance(m, dict) and list(m) == ["type"]]
        kinds = {k for t in plain for k in (t if isinstance(t, list) else [t])}
        absorbed = [m for m in members if _literals_of(m, kinds)]
        if kinds and absorbed:
            left = [m for m in members if m not in absorbed]
            value = {k: v for k, v in value.items() if k != "anyOf"}
            value.update(left[0] if len(left) == 1 else {"anyOf": left})
    return value


def bigint_number(value: Any) -> Any:
    """The oracle's ``bigint``: ``{"type": "number", "properties": {},
    "additionalProperties": false}``, whose object keywords no number heeds, read as
    ``number``; then an ``anyOf`` of bare types (``bigint | null``) as one ``type`` list,
    as the oracle writes it for any other primitive. Applied bottom-up."""
    if isinstance(value, list):
        return [bigint_number(v) for v in value]
    if not isinstance(value, dict):
        return value
    value = {k: bigint_number(v) for k, v in value.items()}
    if value.get("type") == "number" and value.get("additionalProperties") is False:
        if not value.get("properties") and "patternProperties" not in value:
            value = {
                k: v for k, v in value.items() if k not in ("properties", "additionalProperties")
            }
    members = value.get("anyOf")
    if isinstance(members, list) and all(
        isinstance(m, dict) and list(m) == ["type"] and isinstance(m["type"], str) for m in members
    ):
        kinds = sorted({m["type"] for m in members})
        value = {k: v for k, v in value.items() if k != "anyOf"}
        value["type"] = kinds[0] if len(kinds) == 1 else kinds
    return value


def _literals_of(member: Any, kinds: set[Any]) -> bool:
    """``member`` is a ``const`` or ``enum`` whose every value is of one of ``kinds``."""
    if not isinstance(member, dict) or not set(member) <= {"const", "enum", "type"}:
        return False
    values = member.get("enum", [member["const"]] if "const" in member else [])
    names = {str: "string", bool: "boolean", int: "number", float: "number"}
    return bool(values) and all(names.get(type(v)) in kinds for v in values)


# typescript-json-schema writes a generic declaration's unbound type parameters as
# definitions of their own (`G`, `G_1`, `P`, ... beside `Feature<G,P>`), shaped after the
# constraint's base, not the constraint: artefacts that are not counted, and a `$ref` to one
# is compared by its other keywords only (docs/jsonschema-deviations.md, the protocol corpus).
ERASED = "<type parameter>"


def _type_parameters(oracle: dict[str, Any], ours: dict[str, Any]) -> set[str]:
    """Names inside the oracle's ``Name<...>`` keys that are no definition of ours."""
    names = set()
    for key in oracle:
        if "<" in key and ">" in key:
            inside = key[key.index("<") + 1 : key.rindex(">")]
            names |= {arg.strip() for arg in inside.split(",")}
    return {n for n in names if n.isidentifier() and n not in ours}


def _names_parameter(key: str, params: set[str]) -> bool:
    if re.sub(r"_\d+$", "", key) in params:
        return True
    inside = key[key.index("<") + 1 : key.rindex(">")] if "<" in key else ""
    return any(arg.strip() in params for arg in inside.split(","))


def _erase_refs(value: Any, params: set[str], keys: dict[str, str]) -> Any:
    """The oracle with each ``$ref`` to a type parameter erased and the others renamed to
    the definition of ours that they are compared with."""
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            target = ref.removeprefix("#/$defs/")
            erased = _names_parameter(target, params)
            value = {**value, "$ref": ERASED if erased else "#/$defs/" + keys.get(target, target)}
        return {k: _erase_refs(v, params, keys) for k, v in value.items()}
    if isinstance(value, list):
        return [_erase_refs(v, params, keys) for v in value]
    return value


def _our_key(key: str, ours: dict[str, Any]) -> str:
    """Ours for the oracle's key. The oracle dots every namespaced name
    (``Protocol.DOM.Node``), we only those that need it (``Node`` when it is the only one);
    ``Name<A,B>`` is ours ``Name_A_B``, else ``Name`` (the declaration with its defaults)."""
    if key in ours:
        return key
    if "<" not in key:
        last = key.rsplit(".", 1)[-1]
        return last if last in ours else key
    base = key[: key.index("<")]
    args = [
        a.strip().rsplit(".", 1)[-1] for a in key[key.index("<") + 1 : key.rindex(">")].split(",")
    ]
    instance = "_".join([base, *args])
    return instance if instance in ours else base


# typescript-json-schema over each whole protocol typing: minutes, so in `make test-all`.
@pytest.mark.full_corpus
@pytest.mark.parametrize("name", _cases("schema_pending"))
def test_protocol_json_schema_matches_typescript_json_schema(name: str) -> None:
    share, differing = equal_share(name)
    assert share >= CORPUS[name].share, differing


def test_a_borrowed_union_alias_is_explained_only_by_its_missing_description() -> None:
    ours = {"description": "Kinds.", "enum": ["a", "b"], "type": "string"}
    assert _borrowed({"enum": ["a", "b"], "type": "string"}, ours, True) == {
        "enum": ["a", "b"],
        "type": "string",
    }
    # Not such an alias, or the oracle writes a description: compared as they are.
    assert _borrowed({"enum": ["a", "b"], "type": "string"}, ours, False) == ours
    assert _borrowed({"description": "Other.", "type": "string"}, ours, True) == ours


def test_borrowed_union_aliases_are_indexed_access_keyof_and_boolean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "index.d.ts").write_text(
        "export interface A { kind: 'a' | 'b'; on: boolean }\n"
        'export type K = A["kind"];\nexport type N = keyof A;\nexport type B = boolean;\n'
        "export type U = 'a' | 'b';\nexport type R = A;\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sys.modules[__name__], "PROTOCOLS", tmp_path)
    assert borrowed_union_aliases("p") == {"K", "N", "B"}


def test_the_oracle_drops_the_description_of_an_alias_of_a_borrowed_union(
    tmp_path: Path,
) -> None:
    """The rule of kind `borrowed-union`, checked on the oracle itself: the alias that
    makes its union keeps its JSDoc, the ones that name an existing union do not."""
    source = tmp_path / "borrowed.ts"
    source.write_text(
        "export interface A { kind: 'a' | 'b'; on: boolean }\n"
        '/** k */\nexport type K = A["kind"];\n/** n */\nexport type N = keyof A;\n'
        "/** b */\nexport type B = boolean;\n/** u */\nexport type U = 'a' | 'b';\n",
        encoding="utf-8",
    )
    defs = oracle_definitions(source)
    assert [n for n in ("K", "N", "B", "U") if "description" in defs[n]] == ["U"]


def test_an_empty_object_intersection_is_read_as_its_primitive_and_absorbs_literals() -> None:
    """Kind `empty-object`: only the oracle's unsatisfiable ``allOf`` of ``{}`` and a
    non-object, and then literals beside their primitive, are rewritten."""
    unsatisfiable = {"allOf": [{"type": "object"}, {"type": "string"}]}
    assert empty_object(unsatisfiable) == {"type": "string"}
    record = {"allOf": [{"$ref": "#/$defs/Record<never,never>"}, {"type": "number"}]}
    assert empty_object({"items": record}) == {"items": {"type": "number"}}
    open_union = {"anyOf": [unsatisfiable, {"enum": ["a", "b"]}], "description": "d"}
    assert empty_object(open_union) == {"type": "string", "description": "d"}
    several = {"anyOf": [unsatisfiable, {"const": "a", "type": "string"}, {"$ref": "#/$defs/X"}]}
    assert empty_object(several) == {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/X"}]}
    # An object member with properties, literals of another type: compared as they are.
    branded = {"allOf": [{"type": "object", "required": ["b"]}, {"type": "string"}]}
    assert empty_object(branded) == branded
    other = {"anyOf": [{"type": "number"}, {"enum": ["a"]}]}
    assert empty_object(other) == other
    assert empty_object({"anyOf": [{"type": "string"}, {"type": "number"}]}) == {
        "anyOf": [{"type": "string"}, {"type": "number"}]
    }


def test_the_oracle_s_bigint_is_read_as_a_number() -> None:
    big = {"type": "number", "properties": {}, "additionalProperties": False}
    assert bigint_number({"items": big}) == {"items": {"type": "number"}}
    nullable = {"anyOf": [big, {"type": "null"}], "description": "d"}
    assert bigint_number(nullable) == {"type": ["null", "number"], "description": "d"}
    # An object keyword that does constrain, or an anyOf of more than bare types: as written.
    numbered = {"type": "number", "additionalProperties": False, "patternProperties": {}}
    assert bigint_number(numbered) == numbered
    mixed = {"anyOf": [{"type": "string"}, {"type": "number", "minimum": 1}]}
    assert bigint_number(mixed) == mixed
