"""``codegen/emit/json_text.py``: the text of ``json.dumps(indent=2, sort_keys=True,
ensure_ascii=False)``, byte for byte, for what a JSON Schema document holds and more."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from codegen.emit import json_text
from codegen.emit.json_text import dumps_indented, loads_strict


class _Text(str):
    """A str subclass: json writes it as a string."""


def _reference(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize(
    "value",
    [
        {},
        [],
        (),
        "",
        'a"b\\c\n\t\u2028é\x00',
        0,
        -7,
        10**40,
        True,
        False,
        None,
        0.1,
        -0.0,
        1e300,
        math.nan,
        math.inf,
        -math.inf,
        {"b": [1, 2.5, {"x": None, "y": True}], "a": "é", "c": [], "d": {}},
        [[[]], [{}], {"k": [{"z": 1, "a": 2}]}],
        ("tuple", ["inside"]),
        {2: "int keys", 1: None},  # json's own rules for other keys: left to json
        {2: "é\u2028"},  # ... which keeps non-ASCII text as it is there too
        {"$defs": {"Z": {"type": "object"}, "A": {"enum": ["x", 1, None]}}},
        # one-member objects as members, written in their parent's loop (#37)
        {"p": {"type": "string"}, "q": {"k": 1}, "r": {"k": {"type": "x"}}, "s": {"k": []}},
        {"a": {'é\n"': '\u2028"\\'}, "b": {"k": _Text("sub")}, "c": {2: "int key"}},
        [{"$ref": "#/$defs/A"}, {"a": {"b": {"c": "d"}}}],
    ],
)
def test_the_text_is_json_dumps_text(value: Any) -> None:
    assert dumps_indented(value) == _reference(value)


def test_random_documents_are_json_dumps_text() -> None:
    rng = random.Random(33)

    def draw(depth: int) -> Any:
        pick = rng.randrange(9 if depth < 6 else 5)
        if pick == 0:
            return rng.choice(["", "k", "é\n", '"q"', "\\"])
        if pick == 1:
            return rng.randint(-(10**20), 10**20)
        if pick == 2:
            return rng.uniform(-1e6, 1e6)
        if pick == 3:
            return rng.choice([True, False, None])
        if pick == 4:
            return rng.choice([{}, []])
        if pick < 7:
            return {rng.choice("abcdefgh$") * rng.randint(1, 3): draw(depth + 1) for _ in range(4)}
        return [draw(depth + 1) for _ in range(rng.randrange(4))]

    for _ in range(200):
        value = draw(0)
        assert dumps_indented(value) == _reference(value)


def test_what_json_refuses_it_refuses_the_same_way() -> None:
    with pytest.raises(TypeError):
        dumps_indented({"a": object()})
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps_indented(loop)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("1e400", math.inf),
        ('"Infinity"', "Infinity"),
        ('[1, {"a": null}]', [1, {"a": None}]),
    ],
)
def test_loads_strict_reads_json(text: str, value: Any) -> None:
    assert loads_strict(text) == value


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_loads_strict_refuses_the_words_json_has_not(word: str) -> None:
    """Python's reader takes them; JSON.parse does not (``@default Infinity`` is text)."""
    assert json.loads(word) is not None
    with pytest.raises(ValueError, match=f"^{word} is no JSON value$"):
        loads_strict(word)
    with pytest.raises(ValueError, match=f"^{word} is no JSON value$"):
        loads_strict(f'{{"a": [{word}]}}')


def test_a_schema_is_written_without_json_dumps_and_each_key_escaped_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The writer's own path, not the standard library's fallback, writes an ordinary
    schema, and escapes a key it has met once (its speed, #37): the text is the same
    either way, so only this tells them apart."""
    document = {
        "definitions": {
            f"T{i}": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
            for i in range(3)
        },
        "enum": [1, "x", None],
    }
    expected = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False)
    escaped: list[str] = []

    def counting(text: str) -> str:
        escaped.append(text)
        return json.encoder.encode_basestring(text)

    def refused(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("fell back to json.dumps")

    monkeypatch.setattr(json_text, "_escape", counting)
    monkeypatch.setattr(json_text.json, "dumps", refused)
    assert json_text.dumps_indented(document) == expected
    for key in ("properties", "required"):  # in each of the three definitions
        assert escaped.count(key) == 1, key
