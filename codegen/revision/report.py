"""Render a ``SchemaDiff`` as text, Markdown (changelog-ready) or JSON; the ``diff`` command.

Rendering is pure. Changes are grouped by severity: wire-breaking (each with its witness),
Python API (each with its fix), additive, changed. Text and Markdown fold one change
repeated over many types (a field every request inherits from a new base, say) into one
line, except wire breaks, whose witnesses are per definition; JSON lists every change.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import ir
from . import Change, SchemaDiff, Severity
from .witness import Witness

GROUPS: tuple[tuple[Severity, str], ...] = (
    ("wire-breaking", "Breaks the wire"),
    ("python-api", "Breaks Python code"),
    ("additive", "Additive"),
    ("changed", "Changed"),
)
WHO = {"wire": "wire", "python": "Python"}


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a human report: a change, or one change shared by several types."""

    subject: str
    message: str
    breaks: tuple[str, ...]
    span: ir.Span | None
    owners: tuple[str, ...] = ()
    witness: Witness | None = None
    codemod: str | None = None

    def label(self, code: Callable[[str], str] = str) -> str:
        if not self.owners:
            return code(self.subject)
        return f"{code(self.subject)} in {len(self.owners)} types ({', '.join(self.owners)})"


def summary(diff: SchemaDiff) -> dict[str, int]:
    return {severity: len(diff.by_severity(severity)) for severity, _ in GROUPS}


def _group_key(change: Change) -> tuple[object, ...] | None:
    owner, dot, member = change.subject.rpartition(".")
    if not dot or " " in owner or change.witness is not None:
        return None  # a witness belongs to one definition: never folded
    return (change.code, member, change.message, change.old, change.new, change.codemod)


def entries(changes: Sequence[Change]) -> list[Entry]:
    """Fold changes that differ only in their owner type into one entry, in first order."""
    owners: dict[tuple[object, ...], list[str]] = {}
    firsts: dict[tuple[object, ...], Change] = {}
    order: list[tuple[object, ...] | Change] = []
    for change in changes:
        key = _group_key(change)
        if key is None:
            order.append(change)
            continue
        if key not in owners:
            owners[key], firsts[key] = [], change
            order.append(key)
        owners[key].append(change.subject.rpartition(".")[0])
    result: list[Entry] = []
    for item in order:
        change = item if isinstance(item, Change) else firsts[item]
        span = change.new or change.old
        subject = change.subject
        folded: tuple[str, ...] = ()
        if not isinstance(item, Change) and len(owners[item]) > 1:
            subject, folded = change.subject.rpartition(".")[2], tuple(owners[item])
        result.append(
            Entry(
                subject,
                change.message,
                change.breaks,
                span,
                folded,
                change.witness,
                change.codemod,
            )
        )
    return result


def _who(breaks: tuple[str, ...]) -> str:
    return ", ".join(WHO[b] for b in breaks)


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _witness_scope(witness: Witness) -> str:
    """Which definitions a witness was checked against, e.g. ``JSONRPCRequest & X``."""
    names = witness.old if witness.old == witness.new else f"{witness.old} -> {witness.new}"
    return f"{witness.envelope} & {names}" if witness.envelope else names


def _counts_line(diff: SchemaDiff) -> str:
    counts = summary(diff)
    return (
        f"{counts['wire-breaking']} wire-breaking, {counts['python-api']} Python API, "
        f"{counts['additive']} additive, {counts['changed']} changed"
    )


def render_text(diff: SchemaDiff, old: str, new: str) -> str:
    lines = [f"{old} -> {new}: {_counts_line(diff)}"]
    for severity, title in GROUPS:
        group = entries(diff.by_severity(severity))
        if not group:
            continue
        lines += ["", f"{title}:"]
        for entry in group:
            who = f" [breaks {_who(entry.breaks)}]" if entry.breaks else ""
            where = f" ({entry.span})" if entry.span else ""
            lines.append(f"  {entry.label()}: {entry.message}{who}{where}")
            if entry.witness is not None:
                scope = _witness_scope(entry.witness)
                lines.append(f"    witness ({scope}): {_compact(entry.witness.value)}")
            if entry.codemod is not None:
                lines.append(f"    fix: {entry.codemod}")
    return "\n".join(lines) + "\n"


def render_markdown(diff: SchemaDiff, old: str, new: str) -> str:
    lines = [f"## Schema changes: `{old}` → `{new}`", ""]
    if not diff.changes:
        return "\n".join([*lines, "_No changes._", ""])
    lines += [_counts_line(diff) + ".", ""]
    for severity, title in GROUPS:
        group = entries(diff.by_severity(severity))
        if not group:
            continue
        lines += [f"### {title}", ""]
        for entry in group:
            who = f" _(breaks {_who(entry.breaks)})_" if entry.breaks else ""
            lines.append(f"- {entry.label(lambda s: f'**`{s}`**')}: {entry.message}{who}")
            if entry.codemod is not None:
                lines.append(f"  Fix: {entry.codemod}.")
            if entry.witness is not None:
                text = json.dumps(entry.witness.value, indent=2, ensure_ascii=False)
                lines += [
                    "  <details><summary>Witness: accepted by the old "
                    f"<code>{_witness_scope(entry.witness)}</code>, rejected by the new"
                    "</summary>",
                    "",
                    "  ```json",
                    *(f"  {line}" for line in text.splitlines()),
                    "  ```",
                    "",
                    "  </details>",
                ]
        lines.append("")
    return "\n".join(lines)


def _span(span: ir.Span | None) -> str | None:
    return None if span is None else str(span)


def _change_json(change: Change) -> dict[str, object]:
    data: dict[str, object] = {
        "severity": change.severity,
        "code": change.code,
        "subject": change.subject,
        "message": change.message,
        "breaks": list(change.breaks),
        "old": _span(change.old),
        "new": _span(change.new),
    }
    if change.witness is not None:
        data["witness"] = change.witness.value
        data["witness_for"] = {
            "old": change.witness.old,
            "new": change.witness.new,
            "envelope": change.witness.envelope,
        }
    if change.codemod is not None:
        data["codemod"] = change.codemod
    return data


def render_json(diff: SchemaDiff, old: str, new: str) -> str:
    data = {
        "old": old,
        "new": new,
        "summary": summary(diff),
        "breaking": diff.breaking,
        "changes": [_change_json(c) for c in diff.changes],
        "renames": [{"old": r.old, "new": r.new, "hinted": r.hinted} for r in diff.renames],
        "field_renames": [
            {"type": r.owner, "old": r.old, "new": r.new, "hinted": r.hinted}
            for r in diff.field_renames
        ],
        "field_moves": [
            {"type": m.owner, "field": m.name, "into": m.into} for m in diff.field_moves
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


RENDERERS: dict[str, Callable[[SchemaDiff, str, str], str]] = {
    "text": render_text,
    "markdown": render_markdown,
    "json": render_json,
}
