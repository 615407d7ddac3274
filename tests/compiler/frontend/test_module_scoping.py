"""Module scoping (issue #21): one name declared in two files is two types, each file's
references and imports (under an alias too) find the one they mean, and a duplicate
within one scope stays a located error. Each case compiles, imports the models and
validates with them and with the emitted JSON Schema."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from codegen import ir
from codegen.build.format import format_python
from codegen.build.pipeline import Options, load_schema
from codegen.emit.jsonschema import schema_document
from codegen.emit.python.pydantic.models import emit_models
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.resolve import resolve
from tests.compiler.emit.test_pydantic_emit import import_source

# The shape of @types/unist and @types/mdast: the schema's own Data/Node extend the
# package's same-named ones, imported under another name.
UNIST = """\
export interface Data {}
export interface Point { line: number; column: number }
export interface Position { start: Point; end: Point }
export interface Node { type: string; data?: Data | undefined; position?: Position }
export interface Parent extends Node { children: Node[] }
"""
MDAST = """\
import type { Data as UnistData, Node as UnistNode, Parent as UnistParent } from "unist";
export interface Data extends UnistData { hName?: string }
export interface Node extends UnistNode { data?: Data | undefined }
export interface Text extends Node { type: "text"; value: string }
export interface Paragraph extends UnistParent { type: "paragraph"; children: Text[]; data?: Data }
"""


def _write(folder: Path, files: dict[str, str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in files.items():
        (folder / name).write_text(text)
        paths.append(folder / name)
    return paths


def _compile(
    tmp_path: Path, paths: list[Path], options: Options | None = None
) -> tuple[ModuleType, dict[str, Any], ir.Schema]:
    schema = load_schema(paths, options=options or Options())
    source = format_python("models.py", emit_models(schema)["models.py"])
    return import_source(source, tmp_path), schema_document(schema), schema


def _agree(
    module: ModuleType, document: dict[str, Any], name: str, key: str, good: Any, bad: Any
) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(module, name))
    definition = {**document, "$ref": f"#/$defs/{key}"}
    adapter.validate_json(json.dumps(good))
    jsonschema.validate(good, definition)
    with pytest.raises(ValidationError):
        adapter.validate_json(json.dumps(bad))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, definition)


def _mdast(tmp_path: Path) -> tuple[ModuleType, dict[str, Any], ir.Schema]:
    _write(tmp_path / "unist", {"index.d.ts": UNIST})
    (entry,) = _write(tmp_path / "mdast", {"index.d.ts": MDAST})
    options = Options(import_map=(("unist", str(tmp_path / "unist")),))
    return _compile(tmp_path, [entry], options)


def test_an_import_under_another_name_finds_the_packages_declaration(tmp_path: Path) -> None:
    module, document, schema = _mdast(tmp_path)
    # the schema's own types keep their names; the package's clashing ones are qualified
    assert {"Data", "Node", "unist_Data", "unist_Node", "Parent", "Point"} <= set(schema.decls)
    assert "unist_Parent" not in schema.decls  # mdast declares no Parent of its own
    assert module.Data is not module.unist_Data and issubclass(module.Data, module.unist_Data)
    assert issubclass(module.Node, module.unist_Node)
    defs = document["$defs"]
    assert {"Data", "Node", "unist.Data", "unist.Node", "Parent"} <= set(defs)
    # the package's Parent holds the package's Node, whose data is the package's Data
    assert defs["Parent"]["properties"]["children"]["items"] == {"$ref": "#/$defs/unist.Node"}
    assert defs["unist.Node"]["properties"]["data"] == {"$ref": "#/$defs/unist.Data"}
    text = {"type": "text", "value": "v", "data": {"hName": "b"}}
    _agree(module, document, "Text", "Text", text, {**text, "data": {"hName": 1}})
    paragraph = {"type": "paragraph", "children": [text], "data": {}}
    _agree(module, document, "Paragraph", "Paragraph", paragraph, {**paragraph, "children": [1]})
    node = {
        "type": "x",
        "position": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 2}},
    }
    _agree(module, document, "unist_Node", "unist.Node", node, {**node, "position": {}})


TWO_FRAMES = {
    "a.ts": "export interface Frame { callFrameId: string }",
    "b.ts": "export interface Frame { functionName: string }",
    "c.ts": 'import { Frame } from "./a";\nimport { Frame as Other } from "./b";\n'
    "export interface Stack { top: Frame; rest: Other[] }",
}


def test_two_files_that_declare_one_name_compile_to_distinct_types(tmp_path: Path) -> None:
    module, document, schema = _compile(tmp_path, _write(tmp_path / "s", TWO_FRAMES))
    assert [n for n in schema.decls if n.endswith("Frame")] == ["a_Frame", "b_Frame"]
    assert module.a_Frame is not module.b_Frame
    defs = document["$defs"]
    assert defs["Stack"]["properties"]["top"] == {"$ref": "#/$defs/a.Frame"}
    assert defs["Stack"]["properties"]["rest"]["items"] == {"$ref": "#/$defs/b.Frame"}
    stack = {"top": {"callFrameId": "1"}, "rest": [{"functionName": "f"}]}
    _agree(module, document, "Stack", "Stack", stack, {**stack, "rest": [{"callFrameId": "1"}]})
    _agree(module, document, "Stack", "Stack", stack, {**stack, "top": {"functionName": "f"}})


def test_a_file_refers_to_its_own_declaration_of_a_clashing_name(tmp_path: Path) -> None:
    files = {
        "x/index.ts": "export interface Frame { x: string }\nexport interface UsesX { f: Frame }",
        "y.ts": 'export enum Kind { A = "y" }\nexport interface Frame { y: Kind.A }\n'
        "export interface UsesY<Frame> { f: Frame; g: Kind }",
        "z.ts": 'export enum Kind { A = "z" }\nexport type Z = Kind.A;\nexport type U = UsesY<string>;',
    }
    (tmp_path / "s" / "x").mkdir(parents=True)
    module, document, schema = _compile(tmp_path, _write(tmp_path / "s", files))
    # x/index.ts is the module ``x``; a generic parameter named Frame stays the parameter
    assert {"x_Frame", "y_Frame", "y_Kind", "z_Kind"} <= set(schema.decls)
    _agree(module, document, "UsesX", "UsesX", {"f": {"x": "1"}}, {"f": {"y": "y"}})
    _agree(module, document, "y_Frame", "y.Frame", {"y": "y"}, {"y": "z"})
    _agree(module, document, "Z", "Z", "z", "y")
    _agree(module, document, "U", "U", {"f": "s", "g": "y"}, {"f": "s", "g": "z"})


def test_two_declarations_of_one_name_in_one_module_stay_a_located_error(tmp_path: Path) -> None:
    paths = _write(
        tmp_path,
        {
            "a.ts": "export interface Frame { a: string }",
            "b.ts": "export interface Frame { b: string }\n\nexport type Frame = number;",
        },
    )
    with pytest.raises(SchemaError) as info:
        load_schema(paths)
    assert str(info.value) == (
        f"{tmp_path}/b.ts:3:1: error: duplicate declaration 'Frame' "
        f"(first declared at {tmp_path}/b.ts:1:1)"
    )


def test_a_file_that_neither_declares_nor_imports_a_clashing_name_is_told_to(
    tmp_path: Path,
) -> None:
    files = dict(TWO_FRAMES, **{"c.ts": "export interface Stack {\n  top: Frame }"})
    with pytest.raises(SchemaError) as info:
        load_schema(_write(tmp_path, files))
    assert str(info.value) == (
        f"{tmp_path}/c.ts:2:8: error: 'Frame' is declared in {tmp_path}/a.ts and "
        f"{tmp_path}/b.ts, and this file neither declares nor imports it: import the one meant"
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # scripts (no import, no export) share TypeScript's global scope
        ("interface Frame { a: string }", "interface Frame { b: string }"),
        # an overlay schema (it uses @override, or it is MCP's) is one namespace
        (
            "export interface Frame { a: string }\nexport type T = string;",
            "export interface Frame { b: string }\n/** @override */\nexport type T = number;",
        ),
        (
            "export interface Frame { a: string }\nexport interface EmptyResult {}",
            "export interface Frame { b: string }",
        ),
    ],
)
def test_one_namespace_keeps_the_duplicate_an_error(tmp_path: Path, a: str, b: str) -> None:
    with pytest.raises(SchemaError, match=r"b.ts:1:1: error: duplicate declaration 'Frame'"):
        load_schema(_write(tmp_path, {"a.ts": a, "b.ts": b}))


def test_a_package_alone_qualifies_its_declarations_by_package_and_file(tmp_path: Path) -> None:
    _write(
        tmp_path / "pkg",
        {
            "index.d.ts": 'export * from "./geo";\nexport interface Shape { kind: string }',
            "geo.d.ts": "export interface Shape { sides: number }\nexport type Area = number;",
        },
    )
    (entry,) = _write(
        tmp_path / "s",
        {"main.ts": 'import { Shape, Area } from "@acme/pkg";\nexport type S = [Shape, Area];'},
    )
    options = Options(import_map=(("@acme/pkg", str(tmp_path / "pkg")),))
    module, document, schema = _compile(tmp_path, [entry], options)
    assert {"acme_pkg_Shape", "acme_pkg_geo_Shape"} <= set(schema.decls)
    # the entry's own declaration is the one its importers mean
    _agree(module, document, "S", "S", [{"kind": "k"}, 1], [{"sides": 1}, 1])


_NAMES = st.sampled_from(["Frame", "Data", "Kind", "Node"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_NAMES, st.booleans()), min_size=1, max_size=6), _NAMES)
def test_any_spread_of_one_name_over_files_compiles_or_is_a_located_error(
    spread: list[tuple[str, bool]], used: str
) -> None:
    """Untrusted input: never a traceback, and each file's reference is its own type."""
    modules = []
    for i, (name, exported) in enumerate(spread):
        decls = (
            ir.Interface(name, ir.Object(), exported=exported, span=ir.Span(f"f{i}.ts", 1, 1)),
            ir.Alias(f"Use{i}", ir.Ref(used, (), ir.Span(f"f{i}.ts", 2, 1)), exported=True),
        )
        modules.append(ir.Module(f"f{i}.ts", decls))
    try:
        schema = resolve(modules)
    except SchemaError as error:
        assert str(error).startswith("f")
        return
    for i, _ in enumerate(spread):
        target = schema.decls[f"Use{i}"]
        assert isinstance(target, ir.Alias)
        if isinstance(target.type, ir.Primitive):  # not the file's own: the DOM's Node
            assert target.type.degraded and used == "Node" and spread[i][0] != used
            continue
        assert isinstance(target.type, ir.Ref)
        assert target.type.name in schema.decls
        # a file that declares the name it uses gets its own declaration
        if spread[i][0] == used:
            decl = schema.decls[target.type.name]
            assert decl.span.file == f"f{i}.ts"


