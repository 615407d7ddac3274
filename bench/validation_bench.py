"""Validation throughput over the official examples: ours vs mcp_types vs fastjsonschema.

Every example ``examples/<Type>/*.json`` is parsed once up front; what is timed is only
validating the already-parsed object with the validator for ``<Type>``: a model's
``model_validate`` (a ``TypeAdapter`` for names that are aliases rather than classes),
or fastjsonschema compiled from ``$defs/<Type>`` of the official ``schema.json``.
Comparisons run over the messages both sides have a validator for and accept.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from bench import (
    GENERATE_TIMEOUT,
    REVISION,
    ROOT,
    SCRATCH,
    Goal,
    Report,
    Skip,
    example_files,
    generate_command,
    revision_dir,
    run_command,
)

Validator = Callable[[Any], object]
T = TypeVar("T")
NOT_TYPES = (ModuleType, str, bytes, int, float, bool, dict, list, tuple, set, frozenset)

GOAL_US = Goal("at_most", 5.0, "µs")
GOAL_VS_MCP_TYPES = Goal("ratio_at_least", 1.6)
GOAL_VS_FASTJSONSCHEMA = Goal("ratio_at_least", 3.0)
OURS_DIR = SCRATCH / "ours" / "mcp_ext"
MCP_TYPES_MODULES = ("mcp_types._v2026_07_28", "mcp_types")
TIME_BUDGET_NS = 1_200_000_000  # per measurement, split over the parties and repeats
DETAIL_BUDGET_NS = 30_000_000  # per type with --detail: indicative only
REPEATS = 15  # many short rounds: the best one is the least disturbed by other load


@dataclass(frozen=True)
class Example:
    type_name: str
    path: Path
    data: Any

    @property
    def label(self) -> str:
        return f"{self.type_name}/{self.path.name}"


def load_examples(files: Iterable[Path]) -> list[Example]:
    return [Example(f.parent.name, f, json.loads(f.read_text("utf-8"))) for f in files]


# -- finding validators --------------------------------------------------------------------


def load_module_from_file(path: Path, name: str) -> ModuleType:
    """Import one generated file under a private name, leaving the real packages alone."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise Skip(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # pydantic resolves forward references through sys.modules
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise Skip(f"importing {path} failed: {type(exc).__name__}: {exc}") from None
    return module


def validator_for(obj: object) -> Validator | None:
    """``Model.model_validate`` for a model class; a TypeAdapter for an alias; else None."""
    from pydantic import BaseModel, TypeAdapter

    if isinstance(obj, type) and issubclass(obj, BaseModel):
        return obj.model_validate
    if obj is None or isinstance(obj, NOT_TYPES) or inspect.isroutine(obj):
        return None
    try:
        return TypeAdapter[Any](obj).validate_python  # type: ignore[arg-type]
    except Exception:  # a constant or anything else that is not a type
        return None


def validators_in(module: ModuleType, names: Iterable[str]) -> dict[str, Validator]:
    found = {}
    for name in sorted(set(names)):
        validator = validator_for(getattr(module, name, None))
        if validator is not None:
            found[name] = validator
    return found


def fastjsonschema_validators(schema_json: Path, names: Iterable[str]) -> dict[str, Validator]:
    import fastjsonschema

    document = json.loads(schema_json.read_text("utf-8"))
    defs = document.get("$defs", {})
    found: dict[str, Validator] = {}
    for name in sorted(set(names)):
        if name in defs:
            # No "$schema": fastjsonschema knows drafts 04-07 only, and $defs refs resolve
            # as plain JSON pointers.
            found[name] = fastjsonschema.compile({"$defs": defs, "$ref": f"#/$defs/{name}"})
    return found


# -- conformance and timing ----------------------------------------------------------------


@dataclass
class Conformance:
    passed: list[Example] = field(default_factory=list)
    failed: list[tuple[Example, str]] = field(default_factory=list)
    missing: list[Example] = field(default_factory=list)

    def summary(self, total: int) -> str:
        text = f"{len(self.passed)}/{total} examples pass"
        if self.missing:
            names = sorted({e.type_name for e in self.missing})
            text += f"; no validator for {len(self.missing)} ({', '.join(names)})"
        if self.failed:
            text += f"; {len(self.failed)} rejected"
        return text


