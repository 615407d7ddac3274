"""``bench/GENERALITY.md``: one row a typing, then the totals against the goals."""

from __future__ import annotations

import platform
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

GOALS = {"compile": 95.0, "strict": 85.0, "equal": 95.0}


def pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f} %" if whole else "—"


def category(error: str) -> str:
    """The first error's kind: its message with locations, names and numbers taken out."""
    text = re.sub(r"^\S+?:\d+:\d+: (error|warning): ", "", error.strip())
    text = re.sub(r"^(import|jsonschema): ", "", text)
    text = re.sub(r"--import-map \S+=PATH", "--import-map …=PATH", text)
    text = re.sub(r"\(at [^)]*\)", "(at …)", text)
    text = re.sub(r"^cycle: .*", "cycle: … (an alias through a declaration of the same name)", text)
    text = re.sub(r"'[^'\s]*'", "'…'", text)  # a name (not Python's apostrophe)
    text = re.sub(r'"[^"\s]*"', '"…"', text)
    text = re.sub(r"`[^`]*`", "`…`", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:110]


_CACHED = re.compile(r"/\S*?/trees/[^/\s]+/(?:package|node_modules)/")


def _cell(text: str) -> str:
    """One table cell: a path inside the cache written from the package's root."""
    return _CACHED.sub("", text).replace("|", "\\|").replace("\n", " ")


def _yes(value: bool | None) -> str:
    return "—" if value is None else ("yes" if value else "**no**")


def write_table(
    results: Sequence[dict[str, Any]],
    path: Path,
    tjs_version: str,
    missing: Sequence[str] = (),
    listed: str = "typings.txt",
) -> None:
    path.write_text(render(results, tjs_version, missing, listed), "utf-8")


