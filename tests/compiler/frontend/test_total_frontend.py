"""A total front end (issue #33): constructs of real typings that the compiler refused, or
lost silently, computed as TypeScript and typescript-json-schema compute them.

Each case compiles a snippet, imports the package under warnings-as-errors, validates good
and bad values with the models and with the emitted JSON Schema, and, where
typescript-json-schema reads the snippet, compares the definitions with its own.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.format import format_python
from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.emit.python.pydantic.models import emit_models
from codegen.errors import Diagnostics, SchemaError
from tests.compiler.build_stage.test_protocol_corpus import oracle_definitions
from tests.compiler.emit.test_pydantic_emit import import_source
from tests.jsonschema_check import checked_validator
from tests.jsonschema_normalise import normalise_schema
from tests.tjs_oracle import oracle_symbols


def _agree(tmp_path: Path, snippet: str, target: str, good: list[Any], bad: list[Any]) -> Any:
    """Compile ``snippet`` (beside the files already in ``tmp_path``), import it with
    warnings as errors, and check ``target``'s model and JSON Schema on the values."""
    (tmp_path / "schema.ts").write_text(snippet)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        schema = load_schema([tmp_path / "schema.ts"])  # one front-end run for both back ends
        source = format_python("models.py", emit_models(schema)["models.py"])
        module = import_source(source, tmp_path)
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    document = schema_document(schema)
    judge = checked_validator({**document, "$ref": f"#/$defs/{target}"})
    for value in good:
        adapter.validate_json(json.dumps(value))
        judge.validate(value)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            judge.validate(value)
    return document["$defs"]


def _located(tmp_path: Path, snippet: str) -> str:
    (tmp_path / "schema.ts").write_text(snippet)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / "schema.ts"])
    return str(info.value).removeprefix(str(tmp_path) + "/")


# --------------------------------------------------------------------------- /// <reference>

R2 = "export as namespace v2;\nexport interface Address { city?: string }\n"
R3 = (
    "export as namespace v3;\nexport interface Address { city: string; zip?: string }\n"
    "export interface Patient { address: Address[] }\n"
)


def test_a_triple_slash_reference_brings_its_file_into_the_program(tmp_path: Path) -> None:
    """@types/fhir's index is five references and nothing else: nothing may be lost."""
    (tmp_path / "r2.d.ts").write_text(R2)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "r3.d.ts").write_text(R3)
    snippet = (
        "// a typings index\n"
        '/// <reference path="r2.d.ts" />\n'
        "/// <reference path='./sub/r3.d.ts' />\n"
        "export interface Index { at: string }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "Patient",
        [{"address": [{"city": "a"}, {"city": "b", "zip": "1"}]}],
        [{"address": [{}]}, {"address": [{"city": 1}]}, {}],
    )
    assert sorted(defs) == ["Index", "Patient", "r2.Address", "sub.r3.Address"]
    # typescript-json-schema writes the types of the files it is given: each file's own
    theirs = oracle_definitions(tmp_path / "sub" / "r3.d.ts")
    assert theirs["v3.Address"] == defs["sub.r3.Address"]
    assert theirs["Patient"]["required"] == defs["Patient"]["required"]
    assert oracle_definitions(tmp_path / "r2.d.ts")["Address"] == defs["r2.Address"]


def test_a_referenced_script_declares_global_names(tmp_path: Path) -> None:
    (tmp_path / "globals.d.ts").write_text("interface Shared { x: string }\n")
    defs = _agree(
        tmp_path,
        '/// <reference path="globals.d.ts" />\ninterface Uses { s: Shared }\n'
        "type Exported = Uses;\nexport {};\n",
        "Uses",
        [{"s": {"x": "a"}}],
        [{"s": {}}, {"s": {"x": 1}}],
    )
    assert "Shared" in defs


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        (
            '/// <reference path="gone.d.ts" />\nexport interface A { a: string }\n',
            "schema.ts:1:1: error: referenced file '{tmp}/gone.d.ts' not found",
        ),
        (
            '/// <reference path="/etc/x.d.ts" />\nexport interface A { a: string }\n',
            "schema.ts:1:1: error: unsupported construct: reference path that is not a"
            " relative file path",
        ),
    ],
)
def test_a_reference_that_names_no_file_is_a_located_error(
    tmp_path: Path, snippet: str, message: str
) -> None:
    assert _located(tmp_path, snippet) == message.format(tmp=tmp_path)


def test_a_side_effect_import_brings_its_file_and_no_name(tmp_path: Path) -> None:
    (tmp_path / "side.ts").write_text("export interface Side { s: string }\n")
    defs = _agree(
        tmp_path,
        'import "./side";\nimport "reflect-metadata";\nexport interface A { a: string }\n',
        "A",
        [{"a": "x"}],
        [{"a": 1}],
    )
    assert sorted(defs) == ["A", "Side"]


# --------------------------------------------------------------------------- infer

