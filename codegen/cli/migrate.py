"""``migrate``: rewrite Python code for renamed or moved generated names."""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import click
import libcst as cst

from ..errors import Diagnostics
from ..revision import diff_schemas
from ..revision.migrate import DEFAULT_PACKAGE, Note, Plan, build_plan, migrate_source
from .common import EXIT_BAD_SCHEMA, run_or_exit
from .diff import load_side

EXIT_NEEDS_HANDS = 1


def _imports(source: str, package: str) -> bool:
    return (
        re.search(rf"^\s*(from|import)\s+{re.escape(package)}\b", source, re.MULTILINE) is not None
    )


def python_files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


@click.command("migrate")
@click.option(
    "--from",
    "old",
    required=True,
    type=click.Path(path_type=Path),
    help="The old schema (folder or .ts file).",
)
@click.option(
    "--to",
    "new",
    required=True,
    type=click.Path(path_type=Path),
    help="The new schema (folder or .ts file).",
)
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True))
@click.option(
    "--package",
    default=DEFAULT_PACKAGE,
    show_default=True,
    help="The generated package user code imports.",
)
@click.option(
    "--module",
    help="Code imports the schema's types from this module instead, one named like the "
    "schema with wire-named fields: the official SDK's mcp.types.",
)
@click.option("--dry-run", is_flag=True, help="List every site; write nothing.")
@click.option("--diff", "show_diff", is_flag=True, help="Also print a unified diff.")
def migrate_command(
    old: Path,
    new: Path,
    paths: tuple[Path, ...],
    package: str,
    module: str | None,
    dry_run: bool,
    show_diff: bool,
) -> None:
    """Rewrite Python code for renamed or moved generated names (OLD -> NEW schema).

    Prints every site as ``file:line: fixed: ...`` (rewritten, or would be with
    --dry-run), ``file:line: todo: ...`` (for a human) or ``file:line: note: ...`` (still
    valid, worth a look), then exits 1 if any is todo.
    """
    diags = Diagnostics()

    def plan() -> Plan:
        old_schema, new_schema = load_side(old, diags), load_side(new, diags)
        found = diff_schemas(old_schema, new_schema, diags)
        if module is not None:
            return build_plan(found, old_schema, module, new_schema, wire_attributes=True)
        return build_plan(found, old_schema, package, new_schema)

    the_plan = run_or_exit(plan)
    for warning in diags.warnings:
        click.echo(str(warning), err=True)
    notes: list[Note] = []
    importers = 0
    for path in python_files(paths):
        source = path.read_text("utf-8")
        importers += _imports(source, the_plan.package)
        try:
            rewritten, found = migrate_source(source, the_plan, str(path))
        except cst.ParserSyntaxError as err:
            click.echo(f"{path}:{err.raw_line}:{err.raw_column}: error: {err.message}", err=True)
            sys.exit(EXIT_BAD_SCHEMA)
        notes += found
        if rewritten == source:
            continue
        if show_diff:
            click.echo(
                "".join(
                    difflib.unified_diff(
                        source.splitlines(keepends=True),
                        rewritten.splitlines(keepends=True),
                        f"a/{path}",
                        f"b/{path}",
                    )
                ),
                nl=False,
            )
        if not dry_run:
            path.write_text(rewritten, "utf-8")
    for note in notes:
        click.echo(str(note))
    if not importers:
        hint = " (code written for the official SDK: --module mcp.types)" if module is None else ""
        click.echo(f"no file imports {the_plan.package}{hint}", err=True)
    todo = sum(1 for n in notes if n.kind == "todo")
    fixed = sum(1 for n in notes if n.kind == "fixed")
    done = "would be fixed (dry run: nothing written)" if dry_run else "fixed"
    other = len(notes) - todo - fixed
    click.echo(f"{fixed} sites {done}, {todo} left for a human, {other} notes")
    if todo:
        sys.exit(EXIT_NEEDS_HANDS)
