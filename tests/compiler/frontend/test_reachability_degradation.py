"""Issue #33: reachability, loud degradation and the semantics real typings rely on.

Each case compiles a snippet into a package, imports it in a fresh ``python -W error`` and
validates good and bad values with the generated models and with the emitted JSON Schema,
which must agree. Where typescript-json-schema reads the snippet, our definitions mean what
it makes of them (its API with ``strictNullChecks``, as ``test_held_out_constructs``).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from codegen.build import fastpath
from codegen.build.pipeline import generate, load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import Diagnostics, SchemaError
from tests.compiler.build_stage.test_protocol_corpus import _erase_refs, _our_key, same_meaning
from tests.compiler.frontend.test_held_out_constructs import _inline
from tests.jsonschema_normalise import normalise_document, normalise_schema
from tests.tjs_oracle import oracle_symbols

ROOT = Path(__file__).resolve().parents[3]
DEGRADED = ": degraded to JsonValue (any JSON value)"

OPTS = "export interface Opts { a?: string | null; b: number | null }\n"
NULLABLE = "type _Nullable<T> = { [P in keyof T]: T[P] | null };\n"
REQUIRED = "type _Required<T> = { [P in keyof T]-?: NonNullable<T[P]> };\n"

# name -> (snippet, type, values it accepts, values it rejects, degraded spots, oracle reads it)
CASES: dict[str, tuple[str, str, list[Any], list[Any], int, bool]] = {
    "an_unused_generic_helper_blocks_nothing": (
        NULLABLE + "type _Remap<T> = { [K in keyof T as `x_${K & string}`]: T[K] };\n"
        "type _Item<T> = T extends Array<infer U> ? U : never;\n" + OPTS,
        "Opts",
        [{"b": 1}, {"a": None, "b": None}],
        [{}, {"b": "x"}],
        0,
        True,
    ),
    "a_homomorphic_required_over_a_known_t": (
        REQUIRED + OPTS + "export type Full = _Required<Opts>;",
        "Full",
        [{"a": "x", "b": 1}],
        [{"b": 1}, {"a": None, "b": 1}, {"a": "x", "b": None}],
        0,
        True,
    ),
    "a_homomorphic_nullable_keeps_each_optional_mark": (
        NULLABLE + "export interface P { a?: string; b: number }\nexport type N = _Nullable<P>;",
        "N",
        [{"b": None}, {"a": None, "b": 2}, {"a": "x", "b": 2}],
        [{}, {"b": "x"}, {"a": 1, "b": 1}],
        0,
        True,
    ),
    "a_homomorphic_optional_with_a_value_transform": (
        "type Lists<T> = { readonly [P in keyof T]?: T[P][] };\n"
        "export interface P { a: string; b: number }\nexport type L = Lists<P>;",
        "L",
        [{}, {"b": [1, 2]}, {"a": ["x"]}],
        [{"b": 1}, {"a": [1]}],
        0,
        True,
    ),
    "minus_readonly_and_a_value_that_reads_the_key": (
        "type Tagged<T> = { -readonly [P in keyof T]: { key: P; value: T[P] } };\n"
        "export interface P { readonly a: string }\nexport type Tg = Tagged<P>;",
        "Tg",
        [{"a": {"key": "a", "value": "v"}}],
        [{"a": {"key": "b", "value": "v"}}, {"a": {"key": "a", "value": 1}}, {}],
        0,
        True,
    ),
    "a_homomorphic_mapped_type_distributes_over_a_union": (
        NULLABLE + 'export interface A { k: "a"; x: string }\n'
        'export interface B { k: "b"; y: number }\nexport type U = _Nullable<A | B>;',
        "U",
        [{"k": "a", "x": None}, {"k": None, "y": 1}],
        [{"k": "a"}, {"k": "b", "y": "x"}, {}],
        0,
        False,  # the oracle's two instances share our key: compared one by one below
    ),
    "a_homomorphic_mapped_type_over_an_array_a_record_and_a_primitive": (
        NULLABLE + "export interface H { a: _Nullable<string[]>; r: _Nullable<Record<string,"
        " number>>; p: _Nullable<string> }",
        "H",
        [{"a": ["x", None], "r": {"k": None, "l": 1}, "p": "s"}],
        [{"a": [1], "r": {}, "p": "s"}, {"a": [], "r": {"k": "x"}, "p": "s"}, {"a": [], "r": {}}],
        0,
        False,  # the oracle writes the record's instance as any object (a documented deviation)
    ),
    "a_computed_literal_key_names_its_property": (
        'export interface K { ["a-b"]: string; [1]: number; n: boolean }',
        "K",
        [{"a-b": "x", "1": 2, "n": True}],
        [{"a-b": "x", "n": True}, {"a-b": 1, "1": 2, "n": True}],
        0,
        True,
    ),
    "a_homomorphic_mapped_type_keeps_a_tuple_a_tuple": (
        NULLABLE + "export type Pair = _Nullable<[string, number]>;",
        "Pair",
        [["a", 1], [None, None]],
        [["a"], [1, "a"], ["a", 1, 2]],
        0,
        False,  # equal but for the order of a `type` list inside `prefixItems`, unnormalised
    ),
    "number_keys_stay_numbers_in_the_value": (
        "export type Ns = { [K in 1 | 2]: K };",
        "Ns",
        [{"1": 1, "2": 2}],
        [{"1": "1", "2": 2}, {"1": 1}],
        0,
        False,  # the oracle's API types the literal 1 `number`, ours `integer` (documented)
    ),
    "a_mapped_type_over_literal_keys_that_reads_its_key": (
        'export type Flags = { [K in "on" | "off"]: K };',
        "Flags",
        [{"on": "on", "off": "off"}],
        [{"on": "off", "off": "off"}, {"on": "on"}],
        0,
        True,
    ),
    "undefined_and_void_mean_absent": (
        'export interface Ev { type: "e"; subtype: undefined; gone?: undefined; done: void }',
        "Ev",
        [{"type": "e"}],
        [{}, {"type": "f"}],
        0,
        False,  # typescript-json-schema cannot read ``void`` as a property type
    ),
    "a_template_over_a_string_enum_is_its_values": (
        'export enum Locale { En = "en", Fr = "fr" }\nexport type LocaleString = `${Locale}`;',
        "LocaleString",
        ["en", "fr"],
        ["de", "", "enfr"],
        0,
        True,
    ),
    "a_template_over_literal_unions_is_their_cross_product": (
        'type Size = "s" | "m";\ntype Level = 1 | 2;\nexport type Tag = `${Size}-${Level}`;',
        "Tag",
        ["s-1", "m-2", "s-2"],
        ["s-3", "l-1", "s1"],
        0,
        True,
    ),
    "an_unmapped_package_import_degrades_where_used": (
        'import { Readable } from "node:stream";\n'
        'import * as fs from "node:fs";\n'
        "export interface Src { s: Readable; n: number }",
        "Src",
        [{"s": {"x": 1}, "n": 1}, {"s": "t", "n": 2}, {"s": None, "n": 3}],
        [{"s": 1}, {"s": 1, "n": "x"}],
        1,
        False,  # the oracle resolves node's types, which we leave out on purpose
    ),
    "an_interface_that_extends_an_unmapped_import_takes_any_other_member": (
        'import { Base } from "some-package";\n'
        "export interface Ext extends Base { n: number }\n"
        "export interface Sub extends Ext { s: string }",
        "Sub",
        [{"n": 1, "s": "x"}, {"n": 1, "s": "x", "other": [1, {"k": None}]}],
        [{"n": "1", "s": "x"}, {"s": "x"}],
        1,
        False,  # the oracle cannot read an unresolved import
    ),
    "an_undecidable_conditional_degrades": (
        "export type Sized = string extends { length: number } ? 1 : 2;\n"
        "export interface Holder { s: Sized; k: string }",
        "Holder",
        [{"s": 1, "k": "x"}, {"s": "any", "k": "x"}],
        [{"s": 1}],
        1,
        False,  # the oracle decides it (a string has a length): we degrade, loudly
    ),
}

# Runs in a fresh ``python -W error``: import the package, validate with its model and its
# own schema.json, which must agree on every value.
_CHECK = """
import json, sys
import jsonschema
from pydantic import TypeAdapter, ValidationError
package, target, good, bad = json.loads(sys.argv[1])
module = __import__(package)
adapter = TypeAdapter(getattr(module, target))
with open(f"{package}/schema.json") as f:
    schema = {**json.load(f), "$ref": f"#/$defs/{target}"}
