"""The program's imports, exactly (``codegen/frontend/imports.py``): which declaration an
imported name means through renames and re-exports, what a module exports, what a mapped
package brings, and which imports of typings degrade (pinned from its mutation run)."""

from __future__ import annotations

import pytest

from codegen import ir
from codegen.errors import Diagnostics, SchemaError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve


def schema(
    *files: tuple[str, str],
    diagnostics: Diagnostics | None = None,
    packages: dict[str, str] | None = None,
) -> ir.Schema:
    return resolve([parse_module(path, text) for path, text in files], diagnostics, packages)


def error(*files: tuple[str, str]) -> str:
    with pytest.raises(SchemaError) as info:
        schema(*files)
    return str(info.value)


def means(s: ir.Schema, alias: str = "X") -> str:
    """The name an alias of one reference refers to."""
    decl = s.decls[alias]
    assert isinstance(decl, ir.Alias) and isinstance(decl.type, ir.Ref)
    return decl.type.name


USES_B = ("a.ts", 'import { B } from "./b";\nexport type X = B;')
RENAMES_A_AS_B = ("c.ts", "type A = string;\nexport { A as B };")

# --------------------------------------------------------------------------- renames


@pytest.mark.parametrize(
    "b",
    [
        # a named re-export of a rename, after a plain import and beside a declaration
        'import { W } from "./w";\nexport type Other = W;\nexport { B } from "./c";',
        # a star re-export of it, after a named re-export of something else
        'export { W } from "./w";\nexport * from "./c";',
    ],
)
def test_an_import_names_the_declaration_a_renamed_export_stands_for(b: str) -> None:
    """``export { A as B }`` in c, re-exported by b: ``import { B } from "./b"`` is A."""
    s = schema(USES_B, ("b.ts", b), RENAMES_A_AS_B, ("w.ts", "export type W = number;"))
    assert means(s) == "A"


def test_a_re_export_that_renames_names_the_declaration() -> None:
    s = schema(
        USES_B, ("b.ts", 'export { A as B } from "./c";'), ("c.ts", "export type A = string;")
    )
    assert means(s) == "A"


def test_a_module_s_own_declaration_wins_over_a_star_re_export() -> None:
    """As in TypeScript: ``export *`` passes on no name the module declares itself."""
    s = schema(
        ("a.ts", 'import { B } from "./c";\nexport type X = B;'),
        ("c.ts", 'export type B = string;\nexport * from "./d";'),
        ("d.ts", "type Z = number;\nexport { Z as B };"),
    )
    assert means(s) == "B"
    assert s.decls["B"] == ir.Alias(
        "B", ir.Primitive("string", ir.Span("c.ts", 1, 17)), True, span=ir.Span("c.ts", 1, 1)
    )


def test_a_plain_import_is_not_what_the_module_exports() -> None:
    """b imports c's B for itself; what it exports as B is d's."""
    s = schema(
        USES_B,
        ("b.ts", 'import { B } from "./c";\nexport * from "./d";'),
        RENAMES_A_AS_B,
        ("d.ts", "export type B = number;"),
    )
    assert means(s) == "B"


def test_a_rename_behind_a_cycle_of_star_re_exports_is_found() -> None:
    """b's first star leads back to b's importer; the search goes on to c, and ends."""
    s = schema(
        ("m.ts", 'import { B } from "./a";\nexport type X = B;'),
        ("a.ts", 'export * from "./b";'),
        ("b.ts", 'export * from "./a";\nexport * from "./c";'),
        RENAMES_A_AS_B,
    )
    assert means(s) == "A"


# --------------------------------------------------------------------------- exports


def test_a_default_export_is_imported_under_any_name() -> None:
    s = schema(
        ("a.ts", 'import D from "./m";\nexport type X = D;'),
        ("m.ts", "export default interface Foo { a: string }"),
    )
    assert means(s) == "Foo"


def test_a_value_of_typings_is_exported() -> None:
    """A declared function is a value the typings export: importing it is no error."""
    s = schema(
        ("a.ts", 'import { f } from "./v";\nexport type X = string;'),
        ("v.d.ts", "export declare function f(): void;"),
    )
    assert "X" in s.decls


def test_a_namespace_re_export_exports_its_name_and_what_follows_it() -> None:
    """``export * as ns from "./c"``: b exports ``ns`` (c's names under it), then Y."""
    s = schema(
        ("a.ts", 'import { ns, Y } from "./b";\nexport type X = ns.T | Y;'),
        ("b.ts", 'export * as ns from "./c";\nexport { Y } from "./d";'),
        ("c.ts", "export type T = string;"),
        ("d.ts", "export type Y = number;"),
    )
    x = s.decls["X"]
    assert isinstance(x, ir.Alias) and isinstance(x.type, ir.Union)
    assert [m.name for m in x.type.members if isinstance(m, ir.Ref)] == ["T", "Y"]


