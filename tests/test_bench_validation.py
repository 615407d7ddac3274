"""The validation section's parties (issue #37): our generated package imports as a package,
a party that cannot run is named in the table, jsonschema-rs, memory and import probes, and
the agreement of each binding with schema.json."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bench import (
    CORPUS,
    REVISION,
    Report,
    Row,
    Skip,
    example_files,
    format_table,
    markdown_table,
    validation_bench,
)
from bench import validation_agreement as agreement
from bench import validation_memory as memory

# A generated package in miniature: its models import a sibling module relatively, as
# the compiler's own output does (`from ._wire import ...`).
PACKAGE = {
    "__init__.py": "from .models import Ping as Ping\n",
    "_wire.py": "from pydantic import BaseModel\n\nclass SchemaModel(BaseModel):\n    pass\n",
    "models.py": textwrap.dedent(
        """
        from typing import Literal

        from ._wire import SchemaModel

        class Ping(SchemaModel):
            method: Literal["ping"]
        """
    ),
}


@pytest.fixture
def generated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "ours" / "mcp_ext"
    folder.mkdir(parents=True)
    for name, text in PACKAGE.items():
        (folder / name).write_text(text)
    monkeypatch.setattr(validation_bench, "OURS_DIR", folder)
    name = f"_test_bench_ours_{id(folder)}"
    monkeypatch.setattr(validation_bench, "OURS_NAME", name, raising=False)
    monkeypatch.setattr(validation_bench, "revision_dir", lambda revision="": tmp_path)
    monkeypatch.setattr(validation_bench, "run_command", lambda *a, **k: (None, 0))
    return folder


def test_our_models_import_with_their_relative_imports(generated: Path) -> None:
    # Loaded as a lone file, models.py's `from ._wire import ...` failed and every "ours"
    # row of the section was skipped.
    models = validation_bench.our_module()
    validators = validation_bench.validators_in(models, ["Ping"], from_json=True)
    assert set(validators) == {"Ping"}
    validators["Ping"](b'{"method": "ping"}')
    with pytest.raises(ValueError):
        validators["Ping"](b'{"method": "pong"}')


def test_a_package_that_does_not_import_is_a_skip_with_its_error(generated: Path) -> None:
    (generated / "_wire.py").write_text("raise RuntimeError('half written')\n")
    with pytest.raises(Skip, match="RuntimeError: half written"):
        validation_bench.our_module()


@pytest.mark.skipif(
    not (CORPUS / REVISION / "schema.ts").is_file(),
    reason="the official MCP corpus is not here",
)
def test_the_real_package_gives_the_ours_party_every_example() -> None:
    examples = validation_bench.load_examples(validation_bench.example_files())
    names = [e.type_name for e in examples]
    models = validation_bench.attempt(validation_bench.our_module)
    assert not isinstance(models, str), models
    ours = validation_bench.party(
        Report(out=lambda line: None),
        "ours",
        examples,
        validation_bench.validators_in(models, names),
    )
    assert not isinstance(ours, str)
    assert len(ours.accepted.passed) == len(examples)


def test_a_skipped_row_says_why_in_both_tables() -> None:
    reason = "importing .bench/ours/mcp_ext failed: ImportError: no parent package"
    rows = [Row("validation", "from bytes vs mcp_types", None, "µs", skipped=reason)]
    assert f"skipped: {reason}" in format_table(rows)
    assert f"skipped: {reason}" in markdown_table(rows)
    long = [Row("v", "m", None, "µs", skipped="x" * 500)]
    assert len(format_table(long).splitlines()[-1]) < 200


def test_jsonschema_rs_checks_each_definition_of_the_schema(tmp_path: Path) -> None:
    pytest.importorskip("jsonschema_rs")
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": {
            "Ping": {
                "type": "object",
                "properties": {"method": {"const": "ping"}, "n": {"$ref": "#/$defs/N"}},
                "required": ["method"],
            },
            "N": {"type": "integer", "minimum": 0},
        },
    }
    path = tmp_path / "schema.json"
    path.write_text(json.dumps(schema))
    validators = validation_bench.jsonschema_rs_validators(path, ["Ping", "Absent"])
    assert set(validators) == {"Ping"}
    validators["Ping"]({"method": "ping", "n": 3})
    for bad in ({"method": "pong"}, {"method": "ping", "n": -1}, {}):
        with pytest.raises(ValueError):
            validators["Ping"](bad)


def test_without_jsonschema_rs_the_row_is_skipped_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "jsonschema_rs", None)  # makes the import fail
    with pytest.raises(Skip, match="jsonschema-rs is not installed"):
        validation_bench.jsonschema_rs_validators(tmp_path / "schema.json", ["Ping"])


def test_the_import_probe_measures_a_fresh_import_of_the_named_package(tmp_path: Path) -> None:
    package = tmp_path / "probe_pkg_xyz"
    package.mkdir()
    (package / "__init__.py").write_text("BLOB = bytearray(8 * 1024 * 1024)\n")
    result = memory.child(["--import-module", "probe_pkg_xyz", "--path", str(tmp_path)])
    assert memory.number(result["rss_growth_kib"]) >= 7 * 1024
    assert memory.number(result["cpu_s"]) >= 0


def test_the_import_probe_refuses_a_package_found_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(Skip, match="not the package in"):
        memory.child(["--import-module", "json", "--path", str(tmp_path / "elsewhere")])


def test_memory_rows_report_each_party_or_why_not(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_child(args: list[str]) -> dict[str, Any]:
        if "mcp_types" in args:
            raise Skip("mcp_types is not installed")
        return {"rss_growth_kib": 2048, "validators": 3, "accepted": 5}

    monkeypatch.setattr(memory, "child", fake_child)
    report = Report(out=lambda line: None)
    memory.run_memory(report, runs=2)
    by_metric = {r.metric: r for r in report.rows}
    assert len(by_metric) == len(memory.party_builders())
    mcp = next(r for m, r in by_metric.items() if "mcp_types" in m)
    assert mcp.value is None and mcp.skipped == "mcp_types is not installed"
    assert all(r.value == 2.0 and r.unit == "MiB" for r in report.rows if r is not mcp)


def value(type_name: str, data: object) -> agreement.Value:
    return agreement.Value(type_name, f"{type_name} {data!r}", data, json.dumps(data).encode())


def test_judge_counts_each_kind_of_disagreement_with_the_schema() -> None:
    def schema_ping(data: Any) -> None:
        if data.get("method") != "ping":
            raise ValueError("wrong method")

    def lax_ping(raw: bytes) -> None:  # accepts a message without its method constant
        if json.loads(raw).get("method", "ping") != "ping":
            raise ValueError("wrong method")

    def strict_ping(raw: bytes) -> None:
        schema_ping(json.loads(raw))

    values = [
        value("Ping", {"method": "ping"}),
        value("Ping", {}),
        value("Ping", {"method": "pong"}),
        value("Pong", {"x": 1}),
        value("Unknown", {}),  # no definition in the schema: not judged
    ]
    schema = {"Ping": schema_ping, "Pong": lambda data: None}
    lax = agreement.judge(values, schema, {"Ping": lax_ping})
    assert lax.accepted_refused == ["Ping {}"]
    assert lax.refused_accepted == []
    assert lax.undecodable == ["Pong {'x': 1}"]
    strict = agreement.judge(values, schema, {"Ping": strict_ping, "Pong": lambda raw: None})
    assert strict.disagreements == 0 and not strict.undecodable


def test_vector_values_reads_accepted_and_rejected_values_of_the_named_types(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.json").write_text(
        json.dumps({"definitions": {"Ping": {"file": "Ping.json"}, "Pong": {"file": "Pong.json"}}})
    )
    vectors = {"accept": [{"value": {"method": "ping"}, "why": "the smallest value"}]}
    vectors["reject"] = [{"value": {}, "why": "missing required member 'method' at the top"}]
    (tmp_path / "Ping.json").write_text(json.dumps(vectors))
    values = agreement.vector_values(tmp_path, ["Ping"])
    assert [(v.type_name, v.data, v.raw) for v in values] == [
        ("Ping", {"method": "ping"}, b'{"method": "ping"}'),
        ("Ping", {}, b"{}"),
    ]
    assert "missing required member" in values[1].label


def test_agreement_rows_count_wrong_verdicts_and_undecodable_values_per_binding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def schema_ping(data: Any) -> None:
        if data.get("method") != "ping":
            raise ValueError("wrong method")

    def lax(raw: bytes) -> None:
        pass

    monkeypatch.setattr(agreement, "generate_vectors", lambda: tmp_path)
    monkeypatch.setattr(agreement, "vector_values", lambda folder, names: [value("Ping", {})])
    monkeypatch.setattr(agreement, "schema_checks", lambda *a: ("oracle", {"Ping": schema_ping}))
    monkeypatch.setattr(
        agreement,
        "bindings",
        lambda *a: {"peer": {}, "ours, lax": {"Ping": lax}, "ours, gone": "no package"},
    )
    report = Report(out=lambda line: None)
    agreement.run_agreement(report, [value("Ping", {"method": "ping"})], tmp_path)
    rows = {r.metric: r for r in report.rows}
    assert rows["verdicts unlike schema.json's, peer (of 2)"].value == 0
    assert rows["values of a type it cannot decode, peer (of 2)"].value == 2
    lax_row = rows["verdicts unlike schema.json's, ours, lax (of 2)"]
    assert lax_row.value == 1 and lax_row.met is False
    assert rows["values of a type it cannot decode, ours, lax (of 2)"].met is True
    gone = [r for r in report.rows if "gone" in r.metric]
    assert len(gone) == 2 and all(r.skipped == "no package" and r.met is None for r in gone)


def test_hand_written_structs_decode_the_examples_and_are_strict() -> None:
    import msgspec

    from bench import handwritten_msgspec as hand

    try:
        files = example_files()
    except Skip as skip:
        pytest.skip(str(skip))
    decoded = []
    for path in files:
        decoder = hand.decoder(path.parent.name)
        assert decoder is not None, path.parent.name
        try:
            decoder.decode(path.read_bytes())
        except msgspec.ValidationError:
            continue
        decoded.append(path)
    assert len(decoded) == len(files)
    call = json.loads(next((files[0].parent.parent / "CallToolRequest").glob("*.json")).read_text())
    text = {"type": "text", "text": "hi"}
    rejected = [
        ("CallToolRequest", {k: v for k, v in call.items() if k != "method"}),  # no tag
        ("CallToolRequest", {**call, "method": "tools/list"}),
        ("CallToolRequest", {**call, "id": None}),
        ("TextContent", {"text": "hi"}),
        ("TextContent", {**text, "annotations": {"priority": 2}}),  # Meta(le=1)
        ("TextContent", {**text, "text": 1}),  # no coercion
        ("BlobResourceContents", {"uri": "a:b"}),  # neither text nor blob
    ]
    for name, value in rejected:
        decoder = hand.decoder(name)
        assert decoder is not None
        with pytest.raises(msgspec.ValidationError):
            decoder.decode(json.dumps(value))
    assert hand.decoder("NoSuchType") is None
