"""Large typings (issue #33): work that grows with the typing, not faster, and limits that
stop a real blow-up without refusing a large but ordinary typing. Each asserts an
algorithmic property (work counted by the budget, declarations made), never a time."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import schema_document
from codegen.errors import SchemaError
from codegen.frontend import expand, expand_core
from tests.compiler.emit.test_pydantic_emit import compile_ts
from tests.compiler.frontend.test_total_frontend import _agree
from tests.jsonschema_check import checked_validator


def _spent(tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(work spent, declarations synthesized) by the expansion of ``text``."""
    seen: list[tuple[int, int]] = []
    original = expand._Expander.run

    def run(self: Any) -> Any:
        try:
            return original(self)
        finally:
            seen.append((self.budget.spent, len(self.instances)))

    monkeypatch.setattr(expand._Expander, "run", run)
    (tmp_path / "schema.ts").write_text(text)
    load_schema([tmp_path / "schema.ts"])
    return seen[-1]


def test_an_alias_is_expanded_once_however_often_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading an alias's value (to distribute ``&`` over it, to take ``Record``'s keys)
    expanded its body again at every use: schemastore's large unions, read by every rule,
    ran out of the work budget. Now a use costs what it does, not the alias's body again."""
    big = "{ " + " ".join(f"p{i}: string[];" for i in range(200)) + " }"

    def uses(n: int) -> str:
        return f'export type Big = {big} | "x";\nexport type Alias = Big;\n' + "".join(
            f"export type I{i} = Alias & unknown;\n" for i in range(n)
        )

    ten, _ = _spent(tmp_path, uses(10), monkeypatch)
    twenty, _ = _spent(tmp_path, uses(20), monkeypatch)
    assert (twenty - ten) / 10 < 50  # Big's 600 nodes were expanded again at each use


def test_a_distributed_intersection_is_reduced_as_typescript_reduces_it(tmp_path: Path) -> None:
    """``(Unit | []) & (Unit | string)``: ``"em" & "em"`` is ``"em"``, ``"em" & "px"`` and
    ``[] & string`` are ``never``, ``"em" & string`` is ``"em"``; nothing is left to name."""
    text = (
        'export type Unit = "em" | "px" | "%";\n'
        "export type Rule = null | ((Unit | []) & (Unit | string)) | [Unit & string, ...Unit[]];\n"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, text)
    schema = load_schema([tmp_path / "schema.ts"])
    assert sorted(schema.decls) == ["Rule", "Unit"]
    adapter: TypeAdapter[Any] = TypeAdapter(module.Rule)
    judge = checked_validator({**schema_document(schema), "$ref": "#/$defs/Rule"})
    for good in [None, "em", "%", ["px"], ["em", "px", "%"]]:
        adapter.validate_json(json.dumps(good))
        judge.validate(good)
    for bad in ["xx", [], ["em", 1], 1]:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(bad))
        with pytest.raises(jsonschema.ValidationError):
            judge.validate(bad)


def test_what_distributions_name_is_bounded_by_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large typing has thousands of distributed members (each a declaration) and of
    generic instances: no count refuses them; their work is spent from the budget."""
    text = "".join(
        f'export type T{i} = ({{ a: "x{i}" }} | {{ b: "y" }}) & ({{ c: 1 }} | {{ d: 2 }});\n'
        for i in range(20)
    )
    _, made = _spent(tmp_path, text, monkeypatch)
    assert made == 20 * 8  # per declaration: 4 members lifted, 4 intersections of them
    generic = "export interface Box<T> { v: T }\n" + "".join(
        f'export type B{i} = Box<"v{i}">;\n' for i in range(51)
    )
    spent, made = _spent(tmp_path, generic, monkeypatch)
    assert made == 51 and spent >= 51 * expand_core.INSTANCE_COST


def test_one_intersection_may_distribute_as_far_as_typescript_does(tmp_path: Path) -> None:
    """TypeScript builds unions of up to 100,000 members; 35 x 64 is ordinary (schemastore)."""
    left = " | ".join(f'"a{i}"' for i in range(35))
    right = " | ".join(f'"a{i}"' for i in range(64))
    (tmp_path / "schema.ts").write_text(f"export type T = ({left}) & ({right});\n")
    schema = load_schema([tmp_path / "schema.ts"])
    assert sorted(schema_document(schema)["$defs"]["T"]["enum"]) == sorted(
        f"a{i}" for i in range(35)
    )


def test_a_file_the_schema_imports_is_parsed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding the files a schema imports parses them, and resolve read them again (with no
    cache folder, each file twice: @types/fhir's five large files)."""
    from codegen.frontend import parse

    parsed: list[str] = []
    original = parse.parse_module

    def counted(path: str, text: str) -> Any:
        parsed.append(Path(path).name)
        return original(path, text)

    monkeypatch.setattr(parse, "parse_module", counted)
    (tmp_path / "other.ts").write_text("export interface Other { x: string }\n")
    (tmp_path / "schema.ts").write_text(
        'import { Other } from "./other";\nexport interface Uses { o: Other }\n'
    )
    load_schema([tmp_path / "schema.ts"])
    assert sorted(p for p in parsed if not p.startswith("<")) == ["other.ts", "schema.ts"]


