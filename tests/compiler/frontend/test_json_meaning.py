"""Types that TypeScript computes and that have a JSON data meaning, computed instead of
degraded (issue #33, ``--strict``): a method read by ``T["m"]``, a primitive with optional
members (the "flavor" idiom), a distributed ``&`` member that no JSON value has, arrays and
tuples intersected, index signatures merged, ``Partial`` of an array. Each case compiles a
snippet with no degraded spot, imports the package under warnings-as-errors and validates
good and bad values with the models and with the emitted JSON Schema.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import generate
from codegen.errors import Diagnostics
from tests.compiler.emit.test_pydantic_emit import compile_ts
from tests.compiler.frontend.test_total_frontend import _agree


def _strict(tmp_path: Path, snippet: str, target: str, good: list[Any], bad: list[Any]) -> Any:
    """``_agree``, after checking that nothing in ``snippet`` degrades (``--strict`` passes)."""
    diags = Diagnostics()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile_ts(tmp_path, snippet, diags)
    assert [str(w) for w in diags.degraded] == []
    return _agree(tmp_path, snippet, target, good, bad)


METHODS = """
export interface Client { recordDroppedEvent(reason: string): void; name: string }
type Base = { id: string };
export type Element = Base & { on(e: string): Element; update(o: { a: string }): void };
export interface Options {
  record: Client["recordDroppedEvent"];
  update?: Element["update"];
  n: number;
}
"""


def test_a_method_read_by_an_indexed_access_is_a_function_type(tmp_path: Path) -> None:
    # @sentry/types, @stripe/stripe-js: ``recordDroppedEvent: Client['recordDroppedEvent']``
    # is a function type, which every back end (and typescript-json-schema) writes as an
    # object; also read from an alias of an intersection.
    defs = _strict(
        tmp_path,
        METHODS,
        "Options",
        [{"record": {}, "n": 1}, {"record": {}, "update": {}, "n": 1}],
        [{"record": 1, "n": 1}, {"record": {}, "update": "u", "n": 1}, {"n": 1}],
    )
    assert defs["Options"]["properties"]["record"]["type"] == "object"


FLAVOR = """
export type Template = string & { __template?: string; __values?: string[] };
export type Port = number & { readonly __unit?: "port" };
export interface Message { text: Template; port?: Port }
"""


def test_a_primitive_with_optional_members_is_the_primitive(tmp_path: Path) -> None:
    # TypeScript lets a string be ``string & { __values?: string[] }`` (no such member is
    # there): @sentry/types' ParameterizedString.
    _strict(
        tmp_path,
        FLAVOR,
        "Message",
        [{"text": "hi"}, {"text": "", "port": 8080}],
        [{"text": 1}, {"text": {"__values": []}}, {"text": "t", "port": "80"}],
    )


DISTRIBUTED = """
export type Person = { name: string; url?: string; [k: string]: unknown } & Person1;
export type Person1 = { name: string; url?: string; [k: string]: unknown } | string;
export interface CoreRule { disableFix?: boolean; [k: string]: unknown }
export type Rule = (string | [string, ...string[]] | CoreRule) & string;
export interface Package { author?: Person; rule?: Rule }
"""


def test_a_distributed_member_that_no_json_value_has_drops_out(tmp_path: Path) -> None:
    # @schemastore/package (json-schema-to-typescript's allOf/anyOf): ``Person & string``
    # has no JSON value (a string with a required ``name``), so the union is the object;
    # ``CoreRule & string`` has none either (TypeScript: no string has an index signature).
    _strict(
        tmp_path,
        DISTRIBUTED,
        "Package",
        [{"author": {"name": "n", "x": 1}, "rule": "r"}, {}],
        [{"author": "n"}, {"author": {"url": "u"}}, {"rule": ["r"]}, {"rule": {}}],
    )


ARRAYS = """
export interface CoreRule { disableFix?: boolean; message?: string }
export type Pair = [CoreRule, CoreRule] & unknown[];
export type Empty = [] & unknown[];
export type Strings = (string | [string, ...string[]]) & unknown[];
export type Met = ("a" | "b")[] & ("b" | "c")[];
export type Shorter = [string, number?] & [string];
export interface Rules { pair?: Pair; empty?: Empty; strings?: Strings; met?: Met; s?: Shorter }
"""


def test_arrays_and_tuples_intersected_meet_position_by_position(tmp_path: Path) -> None:
    _strict(
        tmp_path,
        ARRAYS,
        "Rules",
        [
            {"pair": [{}, {"message": "m"}], "empty": [], "strings": ["a", "b"]},
            {"met": ["b", "b"], "s": ["x"]},
        ],
        [
            {"pair": [{}]},
            {"empty": [1]},
            {"strings": []},
            {"strings": "a"},
            {"met": ["a"]},
            {"s": ["x", 1]},
        ],
    )


INDEXED = """
export type Both = { a: string; [k: string]: string | number } & {
  a: "x" | "y";
  [k: string]: number | string | boolean;
};
export interface Holder { both: Both }
"""


def test_intersected_index_signatures_merge_their_members(tmp_path: Path) -> None:
    # ``a`` is both types (``"x" | "y"``), each other key's value both index signatures'
    _strict(
        tmp_path,
        INDEXED,
        "Holder",
        [{"both": {"a": "x", "n": 1, "s": "s"}}],
        [{"both": {"a": "z"}}, {"both": {"a": "x", "b": True}}, {"both": {}}],
    )


PARSERS = """
interface Meta { name?: string; meta?: { version?: string } }
export type Parser = Meta & ({ parse(text: string): unknown } | { parseForESLint(t: string): {} });
type Severity = 0 | 1 | 2;
export type Entry<Options extends any[] = any[]> = [Severity, ...Partial<Options>];
export interface Config { parser?: Parser; rule?: Entry; typed?: Entry<[string, number]> }
"""


def test_methods_only_members_and_partial_of_an_array(tmp_path: Path) -> None:
    # @types/eslint: a union of objects that have methods only is one (data-less) object;
    # ``Partial`` of an array is an array, of a tuple a tuple of optional members.
    _strict(
        tmp_path,
        PARSERS,
        "Config",
        [{"parser": {"name": "p"}, "rule": [2, {"a": 1}], "typed": [1, "s"]}, {"typed": [0]}],
        [{"parser": {"name": 1}}, {"rule": []}, {"typed": [1, 2]}, {"typed": [1, "s", 2, 3]}],
    )


def test_array_items_that_name_the_alias_being_defined_are_read_lazily(tmp_path: Path) -> None:
    # TypeScript reads an array's items lazily: no cycle. Their meet would need the alias
    # being defined, so they stay as written (degraded, loudly); the tuple's meet needs none.
    schema = tmp_path / "lazy.ts"
    schema.write_text(
        "export type K = (K | string)[] & (K | number)[];\n"
        "export type T = [T | null, string] & [unknown, string];\n"
    )
    result = generate(schema, tmp_path / "out" / "lazy_items", command="test", cache_dir=None)
    spots = [(w.span.line, w.message.split(";")[0]) for w in result.diagnostics.degraded]
    assert spots == [(1, "cannot intersect a union type")]
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            module = importlib.import_module("lazy_items.models")
    finally:
        sys.path.remove(str(tmp_path / "out"))
    adapter: TypeAdapter[Any] = TypeAdapter(module.T)
    adapter.validate_python([None, "s"])
    adapter.validate_python([[None, "a"], "b"])
    with pytest.raises(ValidationError):
        adapter.validate_python([None, 1])


HEAD = """
type Head<T> = T extends [infer H extends string, ...unknown[]] ? H : never;
export type First = Head<["a", 1]>;
type Rest<T> = T extends [string, ...infer R] ? R : never;
export interface Picked { first: First; rest: Rest<["a", 1, true]> }
"""


def test_a_tuple_extends_a_tuple_with_a_rest_member_when_every_position_does(
    tmp_path: Path,
) -> None:
    # ``["a", 1] extends [string, ...unknown[]]``: every length and position fits (tsc)
    _strict(
        tmp_path,
        HEAD,
        "Picked",
        [{"first": "a", "rest": [1, True]}],
        [{"first": "b", "rest": [1, True]}, {"first": "a", "rest": [1]}],
    )


THIS = """
export interface TreeNode { name: string; parent?: this; children?: this[] }
export interface Sub extends TreeNode { extra: number }
export interface Box<T> { value: T; next?: this }
export declare class Linked { value: string; next: this | null; clone(): this }
export type Parent = Sub["parent"];
export interface Forest { root: TreeNode; sub: Sub; box: Box<number>; linked: Linked }
"""


def test_this_is_the_interface_a_member_is_read_from(tmp_path: Path) -> None:
    # TypeScript (and typescript-json-schema): ``this`` in ``TreeNode`` is ``TreeNode``, in
    # what inherits the member (``Sub``) it is ``Sub``; in a generic's instance that instance.
    sub = {"name": "s", "extra": 1}
    defs = _strict(
        tmp_path,
        THIS,
        "Forest",
        [
            {
                "root": {"name": "r", "children": [{"name": "c"}]},
                "sub": {**sub, "parent": sub},
                "box": {"value": 1, "next": {"value": 2}},
                "linked": {"value": "a", "next": {"value": "b", "next": None}},
            }
        ],
        [
            {
                "root": {"name": "r"},
                "sub": {**sub, "parent": {"name": "p"}},
                "box": {"value": 1},
                "linked": {"value": "a", "next": None},
            },
            {
                "root": {"name": "r", "parent": {}},
                "sub": sub,
                "box": {"value": 1},
                "linked": {"value": "a", "next": None},
            },
            {
                "root": {"name": "r"},
                "sub": sub,
                "box": {"value": 1, "next": {"value": "x"}},
                "linked": {"value": "a", "next": None},
            },
        ],
    )
    assert defs["Sub"]["properties"]["parent"] == {"$ref": "#/$defs/Sub"}
    assert defs["Parent"] == {"$ref": "#/$defs/Sub"}
