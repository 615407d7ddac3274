"""What held-out real-world typings hit (issue #21, round 2): conditional types as real
typings write them, labelled tuple members... compile, import and validate like their JSON
Schema, and that schema means what typescript-json-schema makes of the same type.

The oracle runs once over all the cases (their names are distinct), through its API with
``strictNullChecks`` (typings are written for it; see docs/jsonschema-deviations.md): its
command line with ``'*'`` refuses any file that declares a generic conditional alias, which
it cannot write uninstantiated.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import Diagnostics, SchemaError, StrictError
from tests.compiler.build_stage.test_protocol_corpus import (
    _erase_refs,
    _our_key,
    bigint_number,
    empty_object,
    oracle_definitions,
    oracle_text,
    same_meaning,
)
from tests.compiler.emit.test_pydantic_emit import (
    _mypy,
    _ruff,
    compile_ts,
    generate_models,
    import_source,
    models_package,
)
from tests.compiler.emit.test_user_typing import _pyright_strict
from tests.compiler.frontend.test_real_world_constructs import _json_schema, model_and_schema_agree
from tests.jsonschema_normalise import normalise_document, normalise_schema
from tests.tjs_oracle import oracle_symbols

ROOT = Path(__file__).resolve().parents[3]


def _typed(values: list[float]) -> dict[str, Any]:
    """A typed array as typescript-json-schema reads it: its data members and numbered
    elements."""
    return {
        "BYTES_PER_ELEMENT": 1,
        "buffer": {"byteLength": len(values)},
        "byteLength": len(values),
        "byteOffset": 0,
        "length": len(values),
        **{str(i): v for i, v in enumerate(values)},
    }


# name -> (snippet, type, values it accepts, values it rejects)
CASES: dict[str, tuple[str, str, list[Any], list[Any]]] = {
    "a_generic_conditional_distributes_over_a_union_argument": (
        "type NonNull<T> = T extends null | undefined ? never : T;\n"
        "export interface NonNullHolder { v: NonNull<string | null>; w: NonNull<boolean | null> }",
        "NonNullHolder",
        [{"v": "a", "w": True}, {"v": "", "w": False}],
        [{"v": None, "w": True}, {"v": "a", "w": None}, {"v": 1, "w": True}],
    ),
    "each_member_takes_its_own_branch": (
        "type Kind<T> = T extends string ? 'text' : 'other';\n"
        "export type KindOfMixed = Kind<'a' | 1>;",
        "KindOfMixed",
        ["text", "other"],
        ["a", 1],
    ),
    "a_wrapped_parameter_does_not_distribute": (
        "type Wrap<T> = [T] extends [string] ? { s: T } : { n: T };\n"
        "export type Wrapped = Wrap<'a' | 'b'>;",
        "Wrapped",
        [{"s": "a"}, {"s": "b"}],
        [{"n": "a"}, {"s": "c"}],
    ),
    "interfaces_are_compared_by_their_properties": (
        "export interface Base { a: string }\n"
        "export interface Sub extends Base { b: number }\n"
        "export interface Other { a: string; b: number }\n"
        "export interface Compared { up: Other extends Base ? 'yes' : 'no';"
        " down: Base extends Sub ? 'yes' : 'no' }",
        "Compared",
        [{"up": "yes", "down": "no"}],
        [{"up": "no", "down": "no"}, {"up": "yes", "down": "yes"}],
    ),
    "exclude_and_extract_over_interfaces": (
        "export interface Circle { kind: 'circle'; r: number }\n"
        "export interface Square { kind: 'square'; size: number }\n"
        "export interface Tri { kind: 'tri'; a: number }\n"
        "export type Shape = Circle | Square | Tri;\n"
        "export interface Sorted { angular: Exclude<Shape, Circle>[];"
        " round: Extract<Shape, { kind: 'circle' }> }",
        "Sorted",
        [
            {
                "angular": [{"kind": "square", "size": 1}, {"kind": "tri", "a": 2}],
                "round": {"kind": "circle", "r": 1},
            }
        ],
        [
            {"angular": [{"kind": "circle", "r": 1}], "round": {"kind": "circle", "r": 1}},
            {"angular": [], "round": {"kind": "tri", "a": 2}},
        ],
    ),
    "exclude_through_an_alias_of_literals": (
        "type Level = 'debug' | 'info' | 'warn';\nexport type Loud = Exclude<Level, 'debug'>;",
        "Loud",
        ["info", "warn"],
        ["debug"],
    ),
    "a_chain_of_conditionals": (
        "type TypeName<T> = T extends string ? 'string' : T extends number ? 'number'"
        " : T extends boolean ? 'boolean' : 'object';\n"
        "export interface Names { a: TypeName<'x'>; b: TypeName<2>; c: TypeName<true>;"
        " d: TypeName<string[]> }",
        "Names",
        [{"a": "string", "b": "number", "c": "boolean", "d": "object"}],
        [{"a": "number", "b": "number", "c": "boolean", "d": "object"}],
    ),
    "a_template_literal_condition": (
        "type Handler<T> = T extends `on${string}` ? T : never;\n"
        "export type Handlers = Handler<'onClick' | 'click' | 'onKey'>;",
        "Handlers",
        ["onClick", "onKey"],
        ["click"],
    ),
    "arrays_and_tuples": (
        "type Many<T> = T extends string[] ? 'list' : 'one';\n"
        "export interface Counted { a: Many<['x', 'y']>; b: Many<number[]>; c: Many<'x'[]> }",
        "Counted",
        [{"a": "list", "b": "one", "c": "list"}],
        [{"a": "one", "b": "one", "c": "list"}],
    ),
    "a_conditional_property_of_a_generic_interface": (
        "export interface Field<T = string> { value: T; kind: T extends number ? 'n' : 's' }\n"
        "export interface Form { age: Field<number>; name: Field }",
        "Form",
        [{"age": {"value": 1, "kind": "n"}, "name": {"value": "x", "kind": "s"}}],
        [{"age": {"value": 1, "kind": "s"}, "name": {"value": "x", "kind": "s"}}],
    ),
    "any_takes_both_branches": (
        "type Flag<T> = T extends string ? 'text' : 'other';\nexport type AnyFlag = Flag<any>;",
        "AnyFlag",
        ["text", "other"],
        ["any"],
    ),
    # vscode-languageserver-protocol, openapi-types: labels document tuple members.
    "labelled_tuple_members": (
        "export type Range = [start: number, end?: number];\n"
        "export interface Span { range: Range; pair: readonly [key: string, value: string] }",
        "Span",
        [{"range": [1], "pair": ["k", "v"]}, {"range": [1, 2], "pair": ["k", "v"]}],
        [
            {"range": [], "pair": ["k", "v"]},
            {"range": [1, 2, 3], "pair": ["k", "v"]},
            {"range": [1], "pair": ["k"]},
            {"range": ["1"], "pair": ["k", "v"]},
        ],
    ),
    # json-schema-typed, JSON value typings: a generic alias that uses itself.
    "a_generic_alias_that_uses_itself": (
        "export type Tree<T> = T | Tree<T>[];\n"
        "export interface Leaves { t: Tree<string>; n?: Tree<number> }",
        "Leaves",
        [{"t": ["a", ["b", []]], "n": [1, [2]]}, {"t": "a", "n": 1}],
        [{"t": [1]}, {"t": "a", "n": ["1"]}, {"t": [["a", [None]]]}],
    ),
    # json-patch, http-errors, estree: the standard library's Error and RegExp.
    "the_lib_error_and_regexp": (
        "export interface Failure extends Error { code: number }\n"
        "export interface Report { failure: Failure; pattern?: RegExp; causes?: Error[] }",
        "Report",
        [
            {"failure": {"name": "E", "message": "m", "code": 1}},
            {
                "failure": {"name": "E", "message": "m", "stack": "s", "code": 1},
                "pattern": {
                    "source": "a+",
                    "global": False,
                    "ignoreCase": True,
                    "multiline": False,
                    "lastIndex": 0,
                },
                "causes": [{"name": "C", "message": "c"}],
            },
        ],
        [
            {"failure": {"name": "E", "code": 1}},
            {"failure": {"name": "E", "message": "m", "code": 1}, "pattern": "a+"},
            {"failure": {"name": "E", "message": "m", "code": 1}, "causes": [{"name": "C"}]},
        ],
    ),
    # ajv's jtd-schema: a comment first inside parentheses.
    "a_comment_inside_parentheses": (
        "export type Items = (// either\n string | number)[];\n"
        "export interface Holder { items: Items; one: (/* only */ boolean) }",
        "Holder",
        [{"items": ["a", 1], "one": True}],
        [{"items": [True], "one": True}, {"items": [], "one": "x"}],
    ),
    "an_interface_declared_twice_is_one": (
        "/** First doc. */\nexport interface MergedRecord { a: string; b?: number }\n"
        "export interface MergedBase { z: boolean }\n"
        "/** Second doc. */\nexport interface MergedRecord extends MergedBase"
        " { c: string[]; a: string }\n"
        "export interface MergedHolder { r: MergedRecord }",
        "MergedHolder",
        [{"r": {"a": "x", "c": [], "z": True}}, {"r": {"a": "", "b": 1, "c": ["y"], "z": False}}],
        [
            {"r": {"a": "x", "z": True}},
            {"r": {"a": "x", "c": [], "z": 1}},
            {"r": {"c": [], "z": True}},
        ],
    ),
    # @types/jsonwebtoken (59:52), openapi-types (39:25): a non-empty list.
    "rest_tuple_members": (
        "export interface VerifyLike { audience?: string | [string, ...(string)[]];"
        " issuer?: string | [string, ...(string[])]; enum?: [string, ...string[]] }",
        "VerifyLike",
        [
            {},
            {"audience": "a", "issuer": "i"},
            {"audience": ["a"], "issuer": ["i", "j"], "enum": ["x", "y", "z"]},
        ],
        [{"audience": []}, {"audience": ["a", 1]}, {"enum": []}, {"issuer": [1]}],
    ),
    "optional_members_then_a_rest_member": (
        "export type Mixed = [string, number?, ...boolean[]];\n"
        "export interface HasMixed { m: Mixed }",
        "HasMixed",
        [{"m": ["a"]}, {"m": ["a", 1]}, {"m": ["a", 1.5, True, False]}],
        [{"m": []}, {"m": ["a", True]}, {"m": ["a", 1, 2]}, {"m": [1]}, {"m": ["a", None]}],
    ),
    "a_rest_member_alone_is_an_array": (
        "export interface Only { all: [...string[]]; labelled: readonly [...rest: number[]] }",
        "Only",
        [{"all": [], "labelled": []}, {"all": ["a", "b"], "labelled": [1, 2.5]}],
        [{"all": [1], "labelled": []}, {"all": [], "labelled": ["1"]}],
    ),
    "a_spread_tuple_is_spliced": (
        "export interface Spliced { fixed: [head: string, ...[number, boolean]];"
        " open: [string, ...[number, ...boolean[]]] }",
        "Spliced",
        [
            {"fixed": ["a", 1, True], "open": ["a", 1]},
            {"fixed": ["a", 1, False], "open": ["a", 1, True, True]},
        ],
        [
            {"fixed": ["a", 1], "open": ["a", 1]},
            {"fixed": ["a", 1, True, True], "open": ["a", 1]},
            {"fixed": ["a", 1, True], "open": ["a"]},
            {"fixed": ["a", 1, True], "open": ["a", 1, 2]},
        ],
    ),
    # hono, zod: a generic non-empty list, also of an object literal.
    "a_generic_rest_tuple": (
        "export type NonEmpty<T> = [T, ...T[]];\n"
        "export interface Batch { ids: NonEmpty<string>; rows: NonEmpty<{ k: string }>;"
        " more: [number, ...Array<number>] }",
        "Batch",
        [
            {"ids": ["a"], "rows": [{"k": "x"}], "more": [1]},
            {"ids": ["a", "b"], "rows": [{"k": "x"}, {"k": "y"}], "more": [1, 2, 3]},
        ],
        [
            {"ids": [], "rows": [{"k": "x"}], "more": [1]},
            {"ids": ["a"], "rows": [{"k": "x"}, {"k": 1}], "more": [1]},
            {"ids": ["a"], "rows": [{"k": "x"}], "more": [1, "2"]},
        ],
    ),
    # @types/hast: known values, and any other string (TypeScript's ``{}`` is every
    # non-nullish value, so ``string & {}`` is ``string``).
    "a_primitive_and_an_empty_object": (
        "export type Aria = 'false' | 'true' | (string & {});\n"
        "export interface Attrs { atomic?: Aria; n: 1 | 2 | (number & {});"
        " r: 'x' | (string & Record<never, never>); all: (string & {})[];"
        " maybe: (string | null) & {}; j: string & unknown; b: boolean & {} }",
        "Attrs",
        [
            {"atomic": "mixed", "n": 3.5, "r": "y", "all": ["a"], "maybe": "m", "j": "", "b": True},
            {"atomic": "true", "n": 1, "r": "x", "all": [], "maybe": "", "j": "j", "b": False},
        ],
        [
            {"atomic": 1, "n": 1, "r": "x", "all": [], "maybe": "", "j": "", "b": True},
            {"n": "1", "r": "x", "all": [], "maybe": "", "j": "", "b": True},
            {"n": 1, "r": {}, "all": [], "maybe": "", "j": "", "b": True},
            {"n": 1, "r": "x", "all": [1], "maybe": "", "j": "", "b": True},
            {"n": 1, "r": "x", "all": [], "maybe": None, "j": "", "b": True},
            {"n": 1, "r": "x", "all": [], "maybe": "", "j": "", "b": "true"},
        ],
    ),
    # @types/estree: ``bigint`` (a number to the oracle); the lib's typed arrays.
    "bigint_and_typed_arrays": (
        "export interface Bytes { big: bigint; maybe?: bigint | null; data: Uint8Array;"
        " view?: DataView; floats?: Float64Array[] }",
        "Bytes",
        [
            {"big": 1, "maybe": None, "data": _typed([7, 255])},
            {"big": 2**70, "data": _typed([]), "floats": [_typed([1.5])]},
            {
                "big": 1,
                "data": _typed([1]),
                "view": {"buffer": {"byteLength": 1}, "byteLength": 1, "byteOffset": 0},
            },
        ],
        [
            {"big": "1", "data": _typed([1])},
            {"big": 1, "data": [1, 2]},
            {"big": 1, "data": {**_typed([1]), "0": "a"}},
            {"big": 1, "data": {**_typed([1]), "x": 1}},
            {"big": 1, "data": _typed([1]), "view": {"byteLength": 1}},
        ],
    ),
    # @types/estree: a base listed before its own subclass, and a field that names the
    # class being declared through a union.
    "bases_that_repeat_and_fields_that_name_their_class": (
        "export interface BaseNode { type: string; loc?: string }\n"
        "export interface BaseExpression extends BaseNode {}\n"
        "export interface BasePattern extends BaseNode {}\n"
        "export interface Ident extends BaseNode, BaseExpression, BasePattern"
        " { type: 'Ident'; name: string }\n"
        "export interface BaseFn extends BaseNode { body: Block | Expr }\n"
        "export interface Block extends BaseNode { type: 'Block' }\n"
        "export interface Arrow extends BaseExpression, BaseFn { type: 'Arrow'; body: Block | Expr }\n"
        "export type Expr = Ident | Arrow;\nexport interface Prog { e: Expr[] }",
        "Prog",
        [
            {"e": []},
            {"e": [{"type": "Ident", "name": "x", "loc": "1:1"}]},
            {"e": [{"type": "Arrow", "body": {"type": "Arrow", "body": {"type": "Block"}}}]},
        ],
        [
            {"e": [{"type": "Ident"}]},
            {"e": [{"type": "Arrow", "body": {"type": "Ident"}}]},
            {"e": [{"type": "Block"}]},
            {"e": [{"type": "Arrow"}]},
        ],
    ),
    # a rest member that names its array or tuple (tjs writes each as TypeScript reads it)
    "a_rest_member_names_an_array_or_a_tuple": (
        "type Ns = number[];\ntype Pair = [number, boolean?];\n"
        "type Prefixed<T extends unknown[]> = [string, ...T];\n"
        "type Open = [number, ...string[]];\n"
        "export interface Spread { t: [string, ...Ns]; p: [string, ...Pair];"
        " q: Prefixed<[number]>; r: Prefixed<number[]>; s: [...Ns]; o: [boolean, ...Open];"
        " late?: [string?, ...Ns] }",
        "Spread",
        [
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [True, 1]},
            {
                "t": ["a", 1, 2.5],
                "p": ["a", 1, True],
                "q": ["a", 2],
                "r": ["a", 1, 2],
                "s": [1, 2],
                "o": [False, 1, "x", "y"],
                "late": [],
            },
        ],
        [
            {"t": [], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [True, 1]},
            {"t": ["a", "b"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [True, 1]},
            {"t": ["a"], "p": ["a"], "q": ["a", 1], "r": ["a"], "s": [], "o": [True, 1]},
            {
                "t": ["a"],
                "p": ["a", 1, True, 2],
                "q": ["a", 1],
                "r": ["a"],
                "s": [],
                "o": [True, 1],
            },
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1, 2], "r": ["a"], "s": [], "o": [True, 1]},
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a", "b"], "s": [], "o": [True, 1]},
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": ["1"], "o": [True, 1]},
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [True]},
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [True, 1, 2]},
            {"t": ["a"], "p": ["a", 1], "q": ["a", 1], "r": ["a"], "s": [], "o": [1], "late": [1]},
        ],
    ),
    # A numeric index signature: the models take digit keys only, as the schema does.
    "a_numeric_index_signature_takes_digit_keys_only": (
        "export interface Arr { [n: number]: string; length: number }\n"
        "export interface Numbered { a: Arr; m: { [i: number]: boolean } }",
        "Numbered",
        [
            {"a": {"length": 0}, "m": {}},
            {"a": {"length": 2, "0": "x", "12": "y"}, "m": {"3": True}},
        ],
        [
            {"a": {"length": 1, "x": "x"}, "m": {}},
            {"a": {"length": 1, "0": 1}, "m": {}},
            {"a": {"length": 1}, "m": {"x": True}},
            {"a": {"length": 1}, "m": {"1": "true"}},
        ],
    ),
    "optional_against_required": (
        "export interface Maybe { a?: string }\nexport interface Sure { a: string }\n"
        "export type Loose = Maybe extends Sure ? 'strict' : 'loose';",
        "Loose",
        ["loose"],
        ["strict"],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_compiles_imports_and_validates_like_its_json_schema(name: str, tmp_path: Path) -> None:
    model_and_schema_agree(tmp_path, *CASES[name])


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("oracle") / "cases.ts"
    path.write_text("\n".join(snippet for snippet, *_ in CASES.values()))
    return oracle_symbols(path, [target for _, target, *_ in CASES.values()])


@pytest.mark.parametrize("name", sorted(CASES))
def test_means_what_typescript_json_schema_makes_of_it(
    name: str, tmp_path: Path, oracle: dict[str, Any]
) -> None:
    snippet, target, *_ = CASES[name]
    ours = normalise_document(_json_schema(tmp_path, snippet))
    theirs = normalise_document({"definitions": oracle[target].get("definitions", {})})
    root = {k: v for k, v in oracle[target].items() if k not in ("definitions", "$schema")}
    theirs[target] = normalise_schema(root)
    theirs = bigint_number(empty_object(theirs))  # documented: `empty-object`, `bigint`
    keys = {k: _our_key(k, ours) for k in theirs}
    theirs = {
        k: _inline(_erase_refs(v, set(), keys), theirs, keys, ours) for k, v in theirs.items()
    }
    for key, schema in theirs.items():
        if keys[key] in ours:
            assert same_meaning(schema, ours[keys[key]], ours), (key, schema, ours[keys[key]])


def _inline(value: Any, theirs: dict[str, Any], keys: dict[str, str], ours: dict[str, Any]) -> Any:
    """The oracle's schema with each reference to a definition that we do not write (its
    artefact for a type parameter, ``T``) replaced by what it names."""
    if isinstance(value, dict):
        ref = value.get("$ref", "")
        name = ref.removeprefix("#/$defs/")
        original = next((k for k, v in keys.items() if v == name), name)
        if ref and name not in ours and original in theirs:
            return _inline(theirs[original], theirs, keys, ours)
        return {k: _inline(v, theirs, keys, ours) for k, v in value.items()}
    if isinstance(value, list):
        return [_inline(v, theirs, keys, ours) for v in value]
    return value


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        (
            "export type Sized = string extends { length: number } ? 1 : 2;",
            "schema.ts:1:21: error: conditional type: cannot decide from the declarations"
            " whether string extends { length: number }",
        ),
        (
            "type Item<T> = T extends string ? infer U : never;\nexport type I = Item<string>;",
            "schema.ts:1:35: error: infer type outside a conditional type's condition",
        ),
        (
            "interface H { f: () => void }\n"
            "type Fn<T> = T extends (...args: never[]) => unknown ? 1 : 2;\n"
            'export type F = Fn<H["f"]>;',
            "schema.ts:2:14: error: conditional type: cannot decide from the declarations whether"
            " object is a function type (every function type is an object to the compiler)",
        ),
        (
            "export interface On { on: true }\nexport interface Off { on: false }\n"
            "export type Split = { on: boolean } extends On | Off ? 1 : 2;",
            "schema.ts:3:21: error: conditional type: cannot decide from the declarations"
            " whether { on: boolean } extends On | Off",
        ),
    ],
)
def test_what_the_declarations_do_not_decide_is_a_located_error(
    tmp_path: Path, ts: str, message: str
) -> None:
    with pytest.raises(SchemaError) as info:
        _strict_json_schema(tmp_path, ts)
    suffix = ": degraded to JsonValue (any JSON value)"
    assert str(info.value) == str(tmp_path / message) + suffix


def _strict_json_schema(tmp_path: Path, ts: str) -> dict[str, Any]:
    """The JSON Schema of ``ts`` as ``--strict`` compiles it: a degraded spot is an error."""
    path = tmp_path / "schema.ts"
    path.write_text(ts)
    diags = Diagnostics()
    schema = load_schema([path], diags)
    if diags.degraded:
        raise StrictError(diags.degraded)
    return schema_document(schema)


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        # typescript-json-schema writes ``[...A[], B]`` as ``[A, ...B[]]``: a wrong schema,
        # and JSON Schema cannot require a last item: the items from the rest on degrade.
        (
            "export type Last = [...string[], number];",
            "schema.ts:1:21: error: a tuple member after a rest member ([A, ...B[], C]): the"
            " items from the rest member on: degraded to JsonValue (any JSON value)",
        ),
        (
            "export type Middle = [string, ...number[], boolean];",
            "schema.ts:1:31: error: a tuple member after a rest member ([A, ...B[], C]): the"
            " items from the rest member on: degraded to JsonValue (any JSON value)",
        ),
        (
            "export type Inline = [string, ...(number[] | string[])];",
            "schema.ts:1:31: error: rest tuple member not written as an array or a tuple:"
            " degraded to JsonValue (any JSON value)",
        ),
        (
            "type Either = number[] | string[];\nexport type Named = [string, ...Either];",
            "schema.ts:2:30: error: rest tuple member that names neither an array nor a tuple:"
            " degraded to JsonValue (any JSON value)",
        ),
        (
            "type Prefixed<T> = [string, ...T];\nexport type P = Prefixed<number>;",
            "schema.ts:1:29: error: rest tuple member that names neither an array nor a tuple:"
            " degraded to JsonValue (any JSON value)",
        ),
        (
            "type Pair = [number, boolean];\nexport type Late = [string?, ...Pair];",
            "schema.ts:2:30: error: a required tuple member cannot follow an optional one",
        ),
    ],
)
def test_a_rest_member_that_cannot_be_written_is_a_located_error_for_both_back_ends(
    tmp_path: Path, ts: str, message: str
) -> None:
    with pytest.raises(SchemaError) as schema_error:
        _strict_json_schema(tmp_path, ts)
    assert str(schema_error.value) == str(tmp_path / message)
    if "degraded" in message:  # not strict: both back ends take any value there
        compile_ts(tmp_path, ts)
        return
    with pytest.raises(SchemaError) as models_error:
        compile_ts(tmp_path, ts)
    assert str(models_error.value) == str(schema_error.value)


REST_CASES = [name for name in sorted(CASES) if "rest" in name or "spread" in name]
# What a user's strict code sees of a rest tuple: the static type, not ``Any``.
REST_USER = """\
from rest_models.models import Row, Typed

