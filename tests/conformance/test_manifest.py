"""The requirement manifest accounts for every RFC 2119 statement of the five specs,
verbatim, and every fixture it names exists (and every fixture is named)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conformance.runner import load_ambiguities, load_fixtures, load_manifest
from conformance.specs import extract, normalise
from tests.conformance.fixture_schema import check_fixture
from tests.conftest import require_specs

SPEC_FILES = (
    "protocol-versioning.md",
    "sep-2053-server-variants.md",
    "sep-content-negotiation.md",
    "sep-resource-contents-metadata.md",
    "sep-tool-result-content.md",
)
ROLES = {"server", "client", "both", "sdk", "extension-author"}


def test_every_keyword_statement_of_the_specs_is_in_the_manifest() -> None:
    specs = require_specs()
    extracted = Counter(
        (s.spec, s.section, s.text) for name in SPEC_FILES for s in extract(specs / name)
    )
    listed = Counter((r["spec"], r["section"], r["text"]) for r in load_manifest())
    assert extracted - listed == Counter(), "statements missing from the manifest"
    assert listed - extracted == Counter(), "manifest entries that are no spec statement"


def test_manifest_texts_are_verbatim_and_keyworded() -> None:
    specs = require_specs()
    documents = {name: normalise((specs / name).read_text(encoding="utf-8")) for name in SPEC_FILES}
    for requirement in load_manifest():
        assert requirement["text"] in documents[requirement["spec"]], requirement["id"]


def test_manifest_entries_are_well_formed() -> None:
    manifest = load_manifest()
    ids = [r["id"] for r in manifest]
    assert len(ids) == len(set(ids)), "duplicate requirement ids"
    for requirement in manifest:
        assert requirement["level"] in {"MUST", "SHOULD"}, requirement["id"]
        assert requirement["role"] in ROLES, requirement["id"]
        if requirement["fixtures"]:
            assert "untestable_reason" not in requirement, requirement["id"]
        else:
            assert requirement.get("untestable_reason", "").strip(), requirement["id"]


def test_every_fixture_named_exists_and_every_fixture_is_named() -> None:
    fixtures = load_fixtures()
    named = {f for r in load_manifest() for f in r["fixtures"]}
    assert named - set(fixtures) == set(), "fixtures named in the manifest but not defined"
    assert set(fixtures) - named == set(), "fixtures no requirement uses"


@pytest.mark.parametrize("fixture_id", sorted(load_fixtures()))
def test_fixture_is_well_formed(fixture_id: str) -> None:
    check_fixture(load_fixtures()[fixture_id])


def test_every_ambiguity_a_verdict_names_is_explained_and_in_the_docs() -> None:
    texts, disputable = load_ambiguities()
    named = {n for f in load_fixtures().values() for n in f.get("ambiguities", [])}
    named |= {n for r in load_manifest() for n in r.get("ambiguities", [])}
    assert named | disputable <= set(texts)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "conformance.md").read_text("utf-8")
    for number in texts:
        assert f"\n{number}. **" in docs, f"ambiguity {number} is not in docs/conformance.md"
