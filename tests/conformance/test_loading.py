"""Reading the kit's data from any folder (conformance/loading.py); test_manifest.py checks
the kit's own data against the specs."""

from __future__ import annotations

import json
import locale
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.loading import (
    AMBIGUITIES,
    FIXTURES,
    HERE,
    MANIFEST,
    load_ambiguities,
    load_fixtures,
    load_manifest,
)


def test_the_data_lives_beside_the_kits_code() -> None:
    assert (HERE / "runner.py").is_file()
    assert (MANIFEST, AMBIGUITIES, FIXTURES) == (
        HERE / "requirements.json",
        HERE / "ambiguities.json",
        HERE / "fixtures",
    )
    assert load_manifest() and load_fixtures() and load_ambiguities()[0]


def test_the_manifest_is_its_list_of_requirements(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"requirements": [{"id": "r"}], "other": 1}), "utf-8")
    assert load_manifest(path) == [{"id": "r"}]


def test_the_ambiguities_are_numbered_and_the_disputable_ones_a_set(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    data = {"ambiguities": {"1": "one", "12": "twelve"}, "disputable": [12, 12]}
    path.write_text(json.dumps(data), "utf-8")
    assert load_ambiguities(path) == ({1: "one", 12: "twelve"}, frozenset({12}))


def test_the_fixtures_of_every_file_by_id_with_their_file(tmp_path: Path) -> None:
    (tmp_path / "b.json").write_text(json.dumps({"fixtures": [{"id": "y", "steps": []}]}), "utf-8")
    (tmp_path / "a.json").write_text(json.dumps({"fixtures": [{"id": "x"}, {"id": "z"}]}), "utf-8")
    (tmp_path / "notes.txt").write_text("not a fixture file", "utf-8")
    fixtures = load_fixtures(tmp_path)
    assert fixtures == {
        "x": {"id": "x", "file": "a.json"},
        "z": {"id": "z", "file": "a.json"},
        "y": {"id": "y", "steps": [], "file": "b.json"},
    }
    assert list(fixtures) == ["x", "z", "y"]  # the files in name order


def test_a_fixture_id_used_twice_is_an_error_naming_the_second_file(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps({"fixtures": [{"id": "x"}]}), "utf-8")
    (tmp_path / "b.json").write_text(json.dumps({"fixtures": [{"id": "x"}]}), "utf-8")
    with pytest.raises(ValueError, match=r"^b\.json: duplicate fixture id x$"):
        load_fixtures(tmp_path)


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """A locale whose encoding is ASCII, as a reader that trusts the locale would meet."""
    if sys.flags.utf8_mode:
        pytest.skip("Python's UTF-8 mode reads every file as UTF-8 whatever the locale")
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_the_data_is_read_as_utf8_whatever_the_locale(tmp_path: Path, ascii_locale: None) -> None:
    text = "the server MUST — “quoted” — reject it"
    manifest, ambiguities = tmp_path / "m.json", tmp_path / "a.json"
    manifest.write_text(json.dumps({"requirements": [{"text": text}]}, ensure_ascii=False), "utf-8")
    data = {"ambiguities": {"1": text}, "disputable": []}
    ambiguities.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "f.json").write_text(
        json.dumps({"fixtures": [{"id": "x", "why": text}]}, ensure_ascii=False), "utf-8"
    )
    assert load_manifest(manifest) == [{"text": text}]
    assert load_ambiguities(ambiguities)[0] == {1: text}
    assert load_fixtures(fixtures)["x"]["why"] == text
