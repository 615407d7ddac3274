"""Pins for ``codegen.emit.python.naming`` read from the survivors of its mutation run of
2026-11-29 (issue #33): a class's own index signature, ``class_specs`` without a module,
the compiler-bug guard of ``assign_names``, nameless constants and keys, the inline class
of one owner among several, and no rename recorded for a free name."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.emit.python import class_specs, name_rules, naming
from codegen.errors import SchemaError
from tests.compiler.emit.test_naming import SPAN1, SPAN2, interface, prop, schema
from tests.compiler.emit.test_naming_pins import INLINE_SPAN, obj


def indexed() -> ir.Schema:
    body = ir.Object((prop("x"),), index=ir.IndexSignature(obj("p", span=INLINE_SPAN)))
    return schema(ir.Interface("A", body, span=SPAN1))


def test_an_anonymous_object_as_a_class_s_own_index_value_gets_a_class() -> None:
    names = naming.assign_names(indexed())
    inline, owner = names.classes
    assert (inline.name, inline.doc, inline.span, inline.order, inline.inline_of) == (
        "A1",
        ir.Doc(),
        INLINE_SPAN,
        (0, 0),
        ("A", ""),
    )
    assert inline.body == obj("p", span=INLINE_SPAN)
    assert owner.name == "A" and owner.inline_of is None
    assert names.inline_at("A", "") == ["A1"]
    assert names.renames == ()


def test_class_specs_without_a_module_takes_names_of_its_own() -> None:
    specs = class_specs.class_specs(indexed())
    assert [(spec.name, spec.inline_of) for spec in specs] == [("A1", ("A", "")), ("A", None)]


def test_a_name_python_cannot_have_reaching_the_names_is_a_located_compiler_error() -> None:
    """``python_schema`` renames such a type first; ``assign_names`` says so if not."""
    with pytest.raises(SchemaError) as info:
        naming.assign_names(schema(interface("class", span=SPAN2)))
    assert str(info.value) == "s.ts:2:1: error: type 'class' is no Python name: a Python keyword"


def test_constants_without_a_letter_are_constant_then_constant_() -> None:
    names = naming.assign_names(schema(ir.Const("$", 1, span=SPAN2), ir.Const("_", 2, span=SPAN1)))
    assert names.constants == {"$": "CONSTANT", "_": "CONSTANT_"}


def test_a_name_that_is_no_identifier_gives_its_reason() -> None:
    found, renames = name_rules.declaration_names(schema(interface("a-b")))
    assert found == {"a-b": "a_b"}
    assert renames == (name_rules.Rename(SPAN1, "a-b", "a_b", "not a Python identifier"),)


def test_nameless_keys_skip_a_number_a_key_has() -> None:
    assert name_rules.attribute_map(["field_1", "$", "_", "field_3"]) == {
        "field_1": "field_1",
        "field_3": "field_3",
        "$": "field_2",
        "_": "field_4",
    }


def test_the_inline_class_of_each_owner_where_two_write_one_structure() -> None:
    x = obj("a")
    names = naming.assign_names(
        schema(interface("A", ir.Property("x", x)), interface("B", ir.Property("x", x)))
    )
    assert names.inline_class("A", "x", x) == "AX"
    assert names.inline_class("B", "x", x) == "BX"
    assert names.renames == ()  # both wanted names were free: nothing to report


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("_x", "not a public Python identifier"),
        ("1a", "not a public Python identifier"),
        ("\ufb01eld", "not a public Python identifier"),  # ``ﬁ``: Python reads ``fi``
        ("class", "a Python keyword"),
        ("match", "a Python keyword"),
        ("model_dump", "under pydantic's protected 'model_' prefixes"),
        ("copy", "an attribute of pydantic's BaseModel"),
        ("str", "a built-in that annotations name"),
        ("ok", None),
        ("x_", None),
    ],
)
def test_each_attribute_problem_and_its_reason(name: str, reason: str | None) -> None:
    assert name_rules._attribute_problem(name) == reason


def test_an_identifier_is_one_python_reads_as_written() -> None:
    assert name_rules._is_identifier("a") and name_rules._is_identifier("\u00e9")
    assert not name_rules._is_identifier("\ufb01")  # NFKC folds it
    assert not name_rules._is_identifier("1a")


def test_a_key_whose_words_are_no_identifier_has_no_plain_attribute() -> None:
    # an acute accent alone: its word is a combining mark, ``n\u0301`` folds to ``ń``
    assert name_rules._plain_attribute("\u00b4") == ""
    assert name_rules.attribute_map(["\u00b4"]) == {"\u00b4": "field_1"}


def test_settle_folds_and_filters_until_nothing_changes() -> None:
    assert name_rules.settle("\u01c6") == "d\u017e"  # ``ǆ`` is ``dž``
    assert name_rules.settle("\u00e9-x") == "\u00e9x"
    assert name_rules.settle("\u00e9_x") == "\u00e9_x"
    assert name_rules.settle("a-b") == "a-b"  # ASCII is left alone


def test_words_of_a_non_ascii_key_start_afresh_after_a_separator() -> None:
    assert name_rules.words("\u00e9-x") == ["\u00e9", "x"]
    assert name_rules.words("\u00e9a-bC") == ["\u00e9a", "b", "C"]
