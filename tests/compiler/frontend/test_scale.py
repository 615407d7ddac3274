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
from codegen.frontend import expand
from tests.compiler.emit.test_pydantic_emit import compile_ts


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
    monkeypatch.setattr(expand, "MAX_INSTANCES", 10**6)  # the work alone is measured
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
    document = {**schema_document(schema), "$ref": "#/$defs/Rule"}
    for good in [None, "em", "%", ["px"], ["em", "px", "%"]]:
        adapter.validate_json(json.dumps(good))
        jsonschema.validate(good, document)
    for bad in ["xx", [], ["em", 1], 1]:
        with pytest.raises(ValidationError):
            adapter.validate_json(json.dumps(bad))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, document)


def test_what_distributions_name_is_bounded_by_the_budget_not_by_the_instance_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large typing has thousands of distributed members (each a declaration); the cap of
    ``MAX_INSTANCES`` is for generic instances, whose blow-up it stops."""
    monkeypatch.setattr(expand, "MAX_INSTANCES", 50)
    text = "".join(
        f'export type T{i} = ({{ a: "x{i}" }} | {{ b: "y" }}) & ({{ c: 1 }} | {{ d: 2 }});\n'
        for i in range(20)
    )
    _, made = _spent(tmp_path, text, monkeypatch)
    assert made == 20 * 8  # per declaration: 4 members lifted, 4 intersections of them
    generic = "export interface Box<T> { v: T }\n" + "".join(
        f'export type B{i} = Box<"v{i}">;\n' for i in range(51)
    )
    (tmp_path / "schema.ts").write_text(generic)
    with pytest.raises(SchemaError, match="more than 50 generic instances"):
        load_schema([tmp_path / "schema.ts"])


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
