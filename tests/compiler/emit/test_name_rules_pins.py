"""Pins for ``codegen.emit.python.name_rules`` read from the survivors of its mutation run
of 2026-11-29 (issue #36): ``_`` parts words in a non-ASCII name, and a type held many
times over is walked once when its property keys are collected."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.emit.python import name_rules
from tests.compiler.emit.test_naming import SPAN1, SPAN2, prop, schema


@pytest.mark.parametrize(
    ("name", "pascal", "snake"),
    [
        ("é_x", "ÉX", "é_x"),  # "_" parts words as in an ASCII name ("a_x" is "AX")
        ("ünder_score_Ω", "ÜnderScoreΩ", "ünder_score_ω"),
        ("_é", "É", "é"),
    ],
)
def test_an_underscore_parts_the_words_of_a_non_ascii_name(
    name: str, pascal: str, snake: str
) -> None:
    assert name_rules.words(name) == [w for w in name.split("_") if w]
    assert name_rules.pascal_case(name) == pascal
    assert name_rules.snake_case(name) == snake


def test_a_type_held_many_times_over_is_walked_once() -> None:
    """Each union holds the one before it twice: 2**64 paths through 65 nodes. The keys
    come out in a blink, each with where it is first written."""
    node: ir.TypeExpr = ir.Object((prop("leaf", span=SPAN2),))
    for _ in range(64):
        node = ir.Union((node, node))
    keys = name_rules.property_keys(
        schema(
            ir.Alias("Deep", node),
            ir.Interface("Owner", ir.Object((prop("leaf", span=SPAN1), prop("other"))), span=SPAN1),
        )
    )
    assert keys == {"leaf": SPAN2, "other": SPAN1}