# --------------------------------------------------------------------------- packages

PACKAGE = (
    "export interface P { y: Y; e: E.A; t: N.T }\n"
    "export type Y = string;\n"
    'export enum E { A = "a", B = "b" }\n'
    "export namespace N { export type T = number; }\n"
    "export type Unused = boolean;"
)


def test_a_package_brings_what_its_imported_types_use_and_no_more() -> None:
    """Also for an importer after the package's file, and after an import of another
    file; the importer's own ``Q`` brings no ``Q`` of the package."""
    s = schema(
        ("a.ts", 'import { L } from "./l";\nimport { P } from "pkg";\nexport type X = P | L;'),
        ("l.ts", "export type L = null;"),
        ("p.ts", f"{PACKAGE}\nexport type Q = number;\nexport type R = number;"),
        ("z.ts", 'import { R } from "pkg";\nexport type Q = string;\nexport type Z = R | Q;'),
        packages={"pkg": "p.ts"},
    )
    assert sorted(s.decls) == ["E", "L", "P", "Q", "R", "T", "X", "Y", "Z"]
    q = s.decls["Q"]
    assert isinstance(q, ir.Alias) and q.span.file == "z.ts"


def test_a_package_brings_what_a_renamed_export_stands_for() -> None:
    """``export { Inner as Pub }`` in a package the entry re-exports: Inner comes along."""
    s = schema(
        ("a.ts", 'import { Pub } from "pkg";\nexport type X = Pub;'),
        ("p.ts", 'export * from "dep";'),
        ("d.ts", "type Inner = string;\nexport { Inner as Pub };\nexport type Z = number;"),
        packages={"pkg": "p.ts", "dep": "d.ts"},
    )
    assert sorted(s.decls) == ["Inner", "X"]
    assert means(s) == "Inner"


def test_a_package_s_files_are_all_its_entry_imports() -> None:
    """Each file the entry imports (once each, however often) is the package's, so only
    what is used stays; a mapped file no one imports and the program lacks is no error."""
    s = schema(
        ("a.ts", 'import { P } from "pkg";\nexport type X = P;'),
        (
            "p.ts",
            'import { R } from "./r";\nimport { Q } from "./q";\nimport { Q2 } from "./q";\n'
            "export type P = R | Q | Q2;",
        ),
        ("q.ts", "export type Q = string;\nexport type Q2 = number;\nexport type QUnused = null;"),
        ("r.ts", "export type R = string;\nexport type RUnused = number;"),
        packages={"pkg": "p.ts", "other": "gone.ts"},
    )
    assert sorted(s.decls) == ["P", "Q", "Q2", "R", "X"]


def test_a_namespace_import_of_a_package_brings_all_it_exports() -> None:
    """Besides what an earlier import of another package brings."""
    s = schema(
        ("a.ts", 'import { L } from "lib";\nimport * as ns from "pkg";\nexport type X = ns.Z | L;'),
        ("l.ts", "export type L = null;"),
        ("p.ts", 'export * from "dep";'),
        ("d.ts", "type Hidden = boolean;\nexport type Z = number;\nexport type W = Z;"),
        packages={"pkg": "p.ts", "dep": "d.ts", "lib": "l.ts"},
    )
    assert sorted(s.decls) == ["L", "W", "X", "Z"]


def test_an_imported_namespace_brings_the_members_the_importer_names() -> None:
    s = schema(
        ("a.ts", 'import { N } from "pkg";\nexport type X = N.T;'),
        ("p.ts", "export namespace N { export type T = string; }\nexport type Q = number;"),
        packages={"pkg": "p.ts"},
    )
    assert sorted(s.decls) == ["T", "X"]


def test_a_package_s_export_assignment_brings_what_it_names() -> None:
    s = schema(
        ("a.ts", 'import * as F from "pkg";\nexport type X = F;'),
        (
            "p.d.ts",
            "interface Foo { a: Bar }\ninterface Bar { b: string }\ninterface No {}\nexport = Foo;",
        ),
        packages={"pkg": "p.d.ts"},
    )
    assert sorted(s.decls) == ["Bar", "Foo", "X"]


def test_a_package_mapped_to_a_file_the_program_lacks_is_the_located_error() -> None:
    with pytest.raises(SchemaError) as info:
        schema(
            ("a.ts", 'import { X } from "pkg";\nexport type Y = X;'), packages={"pkg": "gone.ts"}
        )
    assert str(info.value) == (
        "a.ts:1:1: error: cannot import from 'pkg': map the package to its schema files with "
        "--import-map pkg=PATH"
    )


