"""The results: one fixture's in one era, and the report's rows (the verdict on one
requirement in one era, from the results of the fixtures that test it); which rows make
a run fail. The report reads these, never the run."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .loading import load_ambiguities
from .vocabulary import EXTENSION_NAMES, SPEC_EXTENSION

__all__ = [
    "NOT_KNOWING",
    "UNMET",
    "FixtureResult",
    "KitRun",
    "Row",
    "failed",
    "requirement_row",
]

UNMET = "an implementation that does not know the extension can't meet this; see ambiguity {n}"
NOT_KNOWING = 14  # the ambiguity: requirements on servers that do not support an extension


@dataclass(slots=True)
class FixtureResult:
    """One fixture in one era."""

    fixture: str
    era: str
    status: str  # pass | fail | n/a
    detail: str = ""
    ambiguities: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Row:
    """One line of the report: a requirement in one era."""

    requirement: str
    level: str
    era: str
    # pass | fail | n/a | untestable | unmet: a requirement of an extension that the server
    # does not advertise, which an implementation that does not know it can't meet
    result: str
    detail: str
    fixtures: list[str] = field(default_factory=list)
    ambiguities: list[int] = field(default_factory=list)  # the readings the verdict rests on
    not_implemented: str = ""  # the extension the server does not advertise, if the row is its
    # a failure only under readings another conforming implementation may not share
    reading_only: bool = False


@dataclass(slots=True)
class KitRun:
    """What one run found: the rows, the fixture results behind them, and the diagnoses
    (findings about the server as a whole, e.g. a misplaced advertisement)."""

    rows: list[Row]
    results: list[FixtureResult]
    diagnoses: list[str] = field(default_factory=list)


def _reasons(outcomes: Sequence[FixtureResult]) -> str:
    """The fixtures' details, each distinct reason once."""
    seen: dict[str, list[str]] = {}
    for o in outcomes:
        seen.setdefault(o.detail, []).append(o.fixture)
    if len(seen) == 1:
        return next(iter(seen))
    return "; ".join(f"{', '.join(names)}: {detail}" for detail, names in seen.items())


def requirement_row(
    requirement: Mapping[str, Any],
    era: str,
    results: Mapping[tuple[str, str], FixtureResult],
    absent: set[str] | frozenset[str] = frozenset(),
    skipped: str | None = None,
) -> Row:
    ids = list(requirement.get("fixtures", []))
    level = requirement["level"]
    name = requirement["id"]
    if not ids:
        return Row(name, level, era, "untestable", requirement.get("untestable_reason", ""))
    ext = SPEC_EXTENSION.get(requirement.get("spec", ""))
    unknown = EXTENSION_NAMES[ext] if ext is not None and ext in absent and not skipped else ""
    own = list(requirement.get("ambiguities", []))
    outcomes = [results[f, era] for f in ids]
    failed = [o for o in outcomes if o.status == "fail"]

    def readings(deciding: Sequence[FixtureResult]) -> list[int]:
        return sorted({*own, *(n for o in deciding for n in o.ambiguities)})

    if failed:
        detail = "; ".join(f"{o.fixture}: {o.detail}" for o in failed)
        if unknown:  # not the server's failure: it does not know the extension
            return Row(
                name,
                level,
                era,
                "unmet",
                f"{UNMET.format(n=NOT_KNOWING)}. Observed: {detail}",
                ids,
                sorted({NOT_KNOWING, *readings(failed)}),
                unknown,
            )
        disputable = load_ambiguities()[1]
        # Failing only where another reading is reasonable: reported, not held against it.
        only = all(set(o.ambiguities) & disputable for o in failed)
        return Row(name, level, era, "fail", detail, ids, readings(failed), reading_only=only)
    passed = [o for o in outcomes if o.status == "pass"]
    if passed:
        return Row(name, level, era, "pass", "", ids, readings(passed), unknown)
    return Row(name, level, era, "n/a", _reasons(outcomes), ids, [], unknown)


def failed(rows: Iterable[Row], *, strict: bool = False) -> list[Row]:
    """Rows that make the run fail: MUST failures that do not rest only on a disputable
    reading; with ``strict`` every failure. An ``unmet`` row never does: the server does
    not advertise that extension."""
    return [
        r
        for r in rows
        if r.result == "fail" and (strict or (r.level == "MUST" and not r.reading_only))
    ]
