"""The per-requirement table, as aligned text, JSON or Markdown."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from conformance.runner import FixtureResult, Row

__all__ = ["render"]

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