# --------------------------------------------------------------------------- typings


def test_a_namespace_import_of_a_file_typings_lack_degrades_where_used() -> None:
    diags = Diagnostics()
    s = schema(
        ("a.d.ts", 'import * as ns from "./missing";\nexport type T = ns.X;'), diagnostics=diags
    )
    assert list(s.decls) == ["T"]
    assert [str(w) for w in diags.warnings] == [
        "a.d.ts:2:17: warning: 'ns' from './missing', a file the program does not have: "
        "degraded to JsonValue (any JSON value)"
    ]


def test_a_star_re_export_of_a_file_typings_lack_passes_on_nothing() -> None:
    """Unchecked typings read the file as TypeScript's error type: what an importer wants
    through it degrades there, loudly (a ``.ts`` importer keeps the error)."""
    diags = Diagnostics()
    s = schema(
        ("a.d.ts", 'import { T } from "./b";\nexport type X = T;'),
        ("b.d.ts", 'export * from "./missing";\nexport type U = string;'),
        diagnostics=diags,
    )
    assert list(s.decls) == ["X", "U"]
    assert [str(w) for w in diags.warnings] == [
        "a.d.ts:2:17: warning: './b' does not export 'T' (no such declaration): "
        "degraded to JsonValue (any JSON value)"
    ]


@pytest.mark.parametrize("path", ["d/a.ts", "d/a.d.ts"])
def test_a_reference_to_a_missing_file_stays_the_located_error(path: str) -> None:
    """Also in typings: a ``/// <reference>`` is no import TypeScript leaves unchecked."""
    text = '/// <reference path="../gone.d.ts" />\nexport type X = string;'
    assert error((path, text)) == f"{path}:1:1: error: referenced file 'gone.d.ts' not found"


def test_a_side_effect_import_of_a_missing_file_in_typings_stays_the_located_error() -> None:
    assert error(("a.d.ts", 'import "./missing";\nexport type T = string;')) == (
        "a.d.ts:1:1: error: cannot import from './missing': missing.ts is not among the "
        "schema files"
    )


# --------------------------------------------------------------------------- unmapped packages


def test_a_namespace_import_of_an_unmapped_package_degrades_where_used() -> None:
    diags = Diagnostics()
    s = schema(("a.ts", 'import * as ns from "pkg";\nexport type X = ns.T;'), diagnostics=diags)
    assert list(s.decls) == ["X"]
    assert [str(w) for w in diags.warnings] == [
        "a.ts:2:17: warning: 'ns' from package 'pkg', which is not mapped (map it with "
        "--import-map pkg=PATH): degraded to JsonValue (any JSON value)"
    ]


def test_a_re_export_from_an_unmapped_package_is_a_degraded_alias_at_the_export() -> None:
    s = schema(("b.ts", 'export type A = string;\nexport { Y } from "pkg";'))
    y = s.decls["Y"]
    assert isinstance(y, ir.Alias) and y.span == ir.Span("b.ts", 2, 1)
    assert isinstance(y.type, ir.Primitive) and y.type.span == ir.Span("b.ts", 2, 1)
    assert y.type.degraded == (
        "'Y' from package 'pkg', which is not mapped (map it with --import-map pkg=PATH)"
    )


# --------------------------------------------------------------------------- conflicts

A_EXPORTS_X = ("a.ts", "export interface X { a: string }")


@pytest.mark.parametrize(
    ("b", "line"),
    [
        # tsc: "Import declaration conflicts with local declaration of 'X'"
        ('import { X } from "./a";\nexport interface X { b: string }', 1),
        # tsc: "Duplicate identifier 'X'", the second import at fault
        ('import { X } from "./a";\nimport { Y as X } from "./c";\nexport type Z = X;', 2),
        # the same for a namespace import's alias
        ('import * as X from "./a";\nexport interface X { b: string }', 1),
        ('import * as X from "./a";\nimport * as X from "./c";\nexport type Z = X.Y;', 2),
    ],
)
def test_an_import_that_conflicts_with_another_name_of_its_file_is_a_located_error(
    b: str, line: int
) -> None:
    found = error(A_EXPORTS_X, ("c.ts", "export type Y = number;"), ("b.ts", b))
    assert f"b.ts:{line}:" in found
    assert "import 'X' conflicts with another name in this file" in found


def test_the_same_name_imported_once_and_declared_elsewhere_is_no_conflict() -> None:
    # ``X`` of another file is no name of b.ts: only its own declarations and imports are
    s = schema(
        A_EXPORTS_X,
        ("c.ts", "export interface X { c: number }"),
        (
            "b.ts",
            'import { X } from "./a";\nimport { X as CX } from "./c";\nexport type Z = X | CX;',
        ),
    )
    assert "Z" in s.decls
