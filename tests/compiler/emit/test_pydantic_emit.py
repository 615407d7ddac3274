"""Behaviour of the generated Pydantic models: compile a TS snippet, import it, use it."""

from __future__ import annotations

import importlib.util
import itertools
import json
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Union

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from codegen.build.format import format_python
from codegen.build.pipeline import load_schema
from codegen.emit.jsonschema import emit_jsonschema
from codegen.emit.python.pydantic.models import emit_models
from codegen.errors import Diagnostics, SchemaError

ROOT = Path(__file__).resolve().parents[3]
_counter = itertools.count()


def generate_models(paths: list[Path], diagnostics: Diagnostics | None = None) -> str:
    """The formatted models module for schema files."""
    schema = load_schema(paths, diagnostics)
    return format_python("models.py", emit_models(schema, diagnostics)["models.py"])


# The static wire plumbing every generated models module imports (``from ._wire ...``).
WIRE = (ROOT / "codegen" / "runtime" / "_wire.py").read_text("utf-8")


def models_package(source: str, directory: Path, name: str | None = None) -> Path:
    """``source`` as the ``models.py`` of a fresh package under ``directory``, beside the
    ``_wire.py`` it imports; returns the path of ``models.py``."""
    package = directory / (name or f"_generated_models_{next(_counter)}")
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "_wire.py").write_text(WIRE)
    path = package / "models.py"
    path.write_text(source)
    return path


def import_source(source: str, directory: Path) -> ModuleType:
    """Write ``source`` as the models module of a fresh package under ``directory`` and
    import it."""
    package = models_package(source, directory).parent
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    importlib.invalidate_caches()
    # pydantic resolves forward references through sys.modules: import_module registers it.
    return importlib.import_module(f"{package.name}.models")


def compile_ts(
    tmp_path: Path, ts: str, diagnostics: Diagnostics | None = None
) -> tuple[ModuleType, str]:
    schema_file = tmp_path / "schema.ts"
    schema_file.write_text(ts)
    source = generate_models([schema_file], diagnostics)
    return import_source(source, tmp_path), source


