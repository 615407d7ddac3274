"""``negotiation._wire``: protocol objects read by their wire names, models and mappings
alike (pinned from its mutation run)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from negotiation._wire import as_mapping, wire_dump, wire_get


class Sample(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    list_changed: bool | None = Field(None, alias="listChanged")
    plain: int | None = None


def test_as_mapping_dumps_models_by_wire_name_without_absent_fields() -> None:
    model = Sample.model_validate({"listChanged": True, "x-extra": {"a": 1}})
    assert as_mapping(model) == {"listChanged": True, "x-extra": {"a": 1}}  # no "plain": None
    assert as_mapping({"k": None}) == {"k": None}  # a mapping is returned as it is
    assert as_mapping([("k", 1)]) is None and as_mapping(None) is None


def test_wire_get_reads_aliases_attributes_and_extra_fields() -> None:
    model = Sample.model_validate({"listChanged": False, "plain": 3, "x-extra": "kept"})
    assert wire_get(model, "listChanged") is False
    assert wire_get(model, "plain") == 3
    assert wire_get(model, "x-extra") == "kept"  # an unknown wire field, kept as extra
    assert wire_get(model, "missing") is None
    assert wire_get(Sample(), "x-extra") is None  # no extra fields at all
    assert wire_get({"listChanged": 1}, "listChanged") == 1
    assert wire_get(["listChanged"], "listChanged") is None


def test_wire_get_reads_any_mapping_not_only_dicts() -> None:
    from types import MappingProxyType

    frozen = MappingProxyType({"a": 1, "listChanged": True})
    assert wire_get(frozen, "a") == 1
    assert wire_get(frozen, "listChanged") is True
    assert wire_get(frozen, "b") is None
    assert wire_get(None, "a") is None
    assert wire_get(["a"], "a") is None  # not an object


class Holder(BaseModel):
    model_config = ConfigDict(extra="allow")

    inner: Sample | None = None
    items: list[Sample] | None = None
    by_key: dict[str, Sample] | None = None
    free: dict[str, object] | None = None


def test_wire_dump_keeps_nulls_of_undeclared_members_at_every_depth() -> None:
    # The SDK's 2026-07-28 ``_meta`` is a model like these: its entries are extra members.
    nested = Sample.model_validate({"x": None, "listChanged": None})
    holder = Holder.model_validate(
        {
            "top": None,
            "inner": nested,
            "items": [Sample.model_validate({"y": None}), Sample()],
            "by_key": {"k": Sample.model_validate({"z": None, "plain": 1})},
            "free": {"a": None, "b": {"c": None}},
            "deep": {"d": None},
        }
    )
    assert wire_dump(holder) == {
        "top": None,
        "inner": {"x": None},  # a declared field at None is absent
        "items": [{"y": None}, {}],
        "by_key": {"k": {"z": None, "plain": 1}},
        "free": {"a": None, "b": {"c": None}},
        "deep": {"d": None},
    }
    assert as_mapping(holder) == wire_dump(holder)
    # An extra member holding a model keeps that model's nulls too.
    assert wire_dump(Holder.model_validate({"m": nested})) == {"m": {"x": None}}


def test_wire_dump_of_a_generated_model_omits_what_was_never_set() -> None:
    from mcp_ext.models import CallToolResult, Resource

    assert wire_dump(CallToolResult(content=[])) == {"content": []}
    chosen = CallToolResult.model_validate({"content": [], "structuredContent": None})
    assert wire_dump(chosen) == {"content": [], "structuredContent": None}
    resource = Resource.model_validate({"uri": "a://b", "name": "n", "_meta": {"x": None}})
    assert wire_dump(resource) == {"uri": "a://b", "name": "n", "_meta": {"x": None}}
    assert wire_dump(Resource(uri="a://b", name="n", title=None)) == {"uri": "a://b", "name": "n"}
    assert wire_dump(Resource(uri="a://b", name="n", size=3), mode="json")["size"] == 3
