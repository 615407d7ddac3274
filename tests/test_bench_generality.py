"""The measuring instrument of ``make bench-generality`` (bench/generality): its pinned list,
its comparison with typescript-json-schema and its handling of bad input. No network."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from pathlib import Path

import pytest

from bench.generality import (
    LIST,
    Foreign,
    ListError,
    Shape,
    Typing,
    compare_definitions,
    declared_type_parameters,
    foreign_names,
    import_specifiers,
    parse_list,
    shape,
    split_spec,
    umbrella_modules,
)
from bench.generality.__main__ import main
from bench.generality.fetching import Unusable, entry_file, extract
from bench.generality.running import first_error, relative_closure, warnings_of
from bench.generality.table import category, render


def test_the_committed_list_parses_and_pins_at_least_100_typings() -> None:
    typings = parse_list(LIST.read_text("utf-8"))
    assert len(typings) >= 100
    assert len({t.id for t in typings}) == len(typings)
    assert all(t.version[0].isdigit() for t in typings)


def test_a_line_names_the_entry_the_id_and_the_deps() -> None:
    text = (
        "# a comment\n\n@types/hast@3.0.4 dep=@types/unist@3.0.3  # trailing\n"
        "kubernetes-types@1.30.0 entry=core/v1.d.ts id=k8s/core\n"
    )
    assert parse_list(text) == [
        Typing("@types/hast", "3.0.4", deps=(("@types/unist", "3.0.3"),)),
        Typing("kubernetes-types", "1.30.0", "core/v1.d.ts", "k8s/core"),
    ]
    assert parse_list(text)[1].id == "k8s/core"
    assert parse_list(text)[0].id == parse_list(text)[0].spec == "@types/hast@3.0.4"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("@types/hast", "expected NAME@VERSION"),
        ("@types/hast@3 dep=unist", "expected NAME@VERSION"),
        ("a@1 entry=../x.d.ts", "inside the package"),
        ("a@1 entry=/etc/x.d.ts", "inside the package"),
        ("a@1 flavour=x", "unknown option"),
        ("a@1 entry", "expected KEY=VALUE"),
        ("a@1\na@1", "listed twice"),
    ],
)
def test_a_bad_line_is_one_located_message(line: str, why: str) -> None:
    with pytest.raises(ListError, match=why) as raised:
        parse_list(line, "list.txt")
    assert str(raised.value).startswith("list.txt:")


def test_specs_and_import_specifiers() -> None:
    assert split_spec("@scope/pkg@1.2.3-rc.1") == ("@scope/pkg", "1.2.3-rc.1")
    assert import_specifiers("@types/unist") == ["unist", "@types/unist"]
    assert import_specifiers("@types/mapbox__point-geometry") == [
        "@mapbox/point-geometry",
        "@types/mapbox__point-geometry",
    ]
    assert import_specifiers("vscode-jsonrpc") == ["vscode-jsonrpc"]


def test_shapes_follow_refs_unions_and_intersections() -> None:
    defs = {
        "Base": {"type": "object", "properties": {"a": {}}, "required": ["a"]},
        "Both": {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"b": {}}}]},
    }
    assert shape(defs["Both"], defs) == Shape(
        frozenset({"object"}), frozenset("ab"), frozenset("a")
    )
    union = {"anyOf": [{"$ref": "#/$defs/Base"}, {"type": "object", "properties": {"c": {}}}]}
    assert shape(union, defs) == Shape(frozenset({"object"}), frozenset("ac"), frozenset())
    # `integer` is `number`, `null` beside another type is left out, literals have kinds.
    assert shape({"type": ["integer", "null"]}, {}).kinds == {"number"}
    assert shape({"enum": ["a", 1]}, {}).kinds == {"string", "number"}
    assert shape({}, {}).kinds == {"any"}
    assert shape({"anyOf": [{"enum": ["a"]}, {"type": "null"}]}, {}).kinds == {"string"}
    # `X | null` is X to the oracle (no strictNullChecks): null requires nothing less
    nullable = {"anyOf": [{"type": "object", "required": ["a"]}, {"type": "null"}]}
    assert shape(nullable, {}).required == {"a"}
    assert shape({"anyOf": [{"type": "null"}, {"const": None}]}, {}).kinds == {"null"}
    array_interface = {
        "type": "object",
        "properties": {"length": {"type": "number"}},
        "patternProperties": {"^[0-9]+$": {}},
    }
    assert shape(array_interface, {}) == Shape(frozenset({"array"}))
    assert shape(
        {"$ref": "#/definitions/Foo%3Cstring%3E"}, {"Foo<string>": {"type": "string"}}
    ) == (Shape(frozenset({"string"})))


def test_definitions_are_compared_by_properties_required_and_kinds() -> None:
    oracle = {
        "Same": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
        "Optional": {"type": "object", "properties": {"a": {}}, "required": ["a"]},
        "Kind": {"type": "string"},
        "Gone": {"type": "number"},
        "NS.Inner": {"type": "boolean"},
        "Global.Same": {"type": "object"},  # `export as namespace Global`: named twice
        "Page<T>": {"type": "object", "properties": {"items": {}}},
        "T": {"type": "object"},  # the oracle's stand-in for a type parameter
    }
    ours = {
        "Same": {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]},
        "Optional": {"type": "object", "properties": {"a": {}}},
        "Kind": {"anyOf": [{"type": "string"}, {"type": "number"}]},
        "Inner": {"type": "boolean"},
        "Page": {"type": "object", "properties": {"items": {}}},
    }
    result = compare_definitions(oracle, ours)
    assert result.equal == ["NS.Inner", "Page<T>", "Same"] or result.equal == ["NS.Inner", "Same"]
    assert result.differing == {
        "Kind": "types string != number|string",
        "Optional": "required -a",
    }
    assert result.missing == ["Gone"]
    assert set(result.skipped) >= {"Global.Same", "T"}
    assert result.counted == len(result.equal) + 3


def test_one_name_of_several_modules_pairs_the_oracle_s_numbered_keys_by_shape() -> None:
    """@slack/web-api's 27 response files each declare a ``View``: the oracle keys them
    ``View``, ``View_1``, ... in the order it meets them, ours by module. Each pairs with
    one of ours at most, where the shapes are equal."""
    obj = {"type": "object"}
    oracle = {
        "View": {**obj, "properties": {"b": {}}},
        "View_1": {**obj, "properties": {"a": {}}},
        "View_2": {**obj, "properties": {"c": {}}},
        "View_3": {**obj, "properties": {"a": {}}},
        "Lone_1": {"type": "string"},  # no ``Lone`` beside it: a name of its own
        "Uses": {**obj, "properties": {"view": {"$ref": "#/definitions/View_2"}}},
    }
    ours = {
        "a.View": {**obj, "properties": {"a": {}}},
        "b.View": {**obj, "properties": {"b": {}}},
        "c.View": {**obj, "properties": {"d": {}}},
        "x.Lone": {"type": "string"},
        "Uses": {**obj, "properties": {"view": {"$ref": "#/$defs/c.View"}}},
    }
    result = compare_definitions(oracle, ours)
    assert result.equal == ["Uses", "View", "View_1"]
    assert result.differing == {}
    # a.View is View_1's already; View_2 matches none of ours: which it is is unknown
    assert sorted(result.missing) == ["Lone_1", "View_2", "View_3"]


def test_a_bare_name_of_several_umbrella_modules_is_the_declaration_it_stands_for() -> None:
    # r2.d.ts and r3.d.ts both declare Age, each under `export as namespace fhirN`: the
    # oracle writes fhir2.Age, fhir3.Age and a bare Age that is one of them (a $ref, or
    # written out with its references into one module); ours qualifies by module.
    modules = umbrella_modules(
        [
            ("r2.d.ts", "// head\nexport as namespace fhir2;\nexport interface Age {}"),
            ("v3/index.d.ts", "export as namespace fhir3;"),
            ("plain.d.ts", "export interface Other {}"),
        ]
    )
    assert modules == {"fhir2": "r2", "fhir3": "v3"}
    element = {"type": "object", "properties": {"id": {"type": "string"}}}
    age = {"type": "object", "properties": {"value": {"type": "number"}, "_value": {}}}
    oracle = {
        "Age": {"$ref": "#/definitions/fhir2.Age", "description": "bare"},
        "fhir2.Age": age,
        "fhir3.Age": {"type": "object", "properties": {"unit": {"type": "string"}}},
        "Element": {
            "type": "object",
            "properties": {"id": {"type": "string"}, "ext": {"$ref": "#/definitions/fhir3.X"}},
        },
        "fhir3.X": {"type": "object"},
        "Mixed": {
            "type": "object",
            "properties": {
                "a": {"$ref": "#/definitions/fhir2.Age"},
                "b": {"$ref": "#/definitions/fhir3.X"},
            },
        },
    }
    ours = {
        "r2.Age": age,
        "v3.Age": {"type": "object", "properties": {"unit": {"type": "string"}}},
        "v3.Element": {**element, "properties": {**element["properties"], "ext": {}}},
        "v3.X": {"type": "object"},
        "r2.Mixed": {"type": "object"},
        "v3.Mixed": {"type": "object"},
    }
    result = compare_definitions(oracle, ours, modules=modules)
    assert result.equal == ["Age", "Element", "fhir3.X"]
    assert result.missing == ["Mixed"]  # references into two modules: which one is unknown
    # without the modules, one of ours of an equal shape stands for each bare name
    assert compare_definitions(oracle, ours).missing == ["Mixed", "fhir3.X"]


def test_unnamed_types_enum_members_and_brands_are_compared_for_what_they_mean() -> None:
    brand = {"type": "object", "properties": {"__brand": {"const": "Id"}}, "required": ["__brand"]}
    oracle = {
        # an unnamed type the oracle keys by its text: no declaration of the typing
        '"a"|("b"&string)': {"type": "string"},
        "(A&{type:1})|B": {"type": "object"},
        # an enum member used as a type, which ours writes inline
        "Kind": {"enum": [1, 2]},
        "Kind.One": {"type": "number", "const": 1},
        "Kind.Two": {"type": "number", "const": 2},
        "Shape.Circle": {"type": "object"},  # no enum member: compared as before
        # a brand beside a primitive: the documented kind `brand`
        "UserId": {"allOf": [brand, {"type": "string"}]},
        "Tagged": {"allOf": [{"$ref": "#/definitions/Tag"}, {"type": "number"}]},
        "Tag": brand,
        "Both": {"allOf": [{**brand, "properties": {"n": {"type": "number"}}}, {"type": "string"}]},
    }
    ours = {
        "Kind": {"enum": [1, 3]},
        "UserId": {"type": "string"},
        "Tagged": {"type": "number"},
        "Tag": brand,
        "Both": {"type": "string"},
    }
    result = compare_definitions(oracle, ours)
    assert set(result.skipped) == {'"a"|("b"&string)', "(A&{type:1})|B"}
    assert result.equal == ["Kind", "Kind.One", "Tag", "Tagged", "UserId"]
    assert result.differing == {
        "Both": "types  != string; properties -n; required -__brand",
        "Kind.Two": "enum member's value not in our enum",
    }
    assert result.missing == ["Shape.Circle"]


def test_bad_input_is_one_line_never_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.tgz"
    broken.write_bytes(b"not a tarball")
    with pytest.raises(Unusable, match="not a readable tarball"):
        extract(broken, tmp_path / "out")
    stub = tmp_path / "tree" / "package"
    stub.mkdir(parents=True)
    (stub / "package.json").write_text(json.dumps({"name": "@types/stub"}), "utf-8")
    with pytest.raises(Unusable, match="has no typings"):
        entry_file(Typing("@types/stub", "1.0.0"), tmp_path / "tree")
    with pytest.raises(Unusable, match=r"has no file lib/x\.d\.ts"):
        entry_file(Typing("@types/stub", "1.0.0", "lib/x.d.ts"), tmp_path / "tree")
    assert main(["--list", str(tmp_path / "absent.txt"), "--table-only"]) == 2
    # another list than typings.txt never writes the goals' table by default
    other = tmp_path / "probe.txt"
    other.write_text("@types/ms@2.1.0\n", "utf-8")
    before = (LIST.parent.parent / "GENERALITY.md").read_bytes()
    assert main(["--list", str(other), "--table-only"]) == 2
    assert (LIST.parent.parent / "GENERALITY.md").read_bytes() == before


def test_a_tarball_is_laid_out_from_its_package_folder(tmp_path: Path) -> None:
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:gz") as archive:
        for name, text in {
            "package/package.json": '{"types": "lib/main"}',
            "package/lib/main.d.ts": 'export * from "./more";\n/// <reference path="./ref.d.ts" />',
            "package/lib/more.d.ts": "import type { X } from '../x.js';",
            "package/lib/ref.d.ts": "",
            "package/x.d.ts": "",
        }.items():
            blob = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            archive.addfile(info, io.BytesIO(blob))
    tarball = tmp_path / "p.tgz"
    tarball.write_bytes(data.getvalue())
    extract(tarball, tmp_path / "tree" / "package")
    entry = entry_file(Typing("p", "1.0.0"), tmp_path / "tree")
    assert entry == tmp_path / "tree" / "package" / "lib" / "main.d.ts"
    names = [p.name for p in relative_closure(entry)]
    assert names == ["main.d.ts", "more.d.ts", "ref.d.ts", "x.d.ts"]


def test_errors_warnings_and_their_kinds() -> None:
    stderr = (
        "a.ts:1:2: warning: degraded\nb.d.ts:3:4: error: type 'Exception' would shadow "
        "Python's built-in 'Exception'; rename it\n"
    )
    assert warnings_of(stderr) == 1
    assert first_error(stderr).startswith("b.d.ts:3:4: error:")
    assert first_error("Traceback (most recent call last):\n  ...\nRecursionError: deep") == (
        "RecursionError: deep"
    )
    assert category(first_error(stderr)) == "type '…' would shadow Python's built-in '…'; rename it"
    assert category("x.ts:10:1: error: expected 3 members") == "expected N members"


def test_the_table_counts_tjs_failures_apart_and_tracebacks_as_failures() -> None:
    def row(ident: str, **fields: object) -> dict[str, object]:
        base: dict[str, object] = {
            "id": ident, "spec": ident, "entry": "index.d.ts", "unusable": "", "tjs_error": "",
            "compiles": True, "strict": True, "warnings": 0, "imports": True, "definitions": 2,
            "equal": 2, "differing": {}, "missing": [], "instances": {}, "error": "",
            "tracebacks": [], "over_time": [], "seconds": {"generate": 1.0},
        }  # fmt: skip
        return {**base, **fields}

    text = render(
        [
            row("good@1"),
            row("crash@1", compiles=False, tracebacks=["generate: RecursionError"], equal=0),
            row("tjs@1", tjs_error="TypeError: Unsupported type"),
            row("gone@1", unusable="gone@1: npm pack failed"),
        ],
        "0.65.1",
    )
    assert "| compile unmodified | 1/2 = 50.0 % |" in text
    assert "| TJS definitions equal, whole sweep | 2/4 = 50.0 % |" in text
    assert "| tracebacks (ours) | 1 | 0 | **not met** |" in text
    assert "TRACEBACK generate: RecursionError" in text
    assert "| tjs@1 | TypeError: Unsupported type |" in text
    assert "- gone@1: gone@1: npm pack failed" in text
    assert "[`generality/typings.txt`](generality/typings.txt)" in text
    probe = render([row("good@1")], "0.65.1", listed="heldout.txt")
    assert "[`generality/heldout.txt`](generality/heldout.txt)" in probe


def test_a_declaration_tjs_cannot_read_costs_only_itself(tmp_path: Path) -> None:
    """The oracle driver: where typescript-json-schema's one call throws on a declaration,
    the others are still read (the CLI would give nothing for the whole typing)."""
    from bench.generality.running import DRIVER, TJS, TJS_PACKAGE, run

    if shutil.which("node") is None or not TJS.exists():
        pytest.skip("typescript-json-schema is not installed (make e2e-node needs node and npm)")
    typing = tmp_path / "index.d.ts"
    typing.write_text(
        "export interface Point { x: number; y?: number }\n"
        "interface Dyn<A extends boolean | undefined> { allowDots?: A }\n"
        "export type Opts<A extends boolean | undefined = undefined> =\n"
        "  A extends true ? Dyn<A> & { e: boolean } : Dyn<A>;\n",
        "utf-8",
    )
    done = run(["node", str(DRIVER), str(TJS_PACKAGE), str(typing)], timeout=120, cwd=tmp_path)
    assert done.ok, done.stderr
    document = json.loads(done.stdout)
    assert document["definitions"]["Point"]["required"] == ["x"]
    assert list(document["unreadable"]) == ["Opts"]
    assert "Opts" not in document["definitions"]


def test_the_oracles_stand_ins_are_not_counted() -> None:
    """Type parameters the typing declares, instances of TypeScript's own generics and
    unnamed ``import(...)`` types are definitions of the oracle for no declaration."""
    texts = [
        "export interface A<T, U extends X<Y> = Z> {}\n"
        "type B<in out K extends keyof T, V = () => void> = 1;\n"
        "declare class Cluster<P extends Props = AnyProps, C = AnyProps> {}\n"
    ]
    assert declared_type_parameters(texts) == {"T", "U", "K", "V", "P", "C"}
    oracle = {
        "C_1": {"type": "object"},
        "Record<string,Tile>": {"type": "object"},
        'import("/x/classes/semver")': {"type": "object"},
        "{[x:string]:any;}_1": {"type": "object"},
        "ArrayBuffer": {"type": "object"},
        "Tile": {"type": "object"},
        "GeoJSON.Feature<GeoJSON.Geometry,{[name:string]:any;}>": {"type": "object"},
    }
    ours = {"Tile": {"type": "object"}, "Feature": {"type": "object"}}
    result = compare_definitions(oracle, ours, {"C"})
    assert result.equal == ["GeoJSON.Feature<GeoJSON.Geometry,{[name:string]:any;}>", "Tile"]
    assert sorted(result.skipped) == sorted(
        [
            "C_1",
            "Record<string,Tile>",
            'import("/x/classes/semver")',
            "{[x:string]:any;}_1",
            "ArrayBuffer",
        ]
    )


def test_lib_types_and_generic_instances_ours_lacks_are_not_counted() -> None:
    """The oracle writes TypeScript's lib types that a typing merges into or names (DOM's
    ``Element`` beside ``declare global { interface Window {...} }``), and the typing's
    generics uninstantiated and per instance (``NullableOption_17``): no declaration of
    ours answers them. A lib name the typing declares itself, and anything ours has,
    still counts."""
    texts = [
        "export type NullableOption<T> = T | null;\n"
        "export interface GetResponse<T> { hit: T }\n"
        "declare global { interface Window { Intercom: Function } }\n"
        "export interface Options { dom?: HTMLElement; event?: Event }\n"
    ]
    lib = ["interface Window { closed: boolean }\ninterface Element {}\ninterface Event {}\n"]
    foreign = foreign_names(texts, lib)
    assert foreign == Foreign(
        frozenset({"NullableOption", "GetResponse", "Window", "Options"}),
        frozenset({"NullableOption", "GetResponse"}),
        frozenset({"Window", "Element", "Event"}),
    )
    obj = {"type": "object"}
    oracle = {
        "Element": obj,
        "Event": obj,
        "Window": obj,
        "NullableOption_17": {"type": "string"},
        "GetResponse": obj,
        "GetResponse<string>": obj,
        "Options": obj,
    }
    ours = {"Event": obj, "Options": obj}
    result = compare_definitions(oracle, ours, set(), foreign)
    assert result.equal == ["Event", "Options"]
    assert result.missing == ["Window"]
    assert sorted(result.skipped) == [
        "Element",
        "GetResponse",
        "GetResponse<string>",
        "NullableOption_17",
    ]
    without = compare_definitions(oracle, ours, set())
    assert {"Element", "GetResponse", "NullableOption_17", "Window"} <= set(without.missing)


def test_a_cell_names_a_cached_file_from_its_package_root() -> None:
    from bench.generality.table import _cell

    text = 'Unsupported type: import("/home/u/.cache/x/trees/types+qs@6/package/lib/a").B<T> | C'
    assert _cell(text) == 'Unsupported type: import("lib/a").B<T> \\| C'


def test_a_row_s_deps_are_part_of_its_cached_tree_and_oracle_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row whose ``dep=`` list changes is laid out again and TJS runs again: the cached
    tree and TJS output of the old list would compare against declarations made without
    the packages the typing imports."""
    from bench.generality import fetching, running

    def tarball(name: str, version: str, cache: Path) -> Path:
        data = io.BytesIO()
        with tarfile.open(fileobj=data, mode="w:gz") as archive:
            blob = f"export interface From_{version.replace('.', '_')} {{}}".encode()
            info = tarfile.TarInfo("package/index.d.ts")
            info.size = len(blob)
            archive.addfile(info, io.BytesIO(blob))
        path = tmp_path / f"{name.replace('/', '+')}-{version}.tgz"
        path.write_bytes(data.getvalue())
        return path

    runs: list[list[str]] = []

    def fake_run(argv: list[str], **_: object) -> running.Run:
        runs.append(argv)
        return running.Run(0, 0.1, "", json.dumps({"definitions": {"A": {"type": "object"}}}))

    monkeypatch.setattr(fetching, "fetch", tarball)
    monkeypatch.setattr(running, "run", fake_run)
    cache = tmp_path / "cache"
    plain = Typing("p", "1.0.0")
    with_dep = Typing("p", "1.0.0", deps=(("d", "2.0.0"),))
    tree = fetching.lay_out(plain, cache)
    assert not (tree / "node_modules").exists()
    entry = tree / "package" / "index.d.ts"
    running.oracle(plain, entry, tree, cache)
    running.oracle(plain, entry, tree, cache)
    assert len(runs) == 1  # cached

    tree = fetching.lay_out(with_dep, cache)
    assert (
        tree / "node_modules" / "d" / "index.d.ts"
    ).read_text() == "export interface From_2_0_0 {}"
    running.oracle(with_dep, entry, tree, cache)
    assert len(runs) == 2  # the deps changed: TJS again
    running.oracle(with_dep, entry, tree, cache)
    assert len(runs) == 2
    tree = fetching.lay_out(plain, cache)
    assert not (tree / "node_modules").exists()


