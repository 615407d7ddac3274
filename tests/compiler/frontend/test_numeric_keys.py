"""Keys written as numbers (``200: T``, ``[1]: T``, ``[Code.Ok]: T``), as TypeScript reads
them: the JSON key is the string "200", but ``keyof`` gives the number ``200``.

OpenAPI-made typings key responses by status code (``responses: { 200: ...; 404: ... }``)
and pick the successful ones with ``SuccessStatuses & keyof R``. Read as strings, that
intersection was ``never``, and every response type built on it was lost. Each case
compiles a snippet, imports the package under warnings-as-errors, validates values with
the models and the JSON Schema, and compares with typescript-json-schema.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import load_schema
from codegen.ir.keys import is_number_key, key_literal, key_name, number_name
from codegen.ir.queries import shape
from tests.compiler.frontend.test_total_frontend import _agree

RESPONSES = """
export enum Code { Ok = 200, Gone = 410 }
export declare const ACCEPTED = 202;
export interface Responses {
  200: { content: { a: string } };
  204: { headers: { etag: string } };
  "404": { x: number };
}
export interface ByName { [Code.Ok]: string; [ACCEPTED]: boolean; n: null }
export type Succ = 200 | 201 | 204;
export type Keys = keyof Responses;
export type Numbers = Extract<keyof Responses, number>;
export type Strings = Extract<keyof Responses, string>;
export type SuccessKeys = Succ & keyof Responses;
export type Success = { [K in Succ & keyof Responses]: Responses[K] }[Succ & keyof Responses];
export type Picked = Pick<Responses, 204>;
export type Omitted = Omit<Responses, 200 | "404">;
export type NameKeys = keyof ByName;
export type PartialKeys = keyof Partial<ByName>;
export type RecordKeys = keyof Record<200 | "a", number>;
export type Texts = `${keyof Responses}`;
"""

NAMES = [
    "Keys",
    "Numbers",
    "Strings",
    "SuccessKeys",
    "Success",
    "Picked",
    "Omitted",
    "NameKeys",
    "PartialKeys",
    "RecordKeys",
    "Texts",
]

# name -> (values it accepts, values it rejects)
CASES: dict[str, tuple[list[Any], list[Any]]] = {
    "Keys": ([200, 204, "404"], ["200", 404, "204"]),
    "Numbers": ([200, 204], ["200", "404"]),
    "Strings": (["404"], [200, "200"]),
    "SuccessKeys": ([200, 204], [201, "200"]),
    "Success": ([{"content": {"a": "x"}}, {"headers": {"etag": "e"}}], [{"x": 1}, {}]),
    "Picked": ([{"204": {"headers": {"etag": "e"}}}], [{}, {"200": {"content": {"a": "x"}}}]),
    "Omitted": ([{"204": {"headers": {"etag": "e"}}}], [{}, {"404": {"x": 1}}]),
    "NameKeys": ([200, 202, "n"], ["200", "202", 410]),
    "PartialKeys": ([200, 202, "n"], ["200", "n2"]),
    "RecordKeys": ([200, "a"], ["200", 201]),
    "Texts": (["200", "204", "404"], [200, "201"]),
}


@pytest.mark.parametrize("name", NAMES)
def test_a_number_key_is_a_number_to_keyof_and_a_string_on_the_wire(
    name: str, tmp_path: Path
) -> None:
    good, bad = CASES[name]
    if name in ("Picked", "Omitted"):  # closed objects: the other responses are extras
        bad = [v for v in bad if v != {"200": {"content": {"a": "x"}}} and v != {"404": {"x": 1}}]
    _agree(tmp_path, RESPONSES, name, good, bad)


def test_the_wire_key_of_a_number_key_is_the_string_javascript_makes() -> None:
    snippet = "export interface A { 0x10: string; 1.50: number; [2e3]: boolean; '7': null }"
    schema = load_schema_text(snippet)
    body = schema.decls["A"].body
    assert isinstance(body, ir.Object)
    assert [(p.name, p.numeric_name) for p in body.properties] == [
        ("16", True),
        ("1.5", True),
        ("2000", True),
        ("7", False),  # written as a string: keyof gives "7"
    ]


def test_a_number_key_leaves_the_shape_of_every_other_property_as_it_was() -> None:
    # shapes are the keys of "same type" and of the digests in synthesized names: the new
    # field adds nothing where it is not set, so no generated name moves
    plain = ir.Property("a", ir.Primitive("string"))
    assert shape(plain) == (
        "Property",
        ("str", "a"),
        shape(plain.type),
        ("bool", False),
        ("bool", False),
        shape(plain.doc),
    )
    numbered = ir.Property("200", ir.Primitive("string"), numeric_name=True)
    assert shape(numbered) != shape(ir.Property("200", ir.Primitive("string")))


@pytest.mark.parametrize(
    ("key", "name", "number"),
    [
        ("a", "a", False),
        (200, "200", True),
        (1.5, "1.5", True),
        (2.0, "2", True),
        (True, "True", False),
    ],
)
def test_key_name_and_is_number_key(key: ir.LiteralValue, name: str, number: bool) -> None:
    assert key_name(key) == name
    assert is_number_key(key) is number


@pytest.mark.parametrize(
    ("prop", "value"),
    [
        (ir.Property("200", ir.Primitive("string"), numeric_name=True), 200),
        (ir.Property("1.5", ir.Primitive("string"), numeric_name=True), 1.5),
        (ir.Property("1e+21", ir.Primitive("string"), numeric_name=True), 1e21),
        (ir.Property("200", ir.Primitive("string")), "200"),
    ],
)
def test_key_literal_is_what_keyof_gives(prop: ir.Property, value: ir.LiteralValue) -> None:
    where = ir.Span("a.ts", 3, 7)  # the ``keyof`` that asks: its errors point there
    found = key_literal(prop, where)
    assert found.value == value and type(found.value) is type(value)
    assert found.span == where
    if isinstance(value, int | float):
        assert number_name(value) == prop.name  # the round trip: the same JSON key


def load_schema_text(text: str) -> ir.Schema:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "schema.ts"
        path.write_text(text)
        return load_schema([path])


# ``{ [K in Keys]: F<K> }[Keys]`` where F gives ``never`` for some keys: each key's value,
# the ``never`` ones adding nothing (the object leaves such a key out, so the access read
# it as "not a data property" and degraded once the status codes stayed numbers).
SUCCESS_DATA = """
type Succ = 200 | 204 | 205;
interface R {
  200: { content: { "application/json": { id: number } } };
  204: { headers: {} };
  205: { headers: {} };
}
type Get<T> = "content" extends keyof T ? T["content"] : never;
type Data<Rs> = { [K in Succ & keyof Rs]: Get<Rs[K]> extends never ? never : Get<Rs[K]> }[
  Succ & keyof Rs
];
export type D = Data<R>;
export type Tags = { [K in "x" | "y" | "z"]: K extends "y" ? never : K }["x" | "y" | "z"];
"""


def test_an_access_to_a_mapped_type_by_its_keys_skips_the_keys_whose_value_is_never(
    tmp_path: Path,
) -> None:
    good = [{"application/json": {"id": 1}}]
    defs = _agree(tmp_path, SUCCESS_DATA, "D", good, [{}, {"headers": {}}])
    assert "$comment" not in json.dumps(defs)  # nothing degraded
    _agree(tmp_path, SUCCESS_DATA, "Tags", ["x", "z"], ["y", "w"])
