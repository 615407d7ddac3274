"""The generated validators: invariants from JSDoc tags, the JSON Schema subset behind
``@conformsTo``, and ``parse_message`` (which must never raise)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.emit.python.pydantic.validators import emit_validators
from codegen.errors import Diagnostics, SchemaError
from negotiation.features import FeatureTag, parse_tag
from tests.compiler.emit.test_methods import PRELUDE, build_from_text, load

INVARIANTS = """
export interface Item { id: string; uri: string; mimeType?: string; }

export interface Holder {
  /** @unique id */
  strict?: Item[];
  /** @unique mimeType warn */
  soft?: Item[];
  /** @same uri */
  same?: Item[];
  /** @same uri warn */
  sameSoft?: Item[];
  /** @default "stable" */
  status?: "stable" | "experimental" | "deprecated";
  /** @onlyWhen status=deprecated */
  info?: {
    message: string;
    /** @format date */
    removalDate?: string;
  };
  /** @featureTags */
  features?: string[];
}

export interface Outer { holders: Holder[]; }

export interface Tool { name: string; outputSchema?: { [key: string]: unknown }; }
export interface CallResult extends Result {
  /** @conformsTo outputSchema */
  structuredContent?: unknown;
}

export interface HoldRequestParams extends RequestParams { holder: Holder; }
export interface HoldRequest extends JSONRPCRequest { method: "hold"; params: HoldRequestParams; }
export interface HoldResult extends Result { holder?: Holder; }
"""


@pytest.fixture(scope="module")
def gen(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, ModuleType]:
    pkg = build_from_text(tmp_path_factory.mktemp("validators"), INVARIANTS)
    return (
        importlib.import_module(f"{pkg.__name__}.models"),
        importlib.import_module(f"{pkg.__name__}.validators"),
    )


def findings(
    gen: tuple[ModuleType, ModuleType], holder: dict[str, Any]
) -> list[tuple[str, tuple[Any, ...], str]]:
    models, validators = gen
    return [
        (f.severity, f.loc, f.rule) for f in validators.check(models.Holder.model_validate(holder))
    ]


def items(*specs: tuple[str, str, str | None]) -> list[dict[str, str]]:
    out = []
    for id_, uri, mime in specs:
        item = {"id": id_, "uri": uri}
        if mime is not None:
            item["mimeType"] = mime
        out.append(item)
    return out


# --------------------------------------------------------------------------- @unique / @same


def test_unique_error(gen: Any) -> None:
    assert findings(gen, {"strict": items(("a", "u", None), ("b", "u", None))}) == []
    duplicate = {"strict": items(("a", "u", None), ("b", "u", None), ("a", "v", None))}
    assert findings(gen, duplicate) == [("error", ("strict", 2, "id"), "unique")]


def test_unique_warn_skips_items_without_the_field(gen: Any) -> None:
    assert findings(gen, {"soft": items(("a", "u", None), ("b", "u", None))}) == []
    assert findings(gen, {"soft": items(("a", "u", "text/plain"), ("b", "u", "text/plain"))}) == [
        ("warning", ("soft", 1, "mimeType"), "unique")
    ]


def test_same_error_and_warning(gen: Any) -> None:
    assert findings(gen, {"same": items(("a", "u", None), ("b", "u", None))}) == []
    assert findings(gen, {"same": []}) == []
    assert findings(gen, {"same": items(("a", "u", None), ("b", "v", None))}) == [
        ("error", ("same", 1, "uri"), "same")
    ]
    assert findings(gen, {"sameSoft": items(("a", "u", None), ("b", "v", None))}) == [
        ("warning", ("sameSoft", 1, "uri"), "same")
    ]


def test_unique_message_names_the_first_occurrence(gen: Any) -> None:
    models, validators = gen
    holder = models.Holder.model_validate({"strict": items(("x", "u", None), ("x", "u", None))})
    (finding,) = validators.check(holder)
    assert finding.message == 'duplicate id "x" (also at index 0)'
    assert finding.to_error_data() == {
        "loc": ["strict", 1, "id"],
        "msg": 'duplicate id "x" (also at index 0)',
        "type": "invariant.unique",
    }


# --------------------------------------------------------------------------- @onlyWhen / @format date


def test_only_when(gen: Any) -> None:
    info = {"message": "going away"}
    assert findings(gen, {"status": "deprecated", "info": info}) == []
    assert findings(gen, {"status": "stable", "info": info}) == [("error", ("info",), "only_when")]
    # Absent status means its @default, "stable".
    assert findings(gen, {"info": info}) == [("error", ("info",), "only_when")]
    assert findings(gen, {"status": "stable"}) == []


@pytest.mark.parametrize("date", ["2026-02-28", "2024-02-29", "0001-01-01"])
def test_date_accepts_calendar_dates(gen: Any, date: str) -> None:
    holder = {"status": "deprecated", "info": {"message": "m", "removalDate": date}}
    assert findings(gen, holder) == []


@pytest.mark.parametrize(
    "date",
    [
        "2026-02-30",
        "2025-02-29",
        "20260228",
        "2026-2-1",
        "2026-02-28T00:00:00Z",
        "soon",
        "",
        "２０２６-01-01",
    ],
)
def test_date_rejects_everything_else(gen: Any, date: str) -> None:
    holder = {"status": "deprecated", "info": {"message": "m", "removalDate": date}}
    assert findings(gen, holder) == [("error", ("info", "removalDate"), "date")]


# --------------------------------------------------------------------------- @featureTags


def test_feature_tags_are_warnings_only(gen: Any) -> None:
    good = [
        "agent",
        "!interactive",
        "format=json",
        "format!=xml",
        "x-openai-format",
        "verbosity=compact",
    ]
    assert findings(gen, {"features": good}) == []
    bad = ["format=\n", "!format=json", "x-", "a b", "", "format==json"]
    assert findings(gen, {"features": good + bad}) == [
        ("warning", ("features", len(good) + i), "feature_tags") for i in range(len(bad))
    ]


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.text(max_size=20), st.from_regex(r"!?[a-z_-]{1,6}(!?=[a-z.+/:-]{0,4})?", fullmatch=True)
    )
)
def test_feature_tag_check_agrees_with_the_runtime_parser(gen: Any, tag: str) -> None:
    _, validators = gen
    # The runtime's checker: this snippet is not MCP, so its package does not export it.
    check_feature_tag = validators._validation.check_feature_tag
    assert (check_feature_tag(tag) is None) == isinstance(parse_tag(tag), FeatureTag)


# --------------------------------------------------------------------------- nesting


def test_nested_models_are_checked_with_full_locations(gen: Any) -> None:
    models, validators = gen
    outer = models.Outer.model_validate(
        {
            "holders": [
                {},
                {"strict": items(("a", "u", None), ("a", "u", None)), "features": ["a b"]},
            ]
        }
    )
    found = [(f.severity, f.loc) for f in validators.check(outer)]
    assert found == [
        ("error", ("holders", 1, "strict", 1, "id")),
        ("warning", ("holders", 1, "features", 0)),
    ]


def test_check_ignores_non_models(gen: Any) -> None:
    _, validators = gen
    assert validators.check({"strict": [{"id": "a"}, {"id": "a"}]}) == []
    assert validators.check(None) == []


# --------------------------------------------------------------------------- @conformsTo


OUTPUT_SCHEMA = {
    "type": "object",
    "properties": {
        "temperature": {"type": "number"},
        "unit": {"enum": ["C", "F"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "kind": {"const": "weather"},
        "count": {"type": "integer"},
    },
    "required": ["temperature", "unit"],
    "additionalProperties": False,
}


def conform(
    gen: Any, structured: Any, schema: Any = OUTPUT_SCHEMA
) -> list[tuple[tuple[Any, ...], str]]:
    models, validators = gen
    result = models.CallResult.model_validate({"structuredContent": structured})
    return [(f.loc, f.severity) for f in validators.check_call_result(result, schema)]


def test_conforms_to_output_schema(gen: Any) -> None:
    good = {"temperature": 21.5, "unit": "C", "tags": ["a"], "kind": "weather", "count": 3}
    assert conform(gen, good) == []
    assert conform(gen, {"temperature": 1, "unit": "C", "count": 2.0}) == []


@pytest.mark.parametrize(
    ("structured", "loc"),
    [
        ("text", ("structuredContent",)),
        ({"unit": "C"}, ("structuredContent",)),
        ({"temperature": "hot", "unit": "C"}, ("structuredContent", "temperature")),
        ({"temperature": True, "unit": "C"}, ("structuredContent", "temperature")),
        ({"temperature": 1, "unit": "K"}, ("structuredContent", "unit")),
        ({"temperature": 1, "unit": "C", "tags": ["a", 2]}, ("structuredContent", "tags", 1)),
        ({"temperature": 1, "unit": "C", "kind": "news"}, ("structuredContent", "kind")),
        ({"temperature": 1, "unit": "C", "count": 1.5}, ("structuredContent", "count")),
        ({"temperature": 1, "unit": "C", "extra": 1}, ("structuredContent", "extra")),
    ],
)
def test_conforms_to_rejections(gen: Any, structured: Any, loc: tuple[Any, ...]) -> None:
    assert conform(gen, structured) == [(loc, "error")]


def test_conforms_to_is_skipped_without_a_schema(gen: Any) -> None:
    assert conform(gen, "anything", None) == []
    assert conform(gen, {"a": 1}, True) == []
    assert conform(gen, {"a": 1}, False) == [(("structuredContent",), "error")]


def test_unsupported_keywords_are_warned_not_ignored(gen: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "pattern": "^x"}},
        "$ref": "#/x",
    }
    assert conform(gen, {"a": "y"}, schema) == [
        (("structuredContent",), "warning"),
        (("structuredContent", "a"), "warning"),
    ]
    assert conform(gen, {"a": 1}, {"type": 7}) == [(("structuredContent",), "warning")]


def test_conforms_survives_hostile_schemas(gen: Any) -> None:
    _, validators = gen
    deep: dict[str, Any] = {}
    for _ in range(5000):
        deep = {"items": deep}
    value: Any = []
    for _ in range(5000):
        value = [value]
    assert validators.conforms(value, deep)[0].severity == "error"  # too deep, reported
    assert validators.conforms({"a": 1}, {"properties": "junk", "required": "a"}) == []


# --------------------------------------------------------------------------- parse_message


def hold(holder: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "hold", "params": {"holder": holder}}


def test_parse_message_rejects_invariant_errors_with_locations(gen: Any) -> None:
    _, validators = gen
    failure = validators.parse_message(hold({"strict": items(("a", "u", None), ("a", "u", None))}))
    assert isinstance(failure, validators.ParseFailure)
    assert failure.error["code"] == -32602
    assert failure.error["data"][0]["loc"] == ["params", "holder", "strict", 1, "id"]
    assert failure.response()["id"] == 1


def test_parse_message_keeps_warnings(gen: Any) -> None:
    _, validators = gen
    parsed = validators.parse_message(json.dumps(hold({"features": ["ok", "not ok"]})).encode())
    assert isinstance(parsed, validators.ParsedRequest)
    assert parsed.method == "hold" and parsed.id == 1
    assert [w.loc for w in parsed.warnings] == [("params", "holder", "features", 1)]
    assert parsed.params.holder.features == ["ok", "not ok"]


def test_parse_message_types_responses_for_a_method(gen: Any) -> None:
    models, validators = gen
    response = {"jsonrpc": "2.0", "id": 5, "result": {"holder": {"status": "stable"}}}
    untyped = validators.parse_message(response)
    assert isinstance(untyped, validators.ParsedResponse) and untyped.result == response["result"]
    typed = validators.parse_message(response, method="hold")
    assert isinstance(typed.result, models.HoldResult)
    bad = {"jsonrpc": "2.0", "id": 5, "result": {"holder": {"status": "gone"}}}
    failure = validators.parse_message(bad, method="hold")
    assert isinstance(failure, validators.ParseFailure) and failure.response() is None
    assert failure.error["data"][0]["loc"] == ["result", "holder", "status"]
    broken = {"jsonrpc": "2.0", "id": 5, "result": {"holder": {"info": {"message": "m"}}}}
    assert validators.parse_message(broken, method="hold").error["data"][0]["loc"] == [
        "result",
        "holder",
        "info",
    ]
    error = {"jsonrpc": "2.0", "id": 5, "error": {"code": -32601, "message": "Method not found"}}
    assert validators.parse_message(error).error == error["error"]


def test_parse_message_notification_failures_are_not_answered(gen: Any) -> None:
    _, validators = gen
    failure = validators.parse_message({"jsonrpc": "2.0", "method": "nope"})
    assert isinstance(failure, validators.ParseFailure)
    assert (failure.code, failure.respond, failure.response()) == (-32601, False, None)


def test_parse_message_deep_nesting(gen: Any) -> None:
    _, validators = gen
    deep = "[" * 100_000 + "]" * 100_000
    assert validators.parse_message(deep).code == -32700
    nested: Any = "x"
    for _ in range(3000):
        nested = {"a": nested}
    failure = validators.parse_message(hold({"strict": [{"id": "a", "uri": "u", "x": nested}]}))
    assert not isinstance(failure, validators.ParseFailure) or failure.code in (-32602, -32603)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["jsonrpc", "id", "method", "params", "result", "error",
                                       "holder", "strict", "id", "uri", "features", "info",
                                       "status", "code", "message", "_meta", "x"]),
                      children, max_size=6),
    max_leaves=30,
)  # fmt: skip

MESSAGES = st.fixed_dictionaries(
    {"jsonrpc": st.sampled_from(["2.0", "1.0"]), "method": st.sampled_from(["hold", "x"])},
    optional={"id": st.one_of(st.integers(), st.text(max_size=3), st.none()), "params": JSON},
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(st.binary(max_size=64), st.text(max_size=64), JSON, MESSAGES, JSON.map(json.dumps))
)
def test_parse_message_never_raises(gen: Any, raw: Any) -> None:
    _, validators = gen
    parsed = validators.parse_message(raw)
    assert isinstance(
        parsed,
        validators.ParsedRequest
        | validators.ParsedNotification
        | validators.ParsedResponse
        | validators.ParseFailure,
    )
    if isinstance(parsed, validators.ParseFailure):
        assert parsed.code in (-32700, -32600, -32601, -32602)
        response = parsed.response()
        assert response is None or json.loads(json.dumps(response))["error"]["code"] == parsed.code


# --------------------------------------------------------------------------- bad tags


def emit(tmp_path: Path, text: str) -> str:
    return emit_validators(load(tmp_path, text), Diagnostics())["validators.py"]


BAD_TAGS = [
    ("/** @unique */ xs?: Item[];", "@unique expects"),
    ("/** @unique id id id */ xs?: Item[];", "@unique expects"),
    ("/** @unique id loud */ xs?: Item[];", "@unique expects"),
    ("/** @unique nope */ xs?: Item[];", "names 'nope'"),
    ("/** @unique id */ xs?: string;", "applies to an array"),
    ("/** @same id */ xs?: string[];", "needs object items"),
    ("/** @onlyWhen kind */ xs?: string;", "expects '<field>=<value>'"),
    ("/** @onlyWhen kind=b */ xs: string;", "optional property"),
    ("/** @onlyWhen nope=a */ xs?: string;", "not a sibling"),
    ("/** @onlyWhen kind=c */ xs?: string;", "is not one of"),
    ("/** @format date */ xs?: number;", "needs a string"),
    ("/** @featureTags */ xs?: number[];", "string[]"),
    ("/** @featureTags strict */ xs?: string[];", "no arguments"),
    ("/** @conformsTo */ xs?: unknown;", "one schema field"),
    ("/** @conformsTo nowhereSchema */ xs?: unknown;", "no type declares"),
]


@pytest.mark.parametrize(("prop", "message"), BAD_TAGS)
def test_bad_tags_are_schema_errors_at_the_property(
    tmp_path: Path, prop: str, message: str
) -> None:
    text = f"""export interface Item {{ id: string; }}
