"""Branded primitives (``type UserId = string & { readonly __brand: "UserId" }``, issue #21):
the object part is a compile-time tag that no JSON value carries, so both back ends read the
alias as its primitive, keeping its name and description; an object type with a data member
beside a primitive is one located error in both (docs/jsonschema-deviations.md, ``brand``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from tests.compiler.build_stage.test_protocol_corpus import oracle_definitions
from tests.compiler.cli.test_cli import run
from tests.compiler.emit.test_pydantic_emit import compile_ts
from tests.compiler.frontend.test_real_world_constructs import _json_schema, model_and_schema_agree
from tests.compiler.frontend.test_total_frontend import _agree

BRANDED = (
    "/** A user's id. */\n"
    'export type UserId = string & { readonly __brand: "UserId" };\n'
    "type Branded<T, B> = T & { readonly __brand: B };\n"
    "interface PortTag { readonly _tag: 'Port'; kind?: never }\n"
    "export type Port = number & PortTag;\n"
    "export interface User { id: UserId; port: Port; order: Branded<string, 'Order'>;"
    " on?: true & { __flag: 1 }; tags: (string & { __t: 't' })[] }\n"
)


def test_a_branded_field_accepts_its_primitive_in_both_back_ends(tmp_path: Path) -> None:
    model_and_schema_agree(
        tmp_path,
        BRANDED,
        "User",
        [
            {"id": "abc", "port": 8080, "order": "o-1", "on": True, "tags": ["a"]},
            {"id": "", "port": 0.5, "order": "", "tags": []},
        ],
        [
            {"id": 1, "port": 1, "order": "o", "tags": []},
            {"id": "abc", "port": "1", "order": "o", "tags": []},
            {"id": "abc", "port": 1, "order": {"__brand": "Order"}, "tags": []},
            {"id": "abc", "port": 1, "order": "o", "on": False, "tags": []},
            {"id": "abc", "port": 1, "order": "o", "tags": [1]},
            {"id": {"__brand": "UserId"}, "port": 1, "order": "o", "tags": []},
        ],
    )


def test_the_alias_keeps_its_name_and_description(tmp_path: Path) -> None:
    module, source = compile_ts(tmp_path, BRANDED)
    assert "UserId: TypeAlias = str\n" in source
    assert "Port: TypeAlias = int | float\n" in source
    assert TypeAdapter(module.UserId).validate_python("abc") == "abc"
    with pytest.raises(ValidationError):
        TypeAdapter(module.UserId).validate_python(1)
    defs = _json_schema(tmp_path, BRANDED)["$defs"]
    assert defs["UserId"] == {"type": "string", "description": "A user's id."}
    assert defs["Port"] == {"type": "number"}
    assert defs["User"]["properties"]["id"] == {"type": "string", "description": "A user's id."}


REFUSED = 'export type Bad = string & { readonly __brand: "Bad"; count: number };\n'
MESSAGE = (
    "no JSON value is both a primitive type and an object type with the data member"
    " 'count'; only a brand (every member a literal type or never, as in"
    ' { readonly __brand: "Id" }) or {} can be intersected with a primitive type'
)


def test_a_primitive_with_data_members_degrades_loudly_and_strict_refuses_it(
    tmp_path: Path,
) -> None:
    # TypeScript accepts the type (no JSON value has it): a loud degradation, not a refusal.
    schema = tmp_path / "bad.ts"
    schema.write_text(REFUSED)
    generated = run("generate", "--schema", str(schema), "--out", str(tmp_path / "out" / "bad"))
    written = run("jsonschema", str(schema))
    where = f"{schema}:1:28"
    assert generated.returncode == 0 and f"{where}: warning: {MESSAGE}" in generated.stderr
    assert written.returncode == 0 and f"{where}: warning: {MESSAGE}" in written.stderr
    assert json.loads(written.stdout)["$defs"]["Bad"]["$comment"].endswith(MESSAGE)
    strict = run(
        "generate", "--strict", "--schema", str(schema), "--out", str(tmp_path / "s" / "bad")
    )
    assert (strict.returncode, strict.stderr.strip()) == (
        2,
        f"{where}: error: {MESSAGE}: degraded to JsonValue (any JSON value)",
    )
    assert not (tmp_path / "s").exists()


# A distributed `&` whose members include a primitive with data members (JSON Schema
# generators write `type Person = {...} & ({...} | string)` for `allOf` of an `anyOf`).
DISTRIBUTED = (
    "interface Rule { severity?: 'warning' | 'error'; disableFix?: boolean }\n"
    "export type Person = { name: string; url?: string; [k: string]: unknown }\n"
    "  & ({ name: string; [k: string]: unknown } | string);\n"
    "export type Option = ('always' | 'never' | {} | Rule) & string;\n"
    "export type Setting = (null | 'on' | [Option, Option]) & (('on' & string) | ([Option, Option] & unknown[]));\n"
    "export type Empty = ([] | string) & ([string, ...string[]] | string | []);\n"
    "export interface Config { author: Person; rule?: Setting; empty?: Empty }\n"
)


def test_a_member_of_a_distributed_intersection_with_no_json_value_is_left_out(
    tmp_path: Path,
) -> None:
    """``A & (B | string)`` is ``(A & B) | (A & string)``; no JSON value is both an object
    with data members and a string, so that member adds nothing: the union of the others,
    not a degraded whole."""
    defs = _agree(
        tmp_path,
        DISTRIBUTED,
        "Config",
        [
            {"author": {"name": "a", "url": "u"}},
            {"author": {"name": "a"}, "rule": "on"},
            {"author": {"name": "a"}, "rule": ["always", "x"]},
            {"author": {"name": "a"}, "empty": []},
            {"author": {"name": "a"}, "empty": "x"},
        ],
        [
            {"author": "a"},
            {"author": {"url": "u"}},
            {"author": {"name": "a"}, "rule": "off"},
            {"author": {"name": "a"}, "rule": ["always", {}]},
            {"author": {"name": "a"}, "rule": None},
            {"author": {"name": "a"}, "empty": ["x"]},
        ],
    )
    assert not [k for k, v in defs.items() if "$comment" in v], defs
    assert defs["Option"] == {"type": "string"}


_NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
_TAGS = st.one_of(
    st.text(st.characters(codec="ascii", exclude_characters='"\\\n\r'), max_size=8).map(json.dumps),
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["true", "false", "never"]),
)


@settings(max_examples=40, deadline=None)
@given(
    primitive=st.sampled_from(["string", "number", "boolean", "'lit'", "7", "string[]"]),
    members=st.dictionaries(_NAMES, st.tuples(_TAGS, st.booleans()), min_size=1, max_size=3),
    first=st.booleans(),
)
def test_any_brand_means_its_primitive(
    tmp_path_factory: pytest.TempPathFactory,
    primitive: str,
    members: dict[str, tuple[str, bool]],
    first: bool,
) -> None:
    """Whatever the tag's member names, literal types and optionality, ``P & brand`` (either
    order) is written exactly as ``P`` alone."""
    brand = "{ " + "; ".join(
        f"readonly {n}{'?' if o else ''}: {t}" for n, (t, o) in members.items()
    )
    body = f"{brand} }} & {primitive}" if first else f"{primitive} & {brand} }}"
    folder = tmp_path_factory.mktemp("brand")
    branded, plain = folder / "branded.ts", folder / "plain.ts"
    branded.write_text(f"export type A = {body};\n")
    plain.write_text(f"export type A = {primitive};\n")
    assert schema_document(load_schema([branded])) == schema_document(load_schema([plain]))


def _oracle(tmp_path: Path, source: str) -> dict[str, Any]:
    path = tmp_path / "oracle.ts"
    path.write_text(source)
    return oracle_definitions(path)


def test_the_oracle_writes_a_branded_primitive_as_no_value(tmp_path: Path) -> None:
    """The reading behind kind `brand`, checked on typescript-json-schema itself: ``string &
    { __brand: "U" }`` becomes an ``allOf`` of a string and an object requiring ``__brand``,
    which no value matches; TypeScript's branded string is any string at run time. And it
    writes ``string & { count: number }`` alike, which we refuse."""
    defs = _oracle(
        tmp_path,
        'export type U = string & { readonly __brand: "U" };\n'
        "export type C = string & { count: number };\n",
    )
    assert defs["U"] == {
        "allOf": [
            {
                "type": "object",
                "properties": {"__brand": {"type": "string", "const": "U"}},
                "required": ["__brand"],
            },
            {"type": "string"},
        ]
    }
    assert defs["C"]["allOf"][1] == {"type": "string"}
    for key in ("U", "C"):
        validator = jsonschema.Draft7Validator(
            {"definitions": defs, "$ref": f"#/definitions/{key}"}
        )
        values = ["abc", "", 1, {"__brand": "U"}, {"count": 1}, None]
        assert [v for v in values if validator.is_valid(v)] == []
    assert _json_schema(tmp_path, 'export type U = string & { readonly __brand: "U" };')["$defs"][
        "U"
    ] == {"type": "string"}
