"""``import_map.imported_files``: a file whose text holds neither ``./`` nor ``<reference``
has no relative import, and is not scanned for one (#37); the others still bring the
files they import."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import ir
from codegen.frontend import import_map
from codegen.frontend.parse import parse_module


def _parse(path: Path) -> ir.Module:
    return parse_module(str(path), path.read_text("utf-8"))


class _Spy:
    def __init__(self) -> None:
        self.scanned: list[bytes] = []
        self.real = import_map._RELATIVE

    def findall(self, data: bytes) -> list[tuple[bytes, bytes]]:
        self.scanned.append(data)
        return self.real.findall(data)


def test_a_file_without_a_relative_specifier_is_not_scanned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _Spy()
    monkeypatch.setattr(import_map, "_RELATIVE", spy)
    plain = b'import type { X } from "pkg";\nexport interface A { x: string }\n'
    assert import_map.imported_files({tmp_path / "a.ts": plain}, _parse) == []
    assert spy.scanned == []


@pytest.mark.parametrize(
    "text",
    [
        'import type { B } from "./b";\nexport interface A { b: B }\n',
        '/// <reference path="b.ts" />\nexport interface A { b: string }\n',
    ],
)
def test_a_relative_import_or_reference_still_brings_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    spy = _Spy()
    monkeypatch.setattr(import_map, "_RELATIVE", spy)
    (tmp_path / "b.ts").write_text("export interface B { y: number }\n")
    (tmp_path / "a.ts").write_text(text)
    found = import_map.imported_files({tmp_path / "a.ts": text.encode()}, _parse)
    assert len(spy.scanned) == 1
    assert found == [tmp_path / "b.ts"]