batch = Typed(ids=("a", "b"), rows=(Row(k="x"),), more=(1,), tree=("t", ("u",)))
reveal_type(batch.ids)
first: str = batch.ids[0]
"""


@pytest.mark.slow
def test_rest_tuple_models_are_clean_for_strict_checkers_and_warnings(tmp_path: Path) -> None:
    """mypy and pyright ``--strict``, ruff, and an import under ``python -W error``: over
    every rest case, a forward reference and a recursive alias."""
    schema = tmp_path / "schema.ts"
    schema.write_text(
        "\n".join(CASES[name][0] for name in REST_CASES)
        + "\nexport interface Row { k: string }\nexport type Tree = [string, ...Tree[]];\n"
        "export interface Typed { ids: [string, ...string[]]; rows: [Row, ...Row[]];"
        " more: [number, number?, ...number[]]; tree: Tree }"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        path = models_package(generate_models([schema]), tmp_path, "rest_models")
    (tmp_path / "rest_user.py").write_text(REST_USER)
    checked = _mypy(path)
    assert checked.returncode == 0, checked.stdout
    linted = _ruff(path)
    assert linted.returncode == 0, linted.stdout
    diagnostics = _pyright_strict(tmp_path, "rest_models", "rest_user.py")
    assert [d for d in diagnostics if d["severity"] != "information"] == [], diagnostics
    assert [d["message"] for d in diagnostics] == [
        'Type of "batch.ids" is "tuple[str, *tuple[str, ...]]"'
    ]
    probe = (
        "import rest_models.models as m\n"
        'b = m.Typed.model_validate_json(\'{"ids": ["a"], "rows": [{"k": "x"}],'
        ' "more": [1, 2, 3], "tree": ["t", ["u", ["v"]]]}\')\n'
        "print(b.ids, b.more, b.tree)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "('a',) (1, 2, 3) ('t', ('u', ('v',)))", done.stderr


def test_one_typings_file_brings_the_modules_it_imports(tmp_path: Path) -> None:
    """``--schema index.d.ts`` of a package: its relative imports and re-exports are part of
    the program, as for TypeScript (and typescript-json-schema, which takes one file)."""
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "api.d.ts").write_text(
        'import { Id } from "../ids";\nexport interface Item { id: Id }'
    )
    (tmp_path / "ids.d.ts").write_text("export type Id = string;")
    (tmp_path / "unrelated.d.ts").write_text("export interface Unrelated { u: 1 }")
    entry = tmp_path / "index.d.ts"
    entry.write_text(
        "// see ./unrelated: a comment is no import\n"
        'export * from "./common/api";\nimport { Item } from "./common/api";\n'
        "export interface Page { items: Item[] }"
    )
    defs = schema_document(load_schema([entry]))["$defs"]
    assert sorted(defs) == ["Id", "Item", "Page"]
    jsonschema.validate({"items": [{"id": "a"}]}, {"$defs": defs, "$ref": "#/$defs/Page"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"items": [{"id": 1}]}, {"$defs": defs, "$ref": "#/$defs/Page"})


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        (
            "export interface R { a: string }\nexport interface R { a: number }",
            "schema.ts:2:22: error: property 'a' of interface 'R' is declared again with another"
            " type (first declared at {tmp}/schema.ts:1:22)",
        ),
        (
            "export interface R<T> { a: T }\nexport interface R { b: string }",
            "schema.ts:2:1: error: interface 'R' is declared again with other type parameters"
            " (first declared at {tmp}/schema.ts:1:1)",
        ),
        (
            "export interface R { a: string }\nexport type R = { b: string };",
            "schema.ts:2:1: error: duplicate declaration 'R' (first declared at"
            " {tmp}/schema.ts:1:1)",
        ),
    ],
)
def test_a_merged_interface_that_typescript_refuses_is_a_located_error(
    tmp_path: Path, ts: str, message: str
) -> None:
    with pytest.raises(SchemaError) as info:
        _json_schema(tmp_path, ts)
    assert str(info.value) == str(tmp_path / message.format(tmp=tmp_path))


def test_an_interface_merged_in_one_module_also_when_another_module_declares_its_name(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.ts").write_text(
        "export interface Frame { a: string }\nexport interface Frame { b: number }\n"
    )
    (tmp_path / "b.ts").write_text("export interface Frame { c: boolean }\n")
    (tmp_path / "main.ts").write_text(
        'import { Frame } from "./a";\nimport { Frame as Other } from "./b";\n'
        "export interface Both { a: Frame; b: Other }\n"
    )
    defs = schema_document(load_schema(sorted(tmp_path.glob("*.ts"))))["$defs"]
    assert sorted(defs["a.Frame"]["properties"]) == ["a", "b"]
    assert sorted(defs["b.Frame"]["properties"]) == ["c"]


def test_the_oracle_writes_a_primitive_and_an_empty_object_as_no_value(tmp_path: Path) -> None:
    """The reading behind kind `empty-object`, checked on typescript-json-schema itself:
    ``string & {}`` becomes an ``allOf`` that no value matches, and ``"a" | (string & {})``
    accepts ``"a"`` only; TypeScript accepts any string for both."""
    source = tmp_path / "empty.ts"
    source.write_text("export type S = string & {};\nexport type O = 'a' | (string & {});\n")
    defs = oracle_definitions(source)
    assert defs["S"] == {"allOf": [{"properties": {}, "type": "object"}, {"type": "string"}]}
    validator = jsonschema.Draft7Validator({"definitions": defs, "$ref": "#/definitions/O"})
    assert [v for v in ("a", "b", "") if validator.is_valid(v)] == ["a"]
    assert _json_schema(tmp_path, source.read_text())["$defs"]["S"] == {"type": "string"}


def test_a_field_named_like_a_builtin_does_not_shadow_the_annotations_after_it(
    tmp_path: Path,
) -> None:
    """@types/hast's ``Properties`` has a field ``list`` (HTML's attribute) before fields of
    type ``string[]``: the class body must not read ``list[str]`` through the field."""
    module, _ = compile_ts(
        tmp_path,
        "export interface Attrs { list?: string; str?: number; dict?: boolean;"
        " rel?: string[]; m?: { [k: string]: string } }",
    )
    value = module.Attrs.model_validate({"list": "l", "str": 1, "dict": True, "rel": ["a"]})
    assert (value.list_, value.str_, value.dict_, value.rel) == ("l", 1, True, ["a"])
    assert value.model_dump(exclude_unset=True) == {
        "list": "l",
        "str": 1,
        "dict": True,
        "rel": ["a"],
    }


# @types/semver: CommonJS typings. ``import x = require("./m")`` names what ``./m`` assigns
# with ``export =`` (an interface here), else its namespace (``x.T`` is ``./m``'s ``T``).
COMMONJS = {
    "opts.d.ts": "declare namespace Opts {\n  interface Options { loose?: boolean }\n"
    "  type Level = 'a' | 'b';\n}\nexport = Opts;\n",
    "ver.d.ts": 'import o = require("./opts");\n/** A version. */\n'
    "interface Version { raw: string; options: o.Options; level: o.Level }\nexport = Version;\n",
    "thing.d.ts": "export interface Thing { n: number }\n",
    "index.d.ts": 'import V = require("./ver");\nimport * as opts from "./opts";\n'
    'import { Thing } from "./thing";\nexport { V, Thing };\n'
    "export interface Holder { v: V; o?: opts.Options; t: Thing }\n",
}


def test_commonjs_typings_import_with_require_and_assign_with_export_equals(
    tmp_path: Path,
) -> None:
    for name, text in COMMONJS.items():
        (tmp_path / name).write_text(text)
    entry = tmp_path / "index.d.ts"
    ours = normalise_document(schema_document(load_schema([entry])))
    assert sorted(ours) == ["Holder", "Level", "Options", "Thing", "Version"]
    module = import_source(generate_models([entry]), tmp_path)
    adapter: TypeAdapter[Any] = TypeAdapter(module.Holder)
    definition = {"$defs": ours, "$ref": "#/$defs/Holder"}
    version = {"raw": "1.0.0", "options": {}, "level": "a"}
    for good in (
        {"v": version, "t": {"n": 1}},
        {"v": version, "o": {"loose": True}, "t": {"n": 2}},
    ):
        adapter.validate_json(json.dumps(good))
        jsonschema.validate(good, definition)
    for bad in (
        {"v": {**version, "level": "c"}, "t": {"n": 1}},
        {"v": version, "o": {"loose": 1}, "t": {"n": 1}},
        {"v": {"raw": "1"}, "t": {"n": 1}},
    ):
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(bad))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, definition)
    # The oracle keys the assigned interface ``import("<path>/ver")``; ours is its name.
    theirs = _oracle_of_file(entry)
    assert any(key.startswith("import(") for key in theirs)
    assert _agrees(theirs, ours) == ["Holder", "Level", "Options", "Thing"]


def _oracle_of_file(entry: Path) -> dict[str, Any]:
    """typescript-json-schema's definitions for the program of ``entry``, normalised."""
    found: dict[str, Any] = normalise_document(json.loads(oracle_text(entry)))
    return found


