"""The wire entry points of ``mcp_ext`` are strict; its constructors are Python.

Wire: ``parse_message``, ``Model.model_validate_json`` and ``Model.model_validate``.
Python: ``Model(...)``, which takes snake_case names and ``None`` as "absent".
"""

from __future__ import annotations

import json
from typing import Any

import mcp_ext
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp_ext import (
    INVALID_PARAMS,
    PARSE_ERROR,
    PaginatedRequestParams,
    ParseFailure,
    ServerVariant,
    decode_wire_json,
    parse_message,
)
from pydantic import ValidationError

VARIANT = {"id": "v", "description": "d", "status": "deprecated"}


def _request(params: dict[str, Any]) -> bytes:
    return json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": params}
    ).encode()


@pytest.mark.parametrize(
    ("field", "bait"),
    [
        ("description", 5),  # a number is no string
        ("description", True),
        ("status", None),  # optional, not nullable: absent is fine, null is not
        ("hints", {"useCase": 5}),
        ("hints", {"useCase": True}),
    ],
)
def test_no_coercion_on_the_wire(field: str, bait: object) -> None:
    data = {**VARIANT, field: bait}
    with pytest.raises(ValidationError):
        ServerVariant.model_validate(data)
    with pytest.raises(ValidationError):
        ServerVariant.model_validate_json(json.dumps(data))


@pytest.mark.parametrize("bait", ["5", 5.0, True, None])
def test_numbers_are_numbers(bait: object) -> None:
    """``Error.code`` is a number: a string or a boolean is not one (``5.0`` is)."""
    data = {"code": bait, "message": "m"}
    if isinstance(bait, float):
        assert mcp_ext.Error.model_validate(data).code == 5.0
    else:
        with pytest.raises(ValidationError):
            mcp_ext.Error.model_validate(data)


def test_snake_case_keys_are_unknown_fields_on_the_wire() -> None:
    info = {"message": "gone"}
    wire = ServerVariant.model_validate_json(json.dumps({**VARIANT, "deprecation_info": info}))
    assert wire.deprecation_info is None
    assert wire.model_extra == {"deprecation_info": info}  # kept, not lost
    assert wire.model_dump(exclude_unset=True) == {**VARIANT, "deprecation_info": info}
    camel = ServerVariant.model_validate({**VARIANT, "deprecationInfo": info})
    assert camel.deprecation_info is not None and camel.deprecation_info.message == "gone"


@pytest.mark.parametrize(
    "text",
    [
        '{"id": "v", "description": "d", "x": NaN}',
        '{"id": "v", "description": "d", "x": [Infinity]}',
        '{"id": "v", "description": "d", "x": -Infinity}',
        '{"id": "v", "description": "d", "x": 1e400}',
        '{"id": "v", "description": "d", "x": "\\ud800"}',
        '{"id": "v", "description": "d", "\\udc00": 1}',
        '{"id": "v", "description": "d"} trailing',
    ],
)
def test_only_rfc_8259_json_is_parsed(text: str) -> None:
    with pytest.raises(ValueError):
        decode_wire_json(text)
    with pytest.raises(ValidationError) as raised:
        ServerVariant.model_validate_json(text)
    assert raised.value.errors()[0]["type"] == "json_invalid"
    failure = parse_message(text.replace('"id": "v"', '"jsonrpc": "2.0", "id": 1, "method": "x"'))
    assert isinstance(failure, ParseFailure) and failure.code == PARSE_ERROR


def test_rfc_8259_numbers_and_strings_that_are_fine() -> None:
    assert decode_wire_json(b'[1e308, -0, 1E2, 10000000000000000000000, "\\ud83d\\ude00"]') == [
        1e308,
        0,
        100.0,
        10**22,
        "\U0001f600",
    ]


def test_parse_message_rejects_coercion_and_snake_case() -> None:
    assert not isinstance(parse_message(_request({"cursor": "c"})), ParseFailure)
    for params in ({"cursor": 5}, {"cursor": None}, {"_meta": {"progressToken": True}}):
        failure = parse_message(_request(params))
        assert isinstance(failure, ParseFailure) and failure.code == INVALID_PARAMS, params


def test_constructors_take_snake_case_names_and_none_as_absent() -> None:
    variant = ServerVariant(
        id="v", description="d", status="deprecated", deprecation_info={"message": "gone"}
    )
    assert variant.model_dump()["deprecationInfo"] == {"message": "gone"}
    assert PaginatedRequestParams(cursor=None).model_dump() == {}
    assert PaginatedRequestParams(cursor=None).model_fields_set == set()
    assert PaginatedRequestParams(cursor="c").model_dump() == {"cursor": "c"}
    with pytest.raises(ValidationError):  # still strict about types
        PaginatedRequestParams(cursor=5)  # type: ignore[arg-type]


_OVERFLOWING = ["2e308", "1E+999", "-1e0400", "1" + "0" * 400 + ".5", "1" + "0" * 210 + "e99"]
_FINE = ["1e308", "1e-400", "1" + "0" * 400, "1" + "0" * 199 + ".5e99", "0." + "0" * 300 + "1"]


