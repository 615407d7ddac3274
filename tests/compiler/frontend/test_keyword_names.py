"""Every contextual keyword of TypeScript is a legal name: of an interface or type-literal
member (optional too), a property key, a parameter (of a method signature or a function
type) and a tuple label. tree-sitter-typescript rejects some of them in some positions;
``codegen.frontend.keyword_names`` repairs around the grammar, and the name, its span and
its wire name stay exact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from codegen import ir
from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import emit_jsonschema
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.keyword_names import CONTEXTUAL_KEYWORDS
from codegen.frontend.parse import parse_module
from tests.compiler.emit.test_methods import build_package

# The list of issue #33, as written there.
KEYWORDS = (
    "abstract declare module namespace type get set async readonly is keyof infer "
    "satisfies accessor override asserts unique global require from of as"
).split()


def test_the_repair_knows_every_contextual_keyword() -> None:
    assert set(KEYWORDS) == CONTEXTUAL_KEYWORDS


def _one(source: str, path: str = "kw.ts") -> ir.Decl:
    (decl,) = parse_module(path, source).decls
    return decl


def _properties(decl: ir.Decl) -> dict[str, ir.Property]:
    body = decl.body if isinstance(decl, ir.Interface) else getattr(decl, "type", None)
    assert isinstance(body, ir.Object), body
    return {prop.name: prop for prop in body.properties}


# position -> (source with {k}, the property that must come out as k: (line, col, optional))
MEMBERS: dict[str, tuple[str, tuple[int, int, bool]]] = {
    "interface member": ("export interface A {\n  x: number;\n  {k}: boolean;\n}\n", (3, 3, False)),
    "optional interface member": (
        "export interface A {\n  x: number;\n  {k}?: boolean;\n  y: string;\n}\n",
        (3, 3, True),
    ),
    "member after a line break, no separator": (
        "export interface A {\n  x: number\n  {k}: boolean\n  y: string\n}\n",
        (3, 3, False),
    ),
    "documented member": (
        "export interface A {\n  /** The flag. */\n  {k}?: boolean\n}\n",
        (3, 3, True),
    ),
    "readonly member": ("export interface A {\n  readonly {k}: string;\n}\n", (2, 3, False)),
    "type-literal member": ("export type A = {\n  {k}: boolean; y?: string };\n", (2, 3, False)),
    "optional type-literal member": (
        "export type A = { x: string,\n  {k}?: number };\n",
        (2, 3, True),
    ),
    "member of a class in a typing": (
        "export declare class A {\n  x: number;\n  {k}?: string;\n}\n",
        (3, 3, True),
    ),
}


@pytest.mark.parametrize("keyword", KEYWORDS)
@pytest.mark.parametrize("position", sorted(MEMBERS))
def test_a_keyword_names_a_member(position: str, keyword: str) -> None:
    template, (line, col, optional) = MEMBERS[position]
    path = "kw.d.ts" if "class" in position else "kw.ts"
    props = _properties(_one(template.replace("{k}", keyword), path))
    prop = props[keyword]
    assert (prop.span.line, prop.span.col, prop.optional) == (line, col, optional)
    assert prop.readonly == ("readonly" in position)
    assert prop.type.span.line == line  # the type is the one written after this name
    if "documented" in position:
        assert prop.doc.description == "The flag."


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_keyword_names_a_member_of_a_nested_type_literal(keyword: str) -> None:
    props = _properties(_one(f"export interface A {{ b: {{ {keyword}?: number; c: string }} }}"))
    inner = props["b"].type
    assert isinstance(inner, ir.Object)
    assert [(p.name, p.optional) for p in inner.properties] == [(keyword, True), ("c", False)]


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_keyword_is_a_quoted_property_key_and_an_indexed_key(keyword: str) -> None:
    source = (
        f'export interface A {{ "{keyword}": string; {keyword}2: number }}\n'
        f'export type B = A["{keyword}"];\n'
    )
    module = parse_module("kw.ts", source)
    assert list(_properties(module.decls[0])) == [keyword, f"{keyword}2"]


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_keyword_names_a_method_and_its_parameters(keyword: str) -> None:
    """Methods are behaviour, not data: they parse and are left out, keyword or not."""
    source = (
        "export interface A {\n"
        "  x: string;\n"
        f"  f({keyword}: string, y?: number): void;\n"
        f"  g(a: number, {keyword}?: string): void;\n"
        f"  h(...{keyword}: string[]): void;\n"
        f"  {keyword}(): void;\n"
        f"  {keyword}?<T>(value: T): T;\n"
        f"  ({keyword}: string): void;\n"
        f"  new ({keyword}: string): A;\n"
        "}\n"
    )
    assert list(_properties(_one(source))) == ["x"]


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_keyword_names_a_function_type_parameter_and_a_tuple_label(keyword: str) -> None:
    source = (
        "export interface A {\n"
        f"  callback: ({keyword}: string, other?: number) => void;\n"
        f"  pair: [{keyword}: string, n?: number];\n"
        f"  single: [{keyword}?: boolean];\n"
        "}\n"
    )
    props = _properties(_one(source))
    assert props["callback"].type == ir.Primitive("object", props["callback"].type.span)
    pair, single = props["pair"].type, props["single"].type
    assert isinstance(pair, ir.Tuple) and len(pair.items) == 2 and pair.min_items == 1
    assert isinstance(single, ir.Tuple) and len(single.items) == 1 and single.min_items == 0


def test_a_syntax_error_next_to_a_repaired_keyword_is_still_located() -> None:
    """The repair does not hide real errors, and they are blamed where they are."""
    source = "export interface A {\n  abstract: boolean;\n  x: ;\n}\n"
    with pytest.raises(SchemaError) as err:
        parse_module("kw.ts", source)
    with pytest.raises(SchemaError) as plain:  # the same error as with a plain name
        parse_module("kw.ts", source.replace("abstract", "concrete"))
    assert str(err.value) == str(plain.value) == "kw.ts:3:4: error: syntax error: unexpected ':'"
    with pytest.raises(SchemaError) as err:
        parse_module("kw.ts", "export interface A {\n  abstract\n}\n")
    assert str(err.value).startswith("kw.ts:2:3: error: syntax error")


def test_an_arrow_function_stays_an_arrow_function() -> None:
    """``async (x) => ...`` in a value is no method named ``async``: the repair leaves
    the grammar's reading of valid text alone, errors or not elsewhere."""
    from codegen.frontend.keyword_names import keyword_names, parse_repaired
    from codegen.frontend.parse import _parser

    source = b"const f = g(async (x) => x, { abstract: 1 ];"
    starts = keyword_names(_parser().parse(source).root_node, source)
    assert starts == [source.index(b"abstract")]  # the error touches both; one is a name
    assert parse_repaired(_parser(), source).root_node.has_error  # ``]`` is an error anyway


