"""Differential conformance: the kit against two implementations, and every row where
their verdicts differ, classified.

- **defect of A** / **defect of B**: one side fails a requirement the other passes (or
  does not reach), and the verdict rests on no ambiguity of the specs;
- **spec ambiguity**: the failing side fails only under a disputable reading (an
  ambiguity of ``ambiguities.json`` another conforming implementation may not share):
  the specs let the two differ;
- **not comparable**: neither fails; one passes what the other does not exercise
  (n/a, unmet, untestable): a difference of coverage, not of conformance.

Each row carries its spec line: the spec file, its section and the requirement's text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .loading import load_ambiguities
from .rows import Row

__all__ = ["Difference", "differences", "render_differences"]

DEFECT_A = "defect of A"
DEFECT_B = "defect of B"
AMBIGUITY = "spec ambiguity"
COVERAGE = "not comparable"


@dataclass(frozen=True, slots=True)
class Difference:
    requirement: str
    level: str
    era: str
    a: str
    b: str
    verdict: str  # one of the four classes above
    why: str  # the failing side's detail, or the ambiguity's text
    spec: str  # "<file> § <section>: <text>"


def _failing(row: Row) -> bool:
    return row.result == "fail"


def _spec_line(requirement: Mapping[str, Any]) -> str:
    text = " ".join(str(requirement.get("text", "")).split())
    if len(text) > 160:
        text = text[:157] + "..."
    return f"{requirement.get('spec', '?')} § {requirement.get('section', '?')}: {text}"


def _classify(a: Row, b: Row) -> tuple[str, str]:
    failing = [row for row in (a, b) if _failing(row)]
    if not failing:
        return COVERAGE, "one side does not exercise it: " + (
            a.detail if a.result != "pass" else b.detail
        )
    known, disputable = load_ambiguities()
    readings = sorted({n for row in failing for n in row.ambiguities})
    if any(row.reading_only for row in failing):
        # It fails only under a reading another conforming implementation may not share.
        shown = [n for n in readings if n in disputable] or readings
        return AMBIGUITY, "; ".join(f"#{n}: {known.get(n, '')}" for n in shown)
    if len(failing) == 2:  # both fail, differently labelled
        return AMBIGUITY, f"A: {a.detail}; B: {b.detail}"
    side = DEFECT_A if failing[0] is a else DEFECT_B
    resting = f" (the kit's readings: {', '.join(f'#{n}' for n in readings)})" if readings else ""
    return side, failing[0].detail + resting


def _label(row: Row) -> str:
    if row.result == "fail" and row.reading_only:
        return "fail (reading)"
    return row.result


def differences(
    a: Sequence[Row], b: Sequence[Row], manifest: Sequence[Mapping[str, Any]]
) -> list[Difference]:
    """Every (requirement, era) whose result differs between the runs ``a`` and ``b``."""
    by_id = {str(r["id"]): r for r in manifest}
    theirs = {(row.requirement, row.era): row for row in b}
    found: list[Difference] = []
    for row in a:
        other = theirs.get((row.requirement, row.era))
        if other is None or _label(row) == _label(other):
            continue
        verdict, why = _classify(row, other)
        requirement = by_id.get(row.requirement, {"id": row.requirement})
        found.append(
            Difference(
                row.requirement,
                row.level,
                row.era,
                _label(row),
                _label(other),
                verdict,
                " ".join(why.split()),
                _spec_line(requirement),
            )
        )
    order = {DEFECT_A: 0, DEFECT_B: 1, AMBIGUITY: 2, COVERAGE: 3}
    return sorted(found, key=lambda d: (order[d.verdict], d.requirement, d.era))


def render_differences(found: Sequence[Difference], fmt: str, a: str, b: str) -> str:
    """A Markdown table, or aligned text; the last line counts each class."""
    counts = {
        label: sum(1 for d in found if d.verdict == label)
        for label in (DEFECT_A, DEFECT_B, AMBIGUITY, COVERAGE)
    }
    tail = ", ".join(f"{n} {label}" for label, n in counts.items())
    head = f"A: {a}\nB: {b}\n"
    if fmt == "markdown":
        lines = [
            "| requirement | level | era | A | B | verdict | why | spec |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for d in found:
            cells = [f"`{d.requirement}`", d.level, d.era, d.a, d.b, d.verdict, d.why, d.spec]
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        return head + "\n" + "\n".join(lines) + f"\n\n{len(found)} differences: {tail}\n"
    text = [head.rstrip("\n")]
    for d in found:
        text.append(f"{d.verdict}: {d.requirement} ({d.level}, {d.era}): A {d.a}, B {d.b}")
        text.append(f"    why: {d.why}")
        text.append(f"    spec: {d.spec}")
    text.append(f"{len(found)} differences: {tail}")
    return "\n".join(text) + "\n"