INFER = """
interface Box<T> { value: T }
type Unbox<B> = B extends Box<infer T> ? T : never;
export interface Unboxed { a: Unbox<Box<string>>; n: Unbox<Box<number>> }
export interface Node<D extends object = {}> { type: string; data?: D }
type NodeData<N extends Node<object>> = N extends Node<infer TData> ? TData : never;
export interface Lit extends Node<{ key: string }> { value: string }
export interface Datas { d: NodeData<Node<{ key: string }>>; e: NodeData<Lit> }
type OneOf<T extends any[]> = T extends [infer Only]
  ? Only
  : T extends [infer A, infer B, ...infer Rest] ? A | B | OneOf<Rest> : never;
export type Three = OneOf<[string, number, null]>;
type Elem<T> = T extends (infer E)[] ? E : T;
export interface Elems { of: Elem<number[]>; bare: Elem<string> }
type Defined<T> = T extends infer V | undefined ? V : never;
export interface Defineds { v: Defined<string | undefined> }
type Prop<T> = T extends { a: infer X; b: infer X } ? X : never;
export interface Props { p: Prop<{ a: string; b: number }> }
"""

# name -> (type, values it accepts, values it rejects)
INFER_CASES: dict[str, tuple[str, list[Any], list[Any]]] = {
    "a_generic_instance_gives_its_argument": (
        "Unboxed",
        [{"a": "x", "n": 1}],
        [{"a": 1, "n": 1}, {"a": "x", "n": "1"}],
    ),
    "an_interface_extending_the_generic_gives_its_property": (
        "Datas",
        [{"d": {"key": "k"}, "e": {"key": "k"}}],
        [{"d": {"key": "k"}, "e": {}}, {"d": {}, "e": {"key": "k"}}],
    ),
    "tuple_members_and_a_rest_recursively": ("Three", ["a", 1, None], [[], {}]),
    "array_items": ("Elems", [{"of": 1, "bare": "s"}], [{"of": [1], "bare": "s"}]),
    "a_union_beside_fixed_members": ("Defineds", [{"v": "s"}], [{"v": None}, {}]),
    "object_properties_each_a_candidate": ("Props", [{"p": "s"}, {"p": 1}], [{"p": None}]),
}


@pytest.mark.parametrize("name", sorted(INFER_CASES))
def test_infer_binds_what_stands_in_its_place(name: str, tmp_path: Path) -> None:
    _agree(tmp_path, INFER, *INFER_CASES[name])


