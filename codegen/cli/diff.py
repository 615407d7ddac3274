"""``diff``: compare two schema revisions and report what breaks."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import ir
from ..build.pipeline import load_schema, schema_files
from ..errors import Diagnostics
from ..revision import SchemaDiff, diff_schemas
from ..revision.report import RENDERERS
from .common import run_or_exit

EXIT_BREAKING = 1


def load_side(source: Path, diagnostics: Diagnostics) -> ir.Schema:
    """One side of a diff: a schema folder (every .ts below it) or one .ts file."""
    return load_schema(schema_files(source), diagnostics)


def diff_paths(old: Path, new: Path, diagnostics: Diagnostics) -> SchemaDiff:
    return diff_schemas(load_side(old, diagnostics), load_side(new, diagnostics), diagnostics)


@click.command("diff")
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("new", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(sorted(RENDERERS)),
    default="text",
    show_default=True,
    help="markdown is ready to paste into a changelog.",
)
@click.option("--fail-on-breaking", is_flag=True, help="Exit 1 if anything breaks.")
def diff_command(old: Path, new: Path, fmt: str, fail_on_breaking: bool) -> None:
    """Compare two schema revisions (folders or .ts files) and report what breaks."""
    diags = Diagnostics()
    result = run_or_exit(lambda: diff_paths(old, new, diags))
    for warning in diags.warnings:
        click.echo(str(warning), err=True)
    click.echo(RENDERERS[fmt](result, str(old), str(new)), nl=False)
    if fail_on_breaking and result.breaking:
        sys.exit(EXIT_BREAKING)
