"""``.d.mts`` and ``.d.cts`` are declaration files, as ``.d.ts`` is (issue #33, found by
the held-out probe: ``@changesets/types`` and ``@cspell/cspell-types`` ship ``dist/index.d.mts``
whose chunk is imported as ``./index-X.mjs``). In them a function, a ``const`` or a class
method needs no body (ambient), and ``./x.mjs``/``./x.cjs`` name ``x.d.mts``/``x.d.cts``
as TypeScript's node16 resolution does. Each case compiles, imports under
warnings-as-errors and validates."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.frontend.imports import import_candidates
from tests.compiler.frontend.test_total_frontend import _agree

AMBIENT = (
    "export function f(a: string): void;\n"
    "export const c: number;\n"
    "interface TextDocument { uri: string }\n"
    "export { TextDocument as _ };\n"
)


@pytest.mark.parametrize("flavour", ["m", "c"])
def test_a_module_flavoured_declaration_file_is_ambient(tmp_path: Path, flavour: str) -> None:
    (tmp_path / f"chunk.d.{flavour}ts").write_text(AMBIENT)
    (tmp_path / f"index.d.{flavour}ts").write_text(
        f'import {{ _ as TD }} from "./chunk.{flavour}js";\n'
        "export declare function g(): void;\n"
        "export interface Doc { d: TD }\n"
    )
    _agree(
        tmp_path,
        f'import {{ Doc }} from "./index.{flavour}js";\nexport interface Root {{ doc: Doc }}\n',
        "Root",
        [{"doc": {"d": {"uri": "u"}}}],
        [{"doc": {"d": {"uri": 1}}}, {"doc": {}}],
    )


def test_which_files_an_import_names() -> None:
    assert import_candidates("d/a.ts", "./x.mjs")[:2] == ["d/x.mts", "d/x.d.mts"]
    assert import_candidates("d/a.ts", "./x.d.cts")[:2] == ["d/x.cts", "d/x.d.cts"]
    assert import_candidates("d/a.ts", "./x.js")[:2] == ["d/x.ts", "d/x.d.ts"]
    assert import_candidates("d/a.ts", "./x")[-1] == "d/x/index.d.ts"


def test_a_private_member_tsc_emits_untyped_is_left_out(tmp_path: Path) -> None:
    """tsc writes a class's private members into its declaration file without a type
    (``private secret;``): left out, as a typed ``private``/``protected`` member is
    (docs/jsonschema-deviations.md), not a required ``any`` that every value lacks."""
    (tmp_path / "shape.d.ts").write_text(
        "export declare class Shape {\n"
        "    private secret;\n    protected prot;\n    private typed: number;\n"
        "    name: string;\n    loose;\n}\n"
    )
    defs = _agree(
        tmp_path,
        'import { Shape } from "./shape";\nexport interface Uses { s: Shape }\n',
        "Uses",
        [{"s": {"name": "n", "loose": 1}}, {"s": {"name": "n", "loose": None, "secret": 2}}],
        [{"s": {"loose": 1}}, {"s": {"name": "n"}}],
    )
    assert set(defs["Shape"]["properties"]) == {"name", "loose"}
