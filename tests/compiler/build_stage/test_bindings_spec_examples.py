"""The spec examples through the generated bindings of the project's ``schema/``.

Every JSON example the specs show that our types cover validates, round-trips and passes
the invariants (or, for the few the table marks invalid, is rejected); hand-made invalid
versions are rejected with the documented error."""

from __future__ import annotations

import copy
import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import ValidationError

from codegen.build.pipeline import schema_files
from tests.compiler.emit.test_methods import build_package
from tests.conftest import ROOT, require_specs
from tests.spec_examples import COVERED, Coverage, SpecExample, covered_instances


class Bindings:
    def __init__(self, pkg: ModuleType) -> None:
        self.models = importlib.import_module(f"{pkg.__name__}.models")
        self.methods = importlib.import_module(f"{pkg.__name__}.methods")
        self.validators = importlib.import_module(f"{pkg.__name__}.validators")


@pytest.fixture(scope="module")
def gen(tmp_path_factory: pytest.TempPathFactory) -> Bindings:
    return Bindings(build_package(tmp_path_factory.mktemp("spec"), schema_files(ROOT / "schema")))


def _instances() -> list[Any]:
    specs = Path(__file__).resolve().parents[3].parent / "shared" / "specs"
    if not specs.is_dir():
        return [
            pytest.param(
                None, None, None, marks=pytest.mark.skip(reason=f"specs not found at {specs}")
            )
        ]
    return [
        pytest.param(ex, cov, value, id=f"{ex.spec}:{ex.line}:{cov.type_name}")
        for ex, cov, value in covered_instances(specs)
    ]