def test_re_exports_aliases_namespaces_and_enum_members_find_their_module(
    tmp_path: Path,
) -> None:
    files = {
        "a.ts": 'export enum Kind { A = "a" }\nexport interface Frame { k: Kind }',
        "b.ts": 'export enum Kind { A = "b" }\nexport namespace NS { export interface Frame { b: Kind.A } }\n'
        "export type T = NS.Frame;",
        "hub.ts": 'export * from "./a";\nexport { Kind } from "./a";',
        "c.ts": 'import { Frame, Kind as AKind } from "./hub";\nimport { Kind } from "./b";\n'
        "export interface Uses { f: Frame; a: AKind.A; b: Kind.A }",
    }
    module, document, schema = _compile(tmp_path, _write(tmp_path / "s", files))
    assert {"a_Frame", "b_Frame", "a_Kind", "b_Kind"} <= set(schema.decls)
    uses = {"f": {"k": "a"}, "a": "a", "b": "b"}
    _agree(module, document, "Uses", "Uses", uses, {**uses, "b": "a"})
    _agree(module, document, "Uses", "Uses", uses, {**uses, "a": "b"})
    _agree(module, document, "T", "T", {"b": "b"}, {"k": "a"})


@pytest.mark.parametrize(
    ("c", "clash", "at"),
    [
        # the qualified Python name is a declaration's name
        ("export interface a_Frame { z: string }", "a_Frame", "c.ts:1:1"),
        # the JSON Schema key is a namespaced declaration's key
        (
            "export namespace a { export interface Frame { z: string } }\n"
            "export interface Frame { y: string }",
            "a.Frame",
            "c.ts:1:22",
        ),
    ],
)
def test_a_qualified_name_another_declaration_takes_is_a_located_error(
    tmp_path: Path, c: str, clash: str, at: str
) -> None:
    files = dict(TWO_FRAMES, **{"c.ts": c})
    with pytest.raises(SchemaError) as info:
        load_schema(_write(tmp_path, files))
    assert str(info.value) == (
        f"{tmp_path}/a.ts:1:1: error: 'Frame' is declared in several files and would be "
        f"qualified as '{clash}', which the declaration at {tmp_path}/{at} takes too; rename one"
    )


