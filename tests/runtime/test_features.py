"""Feature tags: the grammar, feature sets, contradictions, predicates and caching."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from negotiation import features
from negotiation.features import (
    FeatureSet,
    FeatureTag,
    InvalidTag,
    client_features,
    features_from_capabilities,
    parse_features,
    parse_tag,
)
from negotiation.predicates import PredicateError, compile_predicate


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    features.clear_cache()


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("agent", FeatureTag("presence", "agent")),
        ("mcp-capable", FeatureTag("presence", "mcp-capable")),
        ("!interactive", FeatureTag("negation", "interactive")),
        ("format=json", FeatureTag("equality", "format", "json")),
        ("verbosity=compact", FeatureTag("equality", "verbosity", "compact")),
        ("format!=xml", FeatureTag("inequality", "format", "xml")),
        ("x-openai-format", FeatureTag("presence", "x-openai-format")),
        ("x-acme_mode=fast", FeatureTag("equality", "x-acme_mode", "fast")),
    ],
)
def test_the_four_forms_and_vendor_tags_parse(tag: str, expected: FeatureTag) -> None:
    parsed = parse_tag(tag)
    assert parsed == expected
    assert str(parsed) == tag


def test_vendor_tags_are_flagged() -> None:
    assert FeatureTag("presence", "x-openai-format").is_vendor
    assert not FeatureTag("presence", "agent").is_vendor


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        ("@#$%", "invalid character in name"),
        ("format==json", "more than one '='"),
        ("format=\n", "whitespace or control"),
        ("format=js\non", "whitespace or control"),
        ("=json", "empty key"),
        ("format=", "empty value"),
        ("!=xml", "empty key"),
        ("format!=", "empty value"),
        ("", "empty tag"),
        ("!", "empty name"),
        ("format=jsön", "non-ASCII"),
        ("agént", "non-ASCII"),
        ("a" * 257, "longer than 256"),
        ("!a=b", "negation applies to a bare name"),
        ("x-", "needs a name"),
        ("format=<json>", "invalid character in value"),
        (42, "not a string"),
        (None, "not a string"),
    ],
)
def test_invalid_tags_are_reported_with_a_reason(tag: object, reason: str) -> None:
    parsed = parse_tag(tag)
    assert isinstance(parsed, InvalidTag)
    assert reason in parsed.reason


def test_a_tag_of_exactly_256_characters_is_accepted() -> None:
    assert parse_tag("a" * 256) == FeatureTag("presence", "a" * 256)


def test_test_case_4_invalid_syntax_is_logged_ignored_and_defaults_hold(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        result = parse_features(["@#$%", "format==json"])
    assert not result.tags
    assert [bad.tag for bad in result.invalid] == ["@#$%", "format==json"]
    assert result.value("format") is None  # defaults: nothing negotiated
    assert len(caplog.records) == 1
    assert "@#$%" in caplog.text and "format==json" in caplog.text


def test_invalid_tags_are_logged_once_per_distinct_declaration(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        for _ in range(5):
            parse_features(["agent", "format=\n"])
        parse_features(["human", "format=\n"])
    assert len(caplog.records) == 2


def test_more_than_256_tags_keeps_the_first_256_and_reports_the_rest() -> None:
    declaration = [f"tag{i}" for i in range(300)]
    result = parse_features(declaration)
    assert len(result.tags) == 256
    assert result.has("tag255") and not result.has("tag256")
    assert any("more than 256 tags" in bad.reason for bad in result.invalid)


def test_features_that_are_not_an_array_degrade_to_nothing() -> None:
    result = parse_features("agent")
    assert not result.tags
    assert result.invalid[0].reason == "features must be an array of strings"
    assert parse_features(None) == FeatureSet()


def test_unhashable_elements_are_reported_not_raised() -> None:
    result = parse_features(["agent", {"format": "json"}, ["x"]])
    assert result.has("agent")
    assert len(result.invalid) == 2


def test_feature_set_queries() -> None:
    fs = parse_features(["agent", "!interactive", "format=json", "verbosity!=verbose"])
    assert fs.has("agent") and not fs.lacks("agent")
    assert fs.lacks("interactive") and fs.negated("interactive")
    assert fs.lacks("human") and not fs.negated("human")  # never declared
    assert fs.has("format") and fs.equals("format", "json")
    assert not fs.equals("format", "markdown")
    assert fs.value("format") == "json" and fs.value("verbosity") is None
    assert fs.differs("format", "xml") and not fs.differs("format", "json")
    assert fs.differs("verbosity", "verbose") and not fs.differs("verbosity", "compact")


@pytest.mark.parametrize(
    ("declaration", "kept", "dropped"),
    [
        (["interactive", "!interactive"], "interactive", "!interactive"),
        (["!interactive", "interactive"], "!interactive", "interactive"),
        (["format=json", "format=markdown"], "format=json", "format=markdown"),
        (["format=json", "!format"], "format=json", "!format"),
        (["format!=json", "format=json"], "format!=json", "format=json"),
        (["format=json", "format!=json"], "format=json", "format!=json"),
    ],
)
def test_contradictions_keep_the_earlier_tag_and_warn(
    declaration: list[str], kept: str, dropped: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        fs = parse_features(declaration)
    assert [str(tag) for tag in fs.tags] == [kept]
    assert [(str(c.kept), str(c.dropped)) for c in fs.conflicts] == [(kept, dropped)]
    assert "contradictory" in caplog.text


def test_consistent_and_duplicate_tags_are_not_conflicts() -> None:
    fs = parse_features(["format=json", "format!=xml", "format=json", "format", "agent"])
    assert not fs.conflicts
    assert fs.equals("format", "json")


def test_the_three_initialize_scenarios() -> None:
    agent = {
        "sampling": {},
        "elicitation": {"form": {}, "url": {}},
        "roots": {"listChanged": True},
        "tasks": {},
        "extensions": {
            features.EXTENSION_ID: {
                "version": "1.0",
                "features": [
                    "agent",
                    "mcp-capable",
                    "sampling",
                    "elicitation",
                    "roots",
                    "tasks",
                    "verbosity=compact",
                    "format=json",
                ],
            }
        },
    }
    fs = client_features(agent)
    assert fs is not None and not fs.invalid and not fs.conflicts
    assert compile_predicate("agent & format=json")(fs)
    assert fs.value("verbosity") == "compact"
    assert features_from_capabilities(agent) == ("sampling", "elicitation", "roots", "tasks")

    human = {
        "extensions": {
            features.EXTENSION_ID: {
                "version": "1.0",
                "features": [
                    "human",
                    "!mcp-capable",
                    "interactive",
                    "verbosity=standard",
                    "format=markdown",
                ],
            }
        }
    }
    fs = client_features(human)
    assert fs is not None
    assert compile_predicate("human & format=markdown")(fs)
    assert not compile_predicate("agent & format=json")(fs)
    assert fs.negated("mcp-capable")
    assert features_from_capabilities(human) == ()

    legacy: dict[str, object] = {"sampling": {}}
    assert client_features(legacy) is None  # not negotiated: server default content
    assert features_from_capabilities(legacy) == ("sampling",)


def test_tasks_mirrors_from_the_2026_extension_too() -> None:
    caps: dict[str, object] = {"extensions": {"io.modelcontextprotocol/tasks": {}}}
    assert features_from_capabilities(caps) == ("tasks",)


class _Settings(BaseModel):
    version: str
    features: list[str] | None = None


class _Capabilities(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    sampling: dict[str, object] | None = None
    extensions: dict[str, _Settings] | None = Field(default=None)


def test_models_are_read_by_wire_name() -> None:
    caps = _Capabilities(
        sampling={},
        extensions={features.EXTENSION_ID: _Settings(version="1.0", features=["agent"])},
    )
    fs = client_features(caps)
    assert fs is not None and fs.has("agent")
    assert features_from_capabilities(caps) == ("sampling",)


@pytest.mark.parametrize(
    ("predicate", "declaration", "expected"),
    [
        ("agent & format=json", ["agent", "format=json"], True),
        ("agent & format=json", ["agent", "format=markdown"], False),
        ("!interactive", ["!interactive"], True),
        ("!interactive", ["agent"], True),
        ("!interactive", ["interactive"], False),
        ("format!=xml", ["format=json"], True),
        ("format!=xml", ["format=xml"], False),
        ("format!=xml", ["format!=xml"], True),
        ("format!=xml", ["agent"], False),
        ("human | format=markdown", ["format=markdown"], True),
        ("(agent | human) & !interactive", ["human", "interactive"], False),
        ("  agent&sampling  ", ["sampling", "agent"], True),
    ],
)
def test_predicates(predicate: str, declaration: list[str], expected: bool) -> None:
    compiled = compile_predicate(predicate)
    assert compiled(parse_features(declaration)) is expected
    assert compiled.text == predicate


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "agent &",
        "& agent",
        "agent | | human",
        "(agent",
        "agent)",
        "format==json",
        "@#$%",
    ],
)
def test_malformed_predicates_fail_at_compile_time(text: str) -> None:
    with pytest.raises(PredicateError) as caught:
        compile_predicate(text)
    assert isinstance(caught.value, ValueError)
    assert "invalid feature predicate" in str(caught.value)


def test_repeat_declarations_hit_the_cache() -> None:
    first = parse_features(["agent", "format=json"])
    second = parse_features(["agent", "format=json"])
    assert first is second


@pytest.mark.parametrize(
    "declaration",
    [
        ["agent", "x" * (features.MAX_TAG_LENGTH + 1)],  # a tag over the length limit
        ["x" * 2_000_000],
        [f"tag{i}" for i in range(features.MAX_TAGS + 1)],  # too many tags
        ["agent", "format==json"],  # malformed
        ["agent", 1],  # not a string
        ["agent", {"nested": ["object"]}],
    ],
)
def test_invalid_declarations_are_never_cached(declaration: list[object]) -> None:
    first = parse_features(declaration)
    assert first.invalid
    assert features.cache_bytes() == 0
    assert parse_features(declaration) == first  # parsed afresh, same answer


def test_cache_keys_are_type_exact() -> None:
    # 1 == True and (1,) == (True,) in Python; the answers must still differ.
    as_int = parse_features([1])
    as_bool = parse_features([True])
    assert as_int.invalid[0].reason == "not a string (int)"
    assert as_bool.invalid[0].reason == "not a string (bool)"
    assert parse_features(("agent",)) is parse_features(["agent"])  # both JSON arrays


def test_the_cache_stays_within_its_byte_budget() -> None:
    long_tag = "x" * (features.MAX_TAG_LENGTH - 8)
    for i in range(400):  # about 400 x 230 KB declared: far over the budget
        declaration = [f"{long_tag}{i:05d}{j:03d}"[-features.MAX_TAG_LENGTH :] for j in range(256)]
        assert not parse_features(declaration).invalid
        assert features.cache_bytes() <= features.CACHE_BYTES
    assert features.cache_bytes() > features.CACHE_BYTES // 2  # it is used, though


def test_non_string_tags_are_logged_by_type_not_content(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features(["agent", {"secret": "x" * 10_000}, "y" * 100_000])
    (record,) = caplog.records
    assert "<dict>" in record.getMessage() and "secret" not in record.getMessage()
    assert len(record.getMessage()) < 400


tag_text = st.text(alphabet=st.sampled_from("ab-_x!=.:/é\n @#"), max_size=12) | st.text(
    max_size=300
)


@given(st.lists(tag_text | st.integers() | st.none(), max_size=300))
def test_no_declaration_raises_and_nothing_is_silently_lost(declaration: list[object]) -> None:
    fs = parse_features(declaration)
    dropped = {conflict.dropped for conflict in fs.conflicts}
    invalid = [bad.tag for bad in fs.invalid]
    for raw in declaration[: features.MAX_TAGS]:
        parsed = parse_tag(raw)
        if isinstance(parsed, InvalidTag):
            assert raw in invalid
        else:
            assert parsed in fs.tags or parsed in dropped
    for tag in fs.tags:
        assert parse_tag(str(tag)) == tag  # every accepted tag round-trips


@given(tag_text)
def test_every_tag_either_parses_or_has_a_reason(tag: str) -> None:
    parsed = parse_tag(tag)
    if isinstance(parsed, InvalidTag):
        assert parsed.reason
    else:
        assert str(parsed) == tag


def _reference_predicate(text: str, features: FeatureSet) -> bool | None:
    """An independent evaluator of the predicate grammar: None when ``text`` is malformed."""
    tokens = re.findall(r"[()&|]|[^\s()&|]+", text)
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def term() -> bool | None:
        nonlocal position
        token = peek()
        if token is None or token in {")", "&", "|"}:
            return None
        position += 1
        if token == "(":
            inner = disjunction()
            if inner is None or peek() != ")":
                return None
            position += 1
            return inner
        tag = parse_tag(token)
        if isinstance(tag, InvalidTag):
            return None
        if tag.kind == "presence":
            return features.has(tag.name)
        if tag.kind == "negation":
            return not features.has(tag.name)
        assert tag.value is not None
        if tag.kind == "equality":
            return features.value(tag.name) == tag.value
        return features.differs(tag.name, tag.value)

    def sequence(
        operand: Callable[[], bool | None], operator: str, fold: Callable[..., bool]
    ) -> bool | None:
        nonlocal position
        values = [operand()]
        while values[-1] is not None and peek() == operator:
            position += 1
            values.append(operand())
        return None if None in values else fold(values)

    def conjunction() -> bool | None:
        return sequence(term, "&", all)

    def disjunction() -> bool | None:
        return sequence(conjunction, "|", any)

    result = disjunction()
    return result if position == len(tokens) else None


_PREDICATE_PIECES = st.sampled_from(
    [
        "agent",
        "!agent",
        "interactive",
        "!interactive",
        "format=json",
        "format!=json",
        "format=xml",
        "x-",
        "=json",
        "(",
        ")",
        "&",
        "|",
        " ",
        "é",
    ]
)
_PREDICATE_SETS = [
    parse_features([]),
    parse_features(["agent", "format=json"]),
    parse_features(["!agent", "interactive", "format!=xml"]),
]


@given(st.lists(_PREDICATE_PIECES, max_size=12).map("".join) | st.text(max_size=60))
def test_predicate_compilation_either_succeeds_or_raises_predicate_error(text: str) -> None:
    expected = [_reference_predicate(text, features) for features in _PREDICATE_SETS]
    try:
        predicate = compile_predicate(text)
    except PredicateError as error:
        assert expected == [None] * len(_PREDICATE_SETS)
        assert error.text == text and error.reason
        assert 0 <= error.column <= len(text)
        return
    assert [predicate(features) for features in _PREDICATE_SETS] == expected