def test_a_dep_s_ambient_modules_map_to_the_files_that_declare_them(tmp_path: Path) -> None:
    """``import { Readable } from "stream"`` names a module that ``@types/node`` declares
    (``declare module "stream" {...}``), not the package: with ``@types/node`` as a dep, the
    specifier maps to the file declaring it (the longest declaration where a file only
    augments the module), so the import is no "not mapped" degradation."""
    import subprocess
    import sys

    from bench.generality.deps import import_maps

    node = tmp_path / "node_modules" / "@types" / "node"
    node.mkdir(parents=True)
    files = {
        "package.json": '{"types": "index.d.ts"}',
        "index.d.ts": "".join(
            f'/// <reference path="{f}" />\n'
            for f in ("buffer.buffer.d.ts", "buffer.d.ts", "stream.d.ts")
        ),
        "buffer.buffer.d.ts": 'declare module "node:buffer" {\n    interface A {}\n}\n',
        "buffer.d.ts": 'declare module "node:buffer" {\n    export interface Blob { size: number }\n}\n',
        "stream.d.ts": (
            'declare module "stream" {\n'
            "    export interface Readable { readable: boolean; highWaterMark: number }\n}\n"
            'declare module "*.css" {}\n'
        ),
    }
    for name, text in files.items():
        (node / name).write_text(text, "utf-8")
    maps = import_maps((("@types/node", "26.0.0"),), tmp_path / "node_modules", relative_closure)
    assert sorted(maps) == sorted(
        [
            f"--import-map=node={node}",
            f"--import-map=@types/node={node}",
            f"--import-map=node:buffer={node / 'buffer.d.ts'}",
            f"--import-map=stream={node / 'stream.d.ts'}",
        ]
    )

    snippet = tmp_path / "index.d.ts"
    snippet.write_text('import { Readable } from "stream";\nexport interface S { r: Readable }\n')
    out = tmp_path / "schema.json"
    argv = [sys.executable, "-m", "codegen", "jsonschema", str(snippet), "-o", str(out), *maps]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "not mapped" not in done.stderr
    schema = json.loads(out.read_text("utf-8"))
    assert schema["$defs"]["S"]["properties"]["r"] == {"$ref": "#/$defs/Readable"}
    readable = schema["$defs"]["Readable"]
    assert set(readable["properties"]) == {"readable", "highWaterMark"}


