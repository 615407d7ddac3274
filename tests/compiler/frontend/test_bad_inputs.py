"""Every malformed or unsupported schema in tests/bad_inputs gets its exact one-line error
(what the dialect cannot express as ``--strict`` reports it: degraded, refused).

Each case states its expected error on its first line: ``// expect: <file>:<l>:<c>: error: ...``
(file relative to tests/bad_inputs). A folder is one multi-file case: ``main.ts`` first,
then its other files in name order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.errors import Diagnostics, SchemaError, StrictError
from codegen.frontend.parse import parse_module
from codegen.frontend.resolve import resolve

BAD_INPUTS = Path(__file__).resolve().parents[2] / "bad_inputs"
EXPECT = "// expect: "


def case_files(case: Path) -> list[Path]:
    if case.is_file():
        return [case]
    rest = sorted(p for p in case.glob("*.ts") if p.name != "main.ts")
    return [case / "main.ts", *rest]


CASES = sorted(p for p in BAD_INPUTS.iterdir() if p.suffix == ".ts" or p.is_dir())


def expected_error(case: Path) -> str:
    first_line = case_files(case)[0].read_text("utf-8").split("\n", 1)[0]
    assert first_line.startswith(EXPECT), f"{case.name}: first line must be '{EXPECT}...'"
    return first_line.removeprefix(EXPECT)


def compile_case(case: Path) -> None:
    modules = [
        parse_module(path.relative_to(BAD_INPUTS).as_posix(), path.read_text("utf-8"))
        for path in case_files(case)
    ]
    diags = Diagnostics()
    resolve(modules, diags)
    if diags.degraded:  # as ``--strict`` refuses what the dialect cannot express
        raise StrictError(diags.degraded)


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 35


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_bad_input_gives_its_exact_error(case: Path) -> None:
    with pytest.raises(SchemaError) as info:
        compile_case(case)
    message = str(info.value)
    assert "\n" not in message
    assert message == expected_error(case)
