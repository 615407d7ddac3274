"""Do the msgspec bindings mean what ``schema.json`` means? (issue #37's note on peers)

Over the official examples and the near-misses of our test vectors (``generate
--test-vectors``, for the example types), each value is judged by the official
``schema.json`` (jsonschema-rs, else fastjsonschema) and decoded from bytes by each binding:
datamodel-codegen's msgspec Structs, our msgspec target and our pydantic target. Counted per
binding: values it accepts that the schema refuses, values it refuses that the schema
accepts, and values of a type it has no decoder for (msgspec cannot build a decoder for a
union of untagged Structs). Ours must agree on every value it can decode, and decode every
type.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import GENERATE_TIMEOUT, REVISION, ROOT, SCRATCH, Goal, Report, Skip, run_command

VECTORS_DIR = SCRATCH / "vectors"
GOAL_AGREE = Goal("at_most", 0, "values")
SHOWN = 5  # disagreements named in the notes, per binding and kind

Check = Callable[[Any], object]  # raises when the value is refused
Decode = Callable[[bytes], object]


@dataclass(frozen=True)
class Value:
    type_name: str
    label: str
    data: Any
    raw: bytes


@dataclass
class Verdicts:
    """One binding's disagreements with the schema, by kind."""

    accepted_refused: list[str] = field(default_factory=list)  # it accepts, schema refuses
    refused_accepted: list[str] = field(default_factory=list)  # it refuses, schema accepts
    undecodable: list[str] = field(default_factory=list)  # no decoder for the value's type

    @property
    def disagreements(self) -> int:
        return len(self.accepted_refused) + len(self.refused_accepted)


def vector_values(folder: Path, names: Iterable[str]) -> list[Value]:
    """Every vector (accepted and near-miss) of the definitions named ``names``."""
    index = json.loads((folder / "index.json").read_text("utf-8"))
    wanted = set(names)
    values = []
    for key, entry in sorted(index["definitions"].items()):
        if key not in wanted:
            continue
        vectors = json.loads((folder / entry["file"]).read_text("utf-8"))
        for verdict in ("accept", "reject"):
            for number, vector in enumerate(vectors[verdict]):
                raw = json.dumps(vector["value"]).encode()
                label = f"{key} {verdict}[{number}] ({vector['why']})"
                values.append(Value(key, label, vector["value"], raw))
    return values


def generate_vectors() -> Path:
    """Our test vectors of the corpus schema, written into .bench/vectors (with our package)."""
    from bench import generate_command, revision_dir
    from bench.validation_bench import OURS_DIR

    schema_ts = revision_dir(REVISION) / "schema.ts"
    run_command(
        [*generate_command(schema_ts, OURS_DIR), "--test-vectors", str(VECTORS_DIR)],
        cwd=ROOT,
        timeout=GENERATE_TIMEOUT,
        what="our compiler (--test-vectors)",
    )
    return VECTORS_DIR


def accepts(check: Check, data: object) -> bool:
    try:
        check(data)
    except Exception:
        return False
    return True


def judge(
    values: Sequence[Value], schema: Mapping[str, Check], decoders: Mapping[str, Decode]
) -> Verdicts:
    verdicts = Verdicts()
    for value in values:
        oracle = schema.get(value.type_name)
        if oracle is None:
            continue  # the official schema has no such definition: nothing to agree with
        decode = decoders.get(value.type_name)
        if decode is None:
            verdicts.undecodable.append(value.label)
            continue
        expected = accepts(oracle, value.data)
        if accepts(decode, value.raw) != expected:
            kind = verdicts.refused_accepted if expected else verdicts.accepted_refused
            kind.append(value.label)
    return verdicts


def schema_checks(schema_json: Path, names: Sequence[str]) -> tuple[str, Mapping[str, Check]]:
    from bench import validation_bench as vb

    try:
        return "jsonschema-rs", vb.jsonschema_rs_validators(schema_json, names)
    except Skip:
        return "fastjsonschema", vb.fastjsonschema_validators(schema_json, names)


def bindings(names: Sequence[str], schema_json: Path) -> dict[str, Mapping[str, Decode] | str]:
    from bench import validation_bench as vb

    def datamodel_codegen() -> Mapping[str, Decode]:
        return vb.msgspec_validators(vb.msgspec_module(schema_json), names, from_json=True)

    def pydantic_target() -> Mapping[str, Decode]:
        return vb.validators_in(vb.import_ours(), names, from_json=True)

    return {
        "datamodel-codegen msgspec": vb.attempt(datamodel_codegen),
        "ours, msgspec target": vb.attempt(lambda: vb.our_msgspec_decoders(names)),
        "ours, pydantic target": vb.attempt(pydantic_target),
    }


def metrics(binding: str) -> list[tuple[str, str, Goal | None]]:
    goal = GOAL_AGREE if binding.startswith("ours") else None
    return [
        (f"verdicts unlike schema.json's, {binding}", "values", goal),
        (f"values of a type it cannot decode, {binding}", "values", goal),
    ]


def run_agreement(report: Report, examples: Sequence[Value], schema_json: Path) -> None:
    """One row per binding: values on which it and ``schema.json`` disagree."""
    names = sorted({e.type_name for e in examples})
    try:
        vectors = vector_values(generate_vectors(), names)
        oracle, schema = schema_checks(schema_json, names)
    except Skip as skip:
        for binding in (
            "datamodel-codegen msgspec",
            "ours, msgspec target",
            "ours, pydantic target",
        ):
            report.skip(str(skip), metrics(binding))
        return
    values = [*examples, *vectors]
    report.note(
        f"agreement: {len(examples)} examples + {len(vectors)} vectors of our"
        f" --test-vectors for the example types, judged by schema.json through {oracle}"
    )
    for binding, decoders in bindings(names, schema_json).items():
        if isinstance(decoders, str):
            report.skip(decoders, metrics(binding))
            continue
        verdicts = judge(values, schema, decoders)
        counts = (verdicts.disagreements, len(verdicts.undecodable))
        for (name, unit, goal), count in zip(metrics(binding), counts, strict=True):
            report.row(f"{name} (of {len(values)})", count, unit, goal=goal)
        on_examples = judge(examples, schema, decoders)
        report.note(
            f"{binding}: accepts {len(verdicts.accepted_refused)} the schema refuses,"
            f" refuses {len(verdicts.refused_accepted)} it accepts,"
            f" no decoder for {len(verdicts.undecodable)} values; of the"
            f" {len(examples)} examples: no decoder for {len(on_examples.undecodable)},"
            f" {on_examples.disagreements} judged otherwise"
        )
        for what, labels in (
            ("accepts, schema refuses", verdicts.accepted_refused),
            ("refuses, schema accepts", verdicts.refused_accepted),
        ):
            for label in labels[:SHOWN]:
                report.note(f"  {what}: {label}")
