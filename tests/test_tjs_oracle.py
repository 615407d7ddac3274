"""The typescript-json-schema worker (tests/tjs_oracle.py) answers what the CLI prints."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.tjs_oracle import TJS, _cli_args, oracle_symbols, oracle_text

SNIPPET = (
    "export interface Circle { kind: 'circle'; r: number }\n"
    "export interface Square { kind: 'square'; size?: number | null }\n"
    "export type Shape = Circle | Square;\n"
    "export type Pair = [Shape, ...string[]];\n"
)


def _cli(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(TJS), str(path), "*", "--required", *flags],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_worker_prints_what_the_command_line_prints(tmp_path: Path) -> None:
    path = tmp_path / "schema.ts"
    path.write_text(SNIPPET)
    flags = ("--strictNullChecks", "--defaultNumberType", "integer")
    text = oracle_text(path, *flags)  # skips without node
    run = _cli(path, *flags)
    assert run.returncode == 0, run.stderr
    assert text == run.stdout
    # The flags reach it: without them the answer differs, as the CLI's does.
    assert oracle_text(path) != text
    symbols = oracle_symbols(path, ["Shape"])["Shape"]
    assert symbols["anyOf"] == [{"$ref": "#/definitions/Circle"}, {"$ref": "#/definitions/Square"}]


def test_a_program_with_errors_fails_as_the_command_line_does(tmp_path: Path) -> None:
    path = tmp_path / "broken.ts"
    path.write_text("export interface A { x: Missing }\n")
    with pytest.raises(subprocess.CalledProcessError):
        oracle_text(path)
    assert _cli(path).returncode != 0


def test_flags_it_does_not_know_go_to_the_command_line() -> None:
    assert _cli_args(("--strictNullChecks", "--defaultNumberType=integer")) == {
        "required": True,
        "strictNullChecks": True,
        "defaultNumberType": "integer",
    }
    assert _cli_args(("--refs",)) == {"required": True, "ref": True}
    assert _cli_args(("--out", "x.json")) is None
    assert _cli_args(("--validationKeywords", "x")) is None
    assert _cli_args(("-o",)) is None