# ---------------------------------------------------------------- compiled, imported, validated


def _schema_text() -> str:
    members = "\n".join(f"  {k}: boolean;" for k in KEYWORDS)
    optional = "\n".join(f"  {k}?: string;" for k in KEYWORDS)
    literal = " ".join(f"{k}: number;" for k in KEYWORDS)
    methods = "\n".join(f"  {k}({k}: string, cb: ({k}: number) => void): void;" for k in KEYWORDS)
    labels = ", ".join(f"{k}?: string" for k in KEYWORDS)
    return (
        f"export interface Members {{\n{members}\n}}\n"
        f"export interface Optional {{\n{optional}\n}}\n"
        f"export type Literal = {{ {literal} }};\n"
        f"export interface Methods {{\n  x: string;\n{methods}\n}}\n"
        f"export type Labels = [{labels}];\n"
    )


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, dict[str, Any]]:
    tmp_path = tmp_path_factory.mktemp("keywords")
    path = tmp_path / "keywords.ts"
    path.write_text(_schema_text(), "utf-8")
    diagnostics = Diagnostics()
    (text,) = emit_jsonschema(load_schema([path], diagnostics), diagnostics).values()
    package = build_package(tmp_path, [path])
    # The package imports cleanly with every warning an error.
    root = str(Path(str(package.__file__)).parent.parent)
    check = f"import sys; sys.path.insert(0, {root!r}); import {package.__name__}.models"
    subprocess.run([sys.executable, "-W", "error", "-c", check], check=True)
    return package, json.loads(text)


def _models(package: ModuleType) -> Any:
    import importlib

    return importlib.import_module(f"{package.__name__}.models")


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_keyword_member_compiles_with_its_exact_wire_name(
    compiled: tuple[ModuleType, dict[str, Any]], keyword: str
) -> None:
    package, schema = compiled
    models = _models(package)
    everything = {k: True for k in KEYWORDS}
    members = models.Members.model_validate_json(json.dumps(everything))
    assert members.model_dump(by_alias=True)[keyword] is True
    with pytest.raises(ValueError):  # required: the wire name, and only it, counts
        models.Members.model_validate_json(json.dumps({**everything, keyword: None}))
    without = {k: v for k, v in everything.items() if k != keyword}
    with pytest.raises(ValueError):
        models.Members.model_validate_json(json.dumps(without))

    optional = models.Optional.model_validate_json(json.dumps({keyword: "x"}))
    assert optional.model_dump(by_alias=True, exclude_unset=True) == {keyword: "x"}
    literal = models.Literal.model_validate({k: 1 for k in KEYWORDS})
    assert literal.model_dump(by_alias=True)[keyword] == 1

    definitions = schema["$defs"]
    assert keyword in definitions["Members"]["required"]
    assert definitions["Optional"]["properties"][keyword] == {"type": "string"}
    assert keyword not in definitions["Optional"].get("required", [])
    assert keyword in definitions["Literal"]["properties"]
    assert list(definitions["Methods"]["properties"]) == ["x"]


