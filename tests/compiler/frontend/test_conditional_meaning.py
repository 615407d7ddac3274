"""Conditional types of real typings that degraded under ``--strict`` though TypeScript
computes them as data (issue #33): each snippet compiles with no degraded spot, imports
with warnings as errors, its models and JSON Schema take and refuse the same values, and
the definitions mean what typescript-json-schema makes of them.

The verdicts are tsc 5.5's (``codegen/frontend/conditional.py`` follows its
``isTypeAssignableTo``): an index signature is met by an object literal type's members and
by the source's own index signature, never by an interface's members; an intersection of
object types is an object (no primitive), unless a required member's literal types do not
meet, which makes it ``never``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import Diagnostics
from tests.compiler.emit.test_pydantic_emit import compile_ts
from tests.jsonschema_normalise import normalise_schema
from tests.tjs_oracle import oracle_symbols

# openapi-typescript's helpers (@octokit/openapi-types: 41 uses): `OneOf<[A, B, ...]>`
# matches `[infer A, infer B, ...infer Rest]`, then checks the tuple against the inferred
# pattern, whose members are the very types of the tuple (an index signature's too).
ONE_OF = """
type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = T | U extends object ? (Without<T, U> & U) | (Without<U, T> & T) : T | U;
type OneOf<T extends any[]> = T extends [infer Only] ? Only
  : T extends [infer A, infer B, ...infer Rest] ? OneOf<[XOR<A, B>, ...Rest]> : never;
