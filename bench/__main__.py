"""``python -m bench``: run every ``bench/*_bench.py`` section, then print one table.

Sections are discovered, not listed, so a new ``*_bench.py`` with ``run(report)`` plugs
in by existing. A section whose module says ``ON_DEMAND = True`` (the load test) runs
only when named with ``--only``. Nothing a section does can crash the run. The table is
printed; ``--results PATH`` also writes it, as Markdown (``make bench-record``:
``bench/RESULTS.md``), so a plain run leaves the tree as it was.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import Report, Skip, format_table
from bench.results import results_markdown

SUFFIX = "_bench"


@dataclass(frozen=True)
class Section:
    name: str  # the module name without the suffix, e.g. "codegen"
    run: Callable[[Report], object]
    on_demand: bool = False  # runs only when named with --only


def discover(package: str = "bench", path: Iterable[str] | None = None) -> list[Section]:
    """Every ``<package>/*_bench.py`` module exposing a callable ``run``, sorted by name.

    A module that fails to import is still listed, with a ``run`` that skips with the
    import error, so a broken section is reported rather than silently dropped.
    """
    search = list(path) if path is not None else list(importlib.import_module(package).__path__)
    sections = []
    for info in sorted(pkgutil.iter_modules(search), key=lambda m: m.name):
        if not info.name.endswith(SUFFIX) or info.ispkg:
            continue
        name = info.name.removesuffix(SUFFIX)
        try:
            module = importlib.import_module(f"{package}.{info.name}")
        except Exception as exc:  # a section's own bug must not stop the others
            sections.append(Section(name, _skipper(f"import failed: {type(exc).__name__}: {exc}")))
            continue
        run = getattr(module, "run", None)
        if callable(run):
            sections.append(Section(name, run, bool(getattr(module, "ON_DEMAND", False))))
    return sections


def _skipper(reason: str) -> Callable[[Report], object]:
    def run(report: Report) -> None:
        raise Skip(reason)

    return run


def run_sections(sections: Sequence[Section], report: Report) -> None:
    for section in sections:
        report.section(section.name)
        try:
            section.run(report)
        except Skip as skip:
            report.skip(str(skip))
        except Exception as exc:  # report the crash as a skip; keep going
            report.skip(f"section crashed: {type(exc).__name__}: {exc}")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", action="append", default=[], help="run only these sections")
    parser.add_argument(
        "--rounds", type=int, default=0, help="interleaved rounds per comparison (0: each default)"
    )
    parser.add_argument(
        "--runs", type=int, default=5, help="interleaved rounds of cold generation (median)"
    )
    parser.add_argument("--peer-runs", type=int, default=3, help="timed runs of the peer (median)")
    parser.add_argument(
        "--results", type=Path, default=None, help="write the Markdown results here"
    )
    parser.add_argument(
        "--detail", action="store_true", help="per-type validation figures (slowest types)"
    )
    parser.add_argument(
        "--scale-full",
        action="store_true",
        help="the scale section up to 80k lines, with typescript-json-schema beside (minutes)",
    )
    return parser.parse_args(argv)


def main(
    argv: Sequence[str] | None = None, *, package: str = "bench", path: Iterable[str] | None = None
) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sections = discover(package, path)
    if args.only:
        sections = [s for s in sections if s.name in args.only]
    else:
        sections = [s for s in sections if not s.on_demand]
    options = {
        "runs": max(1, args.runs),
        "peer_runs": max(1, args.peer_runs),
        "detail": int(args.detail),
        "scale_full": int(args.scale_full),
    }
    if args.rounds > 0:
        options["rounds"] = args.rounds
    report = Report(options=options)
    started = time.monotonic()
    run_sections(sections, report)
    elapsed = time.monotonic() - started
    print("\n" + format_table(report.rows))
    print(f"\n{len(sections)} sections in {elapsed:.0f} s")
    target = args.results
    if target is not None:
        target.write_text(results_markdown(report, [s.name for s in sections], elapsed), "utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    # Run from anywhere: the project root must be importable for ``codegen``.
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    sys.exit(main())
