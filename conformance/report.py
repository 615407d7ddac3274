"""The per-requirement table, as aligned text, JSON or Markdown."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from conformance.runner import FixtureResult, Row

__all__ = ["render", "render_matrix"]

_COLUMNS = ("requirement", "level", "era", "result", "detail")


def _cells(row: Row, width: int | None) -> list[str]:
    detail = " ".join(row.detail.split())
    if width is not None and len(detail) > width:
        detail = detail[: width - 3] + "..."
    return [row.requirement, row.level, row.era, row.result, detail]


def render(
    rows: Sequence[Row], results: Sequence[FixtureResult], fmt: str, *, title: str = ""
) -> str:
    if fmt == "json":
        return json.dumps(
            {"rows": [asdict(r) for r in rows], "fixtures": [asdict(r) for r in results]},
            indent=2,
        )
    counts = {
        k: sum(1 for r in rows if r.result == k) for k in ("pass", "fail", "n/a", "untestable")
    }
    summary = ", ".join(f"{v} {k}" for k, v in counts.items())
    if fmt == "markdown":
        lines = [
            f"**{title}**: {summary}" if title else summary,
            "",
            "| " + " | ".join(_COLUMNS) + " |",
            "|" + " --- |" * len(_COLUMNS),
        ]
        for row in rows:
            cells = [c.replace("|", "\\|") for c in _cells(row, 200)]
            cells[0] = f"`{cells[0]}`"
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines) + "\n"
    table = [list(_COLUMNS)] + [_cells(row, 100) for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(_COLUMNS) - 1)]
    text = [
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line[:-1])) + "  " + line[-1]
        for line in table
    ]
    return "\n".join([*([title] if title else []), *text, summary]) + "\n"


_MARK = {"pass": "pass", "fail": "**FAIL**", "n/a": "n/a", "untestable": "-"}


def render_matrix(runs: dict[str, Sequence[Row]]) -> str:
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