def test_imports_follow_re_exports_in_order_and_skip_what_is_not_the_name(tmp_path: Path) -> None:
    files = {
        "a.ts": "export interface Frame { a: string }\nexport type Id = string;",
        "b.ts": "export interface Frame { b: string }\nexport type B2 = number;",
        # a plain import of b's Frame under another name and a re-export of another name
        # of b's come before the re-export of a's Frame
        "hub.ts": 'import { Frame as BF } from "./b";\nexport { B2 } from "./b";\n'
        'export { Frame } from "./a";\nexport * from "./b";\nexport interface Hub { b: BF }',
        # two levels of re-exports, through a cycle
        "hub2.ts": 'export * from "./cyc";\nexport * from "./hub";\nexport { Id } from "./a";',
        "cyc.ts": 'export * from "./hub2";\nexport type Cy = 1;',
        "c.ts": 'export * from "./e";\nimport { Id, Frame } from "./hub2";\n'
        "export interface Box<Frame> { f: Frame }\nexport interface Uses { f: Frame; i: Id }",
        # a parameter named like a clashing name, in a file that does not declare it
        "e.ts": "export interface Wrap<Frame> { w: Frame }\nexport type W = Wrap<number>;",
    }
    module, document, _ = _compile(tmp_path, _write(tmp_path / "s", files))
    good, bad = {"f": {"a": "x"}, "i": "i"}, {"f": {"b": "x"}, "i": "i"}
    _agree(module, document, "Uses", "Uses", good, bad)
    _agree(module, document, "Hub", "Hub", {"b": {"b": "x"}}, {"b": {"a": "x"}})
    _agree(module, document, "W", "W", {"w": 1}, {"w": "1"})