def dump(model: BaseModel) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def test_a_default_tag_that_is_no_json_value_is_its_text(tmp_path: Path) -> None:
    # @types/retry: ``@default Infinity``. Python's JSON reader takes ``Infinity`` and
    # ``NaN``, JSON does not (nor typescript-json-schema's JSON.parse): the tag is a word,
    # no default of the model, and the JSON Schema stays JSON.
    snippet = (
        "export interface Retry {\n  /** @default Infinity */\n  maxTimeout?: number;\n"
        "  /** @default NaN */\n  jitter?: number;\n  /** @default 1000 */\n  minTimeout?: number;\n}\n"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        models, _ = compile_ts(tmp_path, snippet)
    retry = models.Retry.model_validate({"maxTimeout": 5})
    assert (retry.max_timeout, retry.jitter, retry.min_timeout) == (5, None, 1000)
    with pytest.raises(ValidationError):
        models.Retry.model_validate({"maxTimeout": "Infinity"})
    text = emit_jsonschema(load_schema([tmp_path / "schema.ts"]))["schema.json"]
    props = json.loads(text, parse_constant=_refuse)["$defs"]["Retry"]["properties"]
    assert [props[k]["default"] for k in ("maxTimeout", "jitter", "minTimeout")] == [
        "Infinity",
        "NaN",
        1000,
    ]


def _refuse(name: str) -> Any:
    raise AssertionError(f"{name} in JSON text")


# --------------------------------------------------------------------------- inheritance

INHERITANCE = """
export interface Request { method: string; params?: { [key: string]: unknown }; }
export interface CallToolRequest extends Request { method: "tools/call"; }
export interface Envelope { jsonrpc: "2.0"; id: string; error: Problem; }
export interface Problem { code: number; message: string; }
export interface Narrowed extends Omit<Envelope, "error"> { error: Problem & { code: -1 }; }
export interface Listed { tags: string[]; }
export interface ListedNarrow extends Listed { tags: "a"[]; }
"""


def test_compatible_extends_is_python_inheritance(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, INHERITANCE)
    assert issubclass(models.CallToolRequest, models.Request)
    request = models.CallToolRequest.model_validate({"method": "tools/call"})
    assert request.method == "tools/call"
    with pytest.raises(ValidationError):
        models.CallToolRequest.model_validate({"method": "tools/list"})


def test_omit_and_invariant_narrowing_are_flattened(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, INHERITANCE)
    # Omit<> cannot be inheritance: the class gets the base's fields by copy instead.
    assert not issubclass(models.Narrowed, models.Envelope)
    narrowed = models.Narrowed.model_validate(
        {"jsonrpc": "2.0", "id": "1", "error": {"code": -1, "message": "m"}}
    )
    assert isinstance(narrowed.error, models.Problem)  # ``Problem & {...}`` subclasses Problem
    with pytest.raises(ValidationError):
        models.Narrowed.model_validate(
            {"jsonrpc": "2.0", "id": "1", "error": {"code": 5, "message": "m"}}
        )
    # list[...] is invariant for mypy, so a narrower item type flattens too.
    assert not issubclass(models.ListedNarrow, models.Listed)
    with pytest.raises(ValidationError):
        models.ListedNarrow.model_validate({"tags": ["b"]})


# --------------------------------------------------------------------------- names

NAMES = """
export interface Thing {
  camelCase: string;
  _meta?: { [key: string]: unknown };
  "io.modelcontextprotocol/protocolVersion"?: string;
  $schema?: string;
  from?: number;
}
"""


def test_snake_case_attributes_validate_by_alias_and_name_and_dump_by_alias(
    tmp_path: Path,
) -> None:
    models, _ = compile_ts(tmp_path, NAMES)
    wire = {
        "camelCase": "c",
        "_meta": {"k": 1},
        "io.modelcontextprotocol/protocolVersion": "v",
        "$schema": "s",
        "from": 2,
    }
    by_alias = models.Thing.model_validate(wire)
    assert (by_alias.camel_case, by_alias.meta, by_alias.schema_, by_alias.from_) == (
        "c",
        {"k": 1},
        "s",
        2,
    )
    assert by_alias.io_modelcontextprotocol_protocol_version == "v"
    by_name = models.Thing(
        camel_case="c",
        meta={"k": 1},
        io_modelcontextprotocol_protocol_version="v",
        schema_="s",
        from_=2,
    )
    assert by_name.model_dump(mode="json") == wire  # dumps by alias without being asked
    assert dump(by_alias) == wire


# --------------------------------------------------------------------------- absent vs null

OPTIONAL = """
export interface Opt {
  plain?: string;
  nullable?: string | null;
  required: string | null;
  anything?: unknown;
}
"""


def test_absent_is_not_null(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, OPTIONAL)
    absent = models.Opt.model_validate({"required": None})
    assert absent.plain is None
    assert dump(absent) == {"required": None}
    # Absent stays absent even without exclude_unset: never a null the schema forbids.
    assert "plain" not in absent.model_dump()
    with pytest.raises(ValidationError):
        models.Opt.model_validate({"required": "r", "plain": None})
    with pytest.raises(ValidationError):
        models.Opt.model_validate({})  # required (even if nullable) must be present


def test_undefined_in_a_union_is_an_absent_member_never_null(tmp_path: Path) -> None:
    # ``undefined`` is no JSON value (JSON.stringify drops the member), and the JSON Schema
    # has ``x?: T | undefined`` optional and not nullable: the models agree. ``null`` in
    # the union still admits null. (geojson's ``bbox?: BBox | undefined``.)
    snippet = (
        "export interface U {\n  opt?: string | undefined;\n  req: number | undefined;\n"
        "  both?: string | null | undefined;\n  items?: (string | undefined)[];\n}\n"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        models, _ = compile_ts(tmp_path, snippet)
    props = json.loads(emit_jsonschema(load_schema([tmp_path / "schema.ts"]))["schema.json"])[
        "$defs"
    ]["U"]
    assert props["required"] == ["req"]
    ok = {"req": 1, "both": None, "items": ["a"]}
    assert dump(models.U.model_validate(ok)) == ok
    assert dump(models.U.model_validate({"req": 2})) == {"req": 2}
    for bad in ({"req": 1, "opt": None}, {"req": None}, {}, {"req": 1, "items": [None]}):
        with pytest.raises(ValidationError):
            models.U.model_validate(bad)


def test_a_union_of_null_and_undefined_is_null_once(tmp_path: Path) -> None:
    # ``None | None`` is a TypeError when pydantic evaluates it (octokit's empty responses).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        models, _ = compile_ts(tmp_path, "export interface A { v: null | undefined; w?: null }\n")
    assert dump(models.A.model_validate({"v": None})) == {"v": None}
    for bad in ({"v": "x"}, {}, {"v": None, "w": 1}):
        with pytest.raises(ValidationError):
            models.A.model_validate(bad)


def test_nullable_optional_keeps_an_explicit_null(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, OPTIONAL)
    data = {"required": "r", "nullable": None, "anything": None}
    assert dump(models.Opt.model_validate(data)) == data
    assert dump(models.Opt.model_validate({"required": "r"})) == {"required": "r"}


# --------------------------------------------------------------------------- extras

EXTRAS = """
export interface Open { name: string; }
export interface Scores { [key: string]: number; }
export interface Result { resultType: string; [key: string]: unknown; }
"""


def test_unknown_fields_are_kept_and_round_trip(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, EXTRAS)
    data = {"name": "n", "draftField": {"nested": [1, None]}}
    model = models.Open.model_validate(data)
    assert model.model_extra == {"draftField": {"nested": [1, None]}}
    assert dump(model) == data
    assert dump(models.Result.model_validate({"resultType": "x", "y": 1})) == {
        "resultType": "x",
        "y": 1,
    }


def test_typed_index_signature_validates_extras(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, EXTRAS)
    assert dump(models.Scores.model_validate({"a": 1, "b": 2.5})) == {"a": 1, "b": 2.5}
    with pytest.raises(ValidationError):
        models.Scores.model_validate({"a": "not a number"})


# --------------------------------------------------------------------------- unions

UNIONS = """
export interface TextContent { type: "text"; text: string; }
export interface ImageContent { type: "image"; data: string; mimeType: string; }
export type ContentBlock = TextContent | ImageContent;
export interface Holder { content: ContentBlock[]; }
export interface Small { resultType: string; }
export interface Big { resultType: string; contents: string[]; }
export type AnyResult = Small | Big;
"""


def test_literal_fields_make_discriminated_unions(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    models, source = compile_ts(tmp_path, UNIONS, diagnostics)
    assert 'discriminator="type"' in source
    holder = models.Holder.model_validate(
        {"content": [{"type": "image", "data": "AA==", "mimeType": "image/png"}]}
    )
    assert isinstance(holder.content[0], models.ImageContent)
    with pytest.raises(ValidationError) as error:
        models.Holder.model_validate({"content": [{"type": "video"}]})
    assert error.value.errors()[0]["type"] == "union_tag_invalid"


def test_indistinct_union_warns_and_keeps_the_richer_member(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    models, _ = compile_ts(tmp_path, UNIONS, diagnostics)
    messages = [str(w) for w in diagnostics.warnings]
    assert any("Small | Big" in m and "tells its members apart" in m for m in messages)
    adapter: TypeAdapter[Any] = TypeAdapter(models.AnyResult)
    big = adapter.validate_python({"resultType": "complete", "contents": ["x"]})
    assert isinstance(big, models.Big)  # not Small with ``contents`` demoted to an extra
    assert isinstance(adapter.validate_python({"resultType": "complete"}), models.Small)


ROUTED = """
export interface StringSchema { type: "string"; title?: string; default?: string; }
export interface NumberSchema { type: "number" | "integer"; minimum?: number; }
export interface EnumSchema { type: "string"; enum: string[]; enumNames?: string[]; }
export interface TitledEnumSchema { type: "string"; oneOf: { const: string; title: string }[]; }
export type ChoiceSchema = EnumSchema | TitledEnumSchema;
export type PrimitiveSchema = StringSchema | NumberSchema | ChoiceSchema;
export interface FormParams { mode?: "form"; message: string; }
export interface UrlParams { mode: "url"; message: string; elicitationId: string; }
export type Params = FormParams | UrlParams;
export interface Form { params: Params; fields: { [key: string]: PrimitiveSchema }; }
"""
_ROUTED: list[ModuleType] = []


def _routed_models() -> ModuleType:
    """Compiled once: hypothesis calls the property tests many times."""
    if not _ROUTED:
        import tempfile

        directory = Path(tempfile.mkdtemp(prefix="routed_"))
        _ROUTED.append(compile_ts(directory, ROUTED)[0])
    return _ROUTED[0]


def test_unions_without_a_distinct_literal_get_a_route(tmp_path: Path) -> None:
    diagnostics = Diagnostics()
    models, source = compile_ts(tmp_path, ROUTED, diagnostics)
    assert source.count("= _router(") == 3  # Params, ChoiceSchema, PrimitiveSchema
    # An optional literal (mode?: "form") and required keys tell Form and Url apart.
    assert not [w for w in diagnostics.warnings if "FormParams" in str(w)]
    payload = {
        "params": {"mode": "url", "message": "m", "elicitationId": "e"},
        "fields": {
            "a": {"type": "string"},
            "b": {"type": "integer", "minimum": 1},
            "c": {"type": "string", "enum": ["x"]},
            "d": {"type": "string", "oneOf": [{"const": "x", "title": "X"}]},
        },
    }
    form = models.Form.model_validate(payload)
    assert type(form.params) is models.UrlParams
    # JSON input routes alike, and dumping picks the member without serializer warnings.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert models.Form.model_validate_json(json.dumps(payload)) == form
        assert json.loads(form.model_dump_json(by_alias=True, exclude_unset=True)) == payload
    kinds = {key: type(value).__name__ for key, value in form.fields.items()}
    assert kinds == {
        "a": "StringSchema",
        "b": "NumberSchema",
        "c": "EnumSchema",
        "d": "TitledEnumSchema",
    }
    # The route reads wire names only, as validation does: an attribute name is an unknown
    # key, so the member without that key takes it as an extra field.
    params = models.Params.__value__ if hasattr(models.Params, "__value__") else models.Params
    adapter: TypeAdapter[Any] = TypeAdapter(params)
    with pytest.raises(ValidationError):
        adapter.validate_python({"mode": "url", "message": "m", "elicitation_id": "e"})
    form_params = adapter.validate_python({"message": "m", "elicitation_id": "e"})
    assert type(form_params) is models.FormParams
    assert form_params.model_extra == {"elicitation_id": "e"}


def test_routed_union_rejects_what_no_member_accepts(tmp_path: Path) -> None:
    models = _routed_models()
    adapter: TypeAdapter[Any] = TypeAdapter(models.PrimitiveSchema)
    for bad in ({"type": "strin"}, {"type": 3}, {}, {"type": "number", "minimum": "x"}, [], "s"):
        with pytest.raises(ValidationError):
            adapter.validate_python(bad)
    instance = models.EnumSchema(type="string", enum=["a"])
    assert adapter.validate_python(instance) is instance  # instances skip the route


def _smart(models: ModuleType, *names: str) -> TypeAdapter[Any]:
    """The same union in pydantic's smart mode, without the route: the reference."""
    members = tuple(getattr(models, name) for name in names)
    return TypeAdapter(Union[members])  # noqa: UP007 - built at run time


_VALUES = st.sampled_from(["string", "number", "integer", "form", "url", "x", ""]) | st.one_of(
    st.none(),
    st.integers(-2, 2),
    st.lists(st.sampled_from(["a", "b"]), max_size=2),
    st.lists(st.fixed_dictionaries({"const": st.just("a"), "title": st.just("A")}), max_size=2),
)
_KEYS = st.sampled_from(
    "type mode enum oneOf one_of enumNames title default minimum message elicitationId "
    "elicitation_id extra".split()
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=6) | _VALUES)
def test_routes_accept_and_pick_exactly_what_smart_mode_does(payload: Any) -> None:
    models = _routed_models()
    for union, names in (
        (
            models.PrimitiveSchema,
            ("StringSchema", "NumberSchema", "EnumSchema", "TitledEnumSchema"),
        ),
        (models.Params, ("FormParams", "UrlParams")),
    ):
        routed: TypeAdapter[Any] = TypeAdapter(union)
        smart = _smart(models, *names)
        try:
            expected = smart.validate_python(payload)
        except ValidationError:
            with pytest.raises(ValidationError):
                routed.validate_python(payload)
            continue
        got = routed.validate_python(payload)
        assert type(got) is type(expected)
        assert dump(got) == dump(expected)


# --------------------------------------------------------------------------- mappings

MAPPINGS = """
export const LATEST_VERSION = "2026-07-28";
export const PARSE_ERROR = -32700;
export type Level = "debug" | "info";
export type Reason = "endTurn" | "maxTokens" | string;
/** A thing with every mapping. */
export interface Everything {
  /**
   * Base64 image data.
   * @format byte
   */
  data: string;
  /** @deprecated use data */
  old?: string;
  amount: number;
  /** @TJS-type integer */
  count?: number;
  level?: Level;
  reason?: Reason;
  stop?: "endTurn" | "maxTokens" | string;
  table?: Record<string, number>;
  blob?: unknown;
  pair?: [string, number];
  /**
   * @minimum 0
   * @maximum 1
   */
  priority?: number;
  /** @maxItems 2 */
  few?: string[];
  /** @default false */
  flag?: boolean;
  version?: typeof LATEST_VERSION;
}
"""


def test_scalar_mappings(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, MAPPINGS)
    png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    data = {
        "data": png,
        "amount": 3,
        "count": 2,
        "level": "info",
        "reason": "provider-specific",
        "table": {"a": 1.5},
        "blob": [None, {"x": 1}],
        "pair": ["a", 1],
        "priority": 0.5,
        "few": ["a", "b"],
        "version": "2026-07-28",
    }
    model = models.Everything.model_validate(data)
    assert model.data == png  # base64 text is kept as sent, never decoded
    assert dump(model) == data
    assert json.dumps(dump(models.Everything.model_validate({"data": "", "amount": 3})))
    assert dump(models.Everything.model_validate({"data": "", "amount": 3}))["amount"] == 3
    assert isinstance(models.Everything.model_validate({"data": "", "amount": 3}).amount, int)
    assert models.Everything.model_validate({"data": "", "amount": 2.5}).amount == 2.5
    assert models.Everything.model_validate({"data": "", "amount": 1}).flag is False
    assert models.LATEST_VERSION == "2026-07-28" and models.PARSE_ERROR == -32700


@pytest.mark.parametrize(
    "bad",
    [
        {"count": 1.5},
        {"level": "trace"},
        {"priority": 2},
        {"priority": -1},
        {"few": ["a", "b", "c"]},
        {"pair": ["a", "b"]},
        {"version": "2025-01-01"},
        {"table": {"a": "x"}},
    ],
)
def test_constraints_reject_bad_values(tmp_path: Path, bad: dict[str, Any]) -> None:
    models, _ = compile_ts(tmp_path, MAPPINGS)
    with pytest.raises(ValidationError):
        models.Everything.model_validate({"data": "", "amount": 1, **bad})


@settings(max_examples=60, deadline=None)
@given(st.integers(-3, 3) | st.floats(-2, 2, allow_nan=False) | st.sampled_from(["1", "0.5", True]))
def test_bounds_on_numbers_keep_ints_and_check_every_member(value: Any) -> None:
    """``@minimum 0 @maximum 1`` on a number: the same values as a bounded ``int | float``."""
    models = _mappings_models()
    reference: TypeAdapter[Any] = TypeAdapter(
        Annotated[Union[int, float], Field(ge=0, le=1)],  # noqa: UP007 - the pre-change form
        config=_STRICT,
    )
    data = {"data": "", "amount": 1, "priority": value}
    try:
        expected = reference.validate_python(value)
    except ValidationError:
        with pytest.raises(ValidationError):
            models.Everything.model_validate(data)
        return
    got = models.Everything.model_validate(data).priority
    assert got == expected and type(got) is type(expected)


_MAPPINGS: list[ModuleType] = []
# The models are strict (the wire admits no coercion, no infinity): references are too.
_STRICT = ConfigDict(strict=True, allow_inf_nan=False)


def _mappings_models() -> ModuleType:
    if not _MAPPINGS:
        import tempfile

        directory = Path(tempfile.mkdtemp(prefix="mappings_"))
        _MAPPINGS.append(compile_ts(directory, MAPPINGS)[0])
    return _MAPPINGS[0]


def test_docs_and_deprecation(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, MAPPINGS)
    assert models.Everything.__doc__ == "A thing with every mapping."
    fields = models.Everything.model_fields
    assert fields["data"].description == "Base64 image data."
    assert '``"endTurn"``, ``"maxTokens"``' in (fields["stop"].description or "")
    model = models.Everything.model_validate({"data": "", "amount": 1, "old": "o"})
    with pytest.warns(DeprecationWarning):
        assert model.old == "o"


RECURSIVE = """
export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;
export type JSONObject = { [key: string]: JSONValue };
export type JSONArray = JSONValue[];
export interface Tree { label: string; children?: Tree[]; value?: JSONValue; }
"""


def test_recursive_types(tmp_path: Path) -> None:
    models, _ = compile_ts(tmp_path, RECURSIVE)
    value = {"a": [1, 2.5, None, True, {"b": "c"}]}
    adapter: TypeAdapter[Any] = TypeAdapter(models.JSONValue)
    assert adapter.validate_python(None) is None
    assert adapter.dump_python(adapter.validate_python(value), mode="json") == value
    tree = {"label": "r", "children": [{"label": "c", "value": value}]}
    assert dump(models.Tree.model_validate(tree)) == tree


KINDS = (
    RECURSIVE
    + """
export interface Answers { content: { [key: string]: string | number | boolean | string[] }; }
"""
)
_KINDED: list[ModuleType] = []


def _kinded_models() -> ModuleType:
    if not _KINDED:
        import tempfile

        directory = Path(tempfile.mkdtemp(prefix="kinds_"))
        _KINDED.append(compile_ts(directory, KINDS)[0])
    return _KINDED[0]


def test_unions_of_distinct_kinds_dispatch_on_the_type(tmp_path: Path) -> None:
    models, source = compile_ts(tmp_path, KINDS)
    assert "_kind_str_int_float_bool_list_dict = _by_kind(" in source  # JSONValue
    assert "_kind_str_int_float_bool_list = _by_kind(" in source  # Answers.content
    answers = models.Answers.model_validate({"content": {"a": ["x"], "b": 2, "c": 2.5, "d": True}})
    assert answers.content == {"a": ["x"], "b": 2, "c": 2.5, "d": True}
    assert type(answers.content["b"]) is int and type(answers.content["d"]) is bool


_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
_ODD = st.sampled_from([b"x", (1, 2), "1", 1.0, frozenset(), object()])  # not JSON kinds


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        _SCALARS | _ODD,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=8,
    )
)
def test_kind_dispatch_accepts_and_returns_what_smart_mode_does(value: Any) -> None:
    models = _kinded_models()
    smart: TypeAdapter[Any] = TypeAdapter(
        Union[str, int, float, bool, dict[str, Any], list[Any], None],  # noqa: UP007
        config=_STRICT,
    )
    # An alias is not a model: a TypeAdapter over it takes the caller's config.
    routed: TypeAdapter[Any] = TypeAdapter(models.JSONValue, config=_STRICT)
    reference: TypeAdapter[Any] = TypeAdapter(
        Union[str, int, float, bool, list[str]],  # noqa: UP007
        config=_STRICT,
    )
    answers: TypeAdapter[Any] = TypeAdapter(models.Answers)
    try:
        expected = _smart_json(smart, value)
    except ValidationError:
        with pytest.raises(ValidationError):
            routed.validate_python(value)
    else:
        got = routed.validate_python(value)
        assert got == expected and _types(got) == _types(expected)
    try:
        want = reference.validate_python(value)
    except ValidationError:
        with pytest.raises(ValidationError):
            answers.validate_python({"content": {"k": value}})
    else:
        got = answers.validate_python({"content": {"k": value}}).content["k"]
        assert got == want and _types(got) == _types(want)


def _smart_json(adapter: TypeAdapter[Any], value: Any) -> Any:
    """JSONValue validated the pre-route way: smart mode at every level."""
    result = adapter.validate_python(value)
    if isinstance(result, dict):
        return {k: _smart_json(adapter, v) for k, v in result.items()}
    if isinstance(result, list):
        return [_smart_json(adapter, v) for v in result]
    return result


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("ts", "fragment"),
    # ``@minimum lots`` is no bound: a warning, and the tag is left out (test_total_frontend).
    [("export interface A {\n  /** @minimum Infinity */\n  n: number;\n}", "no finite value")],
)
def test_bad_schemas_are_schema_errors(tmp_path: Path, ts: str, fragment: str) -> None:
    (tmp_path / "schema.ts").write_text(ts)
    with pytest.raises(SchemaError) as error:
        generate_models([tmp_path / "schema.ts"])
    assert fragment in str(error.value)
    assert "schema.ts:" in str(error.value) and ": error: " in str(error.value)


