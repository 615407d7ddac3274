"""Exact behaviour of feature tags and predicates (pins found by mutation testing)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negotiation import features as features_module
from negotiation._cache import ascii_strings_size
from negotiation.features import (
    MAX_TAG_LENGTH,
    MAX_TAGS,
    FeatureTag,
    InvalidTag,
    TagConflict,
    cache_bytes,
    clear_cache,
    declared_tags,
    features_from_capabilities,
    parse_features,
    parse_tag,
)
from negotiation.predicates import PredicateError, compile_predicate


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


# --- pins from the full run of 2026-11-24 ------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        ("a" * 255 + ".", "invalid character in name"),  # 256 characters: not too long
        ("a" * 256 + ".", "longer than 256 characters"),
        ("!.", "invalid character in name"),
        ("a!=b,c", "invalid character in value"),  # the key is "a", its "!" the operator
        ("a.!=b", "invalid character in key"),
    ],
)
def test_invalid_tag_reasons_at_the_edges(tag: str, reason: str) -> None:
    assert parse_tag(tag) == InvalidTag(tag, reason)
    assert parse_features([tag]).invalid == (InvalidTag(tag, reason),)


def test_an_inequality_tag_is_read_as_one_on_the_common_path() -> None:
    features = parse_features(["x-k!=v", "agent"])
    assert features.tags == (FeatureTag("inequality", "x-k", "v"), FeatureTag("presence", "agent"))
    assert features.differs("x-k", "v") and not features.differs("x-k", "w")


def test_a_closing_parenthesis_where_a_tag_belongs_is_named() -> None:
    with pytest.raises(PredicateError) as raised:
        compile_predicate("agent & )")
    assert (raised.value.column, raised.value.reason) == (8, "expected a feature tag, found ')'")


def test_a_non_array_declaration_keeps_what_was_declared() -> None:
    assert parse_features(5).invalid == (InvalidTag(5, "features must be an array of strings"),)
    assert parse_features("agent").invalid == (
        InvalidTag("agent", "features must be an array of strings"),
    )


def test_warnings_are_once_per_declaration_not_once_per_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features(["a b"])
        parse_features(["agent", "a b"])  # another declaration, the same warning text
        parse_features(["a b"])  # a repeat: not logged again
        parse_features(5)
        parse_features(6)  # another declaration, the same text
        parse_features([b"x"])  # not a JSON value: once per text
        parse_features([b"x", b"y"])
        parse_features([b"z"])  # the same text as [b"x"]
    invalid_ab = (
        "ignoring 1 invalid feature tag(s): 'a b': contains whitespace or control characters"
    )
    not_array = "ignoring 1 invalid feature tag(s): <int>: features must be an array of strings"
    assert caplog.messages == [
        invalid_ab,
        invalid_ab,
        not_array,
        not_array,
        "ignoring 1 invalid feature tag(s): <bytes>: not a string (bytes)",
        "ignoring 2 invalid feature tag(s): <bytes>: not a string (bytes);"
        " <bytes>: not a string (bytes)",
    ]


def test_every_conflict_is_in_the_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features(["agent", "!agent", "format=json", "format=text"])
    assert caplog.messages == [
        "contradictory feature tags, keeping the earlier: kept agent, dropped !agent;"
        " kept format=json, dropped format=text"
    ]


@pytest.mark.parametrize(
    ("tag", "shown"),
    [
        ("a" * 39 + ".", repr("a" * 39 + ".")),
        ("a" * 40 + ".", "'" + "a" * 40 + "...'"),
        ("a" * 41 + ".", "'" + "a" * 40 + "...'"),
    ],
)
def test_a_long_invalid_tag_is_shortened_to_40_characters_in_the_warning(
    tag: str, shown: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features([tag])
    assert caplog.messages == [
        f"ignoring 1 invalid feature tag(s): {shown}: invalid character in name"
    ]


def test_a_cached_declaration_costs_its_strings_twice_1_kb_and_256_bytes_a_tag() -> None:
    declaration = ("agent", "x-vendor", "format=json")
    assert cache_bytes() == 0
    parse_features(list(declaration))
    assert cache_bytes() == 2 * ascii_strings_size(declaration) + 1024 + 256 * 3


_SAMPLE_TAGS = st.sampled_from(
    [
        *("agent", "!agent", "interactive", "format=json", "format=text", "format!=json"),
        *("x-a", "!x-a", "x-a=1", "x-a=2", "x-a!=1", "verbosity=*", "a b", "x-"),
    ]
)


@given(st.lists(_SAMPLE_TAGS, max_size=8))
def test_the_fast_path_and_the_builder_agree(declaration: list[str]) -> None:
    """`_parse_common` may give up (None), but when it answers it answers as `_Builder`:
    the reason its give-up mutants are listed as equivalent in docs/testing.md."""
    common = features_module._parse_common(tuple(declaration))
    builder = features_module._Builder()
    for raw in declaration:
        builder.add_raw(raw)
    assert common is None or common == builder.build()
    assert parse_features(declaration) == builder.build()


class _Text(str):
    """A str subclass: hashes and compares like its text, but is not a JSON string."""


@pytest.mark.parametrize(
    "declaration",
    [
        ("agent", _Text("x-a")),  # not an exact str: never cached, so never fast
        ("agent", "a" * (MAX_TAG_LENGTH + 1)),
        ("x-",),
        ("!x-",),
        ("x-=1",),
        ("x-!=1",),
        ("a\x00b",),
        ("verbosity=*",),  # any value: the builder reads it as a presence tag
        ("!a=1",),
        ("agent", {"a": 1}),  # unhashable
        ("agent", "agent"),
        (),
    ],
)
def test_the_fast_path_leaves_everything_but_valid_exact_strings_to_the_builder(
    declaration: tuple[object, ...],
) -> None:
    assert features_module._parse_common(declaration) is None


def test_the_fast_path_takes_a_tag_of_exactly_the_length_limit() -> None:
    tag = "a" * MAX_TAG_LENGTH
    common = features_module._parse_common(("agent", tag, "!x-b", "x-c=1", "x-d!=2"))
    assert common is not None
    assert [str(t) for t in common.tags] == ["agent", tag, "!x-b", "x-c=1", "x-d!=2"]


def test_a_declaration_of_str_subclasses_is_parsed_but_not_cached() -> None:
    clear_cache()
    parsed = parse_features(["agent", _Text("x-a")])
    assert [str(t) for t in parsed.tags] == ["agent", "x-a"]
    assert not parsed.invalid
    assert cache_bytes() == 0


@pytest.mark.parametrize(
    "declaration",
    [("agent", "agent"), ("interactive", "!interactive"), ("format=json", "format=text")],
)
def test_a_valid_declaration_the_fast_path_leaves_to_the_builder_is_cached(
    declaration: tuple[str, ...],
) -> None:
    """A repeat or a contradiction is resolved, not invalid: the result is cached."""
    clear_cache()
    parse_features(list(declaration))
    assert cache_bytes() == 2 * ascii_strings_size(declaration) + 1024 + 256 * 2


def test_a_conflict_is_warned_once_per_declaration_not_once_per_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clear_cache()
    with caplog.at_level(logging.WARNING, logger="negotiation.features"):
        parse_features(["a", "!a"])
        parse_features(["a", "!a", "b"])  # another declaration, the same conflict
        parse_features(["a", "!a", "b"])  # the same again: cached, nothing new
    conflict = "contradictory feature tags, keeping the earlier: kept a, dropped !a"
    assert [r.getMessage() for r in caplog.records] == [conflict, conflict]
