"""Pins for ``codegen.frontend.lib_globals`` (issue #33): which names TypeScript finds in
its lib or @types/node, and exactly what each means here (the type, or the degraded spot
and its message). IR in, IR out: ``test_lib_globals.py`` compiles and imports."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.frontend.lib_globals import is_lib_name, lib_type

SPAN = ir.Span("t.ts", 3, 7)
OTHER = ir.Span("t.ts", 9, 2)


def ref(name: str, *args: ir.TypeExpr, span: ir.Span = SPAN) -> ir.Ref:
    return ir.Ref(name, args, span)


X = ir.Ref("X", (), OTHER)


@pytest.mark.parametrize(
    ("name", "known"),
    [
        ("Map", True),  # lib.es*
        ("HTMLElement", True),  # lib.dom
        ("Buffer", True),  # @types/node
        ("NodeJS.Timeout", True),  # a member of a lib namespace: its head
        ("NodeJS.Timeout.Inner", True),
        ("Intl.DateTimeFormat.Inner", True),
        ("X.Map", False),
        ("Intl.Locale", True),
        ("NodeJ.Timeout", False),
        ("Timeout", False),
        ("HTMLElemnt", False),
        ("X", False),
        ("", False),
    ],
)
def test_is_lib_name(name: str, known: bool) -> None:
    assert is_lib_name(name) is known


def test_a_name_no_lib_declares_means_nothing() -> None:
    assert lib_type(ref("HTMLElemnt")) is None
    assert lib_type(ref("NodeJ.Timeout")) is None


def test_awaited_unwraps_every_promise() -> None:
    assert lib_type(ref("Awaited", ref("Promise", ref("Promise", X)))) == X
    assert lib_type(ref("Awaited", ref("PromiseLike", X))) == X
    assert lib_type(ref("Awaited", X)) == X
    # a promise without its one argument is no promise to unwrap
    bare = ref("Promise", span=OTHER)
    assert lib_type(ref("Awaited", bare)) == bare
    two = ref("Promise", X, X, span=OTHER)
    assert lib_type(ref("Awaited", two)) == two
    # not a promise: kept as it is
    other = ref("Array", X, span=OTHER)
    assert lib_type(ref("Awaited", other)) == other


def test_no_infer_is_its_argument_promises_and_all() -> None:
    promise = ref("Promise", X, span=OTHER)
    assert lib_type(ref("NoInfer", promise)) == promise
    assert lib_type(ref("NoInfer", X)) == X


@pytest.mark.parametrize("name", ["Awaited", "NoInfer"])
def test_awaited_and_no_infer_need_one_argument(name: str) -> None:
    what = f"'{name}' (an object of TypeScript's standard lib, not JSON data)"
    assert lib_type(ref(name)) == ir.degraded(what, SPAN)
    assert lib_type(ref(name, X, X)) == ir.degraded(what, SPAN)


def test_property_key_url_and_their_arguments() -> None:
    assert lib_type(ref("PropertyKey")) == ir.Union(
        (ir.Primitive("string", SPAN), ir.Primitive("number", SPAN)), SPAN
    )
    assert lib_type(ref("URL")) == ir.Primitive("string", SPAN, format="uri")
    es = "(an object of TypeScript's standard lib, not JSON data)"
    assert lib_type(ref("PropertyKey", X)) == ir.degraded(f"'PropertyKey' {es}", SPAN)
    dom = "(a DOM object of TypeScript's lib, not JSON data)"
    assert lib_type(ref("URL", X)) == ir.degraded(f"'URL' {dom}", SPAN)


@pytest.mark.parametrize(
    ("name", "what"),
    [
        (
            "Map",
            "'Map' (a JavaScript Map of TypeScript's lib: not JSON data, which "
            "JSON.stringify writes as {})",
        ),
        (
            "WeakSet",
            "'WeakSet' (a JavaScript WeakSet of TypeScript's lib: not JSON data, which "
            "JSON.stringify writes as {})",
        ),
        (
            "ReturnType",
            "'ReturnType' (a utility type of TypeScript's lib over function or class types, "
            "which are not JSON data)",
        ),
        (
            "ThisType",
            "'ThisType' (a utility type of TypeScript's lib over function or class "
            "types, which are not JSON data)",
        ),
        ("Promise", "'Promise' (a JavaScript promise of TypeScript's lib, not JSON data)"),
        ("PromiseLike", "'PromiseLike' (a JavaScript promise of TypeScript's lib, not JSON data)"),
        (
            "RegExpMatchArray",
            "'RegExpMatchArray' (an object of TypeScript's standard lib, not JSON data)",
        ),
        ("Intl.Locale", "'Intl.Locale' (an object of TypeScript's standard lib, not JSON data)"),
        (  # the lib is its head's, however deep the name
            "Intl.DateTimeFormat.Inner",
            "'Intl.DateTimeFormat.Inner' (an object of TypeScript's standard lib, not JSON data)",
        ),
        ("HTMLElement", "'HTMLElement' (a DOM object of TypeScript's lib, not JSON data)"),
        ("Buffer", "'Buffer' (a Node.js object of @types/node, not JSON data)"),
        ("NodeJS.Timeout", "'NodeJS.Timeout' (a Node.js object of @types/node, not JSON data)"),
    ],
)
def test_what_has_no_json_meaning_degrades_naming_its_lib(name: str, what: str) -> None:
    assert lib_type(ref(name, X)) == ir.degraded(what, SPAN)