export interface Deployment {
  payload: OneOf<[{ [key: string]: unknown }, string]>;
  labels: OneOf<[string, { id?: number; name?: string }]>[];
  one: OneOf<[number]>;
}
"""

# Records and index signatures as the target of a condition.
RECORDS = """
type IsRecord<T> = T extends Record<string, unknown> ? "record" : "other";
interface Named { name: string }
export interface Kinds {
  literal: IsRecord<{ a: string }>;
  iface: IsRecord<Named>;
  list: IsRecord<string[]>;
  text: IsRecord<string>;
  map: IsRecord<{ [k: string]: number }>;
}
"""

# discord-api-types' `_AddUndefinedToPossiblyUndefinedPropertiesOfInterface` over a union
# of intersections (`APIApplicationCommandOption`): `T[K] extends Exclude<T[K], undefined>`.
INTERSECTIONS = """
interface Base { kind: 1; name: string }
type Option = (Base & { auto: true }) | (Base & { auto?: false; choices?: string[] });
type AddUndefined<T> = {
  [K in keyof T]: T[K] extends Exclude<T[K], undefined> ? T[K] : T[K] | undefined;
};
export type Patch = AddUndefined<{ option: Option; note?: string }>;
export interface Reduced {
  never: ({ kind: 1 } & { kind: 2 }) extends string ? "never" : "object";
  object: ({ kind: 1 } & { name: string }) extends string ? "never" : "object";
}
"""

# ``infer V extends C`` (TypeScript 4.7; @types/node's ``{ valueOf(): infer V extends
# ArrayBufferLike }``): what is inferred stays where it is assignable to C, else V is C and
# the check of the pattern decides (tsc 5.5: b, c, e and f take the false branch).
INFER_EXTENDS = """
type XY<T> = T extends { v: infer V extends "x" | "y" } ? V : "no";
type Str<T> = T extends { v: infer V extends string } ? [V] : "no";
type Arr<T> = T extends (infer U extends string)[] ? U : "no";
export interface Inferred {
  a: XY<{ v: "x" }>;
  b: XY<{ v: "z" }>;
  c: Str<{ v: string | number }>;
  d: Str<{ v: "a" }>;
  e: Str<{ w: 1 }>;
  f: Arr<("a" | 1)[]>;
  g: Arr<"a"[]>;
}
"""
_INFERRED = {"a": "x", "b": "no", "c": "no", "d": ["a"], "e": "no", "f": "no", "g": "a"}

# name -> (snippet, target, values it takes, values it refuses); a degraded spot would take
# every value, so each case refuses one that only a degraded type takes.
CASES: dict[str, tuple[str, str, list[Any], list[Any]]] = {
    "one_of_a_record_and_a_string": (
        ONE_OF,
        "Deployment",
        [
            {"payload": {"a": 1}, "labels": ["x", {"id": 1}], "one": 2},
            {"payload": "text", "labels": [], "one": 0.5},
        ],
        [
            {"payload": 1, "labels": [], "one": 2},
            {"payload": "t", "labels": [1], "one": 2},
            {"payload": "t", "labels": [{"id": "1"}], "one": 2},
            {"payload": "t", "labels": [], "one": "2"},
        ],
    ),
    "records_and_index_signatures": (
        RECORDS,
        "Kinds",
        [
            {
                "literal": "record",
                "iface": "other",
                "list": "other",
                "text": "other",
                "map": "record",
            }
        ],
        [
            {
                "literal": "other",
                "iface": "other",
                "list": "other",
                "text": "other",
                "map": "record",
            },
            {
                "literal": "record",
                "iface": "record",
                "list": "other",
                "text": "other",
                "map": "record",
            },
            {
                "literal": "record",
                "iface": "other",
                "list": "record",
                "text": "other",
                "map": "record",
            },
            {
                "literal": "record",
                "iface": "other",
                "list": "other",
                "text": "record",
                "map": "record",
            },
            {
                "literal": "record",
                "iface": "other",
                "list": "other",
                "text": "other",
                "map": "other",
            },
        ],
    ),
    "an_intersection_of_object_types_is_no_primitive": (
        INTERSECTIONS,
        "Patch",
        [
            {"option": {"kind": 1, "name": "n", "auto": True}},
            {"option": {"kind": 1, "name": "n", "choices": ["a"]}, "note": "x"},
        ],
        [{"option": 1}, {"option": {"kind": 2, "name": "n", "auto": True}}, {"note": "x"}],
    ),
    "an_intersection_that_typescript_reduces_to_never": (
        INTERSECTIONS,
        "Reduced",
        [{"never": "never", "object": "object"}],
        [{"never": "object", "object": "object"}, {"never": "never", "object": "never"}],
    ),
    "an_infer_with_a_constraint_matches_only_what_meets_it": (
        INFER_EXTENDS,
        "Inferred",
        [_INFERRED],
        [
            {**_INFERRED, "b": "z"},
            {**_INFERRED, "c": ["s"]},
            {**_INFERRED, "d": ["c"]},
            {**_INFERRED, "e": ["s"]},
            {**_INFERRED, "f": "a"},
            {**_INFERRED, "g": "no"},
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_compiles_strict_imports_and_validates(name: str, tmp_path: Path) -> None:
    snippet, target, good, bad = CASES[name]
    (tmp_path / "schema.ts").write_text(snippet)
    diags = Diagnostics()
    document = schema_document(load_schema([tmp_path / "schema.ts"], diags))
    assert [d.as_error() for d in diags.degraded] == []  # --strict compiles it
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, snippet)
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    definition = {**document, "$ref": f"#/$defs/{target}"}
    for value in good:
        adapter.validate_json(json.dumps(value))
        jsonschema.validate(value, definition)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(value, definition)


@pytest.mark.parametrize(
    ("snippet", "targets"),
    [
        (ONE_OF, ["Deployment"]),
        (RECORDS, ["Kinds"]),
        (INTERSECTIONS, ["Reduced"]),
        (INFER_EXTENDS, ["Inferred"]),
    ],
)
def test_means_what_typescript_json_schema_makes_of_it(
    tmp_path: Path, snippet: str, targets: list[str]
) -> None:
    (tmp_path / "schema.ts").write_text(snippet)
    ours = schema_document(load_schema([tmp_path / "schema.ts"]))["$defs"]
    theirs = oracle_symbols(tmp_path / "schema.ts", targets)
    for name, schema in theirs.items():
        schema.pop("$schema", None)
        assert normalise_schema(schema) == normalise_schema(ours[name]), name


# @types/node's ``ImplicitArrayBuffer``: an ``infer`` in a method of the pattern, whose
# type no object type here keeps (methods are names only): nothing to bind it to.
INFER_IN_A_METHOD = """
type Implicit<T> = T extends { valueOf(): infer V extends string } ? V : T;
type Plain<T> = T extends { v: infer V } ? V : T;
export interface Uses { a: Implicit<{ valueOf(): "x" }>; b: Plain<{ v: 1 }> }
export interface Free { b: Plain<{ v: 1 }> }
"""


def test_an_infer_in_a_method_of_the_pattern_degrades_loudly(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(INFER_IN_A_METHOD)
    diags = Diagnostics()
    document = schema_document(load_schema([tmp_path / "schema.ts"], diags))
    (spot,) = [d.as_error() for d in diags.degraded]
    assert spot.endswith(
        "schema.ts:2:43: error: 'infer' in a method of a conditional type's condition "
        "(methods are no data): degraded to JsonValue (any JSON value)"
    )
    assert "$comment" in document["$defs"]["Uses"]["properties"]["a"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, INFER_IN_A_METHOD)
    uses: TypeAdapter[Any] = TypeAdapter(module.Uses)
    uses.validate_json(json.dumps({"a": [1, "x"], "b": 1}))
    with pytest.raises(ValidationError):
        uses.validate_json(json.dumps({"a": "x", "b": 2}))
    TypeAdapter(module.Free).validate_json(json.dumps({"b": 1}))
