"""Exact behaviour of feature tags and predicates (pins found by mutation testing)."""

from __future__ import annotations

import logging

import pytest

from negotiation.features import (
    MAX_TAGS,
    FeatureTag,
    InvalidTag,
    PredicateError,
    TagConflict,
    compile_predicate,
    declared_tags,
    features_from_capabilities,
    parse_features,
    parse_tag,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("agent & interactive & format=json", [True, False, False]),
        ("agent & interactive & format!=xml", [True, False, False]),
        ("x-a & (agent | interactive)", [False, True, False]),
        ("(agent | interactive) & x-a", [False, True, False]),
        ("x-none | !agent | format=xml", [False, True, True]),
        ("x-none | x-other", [False, False, False]),
        ("agent | interactive | x-a", [True, True, False]),
        ("!agent & !interactive", [False, False, True]),
    ],
)
def test_predicates_with_three_terms_and_groups_anywhere(text: str, expected: list[bool]) -> None:
    sets = [
        parse_features(["agent", "interactive", "format=json"]),
        parse_features(["x-a", "interactive", "format=xml"]),
        parse_features(["format=xml"]),
    ]
    predicate = compile_predicate(text)
    assert [predicate(features) for features in sets] == expected
    assert predicate.text == text


def test_predicate_names_are_the_tag_names_read() -> None:
    assert compile_predicate("a & (!b | c=1) & d!=2").names == frozenset({"a", "b", "c", "d"})


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 0, "expected a feature tag"),
        ("agent &", 7, "expected a feature tag"),
        ("agent & & x", 8, "expected a feature tag, found '&'"),
        ("(agent", 6, "expected ')'"),
        ("agent )", 6, "unexpected ')'"),
        ("agent x", 6, "unexpected 'x'"),
        ("  | agent", 2, "expected a feature tag, found '|'"),
        ("a & f==j", 4, "'f==j' is not a feature tag: more than one '=' (as in 'format==json')"),
    ],
)
def test_predicate_errors_locate_the_problem(text: str, column: int, reason: str) -> None:
    with pytest.raises(PredicateError) as raised:
        compile_predicate(text)
    error = raised.value
    assert (error.text, error.column, error.reason) == (text, column, reason)
    assert str(error) == f"invalid feature predicate {text!r} at column {column}: {reason}"


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        (7, "not a string (int)"),
        (None, "not a string (NoneType)"),
        ("", "empty tag"),
        ("a" * 257, "longer than 256 characters"),
        ("é", "contains non-ASCII characters"),
        ("a b", "contains whitespace or control characters"),
        ("a\x00", "contains whitespace or control characters"),
        ("=json", "empty key"),
        ("!=json", "empty key"),
        ("!format=json", "negation applies to a bare name; write key!=value instead"),
        ("format=", "empty value"),
        ("format!=", "empty value"),
        ("format==json", "more than one '=' (as in 'format==json')"),
        ("fo.rmat=json", "invalid character in key"),
        ("format=js,on", "invalid character in value"),
        ("!", "empty name after '!'"),
        ("a.b", "invalid character in name"),
        ("x-", "vendor tag 'x-' needs a name after the prefix"),
    ],
)
def test_each_invalid_tag_has_its_exact_reason(tag: object, reason: str) -> None:
    assert parse_tag(tag) == InvalidTag(tag, reason)


def test_a_256_character_tag_is_valid() -> None:
    assert parse_tag("a" * 256) == FeatureTag("presence", "a" * 256)
    assert parse_tag("k=" + "v" * 254) == FeatureTag("equality", "k", "v" * 254)


def test_256_tags_are_read_and_the_257th_is_reported() -> None:
    tags = [f"t{i}" for i in range(MAX_TAGS)]
    assert MAX_TAGS == 256
    exact = parse_features(tags)
    assert len(exact.tags) == 256 and exact.invalid == ()
    over = parse_features([*tags, "t256", "t257"])
    assert len(over.tags) == 256 and not over.has("t256")
    assert over.invalid == (InvalidTag("<2 more>", "more than 256 tags; the rest are ignored"),)


def test_duplicates_collapse_and_contradictions_keep_the_earlier() -> None:
    features = parse_features(["agent", "agent", "!x", "x=1", "format=json", "format=json"])
    assert declared_tags(features.tags) == ["agent", "!x", "format=json"]
    assert features.conflicts == (
        TagConflict(FeatureTag("negation", "x"), FeatureTag("equality", "x", "1")),
    )
    assert features.negated("x") and not features.has("x") and features.value("x") is None


def test_declared_tags_is_the_wire_form_in_order() -> None:
    features = parse_features(["format!=xml", "!interactive", "agent", "format=json"])
    assert declared_tags(features.tags) == ["format!=xml", "!interactive", "agent", "format=json"]
    assert declared_tags([]) == []


@pytest.mark.parametrize(
    ("capabilities", "mirrored"),
    [
        (
            {"sampling": {}, "tasks": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}},
            ("sampling", "tasks"),
        ),
        ({"extensions": {"io.modelcontextprotocol/tasks": {}}, "roots": {}}, ("roots", "tasks")),
        ({"elicitation": {}, "extensions": {}}, ("elicitation",)),
        ({}, ()),
    ],
)
def test_tasks_is_mirrored_once_from_the_capability_or_the_extension(
    capabilities: dict[str, object], mirrored: tuple[str, ...]
) -> None:
    assert features_from_capabilities(capabilities) == mirrored


def test_warning_texts(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features(["agent", "a b", 7])
        parse_features(["agent", "!agent"])
    assert [r.getMessage() for r in caplog.records] == [
        "ignoring 2 invalid feature tag(s): 'a b': contains whitespace or control characters;"
        " <int>: not a string (int)",
        "contradictory feature tags, keeping the earlier: kept agent, dropped !agent",
    ]