def test_infer_means_what_typescript_json_schema_makes_of_it(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(INFER)
    ours = schema_document(load_schema([tmp_path / "schema.ts"]))["$defs"]
    theirs = oracle_symbols(tmp_path / "schema.ts", ["Unboxed", "Datas", "Three", "Elems", "Props"])
    for name, schema in theirs.items():
        schema.pop("$schema", None)
        assert normalise_schema(schema) == normalise_schema(ours[name]), name


# --------------------------------------------------------------------------- declared classes

CLASSES = """
export interface FileCoverageData { path: string }
export declare class FileCoverage implements FileCoverageData {
    constructor(data: string);
    static create(): FileCoverage;
    static kind: string;
    merge(other: FileCoverageData): void;
    toJSON(): object;
    data: FileCoverageData;
    path: string;
    hits?: number[];
}
export interface Report { cov: FileCoverage; files: FileCoverage[] }
"""


def test_a_declared_class_with_methods_is_its_data_members(tmp_path: Path) -> None:
    (tmp_path / "lib.d.ts").write_text(CLASSES)
    good = {"cov": {"data": {"path": "a"}, "path": "a", "hits": [1]}, "files": []}
    defs = _agree(
        tmp_path,
        'import { Report } from "./lib";\nexport interface Uses { r: Report }\n',
        "Uses",
        [{"r": good}],
        [{"r": {**good, "cov": {"path": "a"}}}, {"r": {**good, "cov": {"data": {}, "path": "a"}}}],
    )
    assert sorted(defs["FileCoverage"]["properties"]) == ["data", "hits", "path"]
    theirs = oracle_definitions(tmp_path / "lib.d.ts")
    assert normalise_schema(theirs["FileCoverage"]) == normalise_schema(
        json.loads(json.dumps(defs["FileCoverage"]).replace("#/$defs/", "#/definitions/"))
    )


def test_function_and_object_are_the_lib_s_members_as_the_oracle_writes_them(
    tmp_path: Path,
) -> None:
    snippet = "export interface Callbacks { f?: Function; o?: Object; s: string }\n"
    defs = _agree(tmp_path, snippet, "Callbacks", [{"s": "x"}], [{"s": "x", "o": {}}, {"s": 1}])
    theirs = oracle_definitions(tmp_path / "schema.ts")
    for name in ("Function", "Object"):
        assert normalise_schema(theirs[name]) == normalise_schema(
            json.loads(json.dumps(defs[name]).replace("#/$defs/", "#/definitions/"))
        ), name


# --------------------------------------------------------------------------- property names


def test_literal_computed_and_numeric_property_names_are_their_keys(tmp_path: Path) -> None:
    snippet = (
        "export interface Ctx { ['cloud.provider']?: string; [`tmpl`]: number;"
        " 200: { ok: true }; 1.50: string; 0x10: 'x' }\n"
    )
    good = {"tmpl": 1, "200": {"ok": True}, "1.5": "s", "16": "x", "cloud.provider": "aws"}
    defs = _agree(
        tmp_path,
        snippet,
        "Ctx",
        [good],
        [{**good, "cloud.provider": 1}, {k: v for k, v in good.items() if k != "200"}],
    )
    theirs = oracle_definitions(tmp_path / "schema.ts")
    assert normalise_schema(theirs["Ctx"]) == normalise_schema(defs["Ctx"])


def test_a_computed_name_that_names_nothing_is_a_located_error(tmp_path: Path) -> None:
    assert _located(tmp_path, "export interface I { [KEY]: string }\n") == (
        "schema.ts:1:22: error: cannot find name 'KEY' (property key [KEY])"
    )


def test_a_computed_name_that_is_no_literal_degrades_its_declaration(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(
        "export interface I { [f()]: string }\nexport type J = 1;\n"
    )
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert [str(w).removeprefix(str(tmp_path) + "/") for w in diags.degraded] == [
        "schema.ts:1:22: warning: unsupported construct: computed property name (use a plain or"
        " quoted name): degraded to JsonValue (any JSON value)"
    ]


COMPUTED = """
export enum Kind { Create = "message_create", Count = 2 }
export namespace ns { export enum Inner { X = "x" } }
export const KEY = "the-key";
declare const hack: unique symbol;
export interface Event {
    type: Kind;
    [Kind.Create]?: { text: string };
    [Kind.Count]: number;
    [KEY]: boolean;
    [ns.Inner.X]?: string;
    [hack]?: { type: string };
}
"""


def test_a_computed_name_is_the_enum_member_s_or_const_s_value(tmp_path: Path) -> None:
    # TypeScript's rule: an enum member or a const of literal type names the key; a
    # ``unique symbol`` is no JSON key (typescript-json-schema writes ``__@hack@12``).
    good = {"type": "message_create", "2": 1, "the-key": True, "message_create": {"text": "t"}}
    defs = _agree(
        tmp_path,
        COMPUTED,
        "Event",
        [good, {**good, "x": "s"}],
        [{k: v for k, v in good.items() if k != "2"}, {**good, "message_create": {"text": 1}}],
    )
    assert set(defs["Event"]["properties"]) == {"type", "message_create", "2", "the-key", "x"}
    assert defs["Event"]["required"] == ["2", "the-key", "type"]


def test_a_computed_name_from_a_package_that_is_not_mapped_degrades_loudly(
    tmp_path: Path,
) -> None:
    snippet = (
        'import { Kind } from "elsewhere";\n'
        "export interface Op { a: string; [Kind.Assign]: '=' }\n"
    )
    (tmp_path / "schema.ts").write_text(snippet)
    diags = Diagnostics()
    document = schema_document(load_schema([tmp_path / "schema.ts"], diags))
    op = document["$defs"]["Op"]
    assert set(op["properties"]) == {"a"}  # as typescript-json-schema, which drops it
    assert "[Kind.Assign]" in op["additionalProperties"]["$comment"]
    [warning] = diags.degraded
    assert (warning.span.line, warning.span.col) == (2, 34)
    assert warning.message.startswith("the property key [Kind.Assign]")


def test_a_redeclared_property_of_a_degraded_type_is_not_checked_against_its_base(
    tmp_path: Path,
) -> None:
    """@typescript-eslint/types: ``value: ValueOf<ToText>`` over ``value: string``, where
    ToText's keys are members of a package not mapped: the degraded type stands for what
    only that package could tell, so it is no incompatible redeclaration (tsc, which
    reads the package, accepts it); it warns as degraded and admits any value."""
    snippet = (
        'import type { SyntaxKind } from "typescript";\n'
        "export interface BaseToken { type: string; value: string }\n"
        "export interface ToText { [SyntaxKind.AmpersandToken]: '&'; [SyntaxKind.BarToken]: '|' }\n"
        "type ValueOf<T> = T[keyof T];\n"
        "export interface Punctuator extends BaseToken { type: 'P'; value: ValueOf<ToText> }\n"
    )
    _agree(tmp_path, snippet, "Punctuator", [{"type": "P", "value": "&"}], [{"type": "P"}])
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert {w.message.split(" (")[0] for w in diags.degraded} == {
        "the property key [SyntaxKind.AmpersandToken]",
        "the property key [SyntaxKind.BarToken]",
    }


# --------------------------------------------------------------------------- lib generics


def test_intrinsic_string_types_and_array_like(tmp_path: Path) -> None:
    snippet = (
        'type Unit = "ms" | "s";\nexport interface Lib { u: Uppercase<Unit>;'
        ' l: Lowercase<"MS">; c: Capitalize<"abc">; n: Uncapitalize<"ABC">;'
        " s: Uppercase<string>; a: ArrayLike<number> }\n"
    )
    good = {"u": "MS", "l": "ms", "c": "Abc", "n": "aBC", "s": "x", "a": [1]}
    defs = _agree(
        tmp_path,
        snippet,
        "Lib",
        [good, {**good, "u": "S"}],
        [{**good, "u": "ms"}, {**good, "c": "abc"}, {**good, "a": ["x"]}],
    )
    found = oracle_symbols(tmp_path / "schema.ts", ["Lib"])["Lib"]
    theirs = {k: v for k, v in found.items() if k not in ("$schema", "definitions")}
    # the oracle names a union of literals after the alias it comes from: inlined here
    assert theirs["properties"]["u"] == {"$ref": "#/definitions/Uppercase"}
    theirs["properties"]["u"] = found["definitions"]["Uppercase"]
    # ``Uppercase<string>`` is ``string`` to TypeScript; the oracle writes an array of them
    assert theirs["properties"].pop("s") == {"type": "array", "items": {"type": "string"}}
    assert defs["Lib"]["properties"].pop("s") == {"type": "string"}
    assert normalise_schema(theirs)["properties"] == normalise_schema(defs["Lib"])["properties"]


def test_an_intrinsic_string_type_of_a_number_is_a_located_error(tmp_path: Path) -> None:
    assert _located(tmp_path, "export type U = Uppercase<1>;\n") == (
        "schema.ts:1:17: error: 'Uppercase' needs a string type, got 1"
    )


def test_a_record_of_never_is_the_empty_object(tmp_path: Path) -> None:
    snippet = "export interface Buttons { button: Record<string, never>; n: number }\n"
    _agree(
        tmp_path,
        snippet,
        "Buttons",
        [{"button": {}, "n": 1}],
        [{"button": {"x": 1}, "n": 1}, {"button": {"x": None}, "n": 1}],
    )


def test_never_in_a_union_is_dropped(tmp_path: Path) -> None:
    snippet = (
        "export type Redirect = never | { url: string };\n"
        "export interface Res { r: Redirect; s: string | never }\n"
    )
    _agree(tmp_path, snippet, "Res", [{"r": {"url": "u"}, "s": "x"}], [{"r": {}, "s": "x"}])


def test_an_intersection_of_function_types_is_an_object(tmp_path: Path) -> None:
    snippet = (
        "export type VToV = ((uuid: string) => string) & ((uuid: number) => string);\n"
        "export interface Opts { v?: VToV; n: number }\n"
    )
    _agree(tmp_path, snippet, "Opts", [{"n": 1}, {"n": 1, "v": {}}], [{"n": 1, "v": 1}])


# --------------------------------------------------------------------------- syntax and arrays


def test_export_type_star_re_exports_like_export_star(tmp_path: Path) -> None:
    (tmp_path / "a.ts").write_text("export interface A { a: string }\n")
    defs = _agree(
        tmp_path,
        "export type * from './a';\nexport type * as ns from './a';\n"
        "export interface U { n: ns.A }\n",
        "U",
        [{"n": {"a": "x"}}],
        [{"n": {}}, {"n": {"a": 1}}],
    )
    assert sorted(defs) == ["A", "U"]


def test_an_interface_extending_array_with_members_is_an_indexed_object(tmp_path: Path) -> None:
    snippet = (
        "export interface Range { start: number; end: number }\n"
        "export interface Ranges extends Array<Range> { type: string }\n"
        "export interface Flags extends Array<boolean> {}\n"
        "export interface FlagsAgain extends Flags {}\n"
        "export interface U { r: Ranges; f: FlagsAgain }\n"
    )
    r = {"type": "bytes", "length": 1, "0": {"start": 0, "end": 1}}
    defs = _agree(
        tmp_path,
        snippet,
        "U",
        [{"r": r, "f": [True]}],
        [{"r": {**r, "x": 1}, "f": []}, {"r": {**r, "0": 1}, "f": []}, {"r": r, "f": [1]}],
    )
    theirs = oracle_definitions(tmp_path / "schema.ts")
    assert normalise_schema(theirs["Ranges"]) == normalise_schema(
        json.loads(json.dumps(defs["Ranges"]).replace("#/$defs/", "#/definitions/"))
    )


def test_a_generic_interface_extending_an_array_keeps_its_type_parameters(tmp_path: Path) -> None:
    """utility-types' ``interface _DeepReadonlyArray<T> extends ReadonlyArray<...> {}``: an
    empty interface over an array names the array, and its type parameters stay its own
    (they were dropped: "'Arr' takes 0..0 type arguments, got 1")."""
    snippet = (
        "export interface Arr<T> extends ReadonlyArray<T> {}\n"
        "export interface Pairs<K, V = number> extends Array<[K, V]> {}\n"
        "export interface U { a: Arr<string>; p: Pairs<string> }\n"
    )
    good = [{"a": ["x"], "p": [["k", 1]]}, {"a": [], "p": []}]
    bad = [{"a": [1], "p": []}, {"a": [], "p": [["k", "v"]]}, {"a": "x", "p": []}]
    _agree(tmp_path, snippet, "U", good, bad)


def test_typeof_a_namespaced_class_is_its_constructor_s_prototype(tmp_path: Path) -> None:
    (tmp_path / "lib.d.ts").write_text(
        "export declare class TrustedHTML {\n  private constructor();\n  kind: string;\n}\n"
    )
    defs = _agree(
        tmp_path,
        'import * as lib from "./lib";\n'
        "export interface Factory { TrustedHTML: typeof lib.TrustedHTML; empty: lib.TrustedHTML }\n",
        "Factory",
        [{"TrustedHTML": {"prototype": {"kind": "k"}}, "empty": {"kind": "e"}}],
        [{"TrustedHTML": {}, "empty": {"kind": "e"}}, {"TrustedHTML": {"prototype": {}}}],
    )
    assert defs["Factory"]["properties"]["TrustedHTML"] == {
        "properties": {"prototype": {"$ref": "#/$defs/TrustedHTML"}},
        "required": ["prototype"],
        "type": "object",
    }  # as typescript-json-schema writes it (@types/trusted-types)


def test_void_as_a_generic_argument_compiles(tmp_path: Path) -> None:
    snippet = (
        "export interface Base<P> { params?: P; id: number }\n"
        "export interface U extends Base<void> {}\n"
    )
    _agree(tmp_path, snippet, "U", [{"id": 1}], [{"id": "1"}])


def test_a_template_key_index_signature_is_pattern_properties(tmp_path: Path) -> None:
    """typescript-json-schema cannot read it ("index symbol other than a number or a
    string"); the nearest honest schema: the keys match the template's pattern, as a number
    key's match digits."""
    snippet = (
        "export interface Entry { [customField: `_${string}`]: unknown; name?: string;"
        ' n: number }\nexport interface Only { [k: `x-"${string}`]: string }\n'
        "export interface U { e: Entry; o: Only }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "U",
        [{"e": {"n": 1, "_x": [1], "name": "a"}, "o": {'x-"a': "s"}}, {"e": {"n": 1}, "o": {}}],
        [
            {"e": {"n": 1, "y": 1}, "o": {}},
            {"e": {"n": 1}, "o": {"y": "s"}},
            {"e": {"n": 1}, "o": {'x-"a': 1}},
        ],
    )
    assert defs["Entry"]["patternProperties"] == {"^_.*$": {}}
    assert defs["Entry"]["additionalProperties"] is False


def test_omit_of_keyof_a_type_parameter(tmp_path: Path) -> None:
    snippet = (
        "export interface T { a: string; b: number; c: boolean }\n"
        "export interface R { b: string }\n"
        "type Modify<X, Y> = Omit<X, keyof Y> & Y;\n"
        "export interface U { m: Modify<T, R> }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "U",
        [{"m": {"a": "x", "b": "y", "c": True}}],
        [{"m": {"a": "x", "b": 1, "c": True}}, {"m": {"a": "x", "b": "y"}}],
    )
    omitted = defs["U"]["properties"]["m"]["allOf"][0]
    assert sorted(omitted["properties"]) == ["a", "c"]  # as the oracle's Omit<T,"b">


def test_typeof_of_an_enum_and_of_a_lib_style_interface_in_typings(tmp_path: Path) -> None:
    """``typeof Enum`` is the enum's values and, in typings, ``typeof X`` of an interface
    is the constructor that ``declare var X: { prototype: X }`` pairs with it (the DOM
    lib's pattern), as typescript-json-schema writes both."""
    (tmp_path / "lib.d.ts").write_text(
        'export enum Color { Red = "r", Green = "g" }\nexport interface Node { n: number }\n'
        "export interface U { c: typeof Color; k: typeof Node }\n"
    )
    defs = _agree(
        tmp_path,
        'import { U } from "./lib";\nexport interface W { u: U }\n',
        "W",
        [{"u": {"c": "r", "k": {"prototype": {"n": 1}}}}],
        [{"u": {"c": "Red", "k": {"prototype": {"n": 1}}}}, {"u": {"c": "r", "k": {"n": 1}}}],
    )
    assert defs["U"]["properties"]["c"] == {"$ref": "#/$defs/Color"}


def test_a_default_import_names_the_default_export(tmp_path: Path) -> None:
    (tmp_path / "ral.d.ts").write_text(
        "declare namespace RAL { interface Msg { m: string } }\nexport default RAL;\n"
    )
    (tmp_path / "other.d.ts").write_text(
        "export default interface Stream2 { t: boolean }\nexport interface Other { o: 1 }\n"
    )
    defs = _agree(
        tmp_path,
        'import RAL from "./ral";\nimport Stream, { Other } from "./other";\n'
        "export interface U { r: RAL.Msg; s: Stream; o: Other }\n",
        "U",
        [{"r": {"m": "x"}, "s": {"t": True}, "o": {"o": 1}}],
        [
            {"r": {"m": 1}, "s": {"t": True}, "o": {"o": 1}},
            {"r": {"m": "x"}, "s": {}, "o": {"o": 1}},
        ],
    )
    assert defs["U"]["properties"]["s"] == {"$ref": "#/$defs/Stream2"}


def test_a_default_import_of_a_module_without_one_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "plain.ts").write_text("export interface A { a: 1 }\n")
    assert _located(tmp_path, 'import D from "./plain";\nexport interface B { d: D }\n') == (
        "schema.ts:1:1: error: './plain' does not export 'default' (no such declaration)"
    )


def test_typeof_a_generic_class_is_the_prototype_of_any_arguments(tmp_path: Path) -> None:
    (tmp_path / "lib.d.ts").write_text(
        "export declare class Arr<T> { items: T[]; push(t: T): void }\n"
        "export interface U { a: typeof Arr }\n"
    )
    _agree(
        tmp_path,
        'import { U } from "./lib";\nexport interface W { u: U }\n',
        "W",
        [{"u": {"a": {"prototype": {"items": [1, "x"]}}}}],
        [{"u": {"a": {"prototype": {}}}}],
    )


def test_a_typings_value_may_be_imported_and_re_exported(tmp_path: Path) -> None:
    (tmp_path / "parse.d.ts").write_text(
        "export declare function parseEnvelope(s: string): Envelope;\n"
        "export interface Envelope { e: string }\n"
    )
    (tmp_path / "index.d.ts").write_text(
        'import { parseEnvelope } from "./parse.js";\nexport { parseEnvelope };\n'
        'export * from "./parse.js";\n'
    )
    _agree(
        tmp_path,
        'import { Envelope } from "./index";\nexport interface U { e: Envelope }\n',
        "U",
        [{"e": {"e": "x"}}],
        [{"e": {}}],
    )
    assert (
        _located(
            tmp_path,
            'import { parseEnvelope } from "./index";\nexport interface X { p: parseEnvelope }\n',
        )
        == "schema.ts:2:25: error: unknown type 'parseEnvelope'"
    )


def test_omit_of_an_alias_of_keys_and_of_a_type_parameter(tmp_path: Path) -> None:
    snippet = (
        "export interface T { a: string; b: number; c: boolean }\n"
        'export type Keys = "a" | "b";\nexport interface U { m: Omit<T, Keys> }\n'
        "type Drop<X, K extends keyof X> = Omit<X, K>;\nexport interface V { d: Drop<T, 'c'> }\n"
        "export interface W { u: U; v: V }\n"
    )
    _agree(
        tmp_path,
        snippet,
        "W",
        [{"u": {"m": {"c": True}}, "v": {"d": {"a": "x", "b": 1}}}],
        [
            {"u": {"m": {}}, "v": {"d": {"a": "x", "b": 1}}},
            {"u": {"m": {"c": True}}, "v": {"d": {}}},
        ],
    )


def test_a_member_after_a_rest_member_degrades_the_items_from_the_rest_on(
    tmp_path: Path,
) -> None:
    # maplibre: ``['coalesce', ...(A | B)[], C]`` (a middle rest, valid TypeScript)
    snippet = (
        'export type Expr = ["coalesce", ...(string | number)[], boolean] | ["get", string];\n'
    )
    _agree(
        tmp_path,
        snippet,
        "Expr",
        [["coalesce", 1, "a", True], ["coalesce", True], ["get", "x"]],
        [["get", 1], ["other"], []],
    )
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    [warning] = diags.degraded
    assert (warning.span.line, warning.span.col) == (1, 33)
    assert warning.message.startswith("a tuple member after a rest member ([A, ...B[], C])")


def test_typeof_a_declared_value_is_its_declared_type(tmp_path: Path) -> None:
    # maplibre: ``declare const _exports: {...}; type Reference = typeof _exports``
    snippet = (
        "declare const spec: { version: 8; name: string; layers: Layer[] };\n"
        "declare const layer: { id: string; ref?: string };\n"
        "type Layer = typeof layer;\n"
        "declare const unused: { f(): void; [Symbol.iterator]: never };\n"
        "export type Spec = typeof spec;\n"
    )
    good = {"version": 8, "name": "n", "layers": [{"id": "a"}]}
    _agree(
        tmp_path,
        snippet,
        "Spec",
        [good],
        [{**good, "version": 7}, {**good, "layers": [{"id": 1}]}],
    )


def test_typeof_a_member_of_a_declared_value_is_its_member_s_type(tmp_path: Path) -> None:
    # zod: ``declare const ZodIssueCode: { invalid_type: "invalid_type"; ... }`` and
    # ``code: typeof ZodIssueCode.invalid_type`` (it degraded as "a value of the typings").
    snippet = (
        "declare const Code: { invalid_type: 'invalid_type'; nested: { deep: 1 | 2 } };\n"
        "export interface Issue {\n"
        "  code: typeof Code.invalid_type;\n  deep: typeof Code.nested.deep;\n"
        "  all: keyof typeof Code;\n}\n"
    )
    good = {"code": "invalid_type", "deep": 2, "all": "nested"}
    bad = [{**good, "code": "x"}, {**good, "deep": 3}, {**good, "all": "deep"}]
    (tmp_path / "schema.ts").write_text(snippet)
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert [d.as_error() for d in diags.degraded] == []
    _agree(tmp_path, snippet, "Issue", [good], bad)


def test_an_index_signature_keyed_by_a_union_admits_any_member_s_keys(tmp_path: Path) -> None:
    # TypeScript 4.4: ``[k: `x-${string}` | `y-${string}`]``, ``[k: string | number]``; a
    # ``symbol`` key is no JSON key (the signature is left out)
    snippet = (
        "export interface Ext { a: string; [k: `x-${string}` | `y-${string}`]: string }\n"
        "export interface Both { [k: string | number]: number }\n"
        "export interface Sym { [k: symbol]: number; b: string }\n"
    )
    _agree(
        tmp_path,
        snippet,
        "Ext",
        [{"a": "s", "x-1": "v", "y-2": "w"}],
        [{"a": "s", "z-1": "v"}, {"a": "s", "x-1": 1}],
    )
    _agree(tmp_path, snippet, "Both", [{"1": 1, "k": 2}], [{"k": "v"}])
    _agree(tmp_path, snippet, "Sym", [{"b": "s"}], [{}])


def test_a_unique_symbol_key_declared_in_a_namespace_is_left_out(tmp_path: Path) -> None:
    # @types/prop-types: ``declare namespace P { const nominalTypeHack: unique symbol;
    # interface Validator<T> { [nominalTypeHack]?: { type: T } } }``
    snippet = (
        "declare namespace P {\n"
        "  const hack: unique symbol;\n"
        "  interface V { [hack]?: { type: string }; name: string }\n"
        "}\n"
        "export type Uses = P.V;\n"
    )
    defs = _agree(tmp_path, snippet, "Uses", [{"name": "n"}], [{}])
    assert set(defs["V"]["properties"]) == {"name"}


# --------------------------------------------------------------------------- namespace members

SHIMS = (
    'import { manual } from "./manual-types";\n'
    'import * as auto from "./auto-types";\n'
    "type SelectType<Manual, Auto> = unknown extends Manual ? Auto : Manual;\n"
    "// @ts-ignore\n"
    "export type Agent = SelectType<manual.Agent, auto.Agent>;\n"
    "// @ts-ignore\n"
    "export type Request = SelectType<manual.Request, auto.Request>;\n"
)


def test_a_name_its_namespace_does_not_hold_is_typescript_s_error_type(tmp_path: Path) -> None:
    """@anthropic-ai/sdk's shims: ``manual.Agent`` of an empty ``namespace manual``, in
    ``type Agent = ...``, is no reference to that alias (a cycle): the namespace holds no
    ``Agent``, so typings read TypeScript's error type, ``any``, and the conditional picks
    ``auto.Agent``, as TypeScript does."""
    (tmp_path / "manual-types.d.ts").write_text("export namespace manual {}\n")
    (tmp_path / "auto-types.d.ts").write_text(
        "export type Agent = string;\nexport interface Request { url: string }\n"
    )
    (tmp_path / "shims.d.ts").write_text(SHIMS)
    snippet = (
        'import { Agent, Request } from "./shims";\n'
        "export interface Holder { agent: Agent; req: Request }\n"
    )
    _agree(
        tmp_path,
        snippet,
        "Holder",
        [{"agent": "a", "req": {"url": "u"}}],
        [{"agent": 1, "req": {"url": "u"}}, {"agent": "a", "req": {"url": 1}}],
    )
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert diags.degraded == []  # the error type is gone once the conditional is computed


def test_a_name_its_namespace_does_not_hold_degrades_loudly_where_it_is_used(
    tmp_path: Path,
) -> None:
    (tmp_path / "ns.d.ts").write_text(
        "export declare namespace NS { interface Held { a: string } namespace Inner {} }\n"
        "export type Missing = number;\n"
        "export interface Uses { held: NS.Held; missing: NS.Missing; inner: NS.Inner.Held }\n"
    )
    snippet = 'import { Uses } from "./ns";\nexport interface Root { uses: Uses }\n'
    _agree(
        tmp_path,
        snippet,
        "Root",
        [{"uses": {"held": {"a": "x"}, "missing": [True], "inner": None}}],
        [{"uses": {"held": {"a": 1}, "missing": 1, "inner": 1}}],
    )
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert [(w.span.line, w.span.col, w.message.split(" (")[0]) for w in diags.degraded] == [
        (3, 49, "'NS.Missing': namespace 'NS' has no exported member 'Missing'"),
        (3, 68, "'NS.Inner.Held': namespace 'NS.Inner' has no exported member 'Held'"),
    ]


def test_a_name_its_namespace_does_not_hold_is_an_error_in_checked_code(tmp_path: Path) -> None:
    snippet = (
        "export namespace manual { export type Other = string }\n"
        "export type Agent = string;\n"
        "export interface Holder { agent: manual.Agent }\n"
    )
    assert _located(tmp_path, snippet) == (
        "schema.ts:3:34: error: namespace 'manual' has no exported member 'Agent'"
    )


# --------------------------------------------------------------------------- constraint tags

TAGGED = """/**
 * @minItems 1
 *
 * This interface was referenced by `Pkg`'s JSON-Schema definition.
 */
export type Rule = [string, ...string[]];
export interface Pkg {
  /**
   * @minItems 2
   *
   * More prose after the bound.
   */
  tags: string[];
  /** @maxLength 3 and prose */
  name?: string;
  /** @maximum 5 and prose */
  level?: number;
  /** @minimum lots */
  n?: number;
  r?: Rule;
  /** @minItems -1 */
  extra?: string[];
}
"""


def test_a_constraint_tag_followed_by_prose_is_its_first_word(tmp_path: Path) -> None:
    """@schemastore/package: ``@minItems 1`` then a paragraph is the bound 1, in the models
    and in the JSON Schema alike (the models check ``@minimum``, ``@maximum``,
    ``@minItems`` and ``@maxItems``; ``@maxLength`` is the schema's only); a value that is no bound is left out with a located
    warning, never written as a keyword of the wrong type."""
    at = {"tags": ["a", "b"], "name": "abc", "level": 5, "n": -9, "r": ["x"]}
    beyond = [
        {**at, "tags": ["a"]},
        {**at, "level": 6},
        {**at, "r": []},
    ]
    defs = _agree(tmp_path, TAGGED, "Pkg", [at], beyond)
    props = defs["Pkg"]["properties"]
    assert defs["Rule"]["minItems"] == 1
    assert props["tags"]["minItems"] == 2
    assert props["name"]["maxLength"] == 3
    assert props["level"]["maximum"] == 5
    assert "minimum" not in props["n"] and "minItems" not in props["extra"]
    diags = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diags)
    assert [str(w).removeprefix(str(tmp_path) + "/") for w in diags.warnings] == [
        "schema.ts:19:3: warning: @minimum needs a number, got 'lots'; the tag is ignored",
        "schema.ts:22:3: warning: @minItems needs a non-negative integer, got '-1'; "
        "the tag is ignored",
    ]


