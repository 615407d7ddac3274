"""``Model.model_validate_json`` of a generated model given something that is neither
text nor bytes (an int, None, a dict...) fails as pydantic's own does: one
``ValidationError`` of type ``json_type``, never an ``AttributeError``."""

from __future__ import annotations

import inspect
from typing import Any

import mcp_ext.models
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp_ext.models import SchemaModel, ServerVariant
from pydantic import BaseModel, ValidationError

MODELS = sorted(
    (
        m
        for _, m in inspect.getmembers(mcp_ext.models, inspect.isclass)
        if issubclass(m, SchemaModel) and m is not SchemaModel
    ),
    key=lambda m: m.__name__,
)

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.complex_numbers())
NOT_TEXT = st.one_of(
    _SCALARS,
    st.lists(_SCALARS | st.text(max_size=3), max_size=3),
    st.tuples(st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), _SCALARS | st.text(max_size=3), max_size=3),
    st.frozensets(st.integers(), max_size=3),
    st.binary(max_size=8).map(memoryview),
    st.just(object()),
    st.just(ServerVariant(id="v", description="d")),
)


class _Plain(BaseModel):
    """A plain pydantic model: the behaviour to match."""


def _errors(raised: ValidationError) -> list[Any]:
    return [{k: v for k, v in e.items() if k != "url"} for e in raised.errors()]


@pytest.mark.parametrize("given_", [3, None, {"id": "v", "description": "d"}, [], 1.5])
def test_a_non_text_input_is_a_json_type_validation_error(given_: object) -> None:
    with pytest.raises(ValidationError) as raised:
        ServerVariant.model_validate_json(given_)  # type: ignore[arg-type]
    assert raised.value.title == "ServerVariant"
    assert _errors(raised.value) == [
        {
            "type": "json_type",
            "loc": (),
            "msg": "JSON input should be string, bytes or bytearray",
            "input": given_,
        }
    ]


@given(model=st.sampled_from(MODELS), given_=NOT_TEXT)
def test_any_non_text_input_fails_as_in_pydantic(model: type[SchemaModel], given_: object) -> None:
    with pytest.raises(ValidationError) as ours:
        model.model_validate_json(given_)  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as plain:
        _Plain.model_validate_json(given_)  # type: ignore[arg-type]
    assert ours.value.title == model.__name__
    assert _errors(ours.value) == _errors(plain.value)
    with pytest.raises(ValidationError) as with_options:
        model.model_validate_json(given_, strict=True)  # type: ignore[arg-type]
    assert _errors(with_options.value) == _errors(plain.value)