def _agrees(theirs: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    """Every oracle definition that is one of ours means the same; those compared (ours)."""
    keys = {k: _our_key(k, ours) for k in theirs}
    theirs = {
        k: _inline(_erase_refs(v, set(), keys), theirs, keys, ours) for k, v in theirs.items()
    }
    compared = [key for key in theirs if keys[key] in ours]
    for key in compared:
        assert same_meaning(theirs[key], ours[keys[key]], ours), (key, theirs[key])
    return sorted(keys[key] for key in compared)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            {"schema.ts": 'import x = require("./m");\nexport interface X { a: string }'},
            "schema.ts:1:1: error: cannot import from './m': {tmp}/m.ts is not among the schema"
            " files",
        ),
        (
            {
                "m.ts": "export interface A { a: string }\n",
                "schema.ts": 'import A = require("./m");\nexport interface A { b: string }',
            },
            "schema.ts:1:1: error: import 'A' conflicts with another name in this file",
        ),
        (
            {"schema.ts": "export interface A { a: string }\nexport = 1 + 1;"},
            "schema.ts:2:1: error: unsupported construct: export statement",
        ),
    ],
)
def test_a_require_import_or_export_assignment_that_cannot_be_read_is_a_located_error(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema(sorted(tmp_path.glob("*.ts")))
    assert str(info.value) == str(tmp_path / message.format(tmp=tmp_path))


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        # typescript-json-schema fails on both: "Unsupported type: 1n", and "Cannot find name
        # 'Buffer'" (Node's, not the lib's, unless @types/node is in the program). tsc reads
        # both: each degrades where it stands, and --strict refuses it there.
        (
            "export interface Big { n: 1n }",
            "schema.ts:1:27: {}: unsupported construct: bigint literal",
        ),
        (
            "export interface Raw { b: Buffer }",
            "schema.ts:1:27: {}: 'Buffer' (a Node.js object of @types/node, not JSON data)",
        ),
    ],
)
def test_a_bigint_literal_and_a_node_buffer_degrade_where_they_stand(
    tmp_path: Path, ts: str, message: str
) -> None:
    (tmp_path / "schema.ts").write_text(ts)
    diags = Diagnostics()
    document = schema_document(load_schema([tmp_path / "schema.ts"], diags))
    assert [str(w) for w in diags.degraded] == [
        str(tmp_path / message.format("warning")) + ": degraded to JsonValue (any JSON value)"
    ]
    (definition,) = document["$defs"].values()
    (member,) = definition["properties"].values()
    assert set(member) == {"$comment"}
    module, _ = compile_ts(tmp_path, ts)
    (model,) = (getattr(module, name) for name in ("Big", "Raw") if hasattr(module, name))
    (field,) = model.model_fields
    assert getattr(model.model_validate({field: [1, "x"]}), field) == [1, "x"]  # any value