def test_a_union_checked_against_itself_is_decided_member_by_member(tmp_path: Path) -> None:
    """discord-api-types' ``_StrictPartial``: ``B[K] extends Exclude<B[K], undefined>`` over
    a property that is a union of many interfaces. Each member finds itself in the other
    union first; comparing every pair structurally ran past the work budget."""
    n, k = 100, 16
    members = [
        f'export interface M{i} {{ kind: "m{i}"; '
        + "; ".join(f"p{j}: {i * k + j}" for j in range(k))
        + " }"
        for i in range(n)
    ]
    snippet = "\n".join(
        [
            *members,
            "export type Member = " + " | ".join(f"M{i}" for i in range(n)) + ";",
            "type AddU<B> = { [K in keyof B]: B[K] extends Exclude<B[K], undefined>"
            " ? B[K] : B[K] | undefined };",
            "export interface Holder { a: Member; b?: Member }",
            "export type Patched = AddU<Holder>;",
        ]
    )
    m5 = {"kind": "m5", **{f"p{j}": 5 * k + j for j in range(k)}}
    good = [{"a": m5}, {"a": m5, "b": m5}]
    bad = [{"b": m5}, {"a": {**m5, "p0": 0}}, {"a": m5, "b": {"kind": "m5"}}]
    _agree(tmp_path, snippet, "Patched", good, bad)