def test_an_oracle_output_kept_before_deps_were_recorded_stands_only_for_a_row_without_deps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TJS output cached before the ``deps`` record existed was made without today's
    ``dep=`` packages: a row that now has deps runs TJS again, a row without reuses it."""
    from bench.generality import running

    runs: list[list[str]] = []

    def fake_run(argv: list[str], **_: object) -> running.Run:
        runs.append(argv)
        return running.Run(0, 0.1, "", json.dumps({"definitions": {"B": {"type": "object"}}}))

    monkeypatch.setattr(running, "run", fake_run)
    monkeypatch.setattr(running, "relative_closure", lambda entry: [entry])
    cache = tmp_path / "cache"
    plain = Typing("p", "1.0.0")
    with_dep = Typing("p", "1.0.0", deps=(("d", "2.0.0"),))
    stored = cache / "tjs" / f"p@1.0.0@tjs-{running.tjs_version()}.json"
    stored.parent.mkdir(parents=True)
    old = {"definitions": {"A": {"type": "object"}}, "driver": running.DRIVER.name}
    stored.write_text(json.dumps(old), "utf-8")
    entry = tmp_path / "index.d.ts"

    assert running.oracle(plain, entry, tmp_path, cache)["definitions"] == old["definitions"]
    assert runs == []
    assert running.oracle(with_dep, entry, tmp_path, cache)["definitions"] == {
        "B": {"type": "object"}
    }
    assert len(runs) == 1