for value in good:
    adapter.validate_json(json.dumps(value))
    jsonschema.validate(value, schema)
for value in bad:
    try:
        adapter.validate_json(json.dumps(value))
    except ValidationError:
        pass
    else:
        raise SystemExit(f"the model accepts {value!r}")
    if jsonschema.Draft202012Validator(schema).is_valid(value):
        raise SystemExit(f"the JSON Schema accepts {value!r}")
print(len(getattr(module, "DEGRADED", ())))
"""


def _package(tmp_path: Path, snippet: str, name: str = "snippet_pkg") -> Path:
    source = tmp_path / "schema.ts"
    source.write_text(snippet)
    out = tmp_path / name
    generate(source, out, command="test", cache_dir=None)
    return out


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(folder)},
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_compiles_imports_under_w_error_and_validates(name: str, tmp_path: Path) -> None:
    snippet, target, good, bad, spots, _ = CASES[name]
    out = _package(tmp_path, snippet)
    done = _run(tmp_path, "-c", _CHECK, json.dumps([out.name, target, good, bad]))
    assert done.returncode == 0, done.stderr + done.stdout
    assert int(done.stdout) == spots  # the package lists each degraded spot


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_degraded_spot_warns_once_and_located(name: str, tmp_path: Path) -> None:
    snippet, _, _, _, spots, _ = CASES[name]
    path = tmp_path / "schema.ts"
    path.write_text(snippet)
    diags = Diagnostics()
    load_schema([path], diags)
    lines = [str(w) for w in diags.degraded]
    assert len(lines) == spots, lines
    assert all(line.startswith(f"{path}:") and line.endswith(DEGRADED) for line in lines)


def test_an_unused_generic_with_constructs_the_dialect_cannot_express_is_silent(
    tmp_path: Path,
) -> None:
    snippet = CASES["an_unused_generic_helper_blocks_nothing"][0]
    path = tmp_path / "schema.ts"
    path.write_text(snippet)
    diags = Diagnostics()
    schema = load_schema([path], diags)
    assert list(schema.decls) == ["Opts"]
    assert not diags.warnings
    # the same helpers, instantiated: now compiled, so a construct the dialect cannot
    # express degrades where it is (``infer`` is inferred: ``_Item<string[]>`` is string)
    used = snippet + "export type R = _Remap<Opts>;\nexport type I = _Item<string[]>;"
    path.write_text(used)
    diags = Diagnostics()
    load_schema([path], diags)
    assert [str(w) for w in diags.degraded] == [
        f"{path}:2:21: warning: mapped type with 'as' (remapped keys){DEGRADED}",
    ]


TWO_SPOTS = (
    'import { Readable } from "node:stream";\n'
    "export interface Src {\n  s: Readable;\n"
    "  t: string extends { length: number } ? 1 : 2;\n  n: number;\n}\n"
)


def test_json_schema_says_what_degraded_and_the_package_lists_it(tmp_path: Path) -> None:
    out = _package(tmp_path, TWO_SPOTS)
    src = json.loads((out / "schema.json").read_text())["$defs"]["Src"]["properties"]
    assert src["s"] == {
        "$comment": "degraded to any JSON value: 'Readable' from package 'node:stream', which"
        " is not mapped (map it with --import-map node:stream=PATH)"
    }
    assert src["t"] == {
        "$comment": "degraded to any JSON value: conditional type: cannot decide from the"
        " declarations whether string extends { length: number }"
    }
    done = _run(tmp_path, "-c", f"import {out.name} as p; print('\\n'.join(p.DEGRADED))")
    assert done.returncode == 0, done.stderr
    source = tmp_path / "schema.ts"
    assert done.stdout.splitlines() == [
        f"{source}:3:6: 'Readable' from package 'node:stream', which is not mapped (map it"
        f" with --import-map node:stream=PATH){DEGRADED}",
        f"{source}:4:6: conditional type: cannot decide from the declarations whether string"
        f" extends {{ length: number }}{DEGRADED}",
    ]


def test_nothing_degraded_writes_no_degraded_list(tmp_path: Path) -> None:
    out = _package(tmp_path, OPTS)
    assert "DEGRADED" not in (out / "__init__.py").read_text()
    assert not fastpath.records_degraded(out)


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_strict_turns_each_warning_into_the_same_located_error(tmp_path: Path) -> None:
    source = tmp_path / "schema.ts"
    source.write_text(TWO_SPOTS)
    out = tmp_path / "strict_pkg"
    argv = ["generate", "--schema", str(source), "--out", str(out), "--no-cache"]
    loose = _cli(tmp_path, *argv)
    assert loose.returncode == 0, loose.stderr
    warnings = [line for line in loose.stderr.splitlines() if ": warning: " in line]
    assert len(warnings) == 2 and all(w.endswith(DEGRADED) for w in warnings)
    assert fastpath.records_degraded(out)
    # up to date, yet refused: the no-op fast path does not hide what degraded
    assert not fastpath.try_noop([*argv[:5], "--strict"])
    strict = _cli(tmp_path, *argv, "--strict")
    assert strict.returncode == 2
    assert strict.stderr.splitlines() == [w.replace(": warning: ", ": error: ") for w in warnings]
    assert "Traceback" not in strict.stderr
    # nothing is written under --strict: a fresh folder stays empty
    fresh = tmp_path / "fresh_pkg"
    assert _cli(tmp_path, *argv[:4], str(fresh), "--strict").returncode == 2
    assert not fresh.exists()
    # the jsonschema command alike
    js = _cli(tmp_path, "jsonschema", str(source), "--strict")
    assert (js.returncode, js.stderr.splitlines()) == (2, strict.stderr.splitlines())
    ok = _cli(tmp_path, "jsonschema", str(source))
    assert ok.returncode == 0 and json.loads(ok.stdout)["$defs"]["Src"]


def test_strict_passes_where_nothing_degrades_and_the_fast_path_still_fires(
    tmp_path: Path,
) -> None:
    source = tmp_path / "schema.ts"
    source.write_text(OPTS)
    out = tmp_path / "clean_pkg"
    argv = ["generate", "--schema", str(source), "--out", str(out), "--strict"]
    assert _cli(tmp_path, *argv).returncode == 0
    assert fastpath.try_noop(argv)


def test_a_mapped_package_import_does_not_degrade(tmp_path: Path) -> None:
    (tmp_path / "pkg.ts").write_text("export interface Readable { size: number }")
    path = tmp_path / "schema.ts"
    path.write_text(TWO_SPOTS.replace("node:stream", "@x/stream"))
    from codegen.build.pipeline import Options

    diags = Diagnostics()
    options = Options((("@x/stream", str(tmp_path / "pkg.ts")),))
    schema = schema_document(load_schema([path], diags, options))
    assert schema["$defs"]["Src"]["properties"]["s"] == {"$ref": "#/$defs/Readable"}
    assert len(diags.degraded) == 1  # the conditional only


def test_a_mapped_type_that_typescript_refuses_stays_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "schema.ts"
    path.write_text("export type M = { [K in 'a']: K; b: 1 };")
    with pytest.raises(
        SchemaError, match=r"schema.ts:1:19: error: unsupported construct: mapped type"
    ):
        load_schema([path])


def test_a_template_cross_product_past_its_budget_is_a_pattern(tmp_path: Path) -> None:
    letters = " | ".join(f'"{c}"' for c in "abcdefghijklmnopq")  # 17 * 17 > 256
    path = tmp_path / "schema.ts"
    path.write_text(f"type L = {letters};\nexport type T = `${{L}}${{L}}`;")
    found = schema_document(load_schema([path]))["$defs"]["T"]
    assert found["type"] == "string" and "enum" not in found
    assert found["pattern"].startswith("^(a|b|c")


# typescript-json-schema's API over one file: each named type's own schema.


def test_a_distributed_homomorphic_instance_means_the_oracle_s_instance(tmp_path: Path) -> None:
    snippet, target, *_ = CASES["a_homomorphic_mapped_type_distributes_over_a_union"]
    path = tmp_path / "schema.ts"
    path.write_text(snippet)
    defs = oracle_symbols(path, [target])[target]["definitions"]
    ours = normalise_document(schema_document(load_schema([path])))
    assert ours[target] == {"anyOf": [{"$ref": "#/$defs/U1"}, {"$ref": "#/$defs/U2"}]}
    for theirs, mine in (("_Nullable<A>", "U1"), ("_Nullable<B>", "U2")):
        assert normalise_schema(defs[theirs]) == ours[mine]


@pytest.mark.parametrize("name", sorted(n for n, case in CASES.items() if case[5]))
def test_means_what_typescript_json_schema_makes_of_it(name: str, tmp_path: Path) -> None:
    snippet, target, *_ = CASES[name]
    path = tmp_path / "schema.ts"
    path.write_text(snippet)
    oracle = oracle_symbols(path, [target])[target]
    ours = normalise_document(schema_document(load_schema([path])))
    theirs = normalise_document({"definitions": oracle.get("definitions", {})})
    root = {k: v for k, v in oracle.items() if k not in ("definitions", "$schema")}
    theirs[target] = normalise_schema(root)
    keys = {k: _our_key(k, ours) for k in theirs}
    theirs = {
        k: _inline(_erase_refs(v, set(), keys), theirs, keys, ours) for k, v in theirs.items()
    }
    assert same_meaning(theirs[target], ours[target], ours), textwrap.shorten(
        f"{theirs[target]} != {ours[target]}", 2000
    )


def test_what_a_degraded_spot_says_reaches_the_package_escaped(tmp_path: Path) -> None:
    """The package name comes from the schema: quotes, a line break and a bidi override in it
    reach ``DEGRADED`` as an escaped literal on one line, and the warning says the same."""
    source = 'x\\"\\"\\"\\u2028\\u202e\\\\'  # as written in TypeScript
    out = _package(tmp_path, f'import {{ R }} from "{source}";\nexport interface A {{ r: R }}\n')
    init = (out / "__init__.py").read_text()
    assert "\u2028" not in init and "\u202e" not in init
    done = _run(tmp_path, "-c", f"import {out.name} as p; print(ascii(p.DEGRADED))")
    assert done.returncode == 0, done.stderr
    (line,) = ast.literal_eval(done.stdout)
    assert "\n" not in line and line.endswith(DEGRADED)
    assert "'R' from package 'x\"\"\"\\u2028\\u202e\\'," in line


def test_a_class_with_methods_that_typings_declare_is_its_data_members(
    tmp_path: Path,
) -> None:
    """As typescript-json-schema writes a class (it degraded before: issue #33's sweep)."""
    path = tmp_path / "types.d.ts"
    path.write_text(
        "export declare class Stream { read(): string; size: number }\n"
        "export declare class Unused { close(): void }\n"
        "export interface A { s: Stream; n: number }\n"
    )
    diags = Diagnostics()
    schema = schema_document(load_schema([path], diags))
    assert schema["$defs"]["A"]["properties"]["s"] == {"$ref": "#/$defs/Stream"}
    assert schema["$defs"]["Stream"]["properties"] == {"size": {"type": "number"}}
    assert not diags.degraded


@pytest.mark.slow
def test_a_degraded_package_is_clean_for_strict_checkers(tmp_path: Path) -> None:
    """``DEGRADED`` and the ``JsonValue`` fields pass ``mypy --strict`` and ``pyright --strict``."""
    from tests.compiler.emit.test_pydantic_emit import _mypy
    from tests.compiler.emit.test_user_typing import _pyright_strict

    out = _package(tmp_path, TWO_SPOTS, name="degraded_pkg")
    user = tmp_path / "user.py"
    user.write_text(
        "from degraded_pkg import DEGRADED, Src\n\n"
        "spots: tuple[str, ...] = DEGRADED\n"
        "src = Src(s={'any': [1, None]}, t='x', n=1)\n"
        "reveal_type(src.s)\n"
    )
    checked = _mypy(user)
    assert checked.returncode == 0, checked.stdout
    assert 'Revealed type is "' in checked.stdout
    # (client.py and server.py of a package without methods have unused helpers, and its
    # models.py may import one it does not use: compared with a package that degrades
    # nothing, nothing is new)
    (tmp_path / "clean").mkdir()
    clean = _package(tmp_path / "clean", "export interface Src { n: number }", name="clean_pkg")

    # One pyright run for both packages (the same config; each start reads pydantic again).
    found = _pyright_strict(
        tmp_path,
        user.name,
        *(f"{package}/{module}" for package in (out.name, f"clean/{clean.name}")
          for module in ("__init__.py", "models.py")),
    )  # fmt: skip
    in_clean = (tmp_path / "clean").resolve()

    def errors(clean_package: bool) -> set[str]:
        return {
            d["message"]
            for d in found
            if d["severity"] == "error"
            and Path(d["file"]).resolve().is_relative_to(in_clean) == clean_package
        }

    assert errors(clean_package=False) <= errors(clean_package=True)
