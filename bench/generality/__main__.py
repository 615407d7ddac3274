"""``python -m bench.generality``: the sweep of ``make bench-generality``.

For each typing of ``typings.txt`` (see its head for the selection rule):

1. ``npm pack NAME@VERSION`` (and each ``dep=``) into a cache outside the repository
   (``$XDG_CACHE_HOME/mcp-negotiation/generality``, default ``~/.cache/...``), reused
   later; the packages are laid out as ``node_modules`` of a tree per typing;
2. typescript-json-schema (as ``make e2e-node`` installs it) on the entry and the files it
   imports relatively, as ``--required --skipLibCheck FILES "*"`` but one declaration at a
   time where that throws (``tjs_each.cjs``), its output cached per typing and TJS
   version; a typing of which TJS reads nothing is left out of the totals and listed with
   TJS's error;
3. our ``generate`` on the unmodified entry, and again with ``--strict`` (when the
   compiler has it), each in a subprocess with a 60 s timeout; warnings are counted;
4. our JSON Schema (the package's ``schema.json``; ``jsonschema`` where ``generate``
   refuses) against TJS's definitions, definition by definition
   (`bench.generality.compare_definitions`);
5. ``python -W error`` imports the generated package in a subprocess, which then checks,
   for up to 6 definitions a typing (a seeded sample), that our models accept instances
   drawn from TJS's schema (``bench/generality/instances.py``).

Then ``bench/GENERALITY.md`` is written: one row a typing and the totals against the
goals. Nothing is installed; node, npm and typescript-json-schema must be there.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench import ROOT, SCRATCH
from bench.generality import (
    LIST,
    ListError,
    Typing,
    compare_definitions,
    declared_type_parameters,
    foreign_names,
    parse_list,
    safe_name,
    umbrella_modules,
)
from bench.generality.deps import import_maps
from bench.generality.fetching import Unusable, entry_file, lay_out
from bench.generality.running import (
    TIMEOUT,
    TJS,
    TJS_PACKAGE,
    Run,
    compiler_commit,
    first_error,
    oracle,
    relative,
    relative_closure,
    run,
    strict_supported,
    tjs_version,
    warnings_of,
)
from bench.generality.table import write_table

INSTANCE_TIMEOUT = 150.0  # the import (60 s at most) and a 10 s budget of instances
WORK = SCRATCH / "generality"
RESULTS = ROOT / "bench" / "GENERALITY.md"
PACKAGE = "swept"  # the generated package's name


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mcp-negotiation" / "generality"


# --------------------------------------------------------------------------- one typing


@dataclass
class Result:
    id: str
    spec: str
    entry: str = ""
    unusable: str = ""  # the typing could not be swept at all
    tjs_error: str = ""  # TJS cannot read it: left out of the totals
    tjs_unreadable: dict[str, str] = field(default_factory=dict)  # declarations TJS skips
    compiles: bool = False
    strict: bool | None = None  # None: the compiler has no --strict
    warnings: int = 0
    imports: bool | None = None
    definitions: int = 0  # TJS's, counted
    equal: int = 0
    differing: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    instances: dict[str, Any] = field(default_factory=dict)
    error: str = ""  # ours, first
    tracebacks: list[str] = field(default_factory=list)  # step: line
    over_time: list[str] = field(default_factory=list)  # steps over 60 s
    seconds: dict[str, float] = field(default_factory=dict)
    compiler: str = ""  # the last commit that changed codegen/ when this row was swept


def sweep_one(typing: Typing, cache: Path, strict: bool, sample: int, seed: int) -> Result:
    result = Result(typing.id, typing.spec)
    try:
        tree = lay_out(typing, cache)
        entry = entry_file(typing, tree)
    except Unusable as err:
        result.unusable = str(err)
        return result
    package = tree / "package"
    result.entry = entry.relative_to(package).as_posix()
    work = WORK / safe_name(typing.id)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    maps = import_maps(typing.deps, tree / "node_modules", relative_closure)

    tjs = oracle(typing, entry, tree, cache)
    result.seconds["tjs"] = round(float(tjs.get("seconds", 0.0)), 1)
    if "error" in tjs:
        result.tjs_error = str(tjs["error"])
    result.tjs_unreadable = dict(tjs.get("unreadable", {}))

    def ours(step: str, argv: list[str]) -> Run:
        done = run([sys.executable, "-m", "codegen", *argv], timeout=TIMEOUT)
        result.seconds[step] = round(done.seconds, 1)
        if done.code is None:
            result.over_time.append(step)
        if done.traceback:
            result.tracebacks.append(f"{step}: {first_error(done.stderr)}")
        return done

    out = work / "out" / PACKAGE
    generate = ["generate", "--schema", str(entry), "--out", str(out), "--no-cache", *maps]
    done = ours("generate", generate)
    result.compiles = done.ok
    result.warnings = warnings_of(done.stderr)
    if done.code is None:
        result.error = f"generate timed out after {TIMEOUT:.0f} s"
    elif not done.ok:
        result.error = first_error(done.stderr or done.stdout)
    if strict:
        strict_out = work / "strict" / PACKAGE
        argv = [*generate[:4], str(strict_out), *generate[5:], "--strict"]
        result.strict = ours("generate --strict", argv).ok
    schema_json = out / "schema.json"
    if not result.compiles:  # what our JSON Schema would be all the same
        schema_json = work / "ours.json"
        done = ours("jsonschema", ["jsonschema", str(entry), "-o", str(schema_json), *maps])
        if not done.ok:
            schema_json = Path()
    if result.compiles:
        # The import under -W error and the instances, in one interpreter.
        oracle_file = work / "tjs.json"
        oracle_file.write_text(json.dumps({"definitions": tjs.get("definitions", {})}), "utf-8")
        argv = [sys.executable, "-W", "error", "-m", "bench.generality.instances"]
        argv += [str(out.parent), PACKAGE, str(oracle_file), "--sample", str(sample)]
        argv += ["--seed", str(seed)]
        done = run(argv, timeout=INSTANCE_TIMEOUT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        result.seconds["import+instances"] = round(done.seconds, 1)
        report: dict[str, Any] = {}
        if done.ok:
            try:
                report = json.loads(done.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                report = {}
        if "import" not in report:
            why = "timed out" if done.code is None else first_error(done.stderr)
            result.imports = None
            result.error = result.error or f"import: {why}"
            if done.code is None:
                result.over_time.append("import+instances")
        else:
            result.imports = not report["import"]
            result.seconds["import"] = float(report.get("import_seconds", 0.0))
            if report["import"]:
                result.error = result.error or f"import: {report['import']}"
            elif float(report.get("import_seconds", 0)) > TIMEOUT:
                result.over_time.append("import")
            if result.imports and not result.tjs_error:
                result.instances = {
                    k: report[k] for k in ("checked", "accepted", "rejected", "skipped")
                }
    result.error = relative(result.error, tree)
    result.tracebacks = [relative(t, tree) for t in result.tracebacks]
    if result.tjs_error:
        return result
    compare(result, tjs["definitions"], schema_json, entry)
    return result
    from tests.jsonschema_normalise import normalise_document

    theirs = normalise_document({"definitions": tjs["definitions"]})
    mine = normalise_document(json.loads(schema_json.read_text("utf-8"))) if done.ok else {}
    comparison = compare_definitions(theirs, mine)
    result.definitions = comparison.counted
    result.equal = len(comparison.equal)
    result.differing = comparison.differing
    result.missing = comparison.missing
    if result.compiles and result.imports:
        oracle_file = work / "tjs.json"
        oracle_file.write_text(json.dumps({"definitions": tjs["definitions"]}), "utf-8")
        done = run(
            [
                sys.executable,
                "-m",
                "bench.generality.instances",
                str(out.parent),
                PACKAGE,
                str(oracle_file),
                "--sample",
                str(sample),
                "--seed",
                str(seed),
            ],
            timeout=INSTANCE_TIMEOUT,
        )
        result.seconds["instances"] = round(done.seconds, 1)
        if done.ok:
            result.instances = json.loads(done.stdout)
        else:
            why = "timed out" if done.code is None else first_error(done.stderr)
            result.instances = {"error": why}
    return result


def compare(
    result: Result | dict[str, Any], oracle_defs: dict[str, Any], schema: Path, entry: Path
) -> None:
    """Fill ``result``'s comparison fields from TJS's definitions and our schema file."""
    from tests.jsonschema_normalise import normalise_document

    files = relative_closure(entry)
    texts = [p.read_text("utf-8", "replace") for p in files]
    params = declared_type_parameters(texts)
    base = Path(os.path.commonpath([p.parent for p in files]))
    modules = umbrella_modules(
        (p.relative_to(base).as_posix(), t) for p, t in zip(files, texts, strict=True)
    )
    foreign = foreign_names(texts, _lib_texts())

    theirs = normalise_document({"definitions": oracle_defs})
    mine = {}
    if schema.is_file():
        mine = normalise_document(json.loads(schema.read_text("utf-8")))
    comparison = compare_definitions(theirs, mine, params, foreign, modules)
    fields = {
        "definitions": comparison.counted,
        "equal": len(comparison.equal),
        "differing": comparison.differing,
        "missing": comparison.missing,
    }
    if isinstance(result, dict):
        result.update(fields)
    else:
        for key, value in fields.items():
            setattr(result, key, value)


@functools.cache
def _lib_texts() -> tuple[str, ...]:
    """TypeScript's lib files, as typescript-json-schema's TypeScript has them."""
    nested = TJS_PACKAGE / "node_modules" / "typescript" / "lib"
    lib = nested if nested.is_dir() else TJS_PACKAGE.parent / "typescript" / "lib"
    return tuple(p.read_text("utf-8", "replace") for p in sorted(lib.glob("lib.*.d.ts")))


def recompare(stored: dict[str, Any], cache: Path) -> None:
    """The comparison again, from the cached TJS output and our schema kept in ``WORK``."""
    if stored["unusable"] or stored["tjs_error"]:
        return
    tjs_file = cache / "tjs" / f"{safe_name(stored['id'])}@tjs-{tjs_version()}.json"
    try:
        oracle_defs = json.loads(tjs_file.read_text("utf-8"))["definitions"]
    except (OSError, ValueError, KeyError):
        return
    work = WORK / safe_name(stored["id"])
    schema = work / "out" / PACKAGE / "schema.json"
    entry = cache / "trees" / safe_name(stored["id"]) / "package" / stored["entry"]
    if not entry.is_file():
        return
    compare(stored, oracle_defs, schema if stored["compiles"] else work / "ours.json", entry)


# --------------------------------------------------------------------------- main


def prefetch(typing: Typing, cache: Path) -> str:
    """Fetch the typing and run TJS on it (both cached); one line on how that went."""
    try:
        tree = lay_out(typing, cache)
        entry = entry_file(typing, tree)
    except Unusable as err:
        return f"unusable: {err}"
    tjs = oracle(typing, entry, tree, cache)
    if "error" in tjs:
        return f"TJS cannot read it: {tjs['error']}"
    return f"TJS: {len(tjs['definitions'])} definitions in {tjs.get('seconds', 0):.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.generality", description=__doc__)
    parser.add_argument("--list", type=Path, default=LIST, help="the pinned list")
    parser.add_argument("--only", action="append", default=[], help="a typing id (repeatable)")
    parser.add_argument(
        "--results",
        type=Path,
        help="the table to write (default: bench/GENERALITY.md for typings.txt; another list "
        "needs one, so that a probe list never overwrites the goals' table)",
    )
    parser.add_argument("--sample", type=int, default=6, help="definitions checked by instances")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--prefetch",
        action="store_true",
        help="only fetch the packages and run typescript-json-schema (both cached)",
    )
    parser.add_argument(
        "--table-only",
        action="store_true",
        help="compare again and rewrite the table from the stored results",
    )
    args = parser.parse_args(argv)
    try:
        typings = parse_list(args.list.read_text("utf-8"), args.list.name)
    except OSError as err:
        print(f"cannot read the list: {err}", file=sys.stderr)
        return 2
    except ListError as err:
        print(err, file=sys.stderr)
        return 2
    if args.results is None:
        if args.list.resolve() != LIST.resolve() and not args.prefetch:
            print("--results is needed with another --list than typings.txt", file=sys.stderr)
            return 2
        args.results = RESULTS
    stored = WORK / "results.json"
    results: dict[str, dict[str, Any]] = {}
    if stored.is_file():
        try:
            results = json.loads(stored.read_text("utf-8"))
        except ValueError:
            results = {}
    if not args.table_only:
        if shutil.which("node") is None or not TJS.exists():
            print(
                "typescript-json-schema is not installed: run `make e2e-node` (needs node and npm)",
                file=sys.stderr,
            )
            return 2
        chosen = [t for t in typings if not args.only or t.id in args.only]
        unknown = set(args.only) - {t.id for t in typings}
        if unknown:
            print(f"not in the list: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        cache = cache_dir()
        strict = strict_supported()
        compiler = compiler_commit()
        WORK.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        for index, typing in enumerate(chosen, 1):
            print(f"[{index}/{len(chosen)}] {typing.id}", file=sys.stderr, flush=True)
            if args.prefetch:
                print(f"    {prefetch(typing, cache)}", file=sys.stderr, flush=True)
                continue
            one = sweep_one(typing, cache, strict, args.sample, args.seed)
            one.compiler = compiler
            print(f"    {_summary(one)}", file=sys.stderr, flush=True)
            results[typing.id] = asdict(one)
            stored.write_text(json.dumps(results, indent=1), "utf-8")
        print(f"swept {len(chosen)} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.prefetch:
        return 0
    if args.table_only:
        for stored_result in results.values():
            recompare(stored_result, cache_dir())
        if results:
            stored.write_text(json.dumps(results, indent=1), "utf-8")
    ordered = [results[t.id] for t in typings if t.id in results]
    write_table(
        ordered,
        args.results,
        tjs_version(),
        missing=[t.id for t in typings if t.id not in results],
        listed=args.list.name,
    )
    print(f"wrote {args.results}", file=sys.stderr)
    return 0


def _summary(result: Result) -> str:
    if result.unusable:
        return f"unusable: {result.unusable}"
    bits = [
        "compiles" if result.compiles else "refused",
        f"strict={result.strict}",
        f"warnings={result.warnings}",
        f"import={result.imports}",
        f"equal={result.equal}/{result.definitions}",
    ]
    if result.tjs_error:
        bits.append(f"TJS: {result.tjs_error[:80]}")
    if result.error:
        bits.append(f"error: {result.error[:120]}")
    return " ".join(bits)


if __name__ == "__main__":
    sys.exit(main())
