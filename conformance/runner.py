"""Run the fixtures against one server and judge every requirement of the manifest.

For each era the runner first learns what the server advertises (the *facts*: an
``initialize`` handshake in the legacy era, ``server/discover`` in the modern era, then
the first page of tools, resources and prompts). A fixture runs only when its
``requires`` conditions hold on those facts; otherwise it is ``n/a`` with the reason.

This module is the whole run; its parts live beside it: ``loading`` (the manifest,
fixtures and ambiguities), ``probing`` (the facts, and which fixtures apply),
``fixture_run`` (one fixture's steps) and ``rows`` (the verdicts). The names the kit's
users import from here, and every public name it held before the split, are still
importable from here (the same objects).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .fixture_run import FixtureResult, run_fixture
from .loading import (
    AMBIGUITIES,
    FIXTURES,
    HERE,
    MANIFEST,
    load_ambiguities,
    load_fixtures,
    load_manifest,
)
from .probing import PROBE_CAPABILITIES, declaration, derived, probe
from .rows import NOT_KNOWING, UNMET, KitRun, Row, failed, requirement_row
from .session import Config, Target
from .vocabulary import (
    CN,
    ERAS,
    EXTENSION_NAMES,
    PLACEMENT_RULE,
    SPEC_EXTENSION,
    SV,
    VARIANT_KEY,
)

__all__ = [
    "AMBIGUITIES",
    "CN",
    "ERAS",
    "EXTENSION_NAMES",
    "FIXTURES",
    "HERE",
    "LEGACY_ONLY",
    "MANIFEST",
    "NOT_IMPLEMENTED",
    "NOT_KNOWING",
    "PLACEMENT_RULE",
    "PROBE_CAPABILITIES",
    "SPEC_EXTENSION",
    "SV",
    "UNMET",
    "VARIANT_KEY",
    "FixtureResult",
    "KitRun",
    "Row",
    "Unreachable",
    "declaration",
    "failed",
    "load_ambiguities",
    "load_fixtures",
    "load_manifest",
    "probe",
    "run",
    "run_fixture",
]


class Unreachable(RuntimeError):
    """Neither era could be probed: the server is not speaking MCP to us."""


def _selected(pattern: str | None, requirement: str, fixtures: Iterable[str]) -> bool:
    if pattern is None:
        return True
    return fnmatch.fnmatch(requirement, pattern) or any(
        fnmatch.fnmatch(f, pattern) for f in fixtures
    )


LEGACY_ONLY = (
    "the server looks legacy-only: it completes initialize but server/discover gave no "
    "result ({why}); its modern-era rows are n/a. Run with --era legacy (or --era modern "
    "to hold it to the modern-era MUSTs anyway)"
)
NOT_IMPLEMENTED = (
    "the server does not implement {names} (it advertises {them} in neither "
    "capabilities.extensions nor capabilities.experimental): {their} rows are "
    "n/a (not implemented); only how it treats {their} _meta keys is tested"
)


def _diagnoses(probed: Mapping[str, tuple[dict[str, Any] | None, str]]) -> list[str]:
    found: list[str] = []
    learned = [facts for facts, _ in probed.values() if facts is not None]
    for ext, rule in PLACEMENT_RULE.items():
        if any(f.get("placement", {}).get(ext) == "experimental" for f in learned):
            found.append(
                f"the {EXTENSION_NAMES[ext]} advertisement ({ext}) was found under "
                f"capabilities.experimental; the spec requires capabilities.extensions: "
                f"{rule}. The kit read it there and declared its client settings in both "
                f"places; clients that follow the spec will not see it"
            )
    missing = [ext for ext in (SV, CN) if learned and not _implements(learned, ext)]
    if missing:
        names = " or ".join(EXTENSION_NAMES[ext] for ext in missing)
        many = len(missing) > 1
        found.append(
            NOT_IMPLEMENTED.format(
                names=names,
                them="either extension" if many else "it",
                their="their" if many else "its",
            )
        )
    return found


def _implements(learned: Sequence[Mapping[str, Any]], ext: str) -> bool:
    return any(ext in f.get("placement", {}) for f in learned)


def run(
    target: Target,
    *,
    eras: Sequence[str] = ERAS,
    only: str | None = None,
    profile: Mapping[str, Any] | None = None,
    config: Config | None = None,
    manifest: Sequence[Mapping[str, Any]] | None = None,
    fixtures: Mapping[str, Mapping[str, Any]] | None = None,
) -> KitRun:
    """Every selected requirement in every selected era, the fixture results behind them,
    and what the kit diagnosed about the server as a whole."""
    config = config or Config()
    profile = profile or {}
    manifest = manifest if manifest is not None else load_manifest()
    fixtures = fixtures if fixtures is not None else load_fixtures()
    chosen = [r for r in manifest if _selected(only, r["id"], r.get("fixtures", []))]
    needed = {f for r in chosen for f in r.get("fixtures", [])}
    results: dict[tuple[str, str], FixtureResult] = {}
    rows: list[Row] = []
    diagnoses: list[str] = []
    skipped: dict[str, str] = {}  # era -> why all its rows are n/a
    try:
        probed = {era: probe(target, era) for era in ERAS if needed}
        if needed and all(facts is None for facts, _ in probed.values()):
            raise Unreachable("; ".join(f"{era}: {why}" for era, (_, why) in probed.items()))
        if probed:
            diagnoses = _diagnoses(probed)
        legacy, modern = probed.get("legacy", (None, "")), probed.get("modern", (None, ""))
        if legacy[0] is not None and modern[0] is None and "modern" in eras:
            if "legacy" in eras:  # asked for both: do not hold it to an era it does not speak
                skipped["modern"] = LEGACY_ONLY.format(why=modern[1])
                diagnoses.insert(0, skipped["modern"])
            else:
                diagnoses.insert(
                    0,
                    f"the server looks legacy-only ({modern[1]}); "
                    "its modern-era rows hold it to the modern MUSTs (--era modern)",
                )
        for era in eras:
            facts, why = probed.get(era, (None, "nothing to run"))
            if era in skipped:
                facts, why = None, skipped[era]
            elif facts is None and era == "modern":
                # Asked explicitly, a legacy-only server is held to the modern MUSTs it can
                # be asked about (server/discover, version errors).
                facts = {"era": era, "capabilities": {}, "variants": [], "variantIds": []}
            for fixture_id in sorted(needed):
                if facts is None:
                    results[fixture_id, era] = FixtureResult(fixture_id, era, "n/a", why)
                    continue
                era_facts = derived(
                    {**facts, "legacy": probed["legacy"][0], "modern": probed["modern"][0]},
                    profile,
                )
                results[fixture_id, era] = run_fixture(
                    fixtures[fixture_id], era, target, era_facts, profile, config
                )
    finally:
        target.close()
    learned = [facts for facts, _ in probed.values() if facts is not None] if needed else []
    absent = {ext for ext in (SV, CN) if learned and not _implements(learned, ext)}
    for era in eras:
        for requirement in chosen:
            rows.append(requirement_row(requirement, era, results, absent, skipped.get(era)))
    return KitRun(rows, list(results.values()), diagnoses)