def test_a_keyword_keys_a_mapped_type(tmp_path: Path) -> None:
    """``{ [type in Kind]?: X }``: the grammar reads ``type in Kind`` as a computed member
    name (no error) for ``type``, ``get``, ``module``...; TypeScript allows no such name in a
    type, so it is the mapped type, whose key the value may use (``@types/plotly.js``)."""
    from tests.compiler.frontend.test_total_frontend import _agree

    members = "\n".join(f"    k_{k}: {{ [{k} in Kind]?: number[] }};" for k in KEYWORDS)
    snippet = (
        'export type Kind = "bar" | "line";\nexport interface Box<T> { v: T }\n'
        f"export interface Keyed {{\n{members}\n"
        "    boxed: { readonly [type in Kind]-?: Box<type> };\n}\n"
    )
    boxed = {"bar": {"v": "bar"}, "line": {"v": "line"}}
    good = {**{f"k_{k}": {"bar": [1]} for k in KEYWORDS}, "boxed": boxed}
    defs = _agree(
        tmp_path,
        snippet,
        "Keyed",
        [good, {"boxed": boxed, **{f"k_{k}": {} for k in KEYWORDS}}],
        [
            {**good, "k_type": {"bar": ["1"]}},
            {**good, "k_get": {"bar": "1"}},
            {**good, "boxed": {"bar": {"v": "line"}, "line": {"v": "line"}}},
            {**good, "boxed": {"bar": {"v": "bar"}}},
        ],
    )
    assert set(defs["Keyed"]["properties"]) == {f"k_{k}" for k in KEYWORDS} | {"boxed"}


def test_an_import_type_with_type_arguments_or_a_namespace_member(tmp_path: Path) -> None:
    """``import("./x").Box<T>`` and ``import("./x").N.T`` are syntax errors to the grammar
    (``openai``'s typings write the first); ``keyword_names`` repairs them too, and
    ``typeof import("./x")`` stays a value's type."""
    from tests.compiler.frontend.test_total_frontend import _agree

    (tmp_path / "box.ts").write_text(
        "export interface Box<T> { v: T }\n"
        "export namespace N { export interface Inner { i: number } }\n"
    )
    _agree(
        tmp_path,
        'export type Boxed<R> = import("./box").Box<R>;\n'
        "export interface Holder {\n"
        "    a: Boxed<number>;\n"
        "    b: import('./box').N.Inner;\n"
        '    c: import ( "./box" ) . Box<boolean>[];\n'
        "}\n",
        "Holder",
        [{"a": {"v": 1}, "b": {"i": 2}, "c": [{"v": True}]}],
        [
            {"a": {"v": "1"}, "b": {"i": 2}, "c": []},
            {"a": {"v": 1}, "b": {"i": "2"}, "c": []},
            {"a": {"v": 1}, "b": {"i": 2}, "c": [{"v": 1}]},
        ],
    )


def test_variance_annotations_on_type_parameters(tmp_path: Path) -> None:
    """``interface Box<in out T>`` (TypeScript 4.7) is a syntax error to the grammar; the
    annotations say nothing about data, so the repair blanks them (``const`` beside them
    too), and a type named ``out`` as an argument stays a type."""
    from tests.compiler.frontend.test_total_frontend import _agree

    _agree(
        tmp_path,
        "export interface Box<in out T> { v: T }\n"
        "export type Pair<out A, const in B extends string = 'b'> = { a: A; b: B };\n"
        "export type out = { o: number };\n"
        "export interface Use { box: Box<out>; pair: Pair<number>; more: Pair<boolean, 'x'> }\n",
        "Use",
        [{"box": {"v": {"o": 1}}, "pair": {"a": 1, "b": "b"}, "more": {"a": True, "b": "x"}}],
        [
            {"box": {"v": {"o": "1"}}, "pair": {"a": 1, "b": "b"}, "more": {"a": True, "b": "x"}},
            {"box": {"v": {"o": 1}}, "pair": {"a": 1, "b": "c"}, "more": {"a": True, "b": "x"}},
            {"box": {"v": {"o": 1}}, "pair": {"a": 1, "b": "b"}, "more": {"a": 1, "b": "x"}},
        ],
    )