def test_schema_type_named_like_a_helper_renames_the_import(tmp_path: Path) -> None:
    ts = UNIONS + "export interface Annotated { a: string; }\nexport interface Any { x?: unknown; }"
    models, source = compile_ts(tmp_path, ts)
    assert "from typing import Annotated as _Annotated" in source
    assert "from typing import Any as _Any" in source
    assert models.Any.model_validate({"x": 1}).x == 1
    assert models.Annotated.model_validate({"a": "b"}).a == "b"
    assert isinstance(
        models.Holder.model_validate({"content": [{"type": "text", "text": "t"}]}).content[0],
        models.TextContent,
    )


# --------------------------------------------------------------------------- properties


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.text(max_size=8), st.none() | st.integers() | st.text(max_size=5)))
def test_untrusted_extra_keys_round_trip(payload: dict[str, Any]) -> None:
    models = _shared_models()
    data = {**payload, "name": "n"}
    assert dump(models.Open.model_validate(data)) == data


_SHARED: list[ModuleType] = []


def _shared_models() -> ModuleType:
    if not _SHARED:
        import tempfile

        directory = Path(tempfile.mkdtemp(prefix="models_"))
        _SHARED.append(compile_ts(directory, EXTRAS)[0])
    return _SHARED[0]


# --------------------------------------------------------------------------- output quality