def render(
    results: Sequence[dict[str, Any]],
    tjs_version: str,
    missing: Sequence[str] = (),
    listed: str = "typings.txt",
) -> str:
    """The table of ``results``; ``listed``: the list's file name in ``bench/generality``
    (``heldout.txt``, the held-out probe, is no part of the goals)."""
    swept = [r for r in results if not r["unusable"] and not r["tjs_error"]]
    excluded = [r for r in results if not r["unusable"] and r["tjs_error"]]
    unusable = [r for r in results if r["unusable"]]
    compiles = sum(r["compiles"] for r in swept)
    strict_known = [r for r in swept if r["strict"] is not None]
    strict = sum(bool(r["strict"]) for r in strict_known)
    imports = sum(bool(r["imports"]) for r in swept)
    definitions = sum(r["definitions"] for r in swept)
    equal = sum(r["equal"] for r in swept)
    tracebacks = [(r["id"], t) for r in results for t in r["tracebacks"]]
    slow = [(r["id"], s) for r in results for s in r["over_time"]]
    checked = sum(r["instances"].get("checked", 0) for r in swept)
    accepted = sum(r["instances"].get("accepted", 0) for r in swept)
    skipped = Counter[str]()
    for r in swept:
        skipped.update(r["instances"].get("skipped", {}))
    skipped.pop("no generated type of that name", None)  # not a definition of the sample
    seconds = sum(sum(r["seconds"].values()) for r in results)
    compilers = Counter(str(r.get("compiler") or "unknown") for r in results)
    tjs_seconds = sum(r["seconds"].get("tjs", 0.0) for r in results)
    unreadable = [(r["id"], k, v) for r in swept for k, v in r.get("tjs_unreadable", {}).items()]
    n = len(swept)

    def met(value: float, goal: float) -> str:
        return "met" if value >= goal else "**not met**"

    compile_pct = 100.0 * compiles / n if n else 0.0
    strict_pct = 100.0 * strict / len(strict_known) if strict_known else 0.0
    equal_pct = 100.0 * equal / definitions if definitions else 0.0
    out = [
        "# Generality: a sweep of real typings",
        "",
        "Written by `make bench-generality` (`python -m bench.generality`, see",
        "[README.md](README.md#generality-make-bench-generality)); the list and its selection rule",
        f"are in [`generality/{listed}`](generality/{listed}). Each typing is compiled",
        "unmodified (`generate`, then `generate --strict`), its package imported under",
        "`python -W error`, our `jsonschema` compared with typescript-json-schema",
        f"{tjs_version} (`--required --skipLibCheck`, a declaration at a time where it throws)",
        "definition by definition (property sets,",
        "required sets, coarse types), and up to 6 definitions a typing (seeded) checked with",
        "instances drawn from TJS's schema. Ours runs with a 60 s timeout a step.",
        "",
        "Compiler: "
        + (", ".join(f"`{c}` ({n} typings)" for c, n in compilers.most_common()) or "unknown")
        + " (the last commit that changed `codegen/` when the rows were swept).",
        "",
        "## Totals",
        "",
        f"{len(results) + len(missing)} typings listed: {n} swept, {len(excluded)} left out because",
        f"typescript-json-schema cannot read them, {len(unusable)} unusable (below).",
        "",
        "| measure | value | goal | |",
        "| --- | --- | --- | --- |",
        f"| compile unmodified | {compiles}/{n} = {pct(compiles, n)} | ≥ 95 % | {met(compile_pct, GOALS['compile'])} |",
    ]
    if strict_known:
        out.append(
            f"| compile with `--strict` | {strict}/{len(strict_known)} = {pct(strict, len(strict_known))} "
            f"| ≥ 85 % | {met(strict_pct, GOALS['strict'])} |"
        )
    else:
        out.append(
            "| compile with `--strict` | — (this compiler has no `--strict`) | ≥ 85 % | **not met** |"
        )
    out += [
        f"| import under `-W error` (of those that compile) | {imports}/{compiles} | all | "
        f"{'met' if imports == compiles else '**not met**'} |",
        f"| TJS definitions equal, whole sweep | {equal}/{definitions} = {pct(equal, definitions)} "
        f"| ≥ 95 % | {met(equal_pct, GOALS['equal'])} |",
        f"| tracebacks (ours) | {len(tracebacks)} | 0 | {'met' if not tracebacks else '**not met**'} |",
        f"| runs over 60 s | {len(slow)} | 0 | {'met' if not slow else '**not met**'} |",
        f"| instances accepted by our models (definitions) | {accepted}/{checked} | — | |",
        "",
        f"Time: the steps took {seconds / 60:.0f} min in all, ours {(seconds - tjs_seconds) / 60:.0f} min"
        f" and typescript-json-schema {tjs_seconds / 60:.0f} min (its first runs; a later sweep",
        f"reuses its cached output); machine: {platform.machine()}, Python {platform.python_version()}.",
        "",
    ]
    if unreadable:
        out.append(
            f"typescript-json-schema cannot read {len(unreadable)} declarations of"
            f" {len({t for t, _, _ in unreadable})} swept typings (listed at the end): they are"
            " not counted, the typing's other declarations are."
        )
        out.append("")
    if skipped:
        out.append(
            "Definitions not checked with instances: "
            + ", ".join(f"{why} ({count})" for why, count in skipped.most_common())
            + "."
        )
        out.append("")
    categories = Counter(category(r["error"]) for r in swept if r["error"])
    if categories:
        out += ["## First errors by kind", "", "| count | kind | typings |", "| --- | --- | --- |"]
        for kind, count in categories.most_common():
            who = [r["id"] for r in swept if r["error"] and category(r["error"]) == kind]
            shown = ", ".join(who[:3]) + (f", … ({len(who) - 3} more)" if len(who) > 3 else "")
            out.append(f"| {count} | {_cell(kind)} | {_cell(shown)} |")
        out.append("")
    out += [
        "## Each typing",
        "",
        "| typing | compiles | `--strict` | warnings | import | TJS definitions equal | instances | s | first error |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in swept:
        inst = r["instances"]
        if "error" in inst:
            shown = f"error: {inst['error']}"
        elif inst:
            shown = f"{inst.get('accepted', 0)}/{inst.get('checked', 0)}"
        else:
            shown = "—"
        ours = sum(v for k, v in r["seconds"].items() if k != "tjs")
        error = r["error"]
        if r["tracebacks"]:
            error = "TRACEBACK " + r["tracebacks"][0]
        elif r["over_time"]:
            error = f"over 60 s: {', '.join(r['over_time'])}"
        out.append(
            f"| {_cell(r['id'])} | {_yes(r['compiles'])} | {_yes(r['strict'])} | {r['warnings']} "
            f"| {_yes(r['imports'])} | {r['equal']}/{r['definitions']} ({pct(r['equal'], r['definitions'])}) "
            f"| {shown} | {ours:.0f} | {_cell(error)} |"
        )
    out.append("")
    if excluded:
        out += [
            "## Left out: typescript-json-schema cannot read them",
            "",
            "Our results on these are not counted in the totals above.",
            "",
            "| typing | TJS's error | ours compiles | our first error |",
            "| --- | --- | --- | --- |",
        ]
        for r in excluded:
            out.append(
                f"| {_cell(r['id'])} | {_cell(r['tjs_error'])} | {_yes(r['compiles'])} | {_cell(r['error'])} |"
            )
        out.append("")
    if unusable or missing:
        out += ["## Not swept", ""]
        out += [f"- {r['id']}: {r['unusable']}" for r in unusable]
        out += [f"- {m}: no result stored (not run yet)" for m in missing]
        out.append("")
    differing = [(r["id"], k, v) for r in swept for k, v in sorted(r["differing"].items())]
    rejected = [
        (r["id"], k, v)
        for r in swept
        for k, v in sorted(r["instances"].get("rejected", {}).items())
    ]
    if rejected:
        out += ["## Instances TJS's schema accepts and our models reject", ""]
        out += [f"- {t} `{k}`: {_cell(str(v['error']))[:200]}" for t, k, v in rejected]
        out.append("")
    if differing:
        out += [
            "## Definitions that differ (first 200)",
            "",
            "Of typings that compile or whose `jsonschema` runs; missing definitions are counted",
            "as differing and not listed here.",
            "",
        ]
        out += [f"- {t} `{k}`: {_cell(v)}" for t, k, v in differing[:200]]
        out.append("")
    if unreadable:
        out += ["## Declarations typescript-json-schema cannot read", ""]
        out += [f"- {t} `{k}`: {_cell(v)[:160]}" for t, k, v in unreadable]
        out.append("")
    return "\n".join(out)
