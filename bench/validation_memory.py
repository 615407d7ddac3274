"""Memory of the validation section's parties, and import cost of the MCP package per target.

Each figure comes from a fresh child interpreter (``python -m bench.validation_memory``), so
no party pays for what another one imported:

* **peak memory of a party**: the growth of the child's resident set, from its peak
  (``VmHWM``) over its size (``VmRSS``) once the examples are read and before anything of
  the party is imported, while it imports its library, builds its validator for every
  example type and decodes every example once from bytes. RSS, not ``tracemalloc``:
  pydantic-core, msgspec and jsonschema-rs allocate outside Python's allocator, which
  ``tracemalloc`` does not see.
* **import of the MCP package, per target**: ``import <package>`` from a bare interpreter,
  the child's CPU time for it and its RSS growth (its runtime library included: pydantic,
  msgspec), the median over several runs after one that primes the ``.pyc`` files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from bench import ROOT, Report, Skip, Stats, example_files, python, revision_dir, run_command

CHILD_TIMEOUT = 120.0
MEMORY_RUNS = 3
IMPORT_RUNS = 5
KIB_PER_MIB = 1024.0


def proc_status_kib(field: str) -> int:
    """A ``/proc/self/status`` figure in KiB (Linux); 0 where there is none."""
    try:
        text = Path("/proc/self/status").read_text("ascii")
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return 0


# -- in the child ---------------------------------------------------------------------------


def party_builders() -> Mapping[
    str, Callable[[Sequence[str]], Mapping[str, Callable[[bytes], object]]]
]:
    """Each party's validators from bytes, by the names the section gives them."""
    from bench import validation_bench as vb

    schema_json = revision_dir() / "schema.json"

    def pydantic_of(module: object, names: Sequence[str]) -> Mapping[str, vb.Validator]:
        return vb.validators_in(module, names, from_json=True)  # type: ignore[arg-type]

    def mcp_types(names: Sequence[str]) -> Mapping[str, vb.Validator]:
        return pydantic_of(vb.mcp_types_module()[1], names)

    def datamodel_codegen_msgspec(names: Sequence[str]) -> Mapping[str, vb.Validator]:
        return vb.msgspec_validators(vb.msgspec_module(schema_json), names, from_json=True)

    return {
        "ours (pydantic target)": lambda names: pydantic_of(vb.import_ours(), names),
        "ours (msgspec target)": vb.our_msgspec_decoders,
        "mcp_types": mcp_types,
        "json.loads + fastjsonschema": lambda names: vb.from_bytes(
            vb.fastjsonschema_validators(schema_json, names)
        ),
        "json.loads + jsonschema-rs": lambda names: vb.from_bytes(
            vb.jsonschema_rs_validators(schema_json, names)
        ),
        "msgspec (datamodel-codegen Structs)": datamodel_codegen_msgspec,
    }


def measure_party(name: str) -> dict[str, object]:
    from bench import validation_bench as vb

    examples = vb.load_examples(example_files())
    names = sorted({e.type_name for e in examples})
    base = proc_status_kib("VmRSS")
    validators = party_builders()[name](names)
    accepted = 0
    for example in examples:
        validate = validators.get(example.type_name)
        if validate is None:
            continue
        try:
            validate(example.raw)
        except Exception:  # a refusal is counted by the section; here only memory matters
            continue
        accepted += 1
    return {
        "rss_growth_kib": proc_status_kib("VmHWM") - base,
        "validators": len(validators),
        "accepted": accepted,
    }


