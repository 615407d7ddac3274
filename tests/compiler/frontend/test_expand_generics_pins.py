"""Pins of ``codegen.frontend.expand_generics`` (issue #36): the bounds of generic
instantiation (the arguments' size and the instances' nesting, each at its limit and one
past it), and which instances are declared, inlined or kept."""

from __future__ import annotations

import pytest

from codegen.frontend import expand_generics
from tests.compiler.frontend.test_expand_pins import error, shown

BOX = "export interface Box<T> { v: T }\n"
CHAIN = (
    "export interface G0<T> { x: G1<T> }\n"
    "export interface G1<T> { x: G2<T> }\n"
    "export interface G2<T> { x: T }\n"
    "export type A = G0<string>;\n"
    "export type B = G0<number>;\n"
)


def test_type_arguments_up_to_the_size_limit_are_instantiated_one_node_more_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``[string, number]`` is three type nodes; the limit is read when instantiating
    monkeypatch.setattr(expand_generics, "MAX_ARGUMENT_NODES", 3)
    assert shown(BOX + "export type A = Box<[string, number]>;\n") == {
        "Box_Tuple_b651f0ed": [("v", "[string, number]", False)],
        "A": "Box_Tuple_b651f0ed",
    }
    assert error(BOX + "export type A = Box<[string, number, null]>;\n") == (
        "a.ts:2:17: error: the type arguments of generic 'Box' grow past 3 type nodes (an"
        " instance that needs a larger instance of itself, without end?)"
    )


def test_instances_nest_up_to_the_limit_one_more_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``G0<string>`` expands ``G1<string>`` inside it, which expands ``G2<string>``: three
    # deep; once done, the next use (``G0<number>``) starts from nothing again
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 3)
    out = shown(CHAIN)
    assert (out["A"], out["B"], out["G1_number"]) == (
        "G0_string",
        "G0_number",
        [("x", "G2_number", False)],
    )
    monkeypatch.setattr(expand_generics, "MAX_NESTING", 2)
    assert error(CHAIN) == (
        "a.ts:2:29: error: generic instances nest more than 2 deep at 'G2' (a generic whose"
        " body needs an ever-new instance, or a chain of generics too long)"
    )