def test_a_namespace_re_export_names_the_module_s_types(tmp_path: Path) -> None:
    """``export * as shapes from "./shapes"``, imported by name: ``shapes.Circle`` is the
    module's ``Circle``, as for typescript-json-schema."""
    (tmp_path / "shapes.ts").write_text(
        'export interface Circle { r: number }\nexport type Kind = "a" | "b";\n'
    )
    (tmp_path / "lib.ts").write_text(
        'export * as shapes from "./shapes";\nexport interface Top { n: number }\n'
    )
    entry = tmp_path / "main.ts"
    entry.write_text(
        'import { shapes, Top } from "./lib";\n'
        "export interface Use { c: shapes.Circle; k: shapes.Kind; t: Top }\n"
    )
    ours = normalise_document(schema_document(load_schema([entry])))
    assert sorted(ours) == ["Circle", "Kind", "Top", "Use"]
    module = import_source(generate_models([entry]), tmp_path)
    adapter: TypeAdapter[Any] = TypeAdapter(module.Use)
    adapter.validate_json('{"c": {"r": 1}, "k": "a", "t": {"n": 2}}')
    with pytest.raises(ValidationError):
        adapter.validate_json('{"c": {"r": 1}, "k": "c", "t": {"n": 2}}')
    assert _oracle_of_file(entry) == ours