_GENERATE = """
import sys
from pathlib import Path
from codegen.emit.python.pydantic.models import emit_models
from codegen.build.pipeline import load_schema
sys.stdout.write(emit_models(load_schema([Path(sys.argv[1])]))["models.py"])
"""


def test_output_is_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    schema = tmp_path / "schema.ts"
    schema.write_text(INHERITANCE + UNIONS + MAPPINGS.replace("Level", "Lvl"))
    outputs = {
        subprocess.run(
            [sys.executable, "-c", _GENERATE, str(schema)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
        ).stdout
        for seed in ("0", "1", "12345")
    }
    assert len(outputs) == 1 and next(iter(outputs))


def _mypy(path: Path) -> subprocess.CompletedProcess[str]:
    config = path.parent / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\nplugins = pydantic.mypy\n")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(config), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def _ruff(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--config",
            str(ROOT / "pyproject.toml"),
            str(path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_snippet_models_are_mypy_strict_and_ruff_clean(tmp_path: Path) -> None:
    schema = tmp_path / "schema.ts"
    schema.write_text(INHERITANCE + UNIONS + MAPPINGS + RECURSIVE + OPTIONAL + NAMES)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        path = models_package(generate_models([schema]), tmp_path, "snippet_models")
    checked = _mypy(path)
    assert checked.returncode == 0, checked.stdout
    linted = _ruff(path)
    assert linted.returncode == 0, linted.stdout