def test_a_name_imported_from_a_package_not_mapped_is_that_package_s_in_its_file(
    tmp_path: Path,
) -> None:
    # @slack/web-api's shape: response files each declare their own View, and a request
    # file imports View from a package that is not mapped; that View is the package's.
    files = {
        "history.d.ts": 'import type { ViewsOpen } from "./views";\n'
        "export type History = { view?: View; open?: ViewsOpen };\n"
        "export interface View { id?: string }",
        "post.d.ts": "export type Post = { view?: View };\nexport interface View { team?: number }",
        "views.d.ts": 'import type { View } from "@slack/types";\n'
        "export interface ViewsOpen { view: View }",
        "index.d.ts": 'export * from "./history";\nexport * from "./post";',
    }
    diags = Diagnostics()
    paths = _write(tmp_path / "s", files)
    schema = load_schema([paths[-1]], diags)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, document, _ = _compile(tmp_path, [paths[-1]])
    assert {"history_View", "post_View"} <= set(schema.decls)
    defs = document["$defs"]
    assert defs["History"]["properties"]["view"] == {"$ref": "#/$defs/history.View"}
    assert "@slack/types" in defs["ViewsOpen"]["properties"]["view"]["$comment"]
    [warning] = diags.degraded
    assert (Path(warning.span.file).name, warning.span.line, warning.span.col) == (
        "views.d.ts",
        2,
        36,
    )
    _agree(module, document, "History", "History", {"view": {"id": "x"}}, {"view": {"id": 1}})
    _agree(module, document, "Post", "Post", {"view": {"team": 1}}, {"view": {"team": "1"}})
    good = {"view": {"anything": [1, "x"]}}
    _agree(module, document, "ViewsOpen", "ViewsOpen", good, {})