def test_a_namespace_import_of_a_name_not_re_exported_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "shapes.ts").write_text("export interface Circle { r: number }\n")
    (tmp_path / "lib.ts").write_text('export * as shapes from "./shapes";\n')
    entry = tmp_path / "main.ts"
    entry.write_text('import { forms } from "./lib";\nexport interface Use { c: string }\n')
    with pytest.raises(SchemaError) as info:
        load_schema([entry])
    assert str(info.value) == (
        f"{entry}:1:1: error: './lib' does not export 'forms' (no such declaration)"
    )


def test_an_import_type_names_the_type_the_module_exports(tmp_path: Path) -> None:
    """``import("./shapes").Circle`` is shapes' ``Circle``, also beside a ``Circle`` of the
    file itself (two modules, two types, as for the oracle: ``Circle`` and ``Circle_1``)."""
    (tmp_path / "shapes.ts").write_text(
        'export interface Circle { r: number }\nexport type Kind = "a" | "b";\n'
    )
    entry = tmp_path / "main.ts"
    entry.write_text(
        "export interface Circle { other: string }\n"
        'export interface Use { c: import("./shapes").Circle; u?: import("./shapes").Kind | null;'
        ' again?: import("./shapes").Circle; mine: Circle }\n'
    )
    ours = normalise_document(schema_document(load_schema([entry])))
    assert sorted(ours) == ["Kind", "Use", "main.Circle", "shapes.Circle"]
    module = import_source(generate_models([entry]), tmp_path)
    adapter: TypeAdapter[Any] = TypeAdapter(module.Use)
    adapter.validate_json('{"c": {"r": 1}, "u": null, "again": {"r": 2}, "mine": {"other": "o"}}')
    for bad in (
        '{"c": {"other": "o"}, "mine": {"other": "o"}}',
        '{"c": {"r": 1}, "u": "c", "mine": {"other": "o"}}',
    ):
        with pytest.raises(ValidationError):
            adapter.validate_json(bad)
    theirs = _oracle_of_file(entry)
    theirs = {
        {"Circle": "main.Circle", "Circle_1": "shapes.Circle"}.get(k, k): v
        for k, v in theirs.items()
    }
    theirs = json.loads(
        json.dumps(theirs)
        .replace('"#/$defs/Circle_1"', '"#/$defs/shapes.Circle"')
        .replace('"#/$defs/Circle"', '"#/$defs/main.Circle"')
    )
    assert _agrees(theirs, ours) == ["Kind", "Use", "main.Circle", "shapes.Circle"]


@pytest.mark.parametrize(
    ("ts", "message"),
    [
        (
            'export interface A { c: import("./none").T }',
            "schema.ts:1:25: error: cannot import from './none': {tmp}/none.ts is not among the"
            " schema files",
        ),
        (
            'export interface A { c: import("./schema").T }',
            "schema.ts:1:25: error: './schema' does not export 'T' (no such declaration)",
        ),
        (
            'export interface A { c: import("./a", "b").T }',
            "schema.ts:1:25: error: unsupported construct: import type without one module name",
        ),
    ],
)
def test_an_import_type_that_names_nothing_is_a_located_error(
    tmp_path: Path, ts: str, message: str
) -> None:
    with pytest.raises(SchemaError) as info:
        _json_schema(tmp_path, ts)
    assert str(info.value) == str(tmp_path / message.format(tmp=tmp_path))
