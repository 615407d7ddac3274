"""``export { A as B }``: a module exports its declaration ``A`` under the name ``B``
(issue #33, found by the held-out probe: bundled typings, ``@cspell/cspell-types``, write
``export { TextDocument as _ }`` in a chunk and ``import { _ as TextDocument }`` in the
entry; ``openai`` writes ``namespace Completions { export { type X as X } }``).

TypeScript's rule: the exported name is what importers and re-exporters write; the
declaration is the same one. As typescript-json-schema names it, the type keeps its
declared name. Each case compiles, imports under warnings-as-errors and validates.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codegen.build.pipeline import load_schema
from codegen.errors import SchemaError
from tests.compiler.frontend.test_total_frontend import _agree

CHUNK = (
    "interface TextDocument { uri: string }\n"
    "interface Range { start: number }\n"
    "export { TextDocument as _, Range as a };\n"
)


def test_an_import_of_a_renamed_local_export_names_the_declaration(tmp_path: Path) -> None:
    (tmp_path / "chunk.d.ts").write_text(CHUNK)
    defs = _agree(
        tmp_path,
        'import { _ as TextDocument, a as Range } from "./chunk.js";\n'
        "export interface Doc { doc: TextDocument; range: Range }\n",
        "Doc",
        [{"doc": {"uri": "u"}, "range": {"start": 1}}],
        [{"doc": {"uri": 1}, "range": {"start": 1}}, {"doc": {"uri": "u"}, "range": {}}],
    )
    assert {"TextDocument", "Range"} <= set(defs) and "_" not in defs and "a" not in defs


def test_a_renaming_re_export_passes_the_declaration_on(tmp_path: Path) -> None:
    (tmp_path / "geo.ts").write_text("export interface Point { x: number }\n")
    (tmp_path / "mid.ts").write_text('export { Point as P } from "./geo";\n')
    defs = _agree(
        tmp_path,
        'import { P } from "./mid";\nexport interface Shape { at: P }\n',
        "Shape",
        [{"at": {"x": 1}}],
        [{"at": {"x": "1"}}, {"at": {}}],
    )
    assert "Point" in defs


def test_an_imported_name_exported_under_another_name(tmp_path: Path) -> None:
    (tmp_path / "geo.ts").write_text("export interface Point { x: number }\n")
    (tmp_path / "mid.ts").write_text(
        'import { Point as Pt } from "./geo";\nexport { Pt as Loc };\n'
    )
    _agree(
        tmp_path,
        'import { Loc } from "./mid";\nexport interface Shape { at: Loc }\n',
        "Shape",
        [{"at": {"x": 1}}],
        [{"at": {"x": "1"}}],
    )


def test_a_renamed_export_of_a_name_several_modules_declare(tmp_path: Path) -> None:
    (tmp_path / "chunk.d.ts").write_text(CHUNK)
    (tmp_path / "other.ts").write_text("export interface TextDocument { text: string }\n")
    _agree(
        tmp_path,
        'import { _ as Doc } from "./chunk";\nimport { TextDocument } from "./other";\n'
        "export interface Both { a: Doc; b: TextDocument }\n",
        "Both",
        [{"a": {"uri": "u"}, "b": {"text": "t"}}],
        [{"a": {"text": "t"}, "b": {"text": "t"}}, {"a": {"uri": "u"}, "b": {"uri": "u"}}],
    )


def test_a_namespace_exports_names_of_its_enclosing_scope(tmp_path: Path) -> None:
    _agree(
        tmp_path,
        "export interface ChatCompletion { id: string }\n"
        "export declare namespace Completions {\n"
        "    export { type ChatCompletion as ChatCompletion };\n"
        "}\n"
        "export interface Holder { c: Completions.ChatCompletion }\n",
        "Holder",
        [{"c": {"id": "x"}}],
        [{"c": {"id": 1}}, {"c": {}}],
    )


@pytest.mark.parametrize(
    ("files", "snippet", "message"),
    [
        ({}, "interface A { a: string }\nexport { Nope as A2 };\n", "export of unknown local"),
        ({"chunk.d.ts": CHUNK}, 'import { b } from "./chunk";\nexport type B = b;\n', "'b'"),
        (
            {"chunk.d.ts": CHUNK, "mid.ts": 'export { b as c } from "./chunk";\n'},
            'import { c } from "./mid";\nexport type C = c;\n',
            "does not export 'b'",
        ),
    ],
)
def test_what_no_module_exports_stays_a_located_error(
    tmp_path: Path, files: dict[str, str], snippet: str, message: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "schema.ts").write_text(snippet)
    with pytest.raises(SchemaError, match=message) as info:
        load_schema([tmp_path / "schema.ts"])
    assert re.match(rf"{re.escape(str(tmp_path))}/\w+\.(d\.)?ts:\d+:\d+: error: ", str(info.value))
