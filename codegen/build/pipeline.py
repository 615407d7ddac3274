"""The compiler as a chain of pure passes, plus the one impure step at the end.

    parse -> resolve -> (naming, ordering inside the emitters) -> emit {path: text}
          -> format -> write

Everything up to ``build`` is pure: it takes text and returns text. ``generate`` is the
only function that reads the schema folder and writes the output folder.

Incremental regeneration memoises the pure passes in a content-addressed cache
(``codegen.build.cache``), never changing what they compute:

* ``parse``: one entry per schema file, keyed by its name and bytes, so an edit re-parses
  only the edited file;
* ``build``: the whole output (plus its warnings and overrides), keyed by every input, so
  ``--check``, a fresh output folder or an undone edit cost no compiling at all;
* ``format``: one entry per generated Python text, keyed by the unformatted text, so only
  outputs whose text an edit changed go through ruff;
* ``write``: only files whose content changed are written.

Keys name the tool versions and the code that computes the entry (the compiler's sources
for ``parse`` and ``build``; ``format.py`` and the ruff binary for ``format``), so editing
the compiler invalidates everything it could affect.
"""

from __future__ import annotations

import collections
import dataclasses
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import ir
from ..errors import (
    Diagnostics,
    Note,
    PathError,
    SchemaError,
    StrictError,
    Unsupported,
    Warning_,
    degradation_message,
)
from ..escape import comment
from ..ir.queries import degraded_spots
from ..paths import REPO_ROOT
from .cache import Cache, Counters, key
from .fastpath import (
    compiler_hash,
    input_hash,
    list_schema_files,
    read_compiler_hash,
    records_degraded,
    toolchain,
)
from .fastpath import display_path as display_path
from .targets import DEFAULT_TARGET, PACKAGE_DOCS, TARGETS

if TYPE_CHECKING:
    from .writer import WriteReport

# At the repository root, beside .gitignore's entry for it; safe to delete at any time.
# Installed, there is none by default: nothing is written into site-packages.
DEFAULT_CACHE = REPO_ROOT / ".codegen-cache" if REPO_ROOT is not None else None

# Each emitter is ``emit(schema, diagnostics) -> {relative path: text}``; imported lazily
# so that a no-op ``generate`` does not pay for jinja2 and friends.
# Emitter modules relative to the compiler's package, whatever it is installed as.
_COMPILER = __package__.rpartition(".")[0]
# ``generate --target``'s default: the pydantic models (``targets.TARGETS`` has the others).
EMITTERS: tuple[tuple[str, str], ...] = TARGETS[DEFAULT_TARGET]

# ``generate --test-vectors``: fed by the JSON Schema emitter's output, written to its own
# folder (``codegen.emit.vectors``).
VECTORS = (".emit.vectors", "emit_vectors")

# A Python emitter is given the build's ``PythonBackend``, any other the schema itself.
Emitter = Callable[[Any, Diagnostics], dict[str, str]]
# How many times a build may name the schema again around the names the other generated
# modules bind (each round takes at least one more name away).
_NAMING_ROUNDS = 8


# Every dataclass a cached parse or build may hold; the cache decodes no other class.
IR_CLASSES: tuple[type, ...] = tuple(
    cls
    for cls in vars(ir).values()
    if isinstance(cls, type)
    and hasattr(cls, "__dataclass_fields__")
    and cls.__module__ == ir.__name__
)


@dataclass(frozen=True)
class Source:
    """One schema file as read: its display name and its exact bytes."""

    name: str
    data: bytes


def schema_files(source: Path) -> list[Path]:
    """The ``.ts`` files of a schema: one file, or every file below a folder in path order."""
    files = list_schema_files(source)
    if files:
        return files
    if source.is_dir():
        raise PathError(f"schema folder '{display_path(source)}' holds no .ts files")
    raise PathError(f"schema path '{display_path(source)}' does not exist")


def read_sources(paths: Sequence[Path]) -> list[Source]:
    sources = []
    for path in paths:
        name = display_path(path)
        try:
            sources.append(Source(name, path.read_bytes()))
        except OSError as exc:
            raise SchemaError(ir.Span(name, 1, 1), f"cannot read file: {exc.strerror}") from None
    return sources


