"""Keys written as numbers, against typescript-json-schema (a separate file: the oracle
runs node, which the mutation runs' in-process selection of test_numeric_keys.py leaves out)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from tests.compiler.frontend.test_numeric_keys import NAMES, RESPONSES
from tests.jsonschema_normalise import normalise_schema
from tests.tjs_oracle import oracle_symbols


def test_number_keys_mean_what_typescript_json_schema_makes_of_them(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(RESPONSES)
    ours = schema_document(load_schema([tmp_path / "schema.ts"]))["$defs"]
    theirs = oracle_symbols(tmp_path / "schema.ts", NAMES)
    for name, schema in theirs.items():
        schema.pop("$schema", None)
        mine = ours[name]
        while "$ref" in mine and len(mine) == 1:  # our instances are named definitions
            mine = ours[mine["$ref"].rsplit("/", 1)[-1]]
        assert _enum_untyped(normalise_schema(schema)) == _enum_untyped(normalise_schema(mine)), (
            name
        )


def _enum_untyped(schema: Any) -> Any:
    """A ``type`` beside an ``enum`` says nothing the enum does not (ours writes
    ``["integer", "string"]`` beside ``[200, "404"]``; typescript-json-schema leaves it out)."""
    if isinstance(schema, dict):
        found = {k: _enum_untyped(v) for k, v in schema.items()}
        if "enum" in found:
            found.pop("type", None)
        return found
    if isinstance(schema, list):
        return [_enum_untyped(v) for v in schema]
    return schema