def test_a_template_hole_of_an_inline_intersection_is_its_literals(tmp_path: Path) -> None:
    """`` `s${keyof T & number}` `` is ``"s200" | "s7"`` and `` `s${"a" & string}` `` is
    ``"sa"`` (tsc, typescript-json-schema), as through an alias; no ``^s.*$`` pattern."""
    snippet = (
        "interface T { 200: string; 7: number; name: string }\n"
        "export type X = `s${keyof T & number}`;\nexport type Y = `s${'a' & string}`;\n"
        "export interface U { x: X; y: Y }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "U",
        [{"x": "s200", "y": "sa"}, {"x": "s7", "y": "sa"}],
        [{"x": "sname", "y": "sa"}, {"x": "s200", "y": "sb"}, {"x": "s", "y": "sa"}],
    )
    assert defs["X"] == {"enum": ["s200", "s7"], "type": "string"}
    assert defs["Y"] == {"const": "sa", "type": "string"}


def test_a_namespace_import_reads_a_renamed_export_through_export_star(tmp_path: Path) -> None:
    """``ns.Pub`` of ``import * as ns from "./a"``, where ``a`` does ``export * from "./b"``
    and ``b`` does ``export { Inner as Pub }``, is ``Inner`` (tsc), not an unknown type."""
    (tmp_path / "b.ts").write_text("interface Inner { z: boolean }\nexport { Inner as Pub };\n")
    (tmp_path / "a.ts").write_text('export * from "./b";\n')
    snippet = 'import * as ns from "./a";\nexport interface Holder { p: ns.Pub }\n'
    defs = _agree(tmp_path, snippet, "Holder", [{"p": {"z": True}}], [{"p": {"z": 1}}, {}])
    assert defs["Holder"]["properties"]["p"] == {"$ref": "#/$defs/Inner"}


def test_typeof_a_declared_let_or_var_is_its_declared_type(tmp_path: Path) -> None:
    """``declare let L: T; type X = typeof L`` is ``T`` (tsc), as for ``declare const``;
    so is ``typeof V`` of ``declare var V: T``."""
    snippet = (
        "export interface T { a: string }\ndeclare let L: T;\ndeclare let S: 'on' | 'off';\n"
        "declare var V: T;\nexport type X = typeof L;\nexport interface U { x: X; s: typeof S; v: typeof V }\n"
    )
    defs = _agree(
        tmp_path,
        snippet,
        "U",
        [{"x": {"a": "1"}, "s": "on", "v": {"a": "2"}}],
        [
            {"x": {}, "s": "on", "v": {"a": "2"}},
            {"x": {"a": "1"}, "s": "no", "v": {"a": "2"}},
            {"x": {"a": "1"}, "s": "on", "v": {"a": 2}},
        ],
    )
    assert defs["X"] == {"$ref": "#/$defs/T"}