def check(examples: Sequence[Example], validators: Mapping[str, Validator]) -> Conformance:
    result = Conformance()
    for example in examples:
        validate = validators.get(example.type_name)
        if validate is None:
            result.missing.append(example)
            continue
        try:
            validate(example.data)
        except Exception as exc:
            first = " ".join(str(exc).splitlines()[:3])
            result.failed.append((example, first[:200]))
        else:
            result.passed.append(example)
    return result


def report_conformance(report: Report, who: str, result: Conformance, total: int) -> None:
    report.note(f"{who}: {result.summary(total)}")
    for example, error in result.failed:
        report.note(f"  rejected {example.label}: {error}")


Pairs = Sequence[tuple[Validator, Any]]


def per_message_us(parties: Sequence[Pairs], budget_ns: int = TIME_BUDGET_NS) -> list[float]:
    """Mean µs to validate one message, per party; the best of `REPEATS` rounds each.

    The parties are timed in turn within every round, so a load spike from the rest of
    the machine lands on all of them alike; the best round is the least disturbed one.
    """

    def one_pass(pairs: Pairs, rounds: int = 1) -> int:
        start = time.perf_counter_ns()
        for _ in range(rounds):
            for validate, data in pairs:
                validate(data)
        return time.perf_counter_ns() - start

    for pairs in parties:
        one_pass(pairs)  # warm-up: lazy schema builds and caches stay out of the figures
    share = budget_ns // (REPEATS * max(1, len(parties)))
    rounds = [max(1, share // max(1, one_pass(pairs))) for pairs in parties]
    samples: list[list[int]] = [[] for _ in parties]
    for _ in range(REPEATS):
        for pairs, count, party_samples in zip(parties, rounds, samples, strict=True):
            party_samples.append(one_pass(pairs, count))
    return [
        min(party_samples) / (count * len(pairs)) / 1000
        for pairs, count, party_samples in zip(parties, rounds, samples, strict=True)
    ]


def pairs_for(examples: Sequence[Example], validators: Mapping[str, Validator]) -> Pairs:
    return [(validators[e.type_name], e.data) for e in examples]


def common(a: Conformance, b: Conformance) -> list[Example]:
    accepted = {id(e) for e in b.passed}
    return [e for e in a.passed if id(e) in accepted]


# -- the three parties ---------------------------------------------------------------------


def our_validators(names: Iterable[str]) -> dict[str, Validator]:
    """Generate our package from the corpus schema into .bench/ and import its models.

    Generation runs in a bounded subprocess so an unfinished compiler cannot hang the bench.
    """
    schema_ts = revision_dir(REVISION) / "schema.ts"
    run_command(
        generate_command(schema_ts, OURS_DIR),
        cwd=ROOT,
        timeout=GENERATE_TIMEOUT,
        what="our compiler",
    )
    models = OURS_DIR / "models.py"
    if not models.is_file():
        raise Skip(f"the compiler wrote no {models.relative_to(ROOT)}")
    return validators_in(load_module_from_file(models, "_bench_ours_models"), names)


def mcp_types_validators(names: Iterable[str]) -> tuple[str, dict[str, Validator]]:
    for module_name in MCP_TYPES_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        return module_name, validators_in(module, names)
    raise Skip("mcp_types is not installed")


def attempt(what: Callable[[], T]) -> T | str:
    """The result, or the `Skip` reason as a string."""
    try:
        return what()
    except Skip as skip:
        return str(skip)


METRICS = (
    ("validate, ours", "µs", GOAL_US),
    ("validate vs mcp_types", "µs", GOAL_VS_MCP_TYPES),
    ("validate vs fastjsonschema", "µs", GOAL_VS_FASTJSONSCHEMA),
)


def run(report: Report) -> None:
    try:
        examples = load_examples(example_files(REVISION))
    except Skip as skip:  # keep the goal rows in the table, marked skipped
        report.skip(str(skip), METRICS)
        return
    names = [e.type_name for e in examples]
    total = len(examples)
    report.note(f"{total} examples of {len(set(names))} types from {REVISION}; parsed up front")

    ours = attempt(lambda: our_validators(names))
    mcp = attempt(lambda: mcp_types_validators(names))
    fjs = attempt(lambda: fastjsonschema_validators(revision_dir() / "schema.json", names))

    our_check = None
    if not isinstance(ours, str):
        our_check = check(examples, ours)
        report_conformance(report, "ours", our_check, total)
        if our_check.passed:
            (us,) = per_message_us([pairs_for(our_check.passed, ours)])
            report.row(f"validate, ours ({len(our_check.passed)} msgs)", us, "µs", goal=GOAL_US)
    if our_check is None or not our_check.passed:
        reason = ours if isinstance(ours, str) else "no example passed our models"
        report.skip(reason, [("validate, ours", "µs", GOAL_US)])

    if isinstance(mcp, str):
        report.skip(mcp, [("validate vs mcp_types", "µs", GOAL_VS_MCP_TYPES)])
    else:
        module_name, validators = mcp
        compare(
            report,
            f"mcp_types ({module_name})",
            "mcp_types",
            examples,
            our_check,
            ours,
            validators,
            GOAL_VS_MCP_TYPES,
        )

    if isinstance(fjs, str):
        report.skip(fjs, [("validate vs fastjsonschema", "µs", GOAL_VS_FASTJSONSCHEMA)])
    else:
        compare(
            report,
            "fastjsonschema (official schema.json)",
            "fastjsonschema",
            examples,
            our_check,
            ours,
            fjs,
            GOAL_VS_FASTJSONSCHEMA,
        )


def compare(
    report: Report,
    who: str,
    short: str,
    examples: Sequence[Example],
    our_check: Conformance | None,
    ours: Mapping[str, Validator] | str,
    theirs: Mapping[str, Validator],
    goal: Goal,
) -> None:
    their_check = check(examples, theirs)
    report_conformance(report, who, their_check, len(examples))
    if our_check is None or isinstance(ours, str):
        if their_check.passed:
            (peer,) = per_message_us([pairs_for(their_check.passed, theirs)])
            reason = ours if isinstance(ours, str) else "our models are missing"
            report.row(
                f"validate vs {short} ({len(their_check.passed)} msgs)",
                None,
                "µs",
                peer=peer,
                goal=goal,
                skipped=reason,
            )
        return
    shared = common(our_check, their_check)
    if not shared:
        report.skip(f"no example both accept ({short})", [(f"validate vs {short}", "µs", goal)])
        return
    ours_us, peer_us = per_message_us([pairs_for(shared, ours), pairs_for(shared, theirs)])
    report.row(
        f"validate vs {short} ({len(shared)} common msgs)", ours_us, "µs", peer=peer_us, goal=goal
    )
    if report.option("detail", 0):
        report_slowest_types(report, short, shared, ours, theirs)


def report_slowest_types(
    report: Report,
    short: str,
    shared: Sequence[Example],
    ours: Mapping[str, Validator],
    theirs: Mapping[str, Validator],
    top: int = 8,
) -> None:
    """Where we lose most against the other side: a pointer for whoever tunes the models."""
    by_type: dict[str, list[Example]] = {}
    for example in shared:
        by_type.setdefault(example.type_name, []).append(example)
    budget = DETAIL_BUDGET_NS
    figures = []
    for name, group in sorted(by_type.items()):
        mine, other = per_message_us([pairs_for(group, ours), pairs_for(group, theirs)], budget)
        figures.append((other / mine, name, mine, other))
    report.note(f"types where ours is slowest relative to {short} (ratio, ours, theirs):")
    for ratio, name, mine, other in sorted(figures)[:top]:
        report.note(f"  {name}: {ratio:.2f}×  {mine:.2f} µs vs {other:.2f} µs")
