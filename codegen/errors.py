"""Diagnostics: one error type for bad schemas, and a collector for warnings.

A ``SchemaError`` always names ``file:line:col``; the CLI prints it on one line and exits 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .escape import one_line
from .ir import NO_SPAN, Span


class SchemaError(Exception):
    """A schema the compiler cannot accept. ``str(err)`` is the one-line message."""

    def __init__(self, span: Span, message: str) -> None:
        message = one_line(message)  # it quotes schema text, which may hold line breaks
        super().__init__(f"{one_line(str(span))}: error: {message}")
        self.span = span
        self.message = message


class Unsupported(SchemaError):
    """A construct the dialect cannot express (TypeScript itself accepts it): not the whole
    file's fault. The pass that builds the type position it stands in (a property's type,
    an index signature's value, an alias, a base, a declaration) catches it and degrades that
    spot with the same message and span (``codegen.frontend.totality``)."""


class PathError(SchemaError):
    """A path on the command line that names nothing: there is no line to point at."""

    def __init__(self, message: str) -> None:
        message = one_line(message)
        Exception.__init__(self, f"error: {message}")
        self.span = NO_SPAN
        self.message = message


@dataclass(frozen=True, slots=True)
class Warning_:
    span: Span
    message: str
    # A construct the dialect cannot express, compiled as ``JsonValue``: ``--strict`` makes
    # each such warning the same located error.
    degraded: bool = False

    def __str__(self) -> str:
        return one_line(f"{self.span}: warning: {self.message}")

    def as_error(self) -> str:
        return one_line(f"{self.span}: error: {self.message}")


class StrictError(SchemaError):
    """``--strict``: every degradation warning, each as a located error line."""

    def __init__(self, warnings: Sequence[Warning_]) -> None:
        Exception.__init__(self, "\n".join(w.as_error() for w in warnings))
        self.span = warnings[0].span
        self.message = warnings[0].message


@dataclass(frozen=True, slots=True)
class Note:
    """What the compiler did that is worth knowing but needs no action: a name it gave
    (``generate -v`` prints them)."""

    span: Span
    message: str

    def __str__(self) -> str:
        return one_line(f"{self.span}: {self.message}")


@dataclass
class Diagnostics:
    """Warnings collected by a pass; passes stay pure by returning them, never printing.
    ``notes`` are printed only on request (``-v``)."""

    warnings: list[Warning_] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    def warn(self, message: str, span: Span = NO_SPAN) -> None:
        self.warnings.append(Warning_(span, message))

    def note(self, message: str, span: Span = NO_SPAN) -> None:
        self.notes.append(Note(span, message))

    def degrade(self, what: str, span: Span) -> None:
        """``what`` (a construct at ``span``) was compiled as ``JsonValue``: a warning that
        ``--strict`` turns into an error."""
        self.warnings.append(Warning_(span, degradation_message(what), degraded=True))

    @property
    def degraded(self) -> list[Warning_]:
        return [w for w in self.warnings if w.degraded]


def degradation_message(what: str) -> str:
    """The one wording of a degradation, for the warning and the generated package alike."""
    return f"{what}: degraded to JsonValue (any JSON value)"