@pytest.mark.parametrize("number", _OVERFLOWING)
@pytest.mark.parametrize("kind", [str, bytes, bytearray])
def test_a_number_that_overflows_a_double_is_refused_from_text_and_bytes(
    number: str, kind: type
) -> None:
    text = f'{{"a": [{number}], "name000": "e000"}}'
    raw = text if kind is str else kind(text.encode())
    with pytest.raises(ValueError, match="out of the range of a double"):
        decode_wire_json(raw)


@pytest.mark.parametrize("number", _FINE)
@pytest.mark.parametrize("kind", [str, bytes, bytearray])
def test_numbers_that_fit_a_double_and_texts_that_look_like_overflow_are_fine(
    number: str, kind: type
) -> None:
    """Texts the quick look flags ("e000", 200 digits in a string) take the exact check."""
    text = f'{{"a": [{number}], "name000": "E+123 {"9" * 250}"}}'
    raw = text if kind is str else kind(text.encode())
    assert decode_wire_json(raw) == json.loads(text)


# --- model_validate_json's one-pass path ---------------------------------------------
# Pydantic's own JSON parsing serves texts that cannot hold a non-finite number; every
# other text takes decode_wire_json. Both must give the same answer on any input.

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
# Raw fragments pasted into otherwise valid JSON: the tokens the two parsings could read
# differently, plus ones both refuse.
_BAITS = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-2E+999",
    "1" + "0" * 320 + ".0",
    '"\\ud800"',
    '"\\ud83d\\ude00"',
    "1" + "0" * 400,
    "-0.0",
    "1e-400",
    '"NaN"',
    '"e000"',
    "[" * 3 + "]" * 3,
]


def _exact(raw: str | bytes, model: type[Any]) -> Any:
    """The reference: decode_wire_json, then the model from the decoded value."""
    return model.__pydantic_validator__.validate_python(decode_wire_json(raw))


def _outcome(call: Any) -> tuple[str, Any]:
    try:
        return "ok", call().model_dump(mode="python", by_alias=True, exclude_unset=True)
    except ValidationError as exc:
        return "error", [(e["type"], e["loc"]) for e in exc.errors()]
    except ValueError:
        return "error", [("json_invalid", ())]


@settings(max_examples=300, deadline=None)
@given(
    base=st.fixed_dictionaries({"id": st.text(max_size=4), "description": st.text(max_size=4)}),
    extra=st.dictionaries(st.sampled_from(["x", "hints", "status", "id"]), _VALUES, max_size=2),
    bait=st.one_of(st.none(), st.sampled_from(_BAITS)),
    as_bytes=st.booleans(),
)
def test_the_one_pass_path_agrees_with_decode_then_validate(
    base: dict[str, Any], extra: dict[str, Any], bait: str | None, as_bytes: bool
) -> None:
    text = json.dumps({**base, **extra})
    if bait is not None:
        text = text[:-1] + f', "bait": {bait}}}'
    raw: str | bytes = text.encode() if as_bytes else text
    fast = _outcome(lambda: ServerVariant.model_validate_json(raw))
    exact = _outcome(lambda: _exact(raw, ServerVariant))
    assert fast[0] == exact[0], (raw, fast, exact)
    if fast[0] == "ok":
        assert fast == exact
    elif exact[1] == [("json_invalid", ())]:
        assert fast[1][0][0] == "json_invalid"


@pytest.mark.parametrize("bait", ["NaN", "[Infinity]", "-2E+999", "1e400", "1", '"NaN e000"'])
@pytest.mark.parametrize("kind", [str, bytes, bytearray])
@pytest.mark.parametrize("word", ["d", "é\u2028\U0001f600", "\ud800"])
def test_the_quick_look_reads_text_beyond_ascii(bait: str, kind: type, word: str) -> None:
    """model_validate_json looks for its baits in text of any kind (multi-byte UTF-8, a
    lone surrogate in a str, invalid UTF-8 in bytes) and agrees with the exact path; a
    lone surrogate is refused with a ValidationError either way, never a TypeError."""
    text = f'{{"id": "v", "description": "{word}", "bait": {bait}}}'
    raw = text if kind is str else kind(text.encode("utf-8", "surrogatepass"))
    fast = _outcome(lambda: ServerVariant.model_validate_json(raw))
    exact = _outcome(lambda: _exact(raw, ServerVariant))
    finite = bait in ("1", '"NaN e000"') and word != "\ud800"
    assert fast[0] == exact[0] == ("ok" if finite else "error"), (raw, fast, exact)
    if word != "\ud800":  # else pydantic's own parsing may name the string (string_unicode)
        assert fast == exact or fast[1][0][0] == exact[1][0][0] == "json_invalid", (raw, fast)


def test_a_lone_surrogate_in_a_str_is_a_parse_error() -> None:
    text = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": "\ud800"}}'
    with pytest.raises(ValueError, match="lone surrogate"):
        decode_wire_json(text)
    failure = parse_message(text)  # it raised a TypeError
    assert isinstance(failure, ParseFailure) and failure.code == PARSE_ERROR
    with pytest.raises(TypeError):  # other types are the caller's mistake, as before
        decode_wire_json(5)  # type: ignore[arg-type]