def source_text(source: Source) -> str:
    """The text the parser sees: UTF-8 with universal newlines, as ``Path.read_text`` gives."""
    try:
        text = source.data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SchemaError(ir.Span(source.name, 1, 1), f"not UTF-8 text ({exc.reason})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


# The modules this process parsed last (an IR module is immutable): finding the files a
# schema imports parses them, and resolve reads them again, also without a cache folder.
_PARSED: collections.OrderedDict[str, ir.Module] = collections.OrderedDict()
_PARSED_KEPT = 256


def parse_sources(sources: Sequence[Source], cache: Cache | None = None) -> list[ir.Module]:
    """Parse each file, reusing the cached module of every file parsed before."""
    store = cache if cache is not None else Cache(None)
    modules = []
    for source in sources:
        entry = key("parse", compiler_hash(), toolchain(), source.name, source.data)
        module = store.get_object("parse", entry, ir.Module, classes=IR_CLASSES)
        if module is None:
            module = _PARSED.get(entry)
            if module is None:
                from ..frontend.parse import parse_module

                module = parse_module(source.name, source_text(source))
            store.put_object("parse", entry, module)
        _PARSED[entry] = module
        _PARSED.move_to_end(entry)
        while len(_PARSED) > _PARSED_KEPT:
            _PARSED.popitem(last=False)
        modules.append(module)
    return modules


def parse_files(paths: Sequence[Path]) -> list[ir.Module]:
    return parse_sources(read_sources(paths))


@dataclass(frozen=True)
class Options:
    """Compiler options beyond the schema files (``--import-map``, ``--default-number-type``)."""

    import_map: tuple[tuple[str, str], ...] = ()
    default_number_type: str | None = None
    protocol: str | None = None  # "mcp" or "generic"; None: detected


def with_packages(
    sources: list[Source], options: Options, cache: Cache | None = None
) -> tuple[list[Source], dict[str, str]]:
    """``sources`` plus the files they import relatively and are not among them, plus the
    files of every mapped package; specifier -> module path."""
    from ..frontend.import_map import imported_files, package_files

    def parse(path: Path) -> ir.Module:
        return parse_sources(read_sources([path]), cache)[0]

    known = {s.name for s in sources}
    imported = imported_files(  # uncached here: resolve parses (and caches) them
        {Path(s.name): s.data for s in sources}, lambda p: parse_sources(read_sources([p]))[0]
    )
    sources = [*sources, *(s for s in read_sources(imported) if s.name not in known)]
    if not options.import_map:
        return sources, {}
    mapping = {spec: Path(path) for spec, path in options.import_map}
    files, packages = package_files(mapping, parse)
    known = {s.name for s in sources}
    extra = [s for s in read_sources(files) if s.name not in known]
    return [*sources, *extra], packages


def resolve_sources(
    sources: Sequence[Source],
    diagnostics: Diagnostics,
    options: Options,
    packages: dict[str, str],
    cache: Cache | None = None,
) -> ir.Schema:
    from ..frontend.resolve import resolve
    from ..frontend.results import declare_missing_results

    schema = resolve(parse_sources(sources, cache), diagnostics, packages)
    if options.default_number_type == "number":
        schema = dataclasses.replace(schema, default_number_type="number")
    elif options.default_number_type == "integer":
        schema = dataclasses.replace(schema, default_number_type="integer")
    if options.protocol == "mcp":
        schema = dataclasses.replace(schema, protocol="mcp")
    elif options.protocol == "generic":
        schema = dataclasses.replace(schema, protocol="generic")
    return declare_missing_results(schema, diagnostics)


def load_schema(
    paths: Sequence[Path], diagnostics: Diagnostics | None = None, options: Options = Options()
) -> ir.Schema:
    sources, packages = with_packages(read_sources(paths), options)
    diags = diagnostics if diagnostics is not None else Diagnostics()
    return resolve_sources(sources, diags, options, packages)


def header(command: str) -> str:
    return (
        "# Generated by mcp-negotiation's schema compiler. Do not edit by hand.\n"
        f"# Regenerate with: {comment(command)}\n"
    )


def build(
    schema: ir.Schema,
    *,
    command: str,
    diagnostics: Diagnostics | None = None,
    emitters: Sequence[tuple[str, str]] = EMITTERS,
    cache: Cache | None = None,
    package_doc: str | None = None,
    undegraded: bool = False,
) -> dict[str, str]:
    """Run every emitter and the formatter; returns the whole output as ``{path: text}``.

    ``cache`` only memoises formatting, which never changes the result. ``package_doc``:
    the package's docstring, when the target has its own (``package.emit_package``).
    ``undegraded``: the caller knows ``schema`` holds no degraded spot, so the package's
    ``DEGRADED`` list is empty without walking every node to find none.
    """
    from ..emit.python.backend import PythonBackend
    from ..emit.python.naming import check_module_names, module_clashes
    from ..emit.python.package import emit_package, shadowed_exports
    from ..ir.queries import protocol_of
    from .format import format_outputs

    diags = diagnostics if diagnostics is not None else Diagnostics()
    # The Python emitters share one backend (``emit.python.backend``): the schema named for
    # Python, its names, layouts, messages and registry, each computed once; the JSON
    # Schema keeps TypeScript's names. A name another generated module binds as well as
    # imports from models is given out again, avoiding it (a few rounds at most).
    reserved: frozenset[str] = frozenset()
    for _ in range(_NAMING_ROUNDS):
        backend = PythonBackend(schema, reserved)
        named = backend.schema
        found = Diagnostics()
        files: dict[str, str] = {}
        for module_name, func_name in emitters:
            emit: Emitter = getattr(importlib.import_module(module_name, _COMPILER), func_name)
            python = module_name.startswith(".emit.python")
            for path, text in emit(backend if python else schema, found).items():
                if path in files:
                    raise RuntimeError(f"two emitters both produce {path}")
                files[path] = text
        others = {p: t for p, t in files.items() if p.endswith(".py") and p != "models.py"}
        names = backend.names
        clashes = module_clashes(names, named, others)
        if not clashes:
            break
        reserved |= clashes
    check_module_names(names, named, others)
    diags.warnings.extend(found.warnings)
    diags.notes.extend(found.notes)
    for rename in backend.all_renames:
        diags.note(str(rename).removeprefix(f"{rename.span}: "), rename.span)
    for name, module in sorted(shadowed_exports(files).items()):
        decl = named.decls.get(name)
        diags.warn(
            f"the package exports the schema's '{name}'; the generated {module} module's "
            f"'{name}' is imported from that module",
            decl.span if decl is not None else ir.NO_SPAN,
        )
    degraded = (
        []
        if undegraded
        else [
            f"{span}: {degradation_message(what)}"
            for span, what in degraded_spots(tuple(schema.decls.values()))
        ]
    )
    files.update(emit_package(files, protocol_of(schema), degraded, package_doc))
    formatted = format_outputs(files, cache)
    return {
        path: header(command) + text if path.endswith(".py") else text
        for path, text in sorted(formatted.items())
    }


def build_degrading(
    schema: ir.Schema,
    command: str,
    diagnostics: Diagnostics,
    emitters: Sequence[tuple[str, str]],
    cache: Cache | None,
    doc: str | None = None,
    undegraded: bool = False,
) -> dict[str, str]:
    """``build``; where an emitter meets what the dialect cannot express (``Unsupported``),
    that position is degraded (``frontend.totality.degrade_position``, with the same
    message and span, warned as every degradation) and the build runs again: the
    totality net's last stage, at most once per declaration. ``undegraded``: as
    ``build``'s, for ``schema`` as given (a position degraded here holds a spot)."""
    from ..frontend.totality import degrade_position

    for _ in range(len(schema.decls)):
        try:
            return build(
                schema,
                command=command,
                diagnostics=diagnostics,
                emitters=emitters,
                cache=cache,
                package_doc=doc,
                undegraded=undegraded,
            )
        except Unsupported as err:
            degraded = degrade_position(schema, err.span, err.message)
            if degraded is None:
                raise
            schema = degraded
            undegraded = False
            diagnostics.degrade(err.message, err.span)
    return build(
        schema,
        command=command,
        diagnostics=diagnostics,
        emitters=emitters,
        cache=cache,
        package_doc=doc,
        undegraded=undegraded,
    )


@dataclass(frozen=True)
class Built:
    """A build cache entry: the output and what compiling it reported."""

    files: dict[str, str]
    warnings: tuple[Warning_, ...]
    overrides: tuple[ir.Override, ...]
    notes: tuple[Note, ...] = ()
    vectors: dict[str, str] = field(default_factory=dict)  # the test vectors' folder

    def valid(self) -> bool:
        return (
            isinstance(self.files, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in self.files.items())
            and isinstance(self.vectors, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in self.vectors.items())
            and all(isinstance(w, Warning_) for w in self.warnings)
            and all(isinstance(o, ir.Override) for o in self.overrides)
            and isinstance(self.notes, tuple)
            and all(isinstance(n, Note) for n in self.notes)
        )


def build_key(
    sources: Sequence[Source],
    command: str,
    emitters: Sequence[tuple[str, str]],
    vectors: bool = False,
) -> str:
    from .format import formatter_identity  # ruff may come from PATH, not the venv

    parts: list[str | bytes] = ["build", compiler_hash(), toolchain(), formatter_identity()]
    parts += [command, repr(emitters), repr(VECTORS) if vectors else ""]
    for source in sources:
        parts += [source.name, source.data]
    return key(*parts)


def package_doc(target: str) -> str | None:
    """The package docstring of ``target``, when it has its own (``targets.PACKAGE_DOCS``)."""
    if target not in PACKAGE_DOCS:
        return None
    module, attribute = PACKAGE_DOCS[target]
    text = getattr(importlib.import_module(module, _COMPILER), attribute)
    assert isinstance(text, str)
    return text


def compile_sources(
    sources: Sequence[Source],
    *,
    command: str,
    cache: Cache | None = None,
    emitters: Sequence[tuple[str, str]] | None = None,
    options: Options = Options(),
    packages: dict[str, str] | None = None,
    vectors: bool = False,
    target: str = DEFAULT_TARGET,
) -> Built:
    """parse -> resolve -> build, reusing whatever the cache already holds; with
    ``vectors``, the test vectors too, from the built ``schema.json``. ``target`` picks
    the emitters (``targets.TARGETS``) unless ``emitters`` are given.

    ``command`` names every option, so it is part of the build key."""
    store = cache if cache is not None else Cache(None)
    if emitters is None:
        emitters = TARGETS[target]
    entry = build_key(sources, command, emitters, vectors)
    built = store.get_object("build", entry, Built, Built.valid, (*IR_CLASSES, Warning_, Note))
    if built is not None:
        return built
    diagnostics = Diagnostics()
    schema = resolve_sources(sources, diagnostics, options, packages or {}, store)
    # resolve warns at every degraded spot of the schema it returns (``ir.Primitive``'s
    # ``degraded``), and what follows it adds none: with no such warning the package's
    # DEGRADED list is empty, known without a walk over every node (20 ms at 20k lines).
    undegraded = not diagnostics.degraded
    files = build_degrading(
        schema, command, diagnostics, emitters, store, package_doc(target), undegraded
    )
    vector_files: dict[str, str] = {}
    if vectors:
        module, func = VECTORS
        vector_files = getattr(importlib.import_module(module, _COMPILER), func)(
            schema, files, diagnostics
        )
    built = Built(
        files,
        tuple(diagnostics.warnings),
        schema.overrides,
        tuple(diagnostics.notes),
        vector_files,
    )
    if store.root is None:
        pass  # nothing is filed (--no-cache): no reason to hash the compiler's sources again
    elif read_compiler_hash() == compiler_hash():
        store.put_object("build", entry, built)
    else:  # the compiler was edited while it ran: keep nothing filed under the old hash
        store.forget_stored(("parse", "build"))
    return built


@dataclass
class GenerateResult:
    files: dict[str, str] = field(default_factory=dict)
    stale: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    up_to_date: bool = False
    # ``--test-vectors DIR``: the same, for that folder (paths relative to it)
    vectors: dict[str, str] = field(default_factory=dict)
    vectors_stale: list[str] = field(default_factory=list)
    vectors_written: list[str] = field(default_factory=list)
    vectors_removed: list[str] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    overrides: tuple[ir.Override, ...] = ()
    # Per kind of cache entry ("parse", "build", "format"): hits, misses, corrupt, stored.
    cache: dict[str, Counters] = field(default_factory=dict)


def generate(
    source: Path,
    out_dir: Path,
    *,
    check: bool = False,
    command: str,
    cache_dir: Path | None = DEFAULT_CACHE,
    options: Options = Options(),
    strict: bool = False,
    vectors_dir: Path | None = None,
    target: str = DEFAULT_TARGET,
) -> GenerateResult:
    """Compile ``source`` into ``out_dir``; with ``check``, only report what is stale.

    ``cache_dir`` None compiles everything from scratch and leaves no cache behind.
    ``strict``: a spot compiled as ``JsonValue`` is an error (``StrictError``, each spot
    on its line), raised before anything is written (to either folder).
    ``vectors_dir``: also the test vectors, into that folder (its own manifest; checked
    with ``check`` as the package is), which must not be ``out_dir``, nor hold it or lie
    inside it. ``target``: which bindings (``targets.TARGETS``); ``command`` must name it
    (it keys the build and the manifest).
    """
    from .writer import Manifest, stale_files

    if vectors_dir is not None:
        _check_vectors_dir(out_dir, vectors_dir)
    cache = Cache(cache_dir)
    sources, packages = with_packages(read_sources(schema_files(source)), options, cache)
    inputs = input_hash([(s.name, s.data) for s in sources], command)
    # the vectors' manifest: the same inputs, told apart from a package's
    vector_inputs = input_hash([(s.name, s.data) for s in sources], f"{command}\0vectors")
    if not check:
        previous = Manifest.read(out_dir)
        vectors_previous = Manifest.read(vectors_dir) if vectors_dir is not None else None
        if (
            previous is not None
            and previous.input_hash == inputs
            and previous.outputs_intact(out_dir)
            and not (strict and records_degraded(out_dir))
            and (
                vectors_dir is None
                or (
                    vectors_previous is not None
                    and vectors_previous.input_hash == vector_inputs
                    and vectors_previous.outputs_intact(vectors_dir)
                )
            )
        ):
            return GenerateResult(up_to_date=True)

    built = compile_sources(
        sources,
        command=command,
        cache=cache,
        options=options,
        packages=packages,
        vectors=vectors_dir is not None,
        target=target,
    )
    result = GenerateResult(
        files=built.files, overrides=built.overrides, cache=cache.stats, vectors=built.vectors
    )
    result.diagnostics.warnings.extend(built.warnings)
    result.diagnostics.notes.extend(built.notes)
    degraded = result.diagnostics.degraded
    if strict and degraded:
        raise StrictError(degraded)
    if check:
        result.stale = stale_files(out_dir, result.files)
        if vectors_dir is not None:
            result.vectors_stale = stale_files(vectors_dir, result.vectors)
        result.up_to_date = not result.stale and not result.vectors_stale
        return result
    report = _write(out_dir, result.files, inputs, result.diagnostics)
    result.written, result.removed = report.written, report.removed
    if vectors_dir is not None:
        report = _write(vectors_dir, result.vectors, vector_inputs, result.diagnostics)
        result.vectors_written, result.vectors_removed = report.written, report.removed
    result.up_to_date = not (
        result.written or result.removed or result.vectors_written or result.vectors_removed
    )
    if cache.stats.get("build", Counters()).stored:
        cache.prune()
    return result


def _check_vectors_dir(out_dir: Path, vectors_dir: Path) -> None:
    """Two folders, each with its own manifest: neither may be the other or hold it."""
    out, vectors = out_dir.resolve(), vectors_dir.resolve()
    if out == vectors or out.is_relative_to(vectors) or vectors.is_relative_to(out):
        raise PathError(
            f"--test-vectors '{display_path(vectors_dir)}' and --out '{display_path(out_dir)}' "
            "must be two separate folders, neither inside the other"
        )


def _write(
    folder: Path, files: dict[str, str], inputs: str, diagnostics: Diagnostics
) -> WriteReport:
    """The one writer, into ``folder``; what it cannot do is a located error."""
    from .writer import write_outputs

    where = ir.Span(display_path(folder / ".codegen-manifest.json"), 1, 1)
    try:
        return write_outputs(folder, files, inputs, warn=lambda m: diagnostics.warn(m, where))
    except (OSError, ValueError) as exc:
        raise SchemaError(ir.Span(display_path(folder), 1, 1), f"cannot write: {exc}") from None