def dump(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def errors(gen: Bindings, model: Any) -> list[Any]:
    return [f for f in gen.validators.check(model) if f.severity == "error"]


def method_of_result(gen: Bindings, type_name: str) -> str | None:
    found = [
        m
        for m, spec in gen.methods.METHODS.items()
        if spec.result is getattr(gen.models, type_name)
    ]
    return found[0] if len(found) == 1 else None


@pytest.mark.parametrize(("example", "coverage", "value"), _instances())
def test_spec_example(gen: Bindings, example: SpecExample, coverage: Coverage, value: Any) -> None:
    model_type = getattr(gen.models, coverage.type_name)
    if not coverage.valid:
        try:
            model = model_type.model_validate(value)
        except ValidationError:
            return
        assert errors(gen, model), f"{example}: expected a rejection ({coverage.note})"
        return
    model = model_type.model_validate(value)
    assert dump(model) == value
    assert errors(gen, model) == []
    document = example.parse()
    if coverage.pointer == "" and "method" in document:
        parsed = gen.validators.parse_message(document)
        assert isinstance(
            parsed, gen.validators.ParsedRequest | gen.validators.ParsedNotification
        ), parsed
        assert dump(parsed.message) == document
    if coverage.pointer == "/result":
        method = method_of_result(gen, coverage.type_name)
        if method is not None:
            parsed = gen.validators.parse_message(document, method=method)
            assert isinstance(parsed, gen.validators.ParsedResponse), parsed
            assert isinstance(parsed.result, model_type)
            assert dump(parsed.result) == value


def test_every_covered_example_is_exercised() -> None:
    require_specs()
    assert len(_instances()) == sum(len(c) for c in COVERED.values())


# --------------------------------------------------------------------------- hand-made invalid versions


VARIANTS = {
    "availableVariants": [
        {"id": "claude-optimized", "description": "for Claude", "status": "stable"},
        {
            "id": "legacy",
            "description": "old",
            "status": "deprecated",
            "deprecationInfo": {
                "message": "use compact",
                "replacement": "compact",
                "removalDate": "2026-06-30",
            },
        },
    ],
    "moreVariantsAvailable": False,
}

CONTENTS = {
    "contents": [
        {
            "uri": "file:///docs/report.pdf",
            "name": "Report",
            "mimeType": "application/pdf",
            "blob": "JVBERi0xLjQK",
        },
        {
            "uri": "file:///docs/report.pdf",
            "name": "Report",
            "mimeType": "text/plain",
            "text": "Extracted",
        },
    ]
}


def variants(edit: Any) -> dict[str, Any]:
    data = copy.deepcopy(VARIANTS)
    edit(data["availableVariants"])
    return data


def test_valid_baselines(gen: Bindings) -> None:
    for type_name, value in (
        ("ServerVariantsServerSettings", VARIANTS),
        ("ReadResourceResult", CONTENTS),
    ):
        model = getattr(gen.models, type_name).model_validate(value)
        assert gen.validators.check(model) == [] and dump(model) == value


def test_duplicate_variant_ids(gen: Bindings) -> None:
    data = variants(lambda vs: vs[1].update(id="claude-optimized"))
    (finding,) = gen.validators.check(gen.models.ServerVariantsServerSettings.model_validate(data))
    assert (finding.severity, finding.loc, finding.rule) == (
        "error",
        ("availableVariants", 1, "id"),
        "unique",
    )


def test_wrong_status_literal(gen: Bindings) -> None:
    with pytest.raises(ValidationError) as info:
        gen.models.ServerVariantsServerSettings.model_validate(
            variants(lambda vs: vs[0].update(status="beta"))
        )
    assert [e["loc"] for e in info.value.errors()] == [("availableVariants", 0, "status")]


def test_deprecation_info_on_a_stable_variant(gen: Bindings) -> None:
    for status in ("stable", None):

        def edit(vs: list[dict[str, Any]], status: str | None = status) -> None:
            vs[1].pop("status")
            if status:
                vs[1]["status"] = status

        model = gen.models.ServerVariantsServerSettings.model_validate(variants(edit))
        (finding,) = gen.validators.check(model)
        assert (finding.loc, finding.rule) == (
            ("availableVariants", 1, "deprecationInfo"),
            "only_when",
        )


@pytest.mark.parametrize("date", ["2026-06-31", "next year", "2026/06/30", "20260630"])
def test_bad_removal_date(gen: Bindings, date: str) -> None:
    data = variants(lambda vs: vs[1]["deprecationInfo"].update(removalDate=date))
    (finding,) = gen.validators.check(gen.models.ServerVariantsServerSettings.model_validate(data))
    assert (finding.loc, finding.rule) == (
        ("availableVariants", 1, "deprecationInfo", "removalDate"),
        "date",
    )


def test_missing_uri(gen: Bindings) -> None:
    data = copy.deepcopy(CONTENTS)
    del data["contents"][1]["uri"]
    with pytest.raises(ValidationError) as info:
        gen.models.ReadResourceResult.model_validate(data)
    assert all(e["loc"][:2] == ("contents", 1) for e in info.value.errors())
    response = {"jsonrpc": "2.0", "id": 2, "result": data}
    failure = gen.validators.parse_message(response, method="resources/read")
    assert isinstance(failure, gen.validators.ParseFailure) and failure.response() is None
    assert any(item["loc"][:3] == ["result", "contents", 1] for item in failure.error["data"])


def test_multi_format_contents_with_different_uris(gen: Bindings) -> None:
    data = copy.deepcopy(CONTENTS)
    data["contents"][1]["uri"] = "file:///docs/other.txt"
    findings = gen.validators.check(gen.models.ReadResourceResult.model_validate(data))
    assert [(f.loc, f.rule) for f in findings] == [(("contents", 1, "uri"), "same")]
    failure = gen.validators.parse_message(
        {"jsonrpc": "2.0", "id": 2, "result": data}, method="resources/read"
    )
    assert failure.error["code"] == -32602
    assert failure.error["data"][0]["loc"] == ["result", "contents", 1, "uri"]


def test_repeated_mime_type_is_a_warning(gen: Bindings) -> None:
    data = copy.deepcopy(CONTENTS)
    data["contents"][1]["mimeType"] = "application/pdf"
    (finding,) = gen.validators.check(gen.models.ReadResourceResult.model_validate(data))
    assert (finding.severity, finding.loc) == ("warning", ("contents", 1, "mimeType"))
    parsed = gen.validators.parse_message(
        {"jsonrpc": "2.0", "id": 2, "result": data}, method="resources/read"
    )
    assert isinstance(parsed, gen.validators.ParsedResponse) and len(parsed.warnings) == 1


def test_malformed_feature_tags_only_warn(gen: Bindings) -> None:
    settings = gen.models.ContentNegotiationSettings.model_validate(
        {"version": "1.0", "features": ["agent", "format=\n", "!interactive", "=json"]}
    )
    findings = gen.validators.check(settings)
    assert [(f.severity, f.loc) for f in findings] == [
        ("warning", ("features", 1)),
        ("warning", ("features", 3)),
    ]


def test_structured_content_against_output_schema(gen: Bindings) -> None:
    result = gen.models.CallToolResult.model_validate(
        {"content": [{"type": "text", "text": "21C"}], "structuredContent": {"temperature": "21"}}
    )
    schema = {
        "type": "object",
        "properties": {"temperature": {"type": "number"}},
        "required": ["temperature"],
    }
    (finding,) = gen.validators.check_call_tool_result(result, schema)
    assert finding.loc == ("structuredContent", "temperature")
    assert gen.validators.check_call_tool_result(result, None) == []


def test_resources_metadata_request(gen: Bindings) -> None:
    message = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "resources/metadata",
        "params": {"uri": "file:///a"},
    }
    parsed = gen.validators.parse_message(message)
    assert isinstance(parsed, gen.validators.ParsedRequest)
    assert parsed.spec.result is gen.models.ReadResourceMetadataResult
    bad = gen.validators.parse_message({**message, "params": {}})
    assert bad.error["data"][0]["loc"] == ["params", "uri"]
