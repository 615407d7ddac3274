"""The Python back end of one schema (``codegen.emit.python.backend``): computed once per
build and handed to every Python emitter, with no module-level memo of the last schema."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from codegen import ir
from codegen.build.pipeline import build
from codegen.emit.python import backend, name_rules, naming
from codegen.emit.python.backend import PythonBackend
from codegen.emit.python.msgspec import emit_msgspec
from codegen.emit.python.pydantic.models import emit_models
from codegen.emit.python.typeddict import emit_typeddict
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

TEXT = (
    'export interface GoRequest { method: "go"; params?: { n: number } }\n'
    "export interface GoResult { ok: boolean }\n"
    "export type EmptyResult = {};\n"
)


def _holds(value: object, target: object, depth: int = 0) -> bool:
    if value is target:
        return True
    if depth > 2:
        return False
    if isinstance(value, list | tuple):
        return any(_holds(item, target, depth + 1) for item in value)
    if isinstance(value, dict):
        return any(_holds(item, target, depth + 1) for item in value.values())
    return False


def test_a_build_leaves_no_schema_in_any_compiler_module() -> None:
    schema = resolve([parse_module("a.ts", TEXT)])
    build(schema, command="test")
    holders = [
        f"{name}.{attr}"
        for name, module in list(sys.modules.items())
        if name.startswith("codegen.")
        for attr, value in vars(module).items()
        if _holds(value, schema)
    ]
    assert holders == []


def test_an_emitter_given_the_backend_uses_its_names() -> None:
    backend = PythonBackend(resolve([parse_module("a.ts", TEXT)]))
    (models, _) = emit_models(backend, Diagnostics()).values()
    assert "class GoRequestParams(" in models
    assert emit_models(backend.source)["models.py"] == models  # named afresh: the same text


def test_the_registry_s_warnings_reach_each_caller_that_asks() -> None:
    # ``GoRequest`` names no result beside ``EmptyResult``: the registry assumes it, with a
    # located warning, which the backend keeps and gives every caller (the pass runs once)
    text = (
        'export interface GoRequest { method: "go"; params?: { n: number } }\n'
        "export type EmptyResult = {};\n"
    )
    backend = PythonBackend(resolve([parse_module("a.ts", text)]))
    first, second = Diagnostics(), Diagnostics()
    entries = backend.registry(first)
    assert backend.registry(second) is entries
    for diags in (first, second):
        (warning,) = [w for w in diags.warnings if "names no result" in str(w)]
        assert str(warning).startswith("a.ts:1:")
        assert "assuming 'EmptyResult'" in str(warning)


def test_the_property_keys_are_walked_once_per_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    # The walk over every property of the schema feeds the declaration names
    # (``python_schema``) and the attribute names (``assign_names``): the backend walks
    # once and hands the keys to both; each fallback that walks again is counted.
    walk = name_rules.property_keys
    walked: list[ir.Schema] = []

    def counting(schema: ir.Schema) -> dict[str, ir.Span]:
        walked.append(schema)
        return walk(schema)

    for module in (backend, name_rules, naming):
        monkeypatch.setattr(module, "property_keys", counting)
    source = resolve([parse_module("a.ts", TEXT)])
    made = PythonBackend(source)
    assert made.names.attribute("ok") == "ok"
    assert made.layouts is made.layouts
    assert walked == [source]


AT = ir.Span("a.ts", 3, 7)


@pytest.mark.parametrize(
    ("ref", "error"),
    [
        (ir.Ref("Missing", span=AT), "a.ts:3:7: error: unknown type 'Missing'"),
        (
            ir.Ref("VERSION", span=AT),
            "a.ts:3:7: error: 'VERSION' is a const, not a type; use 'typeof VERSION'",
        ),
        # resolve instantiates generics; arguments left on a reference were once dropped
        # by the msgspec and TypedDict targets without a word
        (
            ir.Ref("Id", (ir.Primitive("string"),), span=AT),
            "a.ts:3:7: error: generic type arguments on 'Id' are not supported",
        ),
    ],
)
@pytest.mark.parametrize("emit", [emit_models, emit_msgspec, emit_typeddict])
def test_every_target_refuses_a_bad_reference_with_one_located_error(
    emit: Callable[[ir.Schema, Diagnostics], dict[str, str]], ref: ir.Ref, error: str
) -> None:
    """The targets ask ``ir.queries.declaration_of`` what a reference names (#37)."""
    schema = ir.Schema(
        {
            "Id": ir.Alias("Id", ir.Primitive("string")),
            "Box": ir.Interface("Box", ir.Object((ir.Property("id", ref),))),
            "VERSION": ir.Const("VERSION", "1"),
        }
    )
    with pytest.raises(SchemaError) as raised:
        emit(schema, Diagnostics())
    assert str(raised.value) == error
