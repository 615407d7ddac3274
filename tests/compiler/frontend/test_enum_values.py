"""Enum members initialised by constant enum expressions (issue #33, found by probing
typings beyond the sweep: flags enums write ``A = 1 << 0``, ``AB = A | B``): their values
are computed as TypeScript computes them (``codegen.frontend.enum_values``), and match
typescript-json-schema's. What is no constant expression degrades loudly, located."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.build.pipeline import load_schema
from codegen.errors import Diagnostics
from tests.compiler.build_stage.test_protocol_corpus import oracle_definitions
from tests.compiler.frontend.test_total_frontend import _agree
from tests.jsonschema_normalise import normalise_schema

FLAGS = """export enum Flags {
    None = 0,
    A = 1 << 0,
    B = 1 << 1,
    AB = A | B,
    C = Flags.AB + 1,
    D = Flags["C"] * 2,
    Neg = ~0,
    High = 1 << 31,
    Shifted = -16 >>> 28,
    Ten = (35 - 5) / 3,
    Mixed = (A ^ 3) & 0xff,
    Next,
}
export const enum Words { Hello = "hel" + "lo", World = `world` }
export interface Uses { f: Flags; w: Words }
"""
VALUES = [0, 1, 2, 3, 4, 8, -1, -2147483648, 15, 10, 2, 3]


def test_constant_enum_expressions_are_their_values(tmp_path: Path) -> None:
    defs = _agree(
        tmp_path,
        FLAGS,
        "Uses",
        [{"f": v, "w": w} for v, w in zip(VALUES, ["hello", "world"] * 6, strict=True)],
        [{"f": 5, "w": "hello"}, {"f": 1, "w": "hel"}, {"f": 16, "w": "world"}],
    )
    assert sorted(defs["Flags"]["enum"]) == sorted(set(VALUES))
    assert sorted(defs["Words"]["enum"]) == ["hello", "world"]


def test_constant_enum_values_match_the_oracle(tmp_path: Path) -> None:
    (tmp_path / "schema.ts").write_text(FLAGS)
    from codegen.emit.jsonschema import schema_document

    ours = schema_document(load_schema([tmp_path / "schema.ts"]))["$defs"]
    theirs = oracle_definitions(tmp_path / "schema.ts")
    for name in ("Flags", "Words"):
        # the oracle repeats a value two members share; ours lists it once
        assert sorted(set(normalise_schema(theirs[name])["enum"])) == sorted(ours[name]["enum"])


@pytest.mark.parametrize(
    "initializer",
    ["Math.max(1, 2)", "Other.X", "A / 0", "'a' + 1", "B + 1", "true"],
)
def test_what_is_no_constant_degrades_loudly_at_its_place(tmp_path: Path, initializer: str) -> None:
    """No constant enum expression: the totality net degrades it where it stands, one
    located warning (which ``--strict`` refuses), never a silent value."""
    (tmp_path / "schema.ts").write_text(
        f"export enum E {{ A = 1, C = {initializer} }}\nexport interface U {{ e: E }}\n"
    )
    diagnostics = Diagnostics()
    load_schema([tmp_path / "schema.ts"], diagnostics)
    (spot,) = diagnostics.degraded
    assert "computed enum member" in spot.message
    assert str(spot.span).startswith(f"{tmp_path / 'schema.ts'}:1:")