def measure_import(folder: str, module: str) -> dict[str, object]:
    if folder:
        sys.path.insert(0, folder)
    base = proc_status_kib("VmRSS")
    cpu = time.process_time()
    __import__(module)
    where = getattr(sys.modules[module], "__file__", None) or ""
    if folder and not Path(where).resolve().is_relative_to(Path(folder).resolve()):
        raise Skip(f"`import {module}` found {where}, not the package in {folder}")
    return {
        "cpu_s": time.process_time() - cpu,
        "rss_growth_kib": proc_status_kib("VmRSS") - base,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.validation_memory")
    parser.add_argument("--party", default="")
    parser.add_argument("--import-module", default="")
    parser.add_argument("--path", default="")
    args = parser.parse_args(argv)
    try:
        if args.party:
            result = measure_party(args.party)
        else:
            result = measure_import(args.path, args.import_module)
    except Skip as skip:
        result = {"skip": str(skip)}
    print(json.dumps(result))
    return 0


# -- in the bench -----------------------------------------------------------------------------


def child(args: Iterable[str]) -> dict[str, object]:
    done, _ = run_command(
        [python(), "-m", "bench.validation_memory", *args],
        cwd=ROOT,
        timeout=CHILD_TIMEOUT,
        what="the memory probe",
    )
    lines = done.stdout.strip().splitlines()
    result = json.loads(lines[-1]) if lines else {"skip": "the memory probe printed nothing"}
    if not isinstance(result, dict):
        raise Skip(f"the memory probe printed {lines[-1]!r}")
    if "skip" in result:
        raise Skip(str(result["skip"]))
    return result


def number(value: object) -> float:
    if not isinstance(value, int | float):
        raise Skip(f"the memory probe printed {value!r}, not a number")
    return float(value)


def run_memory(report: Report, runs: int = MEMORY_RUNS) -> None:
    """One row per party: its peak RSS growth in MiB, the median over ``runs`` children."""
    for name in party_builders():
        metric = f"peak memory, {name} (RSS growth: import, build, decode all)"
        try:
            results = [child(["--party", name]) for _ in range(runs)]
        except Skip as skip:
            report.skip(str(skip), [(metric, "MiB", None)])
            continue
        growth = Stats.of(number(r["rss_growth_kib"]) / KIB_PER_MIB for r in results)
        report.row(metric, growth.median, "MiB", stats=growth)
        report.note(
            f"{name}: {results[0]['validators']} validators, {results[0]['accepted']}"
            " examples accepted in the memory probe"
        )


def import_targets() -> list[tuple[str, str, str]]:
    """(label, sys.path entry, module) for each MCP package whose import is measured."""
    from bench import validation_bench as vb

    found = [
        ("pydantic target (mcp_ext)", str(vb.OURS_DIR.parent), vb.OURS_DIR.name),
        ("msgspec target (mcp_msgspec)", str(vb.OURS_MSGSPEC_DIR.parent), vb.OURS_MSGSPEC_DIR.name),
    ]
    return [*found, ("mcp_types (the SDK's pydantic models)", "", vb.MCP_TYPES_MODULES[0])]


def run_imports(report: Report, runs: int = IMPORT_RUNS) -> None:
    """Import CPU time and RSS growth of the MCP package per target, fresh child each run."""
    for label, folder, module in import_targets():
        rows = [(f"import, {label}", "ms"), (f"imported memory, {label}", "MiB")]
        if folder and not (Path(folder) / module / "__init__.py").is_file():
            report.skip(f"{module} was not generated", [(m, u, None) for m, u in rows])
            continue
        args = ["--import-module", module, "--path", folder]
        try:
            child(args)  # primes the .pyc files; not counted
            results = [child(args) for _ in range(runs)]
        except Skip as skip:
            report.skip(str(skip), [(m, u, None) for m, u in rows])
            continue
        cpu = Stats.of(number(r["cpu_s"]) * 1e3 for r in results)
        memory = Stats.of(number(r["rss_growth_kib"]) / KIB_PER_MIB for r in results)
        report.row(rows[0][0], cpu.median, "ms", stats=cpu)
        report.row(rows[1][0], memory.median, "MiB", stats=memory)
    report.note(
        "import: CPU time of `import <package>` in a fresh interpreter (its runtime library"
        f" included), median of {runs} runs after one that primes .pyc; memory: RSS growth"
    )


if __name__ == "__main__":
    sys.exit(main())
