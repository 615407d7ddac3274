"""Command line: ``python -m codegen generate | jsonschema``.

Exit codes: 0 success; 1 ``--check`` found stale output; 2 a bad schema or bad usage
(one ``file:line:col: error: ...`` line, never a traceback), or the ``[codegen]`` extra
missing (one line naming it, from ``codegen.__main__``); 3 an internal compiler error.
"""

from __future__ import annotations

import importlib
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import click

from ..build.targets import DEFAULT_TARGET, TARGETS
from ..paths import DEFAULT_SCHEMA, PROGRAM, default_out, version
from .collector import fewer_collections
from .common import EXIT_STALE, run_or_exit

if TYPE_CHECKING:
    from ..build.pipeline import Options


def _command(argv: list[str]) -> str:
    return f"{PROGRAM} " + shlex.join(argv)


class _LazyGroup(click.Group):
    """Subcommands whose modules are heavy (libcst) load only when they are asked for."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {
        "diff": (".diff", "diff_command"),
        "migrate": (".migrate", "migrate_command"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attr = self.lazy[cmd_name]
            command = getattr(importlib.import_module(module, __package__), attr)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"{PROGRAM} {version()}")
        ctx.exit()


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
def main() -> None:
    """mcp-negotiation's schema compiler: MCP-style TypeScript schema to Python bindings."""