def _readonly_deep_chain(n: int) -> str:
    """prisma's DMMF: ``ReadonlyDeep`` over aliases that each nest the previous one."""
    lines = [
        "export type ReadonlyDeep<O> = { +readonly [K in keyof O]: ReadonlyDeep<O[K]> };",
        "export type F0 = ReadonlyDeep<{ name: string; tags: string[] }>;",
    ]
    lines += [
        f"export type F{i} = ReadonlyDeep<{{ name: string; a: F{i - 1}[] }}>;" for i in range(1, n)
    ]
    return "\n".join(lines) + "\n"


def test_a_generic_alias_instance_is_expanded_once_per_argument_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ReadonlyDeep<X>`` was expanded again each time it was reached: through N aliases
    that nest each other the work grew as N squared and the instances nested N deep
    (prisma's DMMF ran out of the budget). TypeScript caches an instantiation per argument
    list; so does the expander, and each link of the chain costs the same."""
    ten, _ = _spent(tmp_path, _readonly_deep_chain(10), monkeypatch)
    twenty, _ = _spent(tmp_path, _readonly_deep_chain(20), monkeypatch)
    forty, _ = _spent(tmp_path, _readonly_deep_chain(40), monkeypatch)
    per_link = (twenty - ten) / 10
    assert (forty - twenty) / 20 <= 1.2 * per_link
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, _readonly_deep_chain(40))
    adapter: TypeAdapter[Any] = TypeAdapter(module.F39)
    leaf = {"name": "f0", "tags": ["t"]}
    good = {"name": "f2", "a": [{"name": "f1", "a": [leaf]}]}
    for _ in range(37):
        good = {"name": "f", "a": [good]}
    adapter.validate_json(json.dumps(good))
    with pytest.raises(ValidationError):
        adapter.validate_json(json.dumps({"name": "f", "a": [{"name": 1, "a": []}]}))


def test_a_long_chain_of_named_object_aliases_compiles(tmp_path: Path) -> None:
    """GraphQL codegen's schema: 300 named object aliases, each referring to the next one.
    A reference to a named object type is a reference (a class), as in TypeScript, which
    has no depth limit for it: only what is really inlined counts toward the nesting."""
    n = 300
    lines = ["export type Maybe<T> = T | null;", "export type Node = { id: string };"]
    lines += [
        f"export type A{i} = Node & {{ kind?: 'A{i}'; next?: Maybe<A{i + 1}> }};"
        for i in range(n - 1)
    ]
    lines.append(f"export type A{n - 1} = Node & {{ kind?: 'A{n - 1}' }};")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, "\n".join(lines) + "\n")
    adapter: TypeAdapter[Any] = TypeAdapter(module.A0)
    value: dict[str, Any] = {"id": "50", "kind": "A50"}  # pydantic's JSON nests <= 200
    for i in reversed(range(50)):
        value = {"id": str(i), "kind": f"A{i}", "next": value}
    adapter.validate_json(json.dumps(value))
    with pytest.raises(ValidationError):
        adapter.validate_json(json.dumps({"id": "0", "next": {"id": "1", "kind": "A0"}}))


def test_an_ast_of_unions_of_node_interfaces_compiles(tmp_path: Path) -> None:
    """An AST's typings (@typescript-eslint/types): 150 unions of node interfaces, each
    node with a property of the next union. A union of named interfaces is a union of
    references (classes), as in TypeScript: only its members' chains of bases are walked,
    so the chain through their properties is no nesting."""
    n = 150
    lines = ["export interface Base { range: [number, number] }"]
    for i in range(n):
        nxt = f"next: U{i + 1}; " if i < n - 1 else ""
        lines.append(f"export type U{i} = A{i} | B{i};")
        lines.append(f"export interface A{i} extends Base {{ kind: 'A{i}'; {nxt}}}")
        lines.append(f"export interface B{i} extends Base {{ kind: 'B{i}'; parent?: U0 }}")
    lines.append("export interface Root extends Base { body: U0[] }")
    value: dict[str, Any] = {"kind": "B40", "range": [0, 1]}
    for i in reversed(range(40)):
        value = {"kind": f"A{i}", "range": [0, 1], "next": value}
    _agree(
        tmp_path,
        "\n".join(lines) + "\n",
        "Root",
        [{"range": [0, 9], "body": [value, {"kind": "B0", "range": [1, 2], "parent": value}]}],
        [
            {"range": [0, 9], "body": [{"kind": "A0", "range": [0, 1]}]},  # next missing
            {"range": [0, 9], "body": [{"kind": "B1", "range": [0, 1]}]},  # not of U0
        ],
    )


def test_a_long_chain_of_inlined_aliases_is_still_a_located_error(tmp_path: Path) -> None:
    """An alias of a union or an array is inlined where it is used: 300 of them nested in
    one another stay bounded, with the error at the declaration too deep."""
    n = 300
    lines = [f"export type A{i} = A{i + 1}[] | null;" for i in range(n - 1)]
    lines.append(f"export type A{n - 1} = {{ id: string }} | null;")
    (tmp_path / "schema.ts").write_text("\n".join(lines) + "\n")
    with pytest.raises(SchemaError, match=r"schema\.ts:\d+:1: error: 'A\d+' nests more than 100"):
        load_schema([tmp_path / "schema.ts"])


def test_a_lib_filter_of_one_union_is_computed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """csstype's ``Fallback<T>``: ``T[P] | readonly NonNullable<T[P]>[]`` over hundreds of
    properties that share a few large unions. ``NonNullable`` of one union was filtered
    again for each property (csstype ran out of the budget); it is lib's generic alias,
    computed once per argument list, and another property costs what it holds."""
    big = " | ".join(f'"v{i}"' for i in range(300))

    def fallback(n: int) -> str:
        props = " ".join(f"p{i}?: Big;" for i in range(n))
        return (
            f"export type Big = {big} | 0;\n"
            "export type Fallback<T> = { [P in keyof T]: T[P] | readonly NonNullable<T[P]>[] };\n"
            f"export interface Props {{ {props} }}\n"
            "export type PropsFallback = Fallback<Props>;\n"
        )

    ten, _ = _spent(tmp_path, fallback(10), monkeypatch)
    forty, _ = _spent(tmp_path, fallback(40), monkeypatch)
    assert (forty - ten) / 30 < 50  # the union's 300 members were filtered per property
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module, _ = compile_ts(tmp_path, fallback(40))
    adapter: TypeAdapter[Any] = TypeAdapter(module.PropsFallback)
    adapter.validate_json(json.dumps({"p0": "v1", "p39": ["v2", 0]}))
    for bad in [{"p0": "x"}, {"p1": [None]}]:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(bad))


def test_a_flat_file_records_each_declarations_scope_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each statement of a file recorded the namespace path of every declaration read so far
    again: quadratic in a flat file's statements (a 20k-line typing of interfaces spent a
    quarter of ``generate``'s CPU there, #37). Each declaration is recorded once."""
    from codegen.frontend import parse

    recorded: list[object] = []

    class Counting(dict[Any, Any]):
        def setdefault(self, key: Any, default: Any = None) -> Any:
            recorded.append(key)
            return super().setdefault(key, default)

    original = parse._ModuleParser.__init__

    def init(self: Any, path: str, text: str) -> None:
        original(self, path, text)
        self.paths = Counting()

    monkeypatch.setattr(parse._ModuleParser, "__init__", init)
    n = 200
    body = "".join(f"export interface I{i} {{ a: string }}\n" for i in range(n))
    module = parse.parse_module("flat.ts", body)
    assert [d.name for d in module.decls] == [f"I{i}" for i in range(n)]
    # The top scope's path is the empty one, what a reader takes for a declaration not
    # recorded: none is (#37).
    assert recorded == []
    module = parse.parse_module("ns.ts", f"export namespace N {{\n{body}}}\n")
    assert len(module.decls) == n
    assert len(recorded) == n  # was n (n + 1) / 2
