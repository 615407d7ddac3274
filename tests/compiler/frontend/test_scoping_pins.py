"""Pins for ``codegen.frontend.scoping`` and ``module_scope`` (module scoping, issue #21): the
qualifiers, the names and keys they make, and the located errors, exactly (from their
mutation survivors)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from codegen import ir
from codegen.build.pipeline import Options, load_schema
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend import module_scope, scoping
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve
from codegen.ir.printer import render


@pytest.mark.parametrize(
    ("relative", "parts"),
    [
        ("a.ts", ["a"]),
        ("a.d.ts", ["a"]),
        ("index.ts", ["index"]),
        (os.path.join("sub", "index.d.ts"), ["sub"]),
        (os.path.join("sub", "deep", "a.d.ts"), ["sub", "deep", "a"]),
        (os.path.join("index", "a.ts"), ["index", "a"]),
        (os.path.join("a", "b", "index.ts"), ["a", "b"]),
        (os.path.join("a", "index", "b.ts"), ["a", "index", "b"]),
        ("a.ts.d.ts", ["a.ts"]),
        # ES module and CommonJS sources and their typings
        ("a.mts", ["a"]),
        ("a.cts", ["a"]),
        ("a.d.mts", ["a"]),
        ("a.d.cts", ["a"]),
        ("a.MTS", ["a.MTS"]),  # suffixes are case-sensitive, as TypeScript's
    ],
)
def test_stem(relative: str, parts: list[str]) -> None:
    assert scoping._stem(relative) == parts


@pytest.mark.parametrize(
    ("segments", "python", "key"),
    [
        (["a"], "a_Frame", "a.Frame"),
        (["types", "unist"], "types_unist_Frame", "types.unist.Frame"),
        (["frame-a"], "frame_a_Frame", "frame-a.Frame"),
        (["A.B"], "A_B_Frame", "A.B.Frame"),
        (["2024"], "m2024_Frame", "2024.Frame"),
        (["_x"], "m_x_Frame", "_x.Frame"),
        (["é"], "m__Frame", "é.Frame"),
    ],
)
def test_qualified(segments: list[str], python: str, key: str) -> None:
    assert scoping.qualified_name(segments, "Frame") == (python, key)


def _module(path: str, *names: str, exported: bool = True) -> ir.Module:
    decls = tuple(
        ir.Interface(n, ir.Object(), exported=exported, span=ir.Span(path, i + 1, 1))
        for i, n in enumerate(names)
    )
    return ir.Module(path, decls)


def test_qualifiers_of_schema_files_and_nested_packages(tmp_path: Path) -> None:
    root = str(tmp_path)
    own = [f"{root}/s/a.ts", f"{root}/s/sub/index.ts", f"{root}/s/sub/b.d.ts"]
    pkg = [f"{root}/p/index.d.ts", f"{root}/p/x/index.d.ts", f"{root}/p/x/y.d.ts", f"{root}/p/z.ts"]
    modules = [_module(p, "T") for p in own + pkg]
    packages = {"@acme/p": f"{root}/p/index.d.ts", "Xp": f"{root}/p/x/index.d.ts"}
    found = scoping.module_qualifiers(modules, {os.path.normpath(p) for p in pkg}, packages)
    assert found == {
        own[0]: ["a"],
        own[1]: ["sub"],
        own[2]: ["sub", "b"],
        pkg[0]: ["acme", "p"],
        pkg[1]: ["Xp"],  # the innermost package's
        pkg[2]: ["Xp", "y"],
        pkg[3]: ["acme", "p", "z"],
    }


def test_is_module() -> None:
    assert scoping.is_module(ir.Module("a.ts", (), (ir.Import("./b", ()),)))
    assert scoping.is_module(_module("a.ts", "T"))
    assert not scoping.is_module(_module("a.ts", "T", exported=False))


def _resolve(*modules: ir.Module) -> ir.Schema:
    return resolve(list(modules))


def test_a_module_with_imports_and_no_exports_is_a_module() -> None:
    a = _module("a.ts", "T")
    b = ir.Module(
        "b.ts",
        (ir.Interface("T", ir.Object(), exported=False, span=ir.Span("b.ts", 2, 1)),),
        (ir.Import("./a", (("A", "T"),)),),
    )
    schema = _resolve(a, b)
    assert {"a_T", "b_T"} <= set(schema.decls)


def test_qualified_names_of_two_files_that_sanitise_alike_are_a_located_error() -> None:
    with pytest.raises(SchemaError) as info:
        _resolve(_module("a-b.ts", "T"), _module("a_b.ts", "T"))
    assert str(info.value) == (
        "a_b.ts:1:1: error: 'T' is declared in several files and would be qualified as "
        "'a_b_T', which the declaration at a-b.ts:1:1 takes too; rename one"
    )


def test_a_const_that_has_the_qualified_name_is_a_located_error() -> None:
    const = ir.Module("c.ts", (ir.Const("a_T", 1, True, span=ir.Span("c.ts", 1, 1)),))
    with pytest.raises(SchemaError) as info:
        _resolve(_module("a.ts", "T"), _module("b.ts", "T"), const)
    assert str(info.value) == (
        "a.ts:1:1: error: 'T' is declared in several files and would be qualified as "
        "'a_T', which the declaration at c.ts:1:1 takes too; rename one"
    )


def test_two_consts_of_one_name_are_two_constants() -> None:
    def module(path: str, value: str) -> ir.Module:
        return ir.Module(
            path,
            (
                ir.Const("VERSION", value, True, span=ir.Span(path, 1, 1)),
                ir.Alias("V" + value, ir.Typeof("VERSION", ir.Span(path, 2, 1))),
            ),
        )

    schema = _resolve(module("a.ts", "1"), module("b.ts", "2"))
    assert schema.decls["a_VERSION"] == ir.Const("a_VERSION", "1", True, span=ir.Span("a.ts", 1, 1))
    for value in ("1", "2"):
        alias = schema.decls["V" + value]
        assert isinstance(alias, ir.Alias) and alias.type == ir.Literal(
            value, ir.Span(f"{'ab'[int(value) - 1]}.ts", 2, 1)
        )


def test_enum_members_of_a_module_keep_their_keys_unless_their_enum_is_qualified() -> None:
    def module(path: str) -> ir.Module:
        decls = (
            ir.Alias("Kind", ir.Literal(path), enum=True, span=ir.Span(path, 1, 1)),
            ir.Alias("Solo" + path[0], ir.Literal("s"), enum=True),
        )
        return ir.Module(path, decls, (), (("Kind.X", path), (f"Solo{path[0]}.Y", "s")))

    scoped = module_scope.scope_modules([module("a.ts"), module("b.ts")], set(), {}, _no_imports)
    assert scoped.modules[0].enum_members == (("a_Kind.X", "a.ts"), ("Soloa.Y", "s"))


def _no_imports(module: ir.Module, imp: ir.Import) -> ir.Module:
    raise AssertionError("no imports here")


def test_an_overlay_schema_still_scopes_a_name_it_shares_with_a_package() -> None:
    own = [_module("s/a.ts", "T", "EmptyResult")]
    package = _module("p/index.d.ts", "T")
    scoped = module_scope.scope_modules(
        [*own, package], {"p/index.d.ts"}, {"p": "p/index.d.ts"}, _no_imports
    )
    assert [d.name for d in scoped.modules[1].decls] == ["p_T"]
    assert [d.name for d in scoped.modules[0].decls] == ["T", "EmptyResult"]


def test_a_name_declared_twice_in_one_module_is_not_counted_twice() -> None:
    alias = ir.Alias("T", ir.Primitive("string"), span=ir.Span("b.ts", 3, 1))
    twice = ir.Module("b.ts", (*_module("b.ts", "U", "T").decls, alias))
    with pytest.raises(
        SchemaError,
        match=r"b.ts:3:1: error: duplicate declaration 'T' \(first declared at b.ts:2:1\)",
    ):
        module_scope.scope_modules([_module("a.ts", "T"), twice], set(), {}, _no_imports)
    # an interface declared again is merged by resolve, not refused here
    merged = module_scope.scope_modules(
        [_module("a.ts", "T"), _module("b.ts", "U", "T", "T")], set(), {}, _no_imports
    )
    assert [d.name for d in merged.modules[1].decls].count("b_T") == 2
    # one module alone is no clash
    assert scoping.clashes([_module("b.ts", "T", "U", "T")], set()) == {}


def test_an_override_in_one_module_with_a_package_clash() -> None:
    over = ir.Interface(
        "T", ir.Object(), doc=ir.Doc("", (ir.DocTag("override", ""),)), span=ir.Span("s/b.ts", 1, 1)
    )
    modules = [_module("s/a.ts", "T"), ir.Module("s/b.ts", (over,)), _module("p/index.d.ts", "T")]
    owners = scoping.clashes(modules, {"p/index.d.ts"})
    assert owners == {"T": ["s/a.ts", "p/index.d.ts"]}


def _enum_module(path: str) -> ir.Module:
    decls = (
        ir.Interface("Frame", ir.Object(), span=ir.Span(path, 1, 1)),
        ir.Alias("Kind", ir.Literal(path), enum=True, span=ir.Span(path, 2, 1)),
    )
    return ir.Module(path, decls, (), (("Kind.X", path),))


@pytest.mark.parametrize(
    ("written", "error"),
    [
        # c declares Frame: Frame, NS.Frame are its own; Plain, NS.Plain clash with nothing
        (["Frame", "NS.Frame", "Plain", "NS.Plain", "Q.R.Plain"], None),
        # Kind is a's and b's, and c neither declares nor imports it
        (["Kind"], ("Kind", 1)),
        (["Plain", "Kind"], ("Kind", 2)),
        (["NS.Plain", "Kind"], ("Kind", 2)),
        (["NS.Frame", "Kind"], ("Kind", 2)),
        (["Frame.Inner", "Kind"], ("Kind", 2)),  # a namespace merged with c's Frame
        (["Kind.Frame"], ("Kind", 1)),
        (["NS.Kind"], ("Kind", 1)),
        (["NS.Deep.Kind"], ("Kind", 1)),
    ],
)
def test_references_of_a_file_to_clashing_names(
    written: list[str], error: tuple[str, int] | None
) -> None:
    refs = tuple(ir.Ref(name, (), ir.Span("c.ts", 9, col)) for col, name in enumerate(written, 1))
    c = ir.Module(
        "c.ts",
        (
            ir.Interface("Frame", ir.Object(), span=ir.Span("c.ts", 1, 1)),
            ir.Alias("U", ir.Union(refs)),
        ),
    )
    modules = [_enum_module("a.ts"), _enum_module("b.ts"), c]
    if error is None:
        scoped = module_scope.scope_modules(modules, set(), {}, _no_imports)
        assert scoped.renames["c.ts"] == {"Frame": "c_Frame", "NS.Frame": "c_Frame"}
        return
    with pytest.raises(SchemaError) as info:
        module_scope.scope_modules(modules, set(), {}, _no_imports)
    name, col = error
    assert str(info.value) == (
        f"c.ts:9:{col}: error: '{name}' is declared in a.ts and b.ts, and this file neither "
        "declares nor imports it: import the one meant"
    )


def test_an_override_is_not_a_second_declaration_of_its_module() -> None:
    over = ir.Interface(
        "T", ir.Object(), doc=ir.Doc("", (ir.DocTag("override", ""),)), span=ir.Span("q.ts", 2, 1)
    )
    modules = [_module("p.ts", "T"), ir.Module("q.ts", (*_module("q.ts", "T").decls, over))]
    scoped = module_scope.scope_modules(modules, {"p.ts", "q.ts"}, {}, _no_imports)
    # renamed with the declaration it overrides, which it still replaces
    assert [d.name for d in scoped.modules[1].decls] == ["q_T", "q_T"]


_FRAMES = {"a.ts": "export interface Frame { a: 1 }", "b.ts": "export interface Frame { b: 1 }"}


# a.ts and b.ts each declare ``Frame`` in namespaces P and Q: parse names them ``PFrame``
# and ``QFrame`` in each file, and module scoping qualifies those by file.
_PQ = {
    "a.ts": "export namespace P { export interface Frame { a: 1 } }\n"
    "export namespace Q { export interface Frame { q: 1 } }",
    "b.ts": "export namespace P { export interface Frame { b: 1 } }\n"
    "export namespace Q { export interface Frame { bq: 1 } }",
}


# From the survivors of 2026-11-29 (issue #33): which declaration a dotted name in another
# module means, through namespace imports, named imports, re-exports and its own namespace.
_DOTTED = {
    # parse qualified both ``Frame``s of a.ts and of b.ts by namespace (``PFrame``); c.ts
    # reaches a.ts's ``P`` through a named re-export after a cycle of star re-exports
    "re-exported namespace": (
        {
            "a.ts": "export interface First { f: 1 }\n"
            "export namespace P { export interface Frame { a: 1 } }\n"
            "export namespace Q { export interface Frame { q: 1 } }",
            "b.ts": "export namespace P { export interface Frame { b: 1 } }\n"
            "export namespace Q { export interface Frame { bq: 1 } }",
            "cyc.ts": 'export * from "./hub";',
            "hub.ts": 'export * from "./cyc";\nexport { P } from "./a";',
            "c.ts": 'import { P } from "./hub";\nexport interface Use { f: P.Frame }',
        },
        "f: a_PFrame",
    ),
    # a clashing name and an enum member of one, through ``import * as``
    "namespace import": (
        {
            "lib.ts": 'export enum Kind { A = "a" }\nexport interface Frame { a: Kind }',
            "other.ts": 'export enum Kind { A = "o" }\nexport interface Frame { o: 1 }',
            "c.ts": 'import * as lib from "./lib";\n'
            "export interface Use { f: lib.Frame; k: lib.Kind.A }",
        },
        'f: lib_Frame; k: "a"',
    ),
    # a name exported under another name
    "export rename": (
        {
            "a.ts": "interface Frame { a: 1 }\nexport { Frame as F };",
            "b.ts": "export interface Frame { b: 1 }",
            "c.ts": 'import { F } from "./a";\nexport interface Use { f: F }',
        },
        "f: a_Frame",
    ),
    # a plain import of the name is no re-export of it: the star re-export after it is
    "import before a re-export": (
        {
            "a.ts": "export interface Frame { a: 1 }",
            "b.ts": "export interface Frame { b: 1 }",
            "hub.ts": 'import { Frame } from "./b";\nexport * from "./a";\n'
            "export interface H { h: Frame }",
            "c.ts": 'import { Frame } from "./hub";\nexport interface Use { f: Frame }',
        },
        "f: a_Frame",
    ),
    # a namespace inside the module imported so
    "namespace import's namespace": (
        {
            "lib.ts": "export namespace NS { export interface Frame { a: 1 } }",
            "other.ts": "export interface Frame { o: 1 }",
            "c.ts": 'import * as lib from "./lib";\nexport interface Use { f: lib.NS.Frame }',
        },
        "f: lib_Frame",
    ),
    # a namespace imported by name
    "imported namespace": (
        {
            "lib.ts": "export namespace NS { export interface Frame { a: 1 } }",
            "other.ts": "export interface Frame { o: 1 }",
            "c.ts": 'import { NS } from "./lib";\nexport interface Use { f: NS.Frame }',
        },
        "f: lib_Frame",
    ),
    # a re-export and another import before the import that brings the namespace: each
    # import is looked at in turn
    "namespace import after a re-export": (
        {
            "lib.ts": "export namespace NS { export interface Frame { a: 1 } }",
            "other.ts": "export interface Frame { o: 1 }",
            "z.ts": "export interface Z { z: 1 }",
            "c.ts": 'export * from "./z";\nimport { Z } from "./z";\n'
            'import * as lib from "./lib";\nexport interface Use { f: lib.NS.Frame; z: Z }',
        },
        "f: lib_Frame; z: Z",
    ),
    "imported namespace after a re-export": (
        {
            "lib.ts": "export namespace NS { export interface Frame { a: 1 } }",
            "other.ts": "export interface Frame { o: 1 }",
            "z.ts": "export interface Z { z: 1 }",
            "c.ts": 'export * from "./z";\nimport { Z } from "./z";\n'
            'import { NS } from "./lib";\nexport interface Use { f: NS.Frame; z: Z }',
        },
        "f: lib_Frame; z: Z",
    ),
    # a namespace imported by name beside an import of the name it holds: ``NS.Frame`` is
    # lib's, ``Frame`` a's (it was a's for both)
    "imported namespace beside an import of its member's name": (
        {
            "a.ts": "export interface Frame { a: 1 }",
            "lib.ts": "export namespace NS { export interface Frame { l: 1 } }",
            "c.ts": 'import { Frame } from "./a";\nimport { NS } from "./lib";\n'
            "export interface Use { f: NS.Frame; g: Frame }",
        },
        "f: lib_Frame; g: a_Frame",
    ),
    "imported namespace beside the file's own declaration of its member's name": (
        {
            "a.ts": "export interface Frame { a: 1 }",
            "lib.ts": "export namespace NS { export interface Frame { l: 1 } }",
            "c.ts": 'import { NS } from "./lib";\nexport interface Frame { c: 1 }\n'
            "export interface Use { f: NS.Frame; g: Frame }",
        },
        "f: lib_Frame; g: c_Frame",
    ),
    "namespace import beside an import of its member's name": (
        {
            "a.ts": "export interface Frame { a: 1 }",
            "lib.ts": "export namespace NS { export interface Frame { l: 1 } }",
            "c.ts": 'import { Frame } from "./a";\nimport * as lib from "./lib";\n'
            "export interface Use { f: lib.NS.Frame; g: Frame }",
        },
        "f: lib_Frame; g: a_Frame",
    ),
    # a plain import of a namespace is no re-export of it: the star re-export after it is
    "namespace imported before a re-export": (
        {
            "a.ts": "export namespace P { export interface Frame { a: 1 } }\n"
            "export namespace Q { export interface Frame { q: 1 } }",
            "b.ts": "export namespace P { export interface Frame { b: 1 } }\n"
            "export namespace Q { export interface Frame { bq: 1 } }",
            "hub.ts": 'import { P } from "./b";\nexport * from "./a";\nexport type H = P.Frame;',
            "c.ts": 'import { P } from "./hub";\nexport interface Use { f: P.Frame }',
        },
        "f: a_PFrame",
    ),
    # through a module that re-exports them: a namespace import, of a name and of a
    # namespace, and a namespace imported by name
    "namespace import of a re-export": (
        {
            **_FRAMES,
            "hub.ts": 'export * from "./a";',
            "c.ts": 'import * as h from "./hub";\nexport interface Use { f: h.Frame }',
        },
        "f: a_Frame",
    ),
    "namespace import of a re-exported namespace": (
        {
            **_FRAMES,
            "lib.ts": "export namespace NS { export interface Frame { l: 1 } }",
            "hub.ts": 'export * from "./lib";',
            "c.ts": 'import * as h from "./hub";\nexport interface Use { f: h.NS.Frame }',
        },
        "f: lib_Frame",
    ),
    "re-exported namespace imported by name": (
        {
            **_FRAMES,
            "lib.ts": "export namespace NS { export interface Frame { l: 1 } }",
            "hub.ts": 'export * from "./lib";',
            "c.ts": 'import { NS } from "./hub";\nexport interface Use { f: NS.Frame }',
        },
        "f: lib_Frame",
    ),
    # a parse-qualified name through a namespace import
    "namespace import of a namespace's qualified name": (
        {**_PQ, "c.ts": 'import * as lib from "./a";\nexport interface Use { f: lib.P.Frame }'},
        "f: a_PFrame",
    ),
    # beside a dotted name of the file's own namespace, written first
    "qualified name after the file's own namespace": (
        {
            **_PQ,
            "c.ts": 'import { P } from "./a";\n'
            "export namespace Own { export interface X { x: 1 } }\n"
            "export interface Use { o: Own.X; f: P.Frame }",
        },
        "o: X; f: a_PFrame",
    ),
    # after a re-export, and with a re-export of another P (which binds no local P)
    "qualified name imported after a re-export": (
        {
            **_PQ,
            "z.ts": "export interface Z { z: 1 }",
            "c.ts": 'export * from "./z";\nimport { P } from "./a";\n'
            "export interface Use { f: P.Frame }",
        },
        "f: a_PFrame",
    ),
    "qualified name imported beside a re-export of another": (
        {
            **_PQ,
            "c.ts": 'import { P } from "./a";\nexport { P } from "./b";\n'
            "export interface Use { f: P.Frame }",
        },
        "f: a_PFrame",
    ),
    # an interface merged with a namespace, re-exported by a module that also re-exports
    # another Frame: ``PM.Frame`` is found where ``PM`` is declared, not where ``Frame`` is
    "merged namespace re-exported beside another member name": (
        {
            "lib.ts": "export interface PM { a: 1 }\n"
            "export namespace PM { export interface Frame { l: 1 } }",
            "other.ts": "export interface Frame { o: 1 }",
            "hub.ts": 'export { PM } from "./lib";\nexport * from "./other";',
            "c.ts": 'import { PM } from "./hub";\nexport interface Use { f: PM.Frame; p: PM }',
        },
        "f: lib_Frame; p: PM",
    ),
    # a namespace merged with an imported clashing interface: ``Frame.Inner`` is a's
    # Inner, not the file's own (it was the file's)
    "imported interface's namespace beside the file's own member name": (
        {
            "a.ts": "export interface Frame { a: 1 }\n"
            "export namespace Frame { export interface Inner { ai: 1 } }",
            "b.ts": "export interface Frame { b: 1 }\n"
            "export namespace Frame { export interface Inner { bi: 1 } }",
            "c.ts": 'import { Frame } from "./a";\nexport interface Inner { c: 1 }\n'
            "export interface Use { f: Frame.Inner; i: Inner; g: Frame }",
        },
        "f: a_Inner; i: c_Inner; g: a_Frame",
    ),
    # the module's own namespace
    "own namespace": (
        {
            "other.ts": "export interface Frame { o: 1 }",
            "c.ts": "export namespace NS { export interface Frame { c: 1 } }\n"
            "export interface Use { f: NS.Frame }",
        },
        "f: c_Frame",
    ),
}


@pytest.mark.parametrize(("files", "use"), list(_DOTTED.values()), ids=list(_DOTTED))
def test_a_dotted_name_finds_the_declaration_of_its_module(
    tmp_path: Path, files: dict[str, str], use: str
) -> None:
    paths = []
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        paths.append(tmp_path / name)
    decl = load_schema(paths, options=Options()).decls["Use"]
    assert isinstance(decl, ir.Interface)
    assert "; ".join(f"{p.name}: {render(p.type)}" for p in decl.body.properties) == use


@pytest.mark.parametrize(
    "text",
    [
        "/** first */\nexport type T = string;\nexport type T = string;\n",
        "export type T = string;\n/** again */\nexport type T = string;\n",
        "/** first */\nexport type T = string;\n/** again */\nexport type T = string;\n",
    ],
)
def test_a_redeclaration_word_for_word_but_its_description_is_the_first(text: str) -> None:
    # tsc reports it; typings ship it under ``// @ts-ignore``: no second type
    decl = resolve([parse_module("a.ts", text)]).decls["T"]
    assert isinstance(decl, ir.Alias) and render(decl.type) == "string"
    first = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("export"))
    assert decl.span.line == first  # the first one stands


def test_a_name_a_conditional_type_infers_is_no_use_of_a_clashing_name(tmp_path: Path) -> None:
    files = {
        **_FRAMES,
        "c.ts": "export type U<T> = T extends { f: infer Frame } ? Frame : never;\n"
        "export type V = U<{ f: 1 }>;",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    decls = load_schema([tmp_path / n for n in files], options=Options()).decls
    assert render(decls["V"].type) == "1"


@pytest.mark.parametrize(
    ("used", "column"),
    [
        ("Frame extends 1 ? 2 : 3", 17),
        ("1 extends Frame ? 2 : 3", 27),
        ("1 extends 1 ? Frame : 3", 31),
        ("1 extends 1 ? 2 : Frame", 35),
        ("[1] extends [infer X extends Frame] ? X : 3", 46),
    ],
)
def test_a_clashing_name_anywhere_in_a_conditional_type_is_a_use(
    tmp_path: Path, used: str, column: int
) -> None:
    files = {**_FRAMES, "c.ts": f"export type W = {used};"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / n for n in files], options=Options())
    assert str(info.value) == (
        f"{tmp_path}/c.ts:1:{column}: error: 'Frame' is declared in {tmp_path}/a.ts and "
        f"{tmp_path}/b.ts, and this file neither declares nor imports it: import the one meant"
    )


def test_a_lib_global_another_module_shadows_is_the_lib_s_and_later_uses_are_checked(
    tmp_path: Path,
) -> None:
    files = {
        **_FRAMES,
        "e.ts": "export interface Error { code: 1 }\nexport type Own = Error;",
        # a module (it imports): its ``Error`` is the lib's, not e.ts's
        "u.ts": 'import { Frame } from "./a";\nexport interface Uses { e: Error; f: Frame }',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    decls = load_schema([tmp_path / n for n in files], options=Options()).decls
    uses = decls["Uses"]
    assert isinstance(uses, ir.Interface)
    assert render(decls["Own"].type) == "e_Error"
    assert [render(p.type) for p in uses.body.properties] == ["unknown", "a_Frame"]
    # a clashing name after the lib global is still a use that must say which one
    (tmp_path / "u.ts").write_text(
        'import { Own } from "./e";\nexport interface Uses { e: Error; f: Frame; o: Own }'
    )
    with pytest.raises(SchemaError, match=r"u\.ts:2:38: error: 'Frame' is declared in"):
        load_schema([tmp_path / n for n in files], options=Options())


# From the survivors of the full run of 2026-11-29 (issue #36).


def test_an_interface_declared_twice_in_a_clashing_module_is_merged(tmp_path: Path) -> None:
    files = {
        "a.ts": "export interface T { a: 1 }",
        "b.ts": "export interface T { b: 1 }\nexport interface T { c: 1 }\nexport type Own = T;",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    decls = load_schema([tmp_path / n for n in files], options=Options()).decls
    merged = decls["b_T"]
    assert isinstance(merged, ir.Interface)
    assert render(merged.body) == "{ b: 1; c: 1 }"  # declaration merging, within b.ts only
    assert render(decls["Own"].type) == "b_T"
    assert render(decls["a_T"].body) == "{ a: 1 }"


def test_an_override_of_another_kind_is_no_second_declaration_of_its_module() -> None:
    # an alias overriding an interface: not a duplicate, though the two differ
    over = ir.Alias(
        "T",
        ir.Primitive("string"),
        doc=ir.Doc("", (ir.DocTag("override", ""),)),
        span=ir.Span("q.ts", 2, 1),
    )
    modules = [_module("p.ts", "T"), ir.Module("q.ts", (*_module("q.ts", "T").decls, over))]
    scoped = module_scope.scope_modules(modules, {"p.ts", "q.ts"}, {}, _no_imports)
    assert [(type(d).__name__, d.name) for d in scoped.modules[1].decls] == [
        ("Interface", "q_T"),
        ("Alias", "q_T"),
    ]


def test_an_enum_member_whose_name_holds_a_dot_follows_its_qualified_enum() -> None:
    def module(path: str) -> ir.Module:
        kind = ir.Alias("Kind", ir.Literal("x"), enum=True, span=ir.Span(path, 1, 1))
        return ir.Module(path, (kind,), (), (("Kind.a.b", "x"),))

    scoped = module_scope.scope_modules([module("a.ts"), module("b.ts")], set(), {}, _no_imports)
    assert [m.enum_members for m in scoped.modules] == [
        (("a_Kind.a.b", "x"),),
        (("b_Kind.a.b", "x"),),
    ]


def test_a_declaration_without_a_namespace_path_is_a_top_level_one() -> None:
    inner = ir.Interface("X", ir.Object(), span=ir.Span("t.ts", 1, 1))
    top = ir.Interface("X", ir.Object(), span=ir.Span("t.ts", 2, 1))
    use = ir.Alias("U", ir.Ref("X", (), ir.Span("t.ts", 3, 1)), span=ir.Span("t.ts", 3, 1))
    decls, _ = scoping.qualify_namespaces(
        (inner, top, use), {("X", inner.span): ("N",)}, [], frozenset()
    )
    assert [(d.name, d.qualname) for d in decls] == [("NX", "N.X"), ("X", "X"), ("U", "")]
    assert isinstance(decls[2], ir.Alias) and decls[2].type == ir.Ref(
        "X", (), ir.Span("t.ts", 3, 1)
    )


# A clashing name a file neither declares nor imports, after names each check lets pass
# (each is looked at, not only the first): the located error, never another file's type.
_UNSAID = {
    # after a name an import from a package that is not mapped binds
    "after a package's name": (
        'import type { View } from "@slack/types";\nexport interface Use { v: View; f: Frame }',
        {},
        "c.ts:2:36",
    ),
    # after a namespace's member found in the module that declares the namespace
    "after a namespace's member": (
        'import { NS } from "./lib";\nexport interface Use { f: NS.Frame; g: Frame }',
        {"lib.ts": "export namespace NS { export interface Frame { l: 1 } }"},
        "c.ts:2:40",
    ),
    # after a member of the file's own namespace that other files declare too
    "after the file's own namespace's member": (
        "export namespace NS { export interface Kind { c: 1 } }\n"
        "export interface Use { k: NS.Kind; f: Frame }",
        {"k1.ts": "export interface Kind { k: 1 }", "k2.ts": "export interface Kind { k: 2 }"},
        "c.ts:2:39",
    ),
    # a module imported whole that declares no Frame
    "through a namespace import without it": (
        'import * as lib from "./lib";\nexport interface Use { f: lib.X.Frame }',
        {"lib.ts": "export interface Other { o: 1 }"},
        "c.ts:2:27",
    ),
    # a namespace imported by name that holds no Frame
    "through an imported namespace without it": (
        'import { NS } from "./lib";\nexport interface Use { f: NS.Frame }',
        {"lib.ts": "export namespace NS { export interface Other { o: 1 } }"},
        "c.ts:2:27",
    ),
    # through an interface imported from a module that declares no Frame
    "through an imported interface": (
        'import { Plain } from "./lib";\nexport interface Use { f: Plain.Frame }',
        {"lib.ts": "export interface Plain { p: 1 }"},
        "c.ts:2:27",
    ),
    # through an interface of this module (which holds no types)
    "through an interface": (
        "export interface Plain { p: 1 }\nexport interface Use { f: Plain.Frame }",
        {},
        "c.ts:2:27",
    ),
}


@pytest.mark.parametrize(("c", "more", "where"), list(_UNSAID.values()), ids=list(_UNSAID))
def test_a_clashing_name_a_file_does_not_say_the_origin_of_is_a_located_error(
    tmp_path: Path, c: str, more: dict[str, str], where: str
) -> None:
    files = {**_FRAMES, **more, "c.ts": c}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / n for n in files], options=Options())
    declaring = ["a.ts", "b.ts", *(n for n, text in more.items() if "Frame" in text)]
    owners = " and ".join(f"{tmp_path}/{n}" for n in declaring)
    assert str(info.value) == (
        f"{tmp_path}/{where}: error: 'Frame' is declared in {owners}, and this file neither "
        "declares nor imports it: import the one meant"
    )


def test_a_namespace_s_member_a_schema_file_keeps_unqualified_beside_a_package() -> None:
    # lib.ts (a schema file) and a package both declare Frame: only the package's is
    # qualified, so c's ``NS.Frame`` is lib's Frame under its own name
    lib = parse_module("s/lib.ts", "export namespace NS { export interface Frame { l: 1 } }")
    package = parse_module("p/index.d.ts", "export interface Frame { p: 1 }")
    c = parse_module("s/c.ts", 'import { NS } from "./lib";\nexport interface Use { f: NS.Frame }')

    def find_target(module: ir.Module, imp: ir.Import) -> ir.Module:
        assert (module, imp.source) == (c, "./lib")
        return lib

    scoped = module_scope.scope_modules(
        [lib, package, c], {"p/index.d.ts"}, {"p": "p/index.d.ts"}, find_target
    )
    assert [d.name for m in scoped.modules for d in m.decls] == ["Frame", "p_Frame", "Use"]
    assert scoped.renames["s/c.ts"] == {"NS.Frame": "Frame"}


# A lib global that schema files declare (``interface Error``): which files' uses mean it
# and which mean the lib's, so which declarations are qualified (TypeScript's scopes).
_GLOBALS = {
    # a file that imports nothing shares the schema's one namespace: its Error is e.ts's
    "a file without imports": (
        {
            "e.ts": "export interface Error { code: 1 }",
            "u.ts": "export interface Uses { e: Error }",
        },
        {"Error": "code: 1", "Uses": "e: Error"},
    ),
    # a module's own Error, used by itself alone: nothing to tell apart, no qualifier
    "a module's own": (
        {
            **_FRAMES,
            "e.ts": 'import { Frame } from "./a";\nexport interface Error { code: 1; f: Frame }\n'
            "export type Own = Error;",
        },
        {"Error": "code: 1; f: a_Frame", "Own": "Error", "a_Frame": "a: 1", "b_Frame": "b: 1"},
    ),
    # imported where it is used
    "imported": (
        {
            **_FRAMES,
            "e.ts": "export interface Error { code: 1 }",
            "u.ts": 'import { Error } from "./e";\nimport { Frame } from "./a";\n'
            "export interface Uses { e: Error; f: Frame }",
        },
        {"Error": "code: 1", "Uses": "e: Error; f: a_Frame", "a_Frame": "a: 1", "b_Frame": "b: 1"},
    ),
    # bound by an import from a package that is not mapped: the package's, degraded
    "a package's that is not mapped": (
        {
            "e.ts": "export interface Response { code: 1 }",
            "u.ts": 'import type { Response } from "undici";\nexport interface Uses { r: Response }',
        },
        {"Response": "code: 1", "Uses": "r: unknown"},
    ),
    # a module whose only import is from a package that is not mapped (resolve took the
    # import out) is still a module: its Error is the lib's, so e.ts's is qualified
    "in a module importing only from a package not mapped": (
        {
            "e.ts": "export interface Error { code: 1 }\nexport type Own = Error;",
            "u.ts": 'import type { View } from "@slack/types";\n'
            "export interface Uses { v: View; e: Error }",
        },
        {"Own": "e_Error", "Uses": "v: unknown; e: unknown", "e_Error": "code: 1"},
    ),
    # declared by a script (no import, no export): global, as the lib's is
    "a script's": (
        {
            **_FRAMES,
            "e.ts": "interface Error { code: 1 }\ntype Own = Error;",
            "u.ts": 'import { Frame } from "./a";\nexport interface Uses { e: Error; f: Frame }',
        },
        {
            "Error": "code: 1",
            "Own": "Error",
            "Uses": "e: Error; f: a_Frame",
            "a_Frame": "a: 1",
            "b_Frame": "b: 1",
        },
    ),
}


@pytest.mark.parametrize(("files", "decls"), list(_GLOBALS.values()), ids=list(_GLOBALS))
def test_a_lib_global_a_schema_file_declares(
    tmp_path: Path, files: dict[str, str], decls: dict[str, str]
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    found = load_schema([tmp_path / n for n in files], Diagnostics()).decls
    shown = {}
    for name, decl in found.items():
        if isinstance(decl, ir.Interface):
            shown[name] = "; ".join(f"{p.name}: {render(p.type)}" for p in decl.body.properties)
        else:
            assert isinstance(decl, ir.Alias)
            shown[name] = render(decl.type)
    assert shown == decls


def test_a_shadowed_lib_global_declared_twice_in_its_module_is_a_located_error(
    tmp_path: Path,
) -> None:
    files = {
        **_FRAMES,
        "e.ts": "export interface Error { code: 1 }\nexport type Error = string;",
        "u.ts": 'import { Frame } from "./a";\nexport interface Uses { e: Error; f: Frame }',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / n for n in files], options=Options())
    assert str(info.value) == (
        f"{tmp_path}/e.ts:2:1: error: duplicate declaration 'Error' (first declared at "
        f"{tmp_path}/e.ts:1:1)"
    )


def test_without_a_clash_modules_pass_unchanged_with_their_namespaced_names() -> None:
    # no name declared by two modules: the same modules come back (nothing copied), and a
    # dotted name parse qualified in another module is the only rename
    a = parse_module("a.ts", _PQ["a.ts"])
    c = parse_module("c.ts", 'import { P } from "./a";\nexport interface Use { f: P.Frame }')
    plain = parse_module("d.ts", "export interface D { d: 1 }")

    def find_target(module: ir.Module, imp: ir.Import) -> ir.Module:
        assert (module, imp.source) == (c, "./a")
        return a

    scoped = module_scope.scope_modules([a, c, plain], set(), {}, find_target)
    assert all(out is module for out, module in zip(scoped.modules, [a, c, plain], strict=True))
    assert scoped.renames == {"c.ts": {"P.Frame": "PFrame"}}


def test_a_namespace_without_the_member_is_resolve_s_error_not_an_unsaid_import(
    tmp_path: Path,
) -> None:
    # c imports Frame, and writes NS.Frame of its own namespace NS, which holds no Frame:
    # the error names the namespace (c does say which Frame it imports)
    files = {
        **_FRAMES,
        "c.ts": 'import { Frame } from "./a";\nexport namespace NS { export type X = 1 }\n'
        "export interface Use { f: NS.Frame; g: Frame }",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(SchemaError) as info:
        load_schema([tmp_path / n for n in files], options=Options())
    assert str(info.value) == (
        f"{tmp_path}/c.ts:3:27: error: namespace 'NS' has no exported member 'Frame'"
    )
