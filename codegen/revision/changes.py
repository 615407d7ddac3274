"""What a revision diff finds: the result types, and how to fix a Python break.

``Change`` is one finding with its severity; ``SchemaDiff`` holds them with the renames
found. Pure data: the structural differ (``structural``) produces them, the proof
(``proof``) keeps the wire claims it can witness, the report renders them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal as Lit

from .. import ir
from ..paths import PROGRAM
from .witness import Witness

# The codemod as the user runs it: ``python -m codegen migrate`` in a clone, else the
# console script ``mcp-negotiation-codegen migrate`` (``codegen.paths.PROGRAM``).
MIGRATE = f"{PROGRAM} migrate"

Severity = Lit["wire-breaking", "python-api", "additive", "changed"]


@dataclass(frozen=True, slots=True)
class Change:
    """One finding. ``code`` is a stable machine-readable kind, e.g. ``field-removed``."""

    code: str
    subject: str
    message: str
    wire: bool = False
    python: bool = False
    additive: bool = False
    old: ir.Span | None = None
    new: ir.Span | None = None
    # ``wire`` holds only with a witness, once ``diff_schemas`` has proved the claims.
    witness: Witness | None = None
    # For a Python break: how to fix user code (what ``migrate`` does, or must not).
    codemod: str | None = None

    @property
    def breaking(self) -> bool:
        return self.wire or self.python

    @property
    def severity(self) -> Severity:
        if self.wire:
            return "wire-breaking"
        if self.python:
            return "python-api"
        return "additive" if self.additive else "changed"

    @property
    def breaks(self) -> tuple[str, ...]:
        return tuple(who for who, hit in (("wire", self.wire), ("python", self.python)) if hit)


@dataclass(frozen=True, slots=True)
class Rename:
    """A declaration (type or const) known by another name in the new revision."""

    old: str
    new: str
    hinted: bool


@dataclass(frozen=True, slots=True)
class FieldRename:
    """Property ``old`` of type ``owner`` (new name) is now called ``new``."""

    owner: str
    old: str
    new: str
    hinted: bool


@dataclass(frozen=True, slots=True)
class FieldMove:
    """Property ``name`` of ``owner`` was removed; the object in property ``into`` has it now."""

    owner: str
    name: str
    into: str


@dataclass(frozen=True, slots=True)
class SchemaDiff:
    changes: tuple[Change, ...]
    renames: tuple[Rename, ...] = ()
    field_renames: tuple[FieldRename, ...] = ()
    field_moves: tuple[FieldMove, ...] = ()
    removed: tuple[str, ...] = ()
    removed_fields: tuple[tuple[str, str], ...] = field(default=())

    def by_severity(self, severity: Severity) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.severity == severity)

    @property
    def breaking(self) -> bool:
        return any(c.breaking for c in self.changes)


# --------------------------------------------------------------------------- codemod hints


def with_codemod(change: Change, diff: SchemaDiff) -> Change:
    """A Python break, with what fixes it; anything else unchanged."""
    if not change.python:
        return change
    return replace(change, codemod=codemod_for(change, diff))


def codemod_for(change: Change, diff: SchemaDiff) -> str:
    subject = change.subject
    match change.code:
        case "renamed":
            new = next((r.new for r in diff.renames if r.old == subject), "?")
            return f"{MIGRATE} renames {subject} to {new} in imports and uses"
        case "field-renamed":
            owner, _, name = subject.rpartition(".")
            new = next(
                (r.new for r in diff.field_renames if r.owner == owner and r.old == name), "?"
            )
            return f"{MIGRATE} renames the attribute and keyword {name} to {new}"
        case "field-removed":
            owner, _, name = subject.rpartition(".")
            into = next(
                (m.into for m in diff.field_moves if m.owner == owner and m.name == name), None
            )
            if into is not None:
                return f"{MIGRATE} moves {name}= into the {into}= constructor call"
            return f"none: {MIGRATE} lists each use of the field as file:line"
        case "required-field-added":
            return f"none: {MIGRATE} lists each constructor call as file:line"
        case "removed" | "error-code-removed":
            return f"none: {MIGRATE} lists each use as file:line"
        case "kind-changed":
            return f"none: the class is gone; {MIGRATE} lists each use as file:line"
    return "none: fix by hand"
