"""The no-op fast path of ``python -m codegen generate``, and the input hash it checks.

When nothing changed, ``generate`` only has to hash its inputs and compare the result
with the output folder's manifest. This module does exactly that with the standard
library alone, before click, jinja2 or the IR are imported, so a no-op run costs little
more than starting Python.

It is safe by construction: the hash covers the schema files (by name and content), the
compiler's own sources and the regenerating command written into the headers, and the
fast path only answers when that hash equals the one the full compiler recorded. Any
doubt (an option it does not know, a missing file, a changed output) falls through to
the full command line, which then does the work or reports the error.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ..paths import CODEGEN_DIR, DEFAULT_SCHEMA, PROGRAM, default_out
from .cache import key
from .writer import Manifest

COMPILER_SUFFIXES = (".py", ".jinja")

# The tools whose version can change generated text; ruff is also named by its binary.
TOOL_DISTRIBUTIONS = ("tree_sitter", "tree_sitter_typescript", "jinja2", "ruff")


def read_compiler_hash() -> str:
    """Hash of the compiler's sources and templates: any edit to them changes every key."""
    parts: list[str | bytes] = []
    for folder, dirs, names in os.walk(CODEGEN_DIR):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(COMPILER_SUFFIXES):
                path = Path(folder, name)
                parts += [path.relative_to(CODEGEN_DIR).as_posix(), path.read_bytes()]
    return key(*parts)


# Read once per process; ``read_compiler_hash`` again tells whether it changed since.
compiler_hash = functools.cache(read_compiler_hash)


@functools.cache
def toolchain() -> str:
    """Python's version and the installed versions of the tools the compiler runs.

    Read from ``*.dist-info`` folder names, which is far cheaper than
    ``importlib.metadata``; an unknown layout only makes the key less specific.
    """
    found: list[str] = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        found += [
            f"{entry}/{name}"
            for name in names
            if name.endswith(".dist-info") and name.split("-", 1)[0].lower() in TOOL_DISTRIBUTIONS
        ]
    ruff = Path(sys.executable).parent / "ruff"
    try:
        st = ruff.stat()
        found.append(f"{ruff}:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        pass
    return key(sys.version, *sorted(found))


def display_path(path: Path) -> str:
    """How a schema file is named in messages: relative to the working folder if inside it."""
    try:
        return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
    except ValueError:  # another drive on Windows
        return str(path)


def list_schema_files(source: Path) -> list[Path]:
    """The ``.ts`` files of a schema: one file, or every file below a folder in path order."""
    if source.is_file():
        return [source]
    if source.is_dir():
        return sorted(p for p in source.rglob("*.ts") if p.is_file())
    return []


def input_hash(sources: Sequence[tuple[str, bytes]], command: str) -> str:
    """What the manifest records: everything a generated file's text depends on."""
    parts: list[str | bytes] = ["inputs", compiler_hash(), toolchain(), command]
    for name, data in sources:
        parts += [name, data]
    return key(*parts)


def command_for(source: Path, out: Path) -> str:
    """The regenerating command named in each generated header (as ``codegen.cli`` does).

    Should the two ever disagree, the hashes differ and the fast path merely never fires.
    """
    if source == DEFAULT_SCHEMA and out == default_out():  # the defaults, at the repo root
        return "make generate"
    import shlex  # only here: ``make generate`` never needs it

    return f"{PROGRAM} " + shlex.join(["generate", "--schema", str(source), "--out", str(out)])


def up_to_date(source: Path, out: Path, command: str) -> bool:
    """True when ``out`` holds exactly what compiling ``source`` would write."""
    manifest = Manifest.read(out)
    if manifest is None:
        return False
    paths = list_schema_files(source)
    if not paths:
        return False
    try:
        sources = [(display_path(p), p.read_bytes()) for p in paths]
    except OSError:
        return False
    return manifest.input_hash == input_hash(sources, command) and manifest.outputs_intact(out)


def _generate_options(argv: Sequence[str]) -> tuple[Path, Path, bool] | None:
    """The (schema, out, quiet) of a plain ``generate``, else None.

    Known: ``--schema S``, ``--out O``, ``-q``, ``--no-cache``, ``--cache-dir C``,
    ``--strict`` (an output that records degraded spots is left to the full command line,
    which names them as errors); any other argument, or anything click would reject, is
    left to the full command line.
    """
    if not argv or argv[0] != "generate":
        return None
    values: dict[str, str] = {}
    quiet = strict = False
    args = list(argv[1:])
    while args:
        arg = args.pop(0)
        if arg in ("-q", "--quiet"):
            quiet = True
            continue
        if arg == "--no-cache":  # the cache only matters once there is work to do
            continue
        if arg == "--strict":
            strict = True
            continue
        name, eq, value = arg.partition("=")
        if name not in ("--schema", "--out", "--cache-dir") or name in values:
            return None
        if not eq:
            if not args:
                return None
            value = args.pop(0)
        if not value or value.startswith("-"):
            return None
        values[name] = value
    if Path(values.get("--cache-dir", ".")).is_file():  # click rejects it: let it say so
        return None
    out = Path(values["--out"]) if "--out" in values else default_out()
    if out is None:  # outside the repository --out is required: the CLI says so
        return None
    if strict and records_degraded(out):
        return None
    return Path(values.get("--schema", DEFAULT_SCHEMA)), out, quiet


def records_degraded(out: Path) -> bool:
    """The package in ``out`` lists spots compiled as ``JsonValue`` (its ``DEGRADED``):
    ``--strict`` must then fail, up to date or not. Unreadable reads as degraded."""
    try:
        text = (out / "__init__.py").read_text("utf-8")
    except FileNotFoundError:
        return False
    except (OSError, UnicodeError):
        return True
    return "\nDEGRADED: tuple[str, ...] = (" in text


def try_noop(argv: Sequence[str]) -> bool:
    """Finish a ``generate`` that has nothing to do, as the CLI would; False to go on."""
    try:
        options = _generate_options(argv)
        if options is None:
            return False
        source, out, quiet = options
        if not up_to_date(source, out, command_for(source, out)):
            return False
    except Exception:  # never fail here: the full command line reports problems properly
        return False
    if not quiet:
        sys.stdout.write(f"{out} is up to date\n")
    return True
