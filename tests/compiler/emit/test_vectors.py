"""The test vectors' builder (codegen/emit/vectors): each kind of near-miss, proved for its
reason; determinism; the work budget; file names; and ``generate --test-vectors`` with
``--check`` and ``--strict``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from codegen import ir
from codegen.build.fastpath import display_path
from codegen.build.pipeline import load_schema
from codegen.cli import main
from codegen.emit.instances import Side
from codegen.emit.jsonschema import emit_jsonschema
from codegen.emit.vectors import emit_vectors, layout
from codegen.emit.vectors.build import Builder, Vectors, Work, nodes
from codegen.emit.vectors.layout import file_names
from codegen.errors import Diagnostics, SchemaError

JSON = Any


def build(defs: dict[str, JSON], name: str = "T", work: Work | None = None) -> Vectors:
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs}
    return Builder(Side(document), work or Work()).build(name)


def whys(vectors: Vectors) -> list[str]:
    return [v.why for v in vectors.reject]


def test_every_vector_has_the_verdict_it_claims() -> None:
    defs = {
        "T": {
            "type": "object",
            "properties": {
                "a": {"type": "string", "pattern": "^[a-z]+$"},
                "n": {"type": "integer"},
            },
            "required": ["a"],
            "additionalProperties": False,
        }
    }
    vectors = build(defs)
    validator = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/T"})
    assert vectors.accept and vectors.reject
    assert all(validator.is_valid(v.value) for v in vectors.accept)
    assert not any(validator.is_valid(v.value) for v in vectors.reject)


def test_a_wrong_type_null_and_a_missing_member() -> None:
    defs = {
        "T": {
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
        }
    }
    vectors = build(defs)
    assert vectors.accept[0].value == {"name": "x"}
    found = {v.why: v for v in vectors.reject}
    assert found["missing required member 'name' at the top"].value == {}
    assert found["missing required member 'name' at the top"].keywords == ("required",)
    assert found["wrong type at /name: number instead of string"].value == {"name": 12345}
    assert found["wrong type at /name: number instead of string"].at == ("name",)
    assert found["null at /name, where null is not allowed"].value == {"name": None}
    assert found["wrong type at the top: array instead of object"].value == []


def test_null_is_no_near_miss_where_null_is_allowed() -> None:
    defs = {
        "T": {
            "type": "object",
            "properties": {"n": {"type": ["string", "null"]}},
            "required": ["n"],
        }
    }
    vectors = build(defs)
    assert not any(w.startswith("null at /n") for w in whys(vectors))
    assert vectors.dropped >= 1  # built, then refused by the check


def test_an_extra_member_only_where_the_object_is_closed() -> None:
    closed = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "additionalProperties": False,
    }
    extra = "extra member 'unexpectedMember' at the top, where the object is closed"
    assert extra in whys(build({"T": closed}))
    assert extra not in whys(build({"T": {**closed, "additionalProperties": True}}))


def test_an_extra_member_takes_a_name_the_object_does_not_declare() -> None:
    closed = {
        "type": "object",
        "properties": {"unexpectedMember": {"type": "string"}},
        "additionalProperties": False,
    }
    vectors = build({"T": closed})
    assert "extra member 'unexpectedMember_' at the top, where the object is closed" in whys(
        vectors
    )


def test_a_broken_pattern_and_bounds() -> None:
    defs = {
        "T": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "pattern": "^[a-z]+$"},
                "short": {"type": "string", "minLength": 2, "maxLength": 3},
                "n": {"type": "integer", "minimum": 1, "exclusiveMaximum": 10},
                "items": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "minItems": 1,
                    "maxItems": 2,
                },
            },
            "required": ["code", "short", "n", "items"],
        }
    }
    found = {v.why: v for v in build(defs).reject}
    assert found['"" at /code does not match the pattern ^[a-z]+$'].keywords == ("pattern",)
    assert found["a string at /short shorter than minLength 2"].value["short"] == "x"
    assert found["a string at /short longer than maxLength 3"].value["short"] == "xxxx"
    assert found["0 at /n is past minimum 1"].value["n"] == 0
    assert found["10 at /n is past exclusiveMaximum 10"].value["n"] == 10
    assert found["0 items at /items, fewer than minItems 1"].value["items"] == []
    assert len(found["3 items at /items, more than maxItems 2"].value["items"]) == 3


def test_a_wrong_constant_and_enum_value() -> None:
    defs = {
        "T": {
            "type": "object",
            "properties": {"kind": {"const": "a"}, "role": {"enum": ["user", "bot"]}},
            "required": ["kind", "role"],
        }
    }
    found = {v.why: v for v in build(defs).reject}
    assert found['wrong constant at /kind: "a-wrong" instead of "a"'].keywords == ("const",)
    assert found['"user-wrong" at /role is not one of the enum\'s values'].keywords == ("enum",)


def test_array_items_are_mutated_in_place() -> None:
    defs = {"T": {"type": "array", "items": {"type": "string"}, "minItems": 1}}
    found = {v.why: v for v in build(defs).reject}
    assert found["wrong type at /0: number instead of string"].value == [12345]
    assert found["wrong type at /0: number instead of string"].at == ("0",)


def test_a_near_miss_that_breaks_something_else_too_is_dropped() -> None:
    """A number at ``b`` also makes ``c`` required (``if``/``then``): an error outside the
    mutated spot, so that near-miss proves nothing and is not written."""
    defs = {
        "T": {
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
            "required": ["a", "b"],
            "if": {"properties": {"b": {"type": "number"}}},
            "then": {"required": ["c"]},
        }
    }
    vectors = build(defs)
    assert {"a": "x", "b": "x"} in [v.value for v in vectors.accept]
    assert "wrong type at /b: number instead of string" not in whys(vectors)
    assert "null at /b, where null is not allowed" in whys(vectors)
    assert vectors.dropped >= 1


def test_unions_judge_a_member_by_its_most_plausible_branch() -> None:
    defs = {
        "T": {
            "anyOf": [
                {
                    "type": "object",
                    "properties": {"k": {"const": "a"}, "x": {"type": "string"}},
                    "required": ["k", "x"],
                },
                {
                    "type": "object",
                    "properties": {"k": {"const": "b"}, "y": {"type": "integer"}},
                    "required": ["k", "y"],
                },
            ]
        }
    }
    found = {v.why: v for v in build(defs).reject}
    assert found["wrong type at /x: number instead of string"].value == {"k": "a", "x": 12345}


def test_the_definition_share_of_the_budget_is_counted_in_nodes() -> None:
    defs = {"T": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}
    full = build(defs)
    assert nodes({"a": [1, {"b": None}]}) == 5
    small = build(defs, work=Work(share=6))  # {"a": "x"} is 2 nodes: three values, no more
    assert len(small.accept) + len(small.reject) + small.dropped <= 3
    assert len(small.accept) + len(small.reject) < len(full.accept) + len(full.reject)


def compile_ts(tmp_path: Path, text: str) -> tuple[ir.Schema, dict[str, str]]:
    path = tmp_path / "schema.ts"
    path.write_text(text)
    schema = load_schema([path])
    return schema, emit_jsonschema(schema, Diagnostics())


SMALL = """
export interface Tool { name: string; /** @pattern ^[a-z]+$ */ id?: string }
export type Role = "user" | "assistant";
"""


def test_the_whole_schema_budget_is_a_located_error(tmp_path: Path) -> None:
    schema, files = compile_ts(tmp_path, SMALL)
    with pytest.raises(SchemaError) as caught:
        emit_vectors(schema, files, Diagnostics(), Work(limit=10))
    assert str(caught.value) == (
        f"{display_path(tmp_path / 'schema.ts')}:2:1: error: the test vectors of 'Tool' need "
        "more than 10 JSON nodes of values in all (the vectors' work budget); the schema is "
        "too large for --test-vectors"
    )


def test_the_output_is_deterministic_and_indexed(tmp_path: Path) -> None:
    schema, files = compile_ts(tmp_path, SMALL)
    first = emit_vectors(schema, files)
    assert emit_vectors(schema, files) == first
    assert sorted(first) == ["Role.json", "Tool.json", "index.json", "schema.json"]
    assert first["schema.json"] == files["schema.json"]
    index = json.loads(first["index.json"])
    assert index["format"] == "mcp-negotiation-test-vectors" and index["version"] == 1
    assert index["schema"]["revision"] is None  # no LATEST_PROTOCOL_VERSION
    assert index["schema"]["sha256"] == hashlib.sha256(files["schema.json"].encode()).hexdigest()
    assert index["definitions"]["Tool"]["file"] == "Tool.json"
    tool = json.loads(first["Tool.json"])
    assert tool["schema"] == {"$ref": "schema.json#/$defs/Tool"}
    assert index["counts"]["reject"] == sum(e["reject"] for e in index["definitions"].values())
    assert {"value": {"name": "x"}, "why": "the smallest value"} in tool["accept"]


def test_a_definition_named_in_another_script_is_referenced_as_a_uri_fragment(
    tmp_path: Path,
) -> None:
    schema, files = compile_ts(tmp_path, "export interface Δelta { n: string }\n")
    out = emit_vectors(schema, files)
    index = json.loads(out["index.json"])
    data = json.loads(out[index["definitions"]["Δelta"]["file"]])
    assert data["schema"] == {"$ref": "schema.json#/$defs/%CE%94elta"}
    assert data["definition"] == "Δelta" and data["accept"][0]["value"] == {"n": "x"}


def test_a_pattern_jsonschema_cannot_use_is_a_located_warning(tmp_path: Path) -> None:
    schema, files = compile_ts(
        tmp_path, "export interface Bad {\n  /** @pattern [ */ id: string }\n"
    )
    diags = Diagnostics()
    out = emit_vectors(schema, files, diags)
    (warning,) = [str(w) for w in diags.warnings]
    assert warning == (
        f"{display_path(tmp_path / 'schema.ts')}:1:1: warning: no test vectors for 'Bad': "
        "jsonschema cannot use its JSON Schema (a bad regular expression: unterminated "
        "character set at position 0)"
    )
    assert json.loads(out["Bad.json"])["accept"] == []


# --------------------------------------------------------------------------- file names


def test_file_names_are_safe_and_injective_ignoring_case() -> None:
    names = [
        "Tool",
        "Role",
        "role",
        "CON",
        "index",
        "Δelta",
        "a$b",
        "a_b",
        "x" * 200,
        "Protocol.A.B",
    ]
    found = file_names(names)
    assert found["Tool"] == "Tool.json"
    assert found["a_b"] == "a_b.json"
    for name in ("Role", "role", "CON", "index", "Δelta", "a$b", "x" * 200, "Protocol.A.B"):
        stem = found[name].removesuffix(".json")
        assert "~" in stem and stem.isascii() and len(stem) <= 73, found[name]
    assert found["Δelta"].startswith("_elta~")
    assert found["Protocol.A.B"].startswith("Protocol_A_B~")
    assert len({f.casefold() for f in found.values()}) == len(names)
    assert all("/" not in f and "\\" not in f and not f.startswith(".") for f in found.values())


def test_two_definitions_never_share_a_file_the_check_says_which(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Injectivity is checked, not assumed: were two digests to meet (a digest that is
    always the same stands in for 48 bits of luck), the check names the definitions."""

    class Same:
        def hexdigest(self) -> str:
            return "0" * 64

    monkeypatch.setattr(layout.hashlib, "sha256", lambda _: Same())
    with pytest.raises(RuntimeError, match=r"share a vectors file name: \['Role', 'role'\]"):
        file_names(["role", "Role"])