@main.command()
@click.option(
    "--schema",
    "source",
    type=click.Path(path_type=Path),
    default=DEFAULT_SCHEMA,
    show_default=True,
    help="A schema folder (every .ts below it) or one .ts file.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="The package folder to generate; the package is named after its last part. "
    "Required, except at the root of the mcp-negotiation repository (generated/mcp_ext).",
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the output is stale.")
@click.option(
    "--from-jsonschema",
    "from_jsonschema",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Generate models from a JSON Schema file with datamodel-code-generator instead.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Also say where each @override replaces a declaration, and each Python name that "
    "is not the schema's (renamed 'Exception' to 'Exception_').",
)
@click.option(
    "--cache-dir",
    type=click.Path(path_type=Path, file_okay=False),
    help="Where to keep the incremental-build cache. Default: .codegen-cache/ in the "
    "repository; none when installed.",
)
@click.option("--no-cache", is_flag=True, help="Compile everything from scratch.")
@click.option(
    "--import-map",
    "import_map",
    multiple=True,
    metavar="SPECIFIER=PATH",
    help="Resolve a package import to a schema file or folder (repeatable).",
)
@click.option(
    "--default-number-type",
    type=click.Choice(["number", "integer"]),
    default=None,
    help="What 'number' and number literals mean, as typescript-json-schema's option. "
    "Unset: 'number' stays number, integer literals are integer.",
)
@click.option(
    "--protocol",
    type=click.Choice(["mcp", "generic"]),
    default=None,
    help="MCP, or any JSON-RPC protocol (no MCP assumptions). Unset: detected.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Refuse what the dialect cannot express: each 'degraded to JsonValue' warning "
    "becomes the same located error (exit 2), and nothing is written.",
)
@click.option(
    "--test-vectors",
    "test_vectors",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    metavar="DIR",
    help="Also write test vectors into DIR: per definition, JSON values the schema accepts "
    "and near-misses it rejects, each checked against the emitted JSON Schema "
    "(docs/test-vectors.md). With --check, DIR is checked too.",
)
@click.option(
    "--target",
    type=click.Choice(sorted(TARGETS)),
    default=DEFAULT_TARGET,
    show_default=True,
    help="Which bindings: pydantic v2 models with stubs and validators (the default), "
    "msgspec Structs, TypedDicts or dataclasses (docs/targets/ describes each). The JSON "
    "Schema ships with each.",
)
def generate(
    source: Path,
    out: Path | None,
    check: bool,
    from_jsonschema: Path | None,
    quiet: bool,
    verbose: bool,
    cache_dir: Path | None,
    no_cache: bool,
    import_map: tuple[str, ...],
    default_number_type: str | None,
    protocol: str | None,
    strict: bool,
    test_vectors: Path | None,
    target: str,
) -> None:
    """Compile the schema into Pydantic models, stubs, validators and a JSON Schema."""
    if out is None:
        out = default_out()
        if out is None:
            raise click.UsageError("--out DIR is required: the folder of the package to generate")
    if from_jsonschema is not None:
        if test_vectors is not None:
            raise click.UsageError(
                "--test-vectors needs a TypeScript schema, not --from-jsonschema"
            )
        if target != DEFAULT_TARGET:
            raise click.UsageError("--target needs a TypeScript schema, not --from-jsonschema")
        from ..build.from_jsonschema import generate_from_jsonschema

        run_or_exit(lambda: generate_from_jsonschema(from_jsonschema, out))
        return

    from ..build.pipeline import DEFAULT_CACHE
    from ..build.pipeline import generate as run_generate

    cache = None if no_cache else cache_dir or DEFAULT_CACHE

    options = run_or_exit(lambda: _options(import_map, default_number_type, protocol))
    argv = ["generate"]
    if source != DEFAULT_SCHEMA or out != default_out():
        argv += ["--schema", str(source), "--out", str(out)]
    for entry in import_map:
        argv += ["--import-map", entry]
    if default_number_type is not None:
        argv += ["--default-number-type", default_number_type]
    if protocol is not None:
        argv += ["--protocol", protocol]
    if target != DEFAULT_TARGET:
        argv += ["--target", target]
    command = "make generate" if argv == ["generate"] else _command(argv)
    with fewer_collections():  # the command's own run only (see collector.py)
        result = run_or_exit(
            lambda: run_generate(
                source,
                out,
                check=check,
                command=command,
                cache_dir=cache,
                options=options,
                strict=strict,
                vectors_dir=test_vectors,
                target=target,
            )
        )

    for warning in result.diagnostics.warnings:
        click.echo(str(warning), err=True)
    if verbose and not quiet:
        for note in result.diagnostics.notes:
            click.echo(str(note))
        for override in result.overrides:
            click.echo(f"{override.by}: override: {override.name} replaces {override.replaced}")
    elif result.overrides and not quiet:
        # Overlays are intended (an extension schema redefining a core type): one line.
        names = ", ".join(override.name for override in result.overrides)
        click.echo(
            f"{len(result.overrides)} declarations replaced by @override (-v: where): {names}"
        )
    if check:
        if result.stale or result.vectors_stale:
            for rel in result.stale:
                click.echo(f"stale: {out / rel}", err=True)
            if test_vectors is not None:
                for rel in result.vectors_stale:
                    click.echo(f"stale: {test_vectors / rel}", err=True)
            if result.stale:
                click.echo(f"{out} is stale; run 'make generate'", err=True)
            else:
                click.echo(f"{test_vectors} is stale; run the command without --check", err=True)
            sys.exit(EXIT_STALE)
        if not quiet:
            click.echo(f"{out} is up to date")
            if test_vectors is not None:
                click.echo(f"{test_vectors} is up to date")
        return
    if not quiet:
        if result.up_to_date:
            click.echo(f"{out} is up to date")
            if test_vectors is not None:
                click.echo(f"{test_vectors} is up to date")
        else:
            for rel in result.written:
                click.echo(f"wrote {out / rel}")
            for rel in result.removed:
                click.echo(f"removed {out / rel}")
            if test_vectors is not None:
                for rel in result.vectors_written:
                    click.echo(f"wrote {test_vectors / rel}")
                for rel in result.vectors_removed:
                    click.echo(f"removed {test_vectors / rel}")


def _options(
    import_map: tuple[str, ...], default_number_type: str | None, protocol: str | None = None
) -> Options:
    from ..build.pipeline import Options
    from ..frontend.import_map import parse_import_map

    mapping = parse_import_map(import_map)
    return Options(tuple((k, str(v)) for k, v in mapping.items()), default_number_type, protocol)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Default: stdout."
)
@click.option("--import-map", "import_map", multiple=True, metavar="SPECIFIER=PATH")
@click.option("--default-number-type", type=click.Choice(["number", "integer"]), default="number")
@click.option(
    "--strict", is_flag=True, help="Each 'degraded to JsonValue' warning is an error (exit 2)."
)
def jsonschema(
    files: tuple[Path, ...],
    output: Path | None,
    import_map: tuple[str, ...],
    default_number_type: str | None,
    strict: bool,
) -> None:
    """Compile schema files (or folders) into one JSON Schema (2020-12) document."""
    from ..build.pipeline import load_schema, schema_files
    from ..emit.jsonschema import emit_jsonschema
    from ..errors import Diagnostics, StrictError

    def run() -> str:
        paths = [p for source in files for p in schema_files(source)]
        diags = Diagnostics()
        options = _options(import_map, default_number_type)
        schema = load_schema(paths, diags, options)
        if strict and diags.degraded:
            raise StrictError(diags.degraded)
        (text,) = emit_jsonschema(schema, diags).values()
        for warning in diags.warnings:
            click.echo(str(warning), err=True)
        return text

    text = run_or_exit(run)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, "utf-8")
