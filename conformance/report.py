"""The per-requirement table, as aligned text, JSON or Markdown."""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import asdict

from .loading import load_ambiguities
from .rows import KitRun, Row, failed

__all__ = ["ambiguities", "render", "render_matrix", "verdict"]

_COLUMNS = ("requirement", "level", "era", "result", "reading", "detail")
_RESULTS = ("pass", "fail", "WARNING", "unmet", "n/a", "untestable")


def ambiguities() -> dict[int, str]:
    """The kit's readings of ambiguous spec text, by number."""
    return load_ambiguities()[0]


def _warns(row: Row, strict: bool) -> bool:
    """A failing SHOULD: reported as a WARNING, it does not fail the run."""
    return row.result == "fail" and row.level != "MUST" and not strict


def _result(row: Row, strict: bool = False) -> str:
    if _warns(row, strict):
        return "WARNING"
    if row.result == "fail" and row.reading_only:
        return "fail (reading)"  # fails only the kit's reading of a disputable text
    if row.not_implemented and row.result != "pass":
        return f"{row.result} (not implemented)"
    return row.result


def _reading(row: Row) -> str:
    return ",".join(f"#{n}" for n in row.ambiguities)


def _cells(row: Row, width: int | None, strict: bool = False) -> list[str]:
    detail = " ".join(row.detail.split())
    if width is not None and len(detail) > width:
        detail = detail[: width - 3] + "..."
    return [row.requirement, row.level, row.era, _result(row, strict), _reading(row), detail]


def _kind(row: Row, strict: bool) -> str:
    return "WARNING" if _warns(row, strict) else row.result


def _summary(rows: Sequence[Row], strict: bool = False) -> str:
    counts = {k: sum(1 for r in rows if _kind(r, strict) == k) for k in _RESULTS}
    named = {"WARNING": "warning"}
    return ", ".join(
        f"{v} {named.get(k, k)}" for k, v in counts.items() if v or k in ("pass", "fail")
    )


def verdict(kit: KitRun, *, strict: bool = False) -> dict[str, object]:
    """The run's overall verdict: its exit code and the rows that decide it."""
    failing = failed(kit.rows, strict=strict)
    warnings = [r for r in kit.rows if _warns(r, strict)]
    return {
        "exitCode": 1 if failing else 0,
        "passed": not failing,
        "strict": strict,
        "failing": [f"{r.requirement} ({r.era})" for r in failing],
        "warnings": [f"{r.requirement} ({r.era})" for r in warnings],
    }


def _last_line(kit: KitRun, strict: bool) -> str:
    """The report's last line: the verdict, and what the warnings do to it."""
    decided = verdict(kit, strict=strict)
    failing = decided["failing"]
    warnings = decided["warnings"]
    assert isinstance(failing, list) and isinstance(warnings, list)
    head = (
        f"FAIL (exit 1): {len(failing)} failing row(s)" + ("" if strict else " (MUST)")
        if failing
        else "PASS (exit 0): no MUST fails"
    )
    if warnings:
        head += (
            f"; {len(warnings)} failing SHOULD row(s) are WARNINGs and do not change the"
            " exit code (--strict makes them count)"
        )
    return head


def _legend(rows: Sequence[Row]) -> list[str]:
    used = sorted({n for row in rows for n in row.ambiguities})
    known = ambiguities()
    return [f"#{n}: {known.get(n, 'see docs/conformance.md')}" for n in used]


def render(
    kit: KitRun,
    fmt: str,
    *,
    title: str = "",
    strict: bool = False,
    notes: Sequence[str] = (),
) -> str:
    """The report; ``notes`` come first (e.g. the rows n/a only for want of a profile)."""
    rows = kit.rows
    if fmt == "json":
        used = {n for row in rows for n in row.ambiguities}
        return json.dumps(
            {
                "verdict": verdict(kit, strict=strict),
                "notes": list(notes),
                "diagnoses": kit.diagnoses,
                "rows": [asdict(r) for r in rows],
                "fixtures": [asdict(r) for r in kit.results],
                "ambiguities": {str(n): t for n, t in ambiguities().items() if n in used},
            },
            indent=2,
        )
    summary = _summary(rows, strict)
    if fmt == "markdown":
        lines = [f"**{title}**: {summary}" if title else summary, ""]
        lines += [f"- **note**: {n}" for n in notes]
        lines += [f"- **diagnosis**: {d}" for d in kit.diagnoses]
        lines += [""] if kit.diagnoses else []
        lines += ["| " + " | ".join(_COLUMNS) + " |", "|" + " --- |" * len(_COLUMNS)]
        for row in rows:
            cells = [c.replace("|", "\\|") for c in _cells(row, None, strict)]
            cells[0] = f"`{cells[0]}`"
            lines.append("| " + " | ".join(cells) + " |")
        legend = _legend(rows)
        if legend:
            lines += ["", "Readings (ambiguities) the verdicts rest on:", ""]
            lines += [f"- {line}" for line in legend]
        lines += ["", _last_line(kit, strict)]
        return "\n".join(lines) + "\n"
    return _table(kit, title, summary, strict, notes)


def _table(
    kit: KitRun, title: str, summary: str, strict: bool = False, notes: Sequence[str] = ()
) -> str:
    """Aligned columns; every detail in full, wrapped under the detail column."""
    total = max(shutil.get_terminal_size((120, 24)).columns, 100)
    table = [list(_COLUMNS)] + [_cells(row, None, strict) for row in kit.rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(_COLUMNS) - 1)]
    indent = sum(widths) + 2 * (len(widths))
    room = max(total - indent, 60)
    text: list[str] = [title] if title else []
    for note in notes:
        text += textwrap.wrap(note, total, initial_indent="note: ", subsequent_indent="  ")
    for diagnosis in kit.diagnoses:
        text += textwrap.wrap(
            diagnosis, total, initial_indent="diagnosis: ", subsequent_indent="  "
        )
    for line in table:
        head = "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line[:-1])) + "  "
        wrapped = textwrap.wrap(line[-1], room, break_on_hyphens=False) or [""]
        text.append((head + wrapped[0]).rstrip())
        text += [" " * indent + more for more in wrapped[1:]]
    for entry in _legend(kit.rows):
        text += textwrap.wrap(entry, total, subsequent_indent="    ")
    text.append(summary)
    text.append(_last_line(kit, strict))
    return "\n".join(text) + "\n"


_MARK = {"pass": "pass", "fail": "**FAIL**", "unmet": "unmet", "n/a": "n/a", "untestable": "-"}


def render_matrix(runs: Mapping[str, Sequence[Row]]) -> str:
    """One Markdown row per requirement, one column per run (e.g. ``weather stdio``),
    each cell ``legacy / modern`` results."""
    labels = list(runs)
    order: list[tuple[str, str]] = []
    cells: dict[tuple[str, str], dict[str, str]] = {}
    for label, rows in runs.items():
        for row in rows:
            key = (row.requirement, row.level)
            if key not in cells:
                order.append(key)
                cells[key] = {}
            previous = cells[key].get(label)
            mark = _MARK[row.result]
            cells[key][label] = mark if previous is None else f"{previous} / {mark}"
    lines = [
        "| requirement | level | " + " | ".join(labels) + " |",
        "|" + " --- |" * (len(labels) + 2),
    ]
    for requirement, level in order:
        row_cells = [cells[requirement, level].get(label, "") for label in labels]
        lines.append(f"| `{requirement}` | {level} | " + " | ".join(row_cells) + " |")
    return "\n".join(lines) + "\n"
