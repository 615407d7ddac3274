"""Diagnostics: one error type for bad schemas, and a collector for warnings.

A ``SchemaError`` always names ``file:line:col``; the CLI prints it on one line and exits 2.
"""

from __future__ import annotations

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

    def __str__(self) -> str:
        return one_line(f"{self.span}: warning: {self.message}")


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