# @types/node's web globals: a module's own interface and the global of the same name that
# its ``declare global`` block declares, which extends the module's through an alias.
GLOBAL_BLOCK = {
    "a.d.ts": (
        "export {};\n"
        "interface Signal { readonly aborted: boolean }\n"
        "type _Signal = typeof globalThis extends { onmessage: any } ? {} : Signal;\n"
        "declare global {\n"
        "  interface Signal extends _Signal { reason?: string }\n"
        "  interface Holder { signal: Signal }\n"
        "}\n"
        "export interface Local { own: Signal }\n"
    ),
    "schema.ts": (
        'import type { Local } from "./a";\nexport interface Uses { s: Signal; h: Holder; l: Local }\n'
    ),
}


def test_a_global_block_s_declaration_is_not_the_module_s_own_of_that_name(
    tmp_path: Path,
) -> None:
    # The block's ``Signal`` (and the other files') is the global; the rest of the module
    # means its own, which the global extends: no cycle, as tsc 5.5 reads it.
    paths = _write(tmp_path, GLOBAL_BLOCK)
    diags = Diagnostics()
    schema = load_schema(paths[1:], diags)
    assert [d.as_error() for d in diags.degraded] == []
    module, document, _ = _compile(tmp_path, paths[1:])
    defs = document["$defs"]
    assert set(defs["Signal"]["properties"]) == {"aborted", "reason"}
    assert set(defs["Signal_local"]["properties"]) == {"aborted"}
    assert defs["Holder"]["properties"]["signal"] == {"$ref": "#/$defs/Signal"}
    assert defs["Local"]["properties"]["own"] == {"$ref": "#/$defs/Signal_local"}
    assert "Signal_local" in schema.decls
    good = {"s": {"aborted": True, "reason": "r"}, "h": {"signal": {"aborted": False}}}
    good["l"] = {"own": {"aborted": True}}
    _agree(module, document, "Uses", "Uses", good, {**good, "s": {"reason": "r"}})
    _agree(module, document, "Uses", "Uses", good, {**good, "h": {"signal": {"aborted": 1}}})
    _agree(module, document, "Uses", "Uses", good, {**good, "s": {"aborted": True, "reason": 1}})


def test_an_import_of_the_module_s_own_declaration_beside_a_global_one_finds_its_own(
    tmp_path: Path,
) -> None:
    files = {
        "a.d.ts": (
            "export interface Sig { aborted: boolean }\n"
            "declare global { interface Sig { reason: string } }\n"
        ),
        "schema.ts": (
            'import type { Sig as Mine } from "./a";\n'
            "export interface Uses { mine: Mine; glob: Sig }\n"
        ),
    }
    paths = _write(tmp_path, files)
    module, document, _ = _compile(tmp_path, paths[1:])
    props = document["$defs"]["Uses"]["properties"]
    assert props == {"mine": {"$ref": "#/$defs/Sig_local"}, "glob": {"$ref": "#/$defs/Sig"}}
    good = {"mine": {"aborted": True}, "glob": {"reason": "r"}}
    _agree(module, document, "Uses", "Uses", good, {**good, "glob": {"aborted": True}})
    _agree(module, document, "Uses", "Uses", good, {**good, "mine": {"reason": "r"}})
