"""One feature-tag grammar: ``negotiation.feature_tags`` reads it from the validation runtime
that ships in ``mcp_ext`` and reports a malformed tag in the runtime's words."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from mcp_ext import _validation

from negotiation import feature_tags, features
from negotiation.features import FeatureTag, InvalidTag, parse_features, parse_tag

_TAG_TEXT = st.text(alphabet="ab-_x!=*;./:+ é\t", max_size=12)


def test_the_grammar_is_the_validation_runtimes() -> None:
    assert feature_tags._TAG is _validation._TAG
    assert features.MAX_TAG_LENGTH == _validation.MAX_TAG_LENGTH == 256
    assert feature_tags._NAME_FORM == "[A-Za-z0-9_-]+"
    assert (
        feature_tags._VALUE_FORM == r"[A-Za-z0-9_.+/:-]+(?:;[A-Za-z0-9_.+-]+=[A-Za-z0-9_.+/:-]+)*"
    )


@given(st.one_of(_TAG_TEXT, st.integers(), st.none()))
@example("!a=b")
@example("a!=*")
@example("x-")
@example("a b")
@example("")
@example("a" * 257)
def test_one_verdict_and_one_wording(tag: object) -> None:
    reason = _validation.check_feature_tag(tag)
    parsed = parse_tag(tag)
    assert (reason is None) == isinstance(parsed, FeatureTag)
    if reason is not None:
        assert isinstance(parsed, InvalidTag)
        if reason != feature_tags._NOT_OF_THE_FORM:
            assert parsed.reason == reason  # the runtime's words
        else:
            assert parsed.reason != reason  # made precise
        assert tuple(parse_features([tag]).invalid) == (parsed,)


@given(_TAG_TEXT)
def test_the_fast_path_agrees_with_the_grammar(tag: str) -> None:
    fast = feature_tags.WELL_FORMED_TAG.fullmatch(tag) is not None
    # The fast path leaves "name=*" (canonicalised to "name") to the full parser.
    assert fast == (_validation.check_feature_tag(tag) is None and not tag.endswith("=*"))


def test_precise_reasons_where_the_runtime_says_only_not_of_the_form() -> None:
    assert _validation.check_feature_tag("a==b") == feature_tags._NOT_OF_THE_FORM
    assert parse_tag("a==b") == InvalidTag("a==b", "more than one '=' (as in 'format==json')")
    assert parse_tag("é") == InvalidTag("é", "contains non-ASCII characters")
    assert parse_tag("=a") == InvalidTag("=a", "empty key")
    assert parse_tag("!") == InvalidTag("!", "empty name after '!'")


def test_the_predicates_still_import_from_features_with_a_warning() -> None:
    from negotiation import predicates

    with pytest.warns(DeprecationWarning, match="features.compile_predicate moved to negotiation"):
        from negotiation.features import compile_predicate

    assert compile_predicate is predicates.compile_predicate
    for name in ("Predicate", "PredicateError"):
        with pytest.warns(DeprecationWarning, match=f"moved to negotiation.predicates.{name}"):
            assert getattr(features, name) is getattr(predicates, name)
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        features.nothing  # noqa: B018


def test_a_negated_pair_that_the_runtime_cannot_parse_gets_the_negation_reason() -> None:
    assert _validation.check_feature_tag("!a=b=c") == feature_tags._NOT_OF_THE_FORM
    assert parse_tag("!a=b=c") == InvalidTag(
        "!a=b=c", "negation applies to a bare name; write key!=value instead"
    )
