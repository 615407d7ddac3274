"""Comparing two revisions of a schema: the structural diff, its proof by witnesses, the
report and the codemod.

``diff_schemas`` is the one entry point: the structural differ proposes, the proof keeps
each wire claim it can witness, and every Python break gets its fix.
"""

from __future__ import annotations

from dataclasses import replace

from .. import ir
from ..errors import Diagnostics
from .changes import Change, SchemaDiff, Severity, with_codemod
from .proof import prove_changes
from .structural import structural_diff

__all__ = ["Change", "SchemaDiff", "Severity", "diff_schemas"]


def diff_schemas(
    old: ir.Schema, new: ir.Schema, diagnostics: Diagnostics | None = None
) -> SchemaDiff:
    """Everything that differs between two revisions, in the new revision's order.

    Wire claims are proved (``codegen.revision.proof``): each one left carries a witness.
    """
    diags = diagnostics if diagnostics is not None else Diagnostics()
    found = structural_diff(old, new, diags)
    renames = {r.new: r.old for r in found.renames}
    changes = prove_changes(found.changes, old, new, renames, diags)
    return replace(found, changes=tuple(with_codemod(c, found) for c in changes))
