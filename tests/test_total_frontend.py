"""A total front end (issue #33): constructs of real typings that the compiler refused, or
lost silently, computed as TypeScript and typescript-json-schema compute them.

Each case compiles a snippet, imports the package under warnings-as-errors, validates good
and bad values with the models and with the emitted JSON Schema, and, where
typescript-json-schema reads the snippet, compares the definitions with its own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import SchemaError
from tests.jsonschema_normalise import normalise_schema
from tests.test_protocol_corpus import TJS, oracle_definitions
from tests.test_pydantic_emit import compile_ts


def _agree(tmp_path: Path, snippet: str, target: str, good: list[Any], bad: list[Any]) -> Any:
    """Compile ``snippet`` (beside the files already in ``tmp_path``), import it with
    warnings as errors, and check ``target``'s model and JSON Schema on the values."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, snippet)
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, target))
    document = schema_document(load_schema([tmp_path / "schema.ts"]))
    definition = {**document, "$ref": f"#/$defs/{target}"}
    for value in good:
        adapter.validate_json(json.dumps(value))
        jsonschema.validate(value, definition)
    for value in bad:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(value))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(value, definition)
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
}


@pytest.mark.parametrize("name", sorted(INFER_CASES))
def test_infer_binds_what_stands_in_its_place(name: str, tmp_path: Path) -> None:
    _agree(tmp_path, INFER, *INFER_CASES[name])


_ORACLE = """
const TJS = require("typescript-json-schema");
const [file, ...names] = JSON.parse(process.argv[1]);
const program = TJS.getProgramFromFiles([file], { strictNullChecks: true });
const generator = TJS.buildGenerator(program, { required: true });
const out = {};
for (const name of names) out[name] = generator.getSchemaForSymbol(name);
process.stdout.write(JSON.stringify(out));
"""


def _oracle_symbols(path: Path, names: list[str]) -> dict[str, Any]:
    """typescript-json-schema's schema of each of ``names`` (its API, strict null checks)."""
    if shutil.which("node") is None or not TJS.exists():
        pytest.skip("typescript-json-schema is not installed (make e2e-node needs node and npm)")
    done = subprocess.run(
        ["node", "-e", _ORACLE, json.dumps([str(path), *names])],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
        env={**os.environ, "NODE_PATH": str(TJS.parents[1])},
    )
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_infer_means_what_typescript_json_schema_makes_of_it(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(INFER)
    ours = schema_document(load_schema([tmp_path / "schema.ts"]))["$defs"]
    theirs = _oracle_symbols(tmp_path / "schema.ts", ["Unboxed", "Datas", "Three", "Elems"])
    for name, schema in theirs.items():
        schema.pop("$schema", None)
        assert normalise_schema(schema) == normalise_schema(ours[name]), name