def test_a_lone_surrogate_in_a_name_still_gets_a_file() -> None:
    assert file_names(["a\ud800"])["a\ud800"].startswith("a_~")


# --------------------------------------------------------------------------- the command


def _generate(tmp_path: Path, *flags: str) -> Any:
    args = ["generate", "--schema", str(tmp_path / "schema.ts"), "--out", str(tmp_path / "pkg")]
    return CliRunner().invoke(main, [*args, "--no-cache", *flags])


def test_generate_writes_and_checks_the_vectors_folder(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(SMALL)
    vectors = tmp_path / "vectors"
    done = _generate(tmp_path, "--test-vectors", str(vectors))
    assert done.exit_code == 0, done.output
    assert f"wrote {vectors / 'Tool.json'}" in done.output
    assert (vectors / ".codegen-manifest.json").is_file()
    again = _generate(tmp_path, "--test-vectors", str(vectors))
    assert again.exit_code == 0
    assert again.output.splitlines()[-2:] == [
        f"{tmp_path / 'pkg'} is up to date",
        f"{vectors} is up to date",
    ]
    fresh = _generate(tmp_path, "--test-vectors", str(vectors), "--check")
    assert fresh.exit_code == 0, fresh.output
    (vectors / "Tool.json").write_text("{}\n")
    stale = _generate(tmp_path, "--test-vectors", str(vectors), "--check")
    assert stale.exit_code == 1
    assert f"stale: {vectors / 'Tool.json'}" in stale.stderr
    assert (vectors / "Tool.json").read_text() == "{}\n"  # --check writes nothing
    fixed = _generate(tmp_path, "--test-vectors", str(vectors))
    assert fixed.exit_code == 0 and f"wrote {vectors / 'Tool.json'}" in fixed.output


def test_without_the_flag_nothing_changes(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(SMALL)
    _generate(tmp_path)
    package = {p.name: p.read_bytes() for p in (tmp_path / "pkg").iterdir()}
    _generate(tmp_path, "--test-vectors", str(tmp_path / "vectors"))
    assert {p.name: p.read_bytes() for p in (tmp_path / "pkg").iterdir()} == package


def test_strict_refuses_a_degraded_schema_before_writing_either_folder(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text("export interface A { n: 1n; m: string }\n")
    refused = _generate(tmp_path, "--strict", "--test-vectors", str(tmp_path / "vectors"))
    assert refused.exit_code == 2
    assert ": error: " in refused.stderr and "degraded to JsonValue" in refused.stderr
    assert not (tmp_path / "vectors").exists() and not (tmp_path / "pkg").exists()


def test_the_vectors_folder_and_the_package_must_not_nest(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(SMALL)
    for folder in (tmp_path / "pkg", tmp_path / "pkg" / "v", tmp_path):
        refused = _generate(tmp_path, "--test-vectors", str(folder))
        assert refused.exit_code == 2, folder
        assert refused.stderr.startswith("error: --test-vectors ")
        assert "Traceback" not in refused.stderr
    assert not (tmp_path / "pkg").exists()


def test_from_jsonschema_takes_no_test_vectors(tmp_path: Path) -> None:
    schema = tmp_path / "s.json"
    schema.write_text("{}")
    args = ["generate", "--from-jsonschema", str(schema), "--out", str(tmp_path / "pkg")]
    refused = CliRunner().invoke(main, [*args, "--test-vectors", str(tmp_path / "v")])
    assert refused.exit_code == 2 and "--test-vectors" in refused.stderr


def test_a_near_miss_the_validator_reports_for_another_keyword_is_dropped() -> None:
    """``"x"`` is too short for the string member, but the validator's most plausible
    member is the integer one (a tie goes to the first), which reports ``type``: the
    reason is not confirmed, so the vector is not written."""
    union = {"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 2}]}
    defs = {"T": {"type": "object", "properties": {"p": union}, "required": ["p"]}}
    vectors = build(defs)
    assert {"p": "xx"} in [v.value for v in vectors.accept]  # the largest: mutated too
    assert not any("shorter than minLength" in w for w in whys(vectors))
    assert vectors.dropped >= 1
