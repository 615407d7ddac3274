"""The rest tuple helper of the models module (``codegen.emit.python.pydantic.rest_tuple``): the text
it writes, run as the module runs it (issue #21)."""

from __future__ import annotations

from typing import Annotated, Any, Unpack

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ConfigDict, TypeAdapter, ValidationError

from codegen import ir
from codegen.emit.python.pydantic import rest_tuple
from codegen.errors import SchemaError
from codegen.frontend.parse import parse_module


def helper() -> Any:
    """The package runtime's helper, as a models module imports it (``_RestTuple``)."""
    from mcp_ext._wire import RestTuple

    return RestTuple()


def test_the_annotation_is_the_static_type_and_the_helper() -> None:
    assert rest_tuple.annotation_text("Annotated", ["str", "Fwd"], "int | float") == (
        "Annotated[tuple[str, Fwd, *tuple[int | float, ...]], _RestTuple()]"
    )
    assert rest_tuple.annotation_text("_Annotated", [], "str") == (
        "_Annotated[tuple[*tuple[str, ...]], _RestTuple()]"
    )


def test_the_models_module_imports_the_helper_from_the_runtime(tmp_path: Any) -> None:
    from codegen.build.pipeline import load_schema
    from codegen.emit.python.pydantic.models import emit_models

    schema = tmp_path / "rest.ts"
    schema.write_text("export interface Row { cells: [string, ...number[]] }\n", "utf-8")
    text = emit_models(load_schema([schema]))["models.py"]
    assert f"from ._wire import RestTuple as {rest_tuple.REST_TUPLE}\n" in text
    assert "class _RestTuple" not in text and "get_args" not in text


# ``*tuple[B, ...]`` as the source holds it, and as ``Unpack`` once pydantic evaluated it.
STARRED = eval("tuple[str, *tuple[int, ...]]")
UNPACKED = tuple[str, Unpack[tuple[int, ...]]]  # noqa: UP044 (this spelling is the point)


@pytest.mark.parametrize("static", [STARRED, UNPACKED], ids=["starred", "unpacked"])
def test_the_helper_validates_the_rest_at_any_length(static: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(
        Annotated[static, helper()], config=ConfigDict(strict=True)
    )
    assert adapter.validate_json('["a"]') == ("a",)
    assert adapter.validate_json('["a", 1, 2, 3]') == ("a", 1, 2, 3)
    assert adapter.validate_python(["a", 1]) == ("a", 1)  # a list: the container is lax
    for bad in ("[]", "[1]", '["a", "1"]', '["a", 1, 2.5]', '{"a": 1}'):
        with pytest.raises(ValidationError):
            adapter.validate_json(bad)
    assert adapter.json_schema() == {
        "type": "array",
        "prefixItems": [{"type": "string"}],
        "items": {"type": "integer"},
        "minItems": 1,
    }


def test_the_models_tell_a_rest_tuple_from_a_fixed_one() -> None:
    """Where a class redeclares a field, ``same_type`` decides whether it narrows it."""
    from codegen.emit.python.layout import same_type

    string, number = ir.Primitive("string"), ir.Primitive("number")
    fixed = ir.Tuple((string,))
    rest = ir.Tuple((string,), rest=number)
    assert same_type(rest, ir.Tuple((string,), ir.Span("elsewhere", 2, 3), rest=number))
    assert not same_type(fixed, rest)
    assert not same_type(rest, ir.Tuple((string,), rest=string))
    assert not same_type(rest, ir.Tuple((string,), min_items=0, rest=number))


# Tuple members as written, and what each adds: (type, optional) items, then a rest type;
# a rest of a named type stays a spread of it (``...Named``) for expand to splice.
MEMBERS: dict[str, tuple[list[tuple[str, bool]], str | None]] = {
    "string": ([("string", False)], None),
    "n?: number": ([("number", True)], None),
    "boolean?": ([("boolean", True)], None),
    "...boolean[]": ([], "boolean"),
    "...rest: Array<number>": ([], "number"),
    "...[number, string?]": ([("number", False), ("string", True)], None),
    "...[string, ...number[]]": ([("string", False)], "number"),
    "...Named": ([], "...Named"),
}


def _expected(members: list[str]) -> tuple[str, object]:
    """TypeScript's reading of ``[members]``, as the parser should give it."""
    items: list[str] = []
    first_optional: int | None = None
    rest: str | None = None
    trailing = False
    for member in members:
        if rest is not None:
            # TypeScript refuses a second rest member and an optional one; any other
            # member after the rest degrades the items from the rest on. After ``...Named``
            # (which may be a type parameter standing for a fixed tuple, as zod's
            # ``[...A, ...R[]]``: the parser cannot tell) any member degrades them.
            adds = MEMBERS[member]
            if rest != "...Named" and adds[1] is not None and adds[1] != "...Named":
                return "error", "a rest member cannot follow another rest member"
            if rest != "...Named" and any(optional for _, optional in adds[0]):
                return "error", "an optional tuple member cannot follow a rest member"
            trailing = True
            continue
        adds = MEMBERS[member]
        for name, optional in adds[0]:
            if optional and first_optional is None:
                first_optional = len(items)
            elif not optional and first_optional is not None:
                return "error", "a required tuple member cannot follow an optional one"
            items.append(name)
        rest = adds[1]
    if trailing:
        rest = "unknown"
    if not items and rest is not None and rest != "...Named":
        return "array", rest
    return "tuple", (items, first_optional, rest)


def _name(t: object) -> str:
    if isinstance(t, ir.Ref) and t.name == ir.SPREAD:
        (named,) = t.args
        assert isinstance(named, ir.Ref)
        return "..." + named.name
    assert isinstance(t, ir.Primitive)
    return t.name


@given(st.lists(st.sampled_from(sorted(MEMBERS)), max_size=4))
@settings(max_examples=200, deadline=None)
def test_any_sequence_of_members_reads_as_typescript_does_or_is_a_located_error(
    members: list[str],
) -> None:
    source = f"type A = [{', '.join(members)}];"
    kind, expected = _expected(members)
    try:
        (decl,) = parse_module("t.ts", source).decls
    except SchemaError as exc:
        assert kind == "error", (source, str(exc))
        assert str(exc).startswith("t.ts:1:") and str(exc).endswith(str(expected)), str(exc)
        return
    assert isinstance(decl, ir.Alias)
    t = decl.type
    if kind == "array":
        assert isinstance(t, ir.Array) and _name(t.items) == expected, source
        return
    assert isinstance(t, ir.Tuple), source
    rest = None if t.rest is None else _name(t.rest)
    assert ([_name(i) for i in t.items], t.min_items, rest) == expected, source