export interface Thing {{
  kind?: "a" | "b";
  {prop}
}}
"""
    with pytest.raises(SchemaError, match=re.escape(message)) as info:
        emit(tmp_path, text)
    assert info.value.span.line == PRELUDE.count("\n") + 4


def test_other_formats_and_tags_are_left_alone(tmp_path: Path) -> None:
    text = "export interface Thing { /** @format uri\n @minimum 3 */ xs?: string; }\n"
    assert '"Thing": (' not in emit(tmp_path, text)  # no rules for Thing


# Where an invariant's tag can sit: the rules walk is skipped when a scan finds no such
# tag anywhere (#37), so the scan must reach each place the walk reaches.
DEEP_PLACES = [
    "export interface Thing { deep?: [string, ...{ BAD }[]]; }",
    "export interface Thing { deep?: Record<string, { BAD }>; }",
    "export interface Thing { deep?: { [key: string]: { BAD } }; }",
    "export type Thing = { inner: ({ BAD } | string)[] };",
    "export type Thing = Item & { BAD };",
    "export type Thing = Omit<{ BAD id: string }, 'id'>;",
    "export interface Base { BAD }\nexport interface Thing extends Base { id: string; }",
]


@pytest.mark.parametrize("place", DEEP_PLACES)
def test_a_tag_anywhere_is_read(tmp_path: Path, place: str) -> None:
    text = "export interface Item { id: string; }\n" + place.replace(
        "BAD", "/** @unique */ xs?: Item[];"
    )
    with pytest.raises(SchemaError, match=re.escape("@unique expects")):
        emit(tmp_path, text)
