"""Feature-tag values beyond a bare token (issue #12): media-type parameters
(``format=text/markdown;charset=utf-8``) and the ``*`` wildcard (``verbosity=*``), with
accurate errors for what is still malformed."""

from __future__ import annotations

import pytest

from negotiation import content as c
from negotiation import features as cn
from negotiation.features import FeatureTag, InvalidTag, parse_features, parse_tag
from negotiation.predicates import compile_predicate


def _context(*tags: str) -> c.NegotiationContext:
    caps = {"extensions": {cn.EXTENSION_ID: {"version": "1.0", "features": list(tags)}}}
    return c.context_from_capabilities(caps, era=None)


def test_content_negotiation_format_with_a_charset_parameter_is_expressible() -> None:
    tag = parse_tag("format=text/markdown;charset=utf-8")
    assert tag == FeatureTag("equality", "format", "text/markdown;charset=utf-8")
    assert str(tag) == "format=text/markdown;charset=utf-8"
    context = _context("format=text/markdown;charset=utf-8")
    assert context.format == "text/markdown;charset=utf-8"
    assert c.mime_matches(context.format, "text/markdown")
    assert c.tool_shape(context) == "content"  # a markdown reader: content only
    assert parse_tag("format=a/b;x=1;y=2") == FeatureTag("equality", "format", "a/b;x=1;y=2")


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        ("format==json", "more than one '=' (as in 'format==json')"),
        (
            "a=b=c",
            "'=' in a value belongs in a parameter after ';' (as in"
            " 'format=text/markdown;charset=utf-8')",
        ),
        (
            "format=text/markdown;charset",
            "malformed parameter: write ';name=value' after the value",
        ),
        ("format=text/markdown;", "malformed parameter: write ';name=value' after the value"),
        ("format=text/markdown;=x", "malformed parameter: write ';name=value' after the value"),
        ("verbosity!=*", "'verbosity!=*' excludes every value; write '!verbosity'"),
        ("verbosity=**", "invalid character in value"),
        ("!verbosity=*", "negation applies to a bare name; write key!=value instead"),
    ],
)
def test_malformed_values_get_an_accurate_reason(tag: str, reason: str) -> None:
    assert parse_tag(tag) == InvalidTag(tag, reason)


def test_content_negotiation_verbosity_wildcard_declares_the_name_without_a_value() -> None:
    features = parse_features(["verbosity=*"])
    assert not features.invalid  # honoured, not ignored with a warning
    assert features.has("verbosity") and features.value("verbosity") is None
    assert not features.equals("verbosity", "compact")
    assert not features.differs("verbosity", "compact")  # any value is fine
    assert features.tags == (FeatureTag("presence", "verbosity"),)
    # "verbosity" and "verbosity=*" are the same tag: one kept, no conflict.
    assert parse_features(["verbosity", "verbosity=*"]).tags == features.tags
    assert parse_features(["verbosity=*", "verbosity"]).tags == features.tags
    # A later concrete value still chooses one.
    chosen = parse_features(["verbosity=*", "verbosity=compact"])
    assert chosen.value("verbosity") == "compact" and not chosen.conflicts
    # "!verbosity" contradicts it, as it contradicts "verbosity".
    assert parse_features(["verbosity=*", "!verbosity"]).conflicts


def test_format_wildcard_leaves_the_format_to_the_server() -> None:
    assert _context("format=*").format is None
    assert _context("agent", "format=*").format == "json"  # inferred from the audience
    assert compile_predicate("verbosity")(parse_features(["verbosity=*"]))


@pytest.mark.parametrize(
    "tag",
    [
        "format=text/markdown;charset=utf-8",
        "format=a/b;x=1;y=2",
        "verbosity=*",
        "verbosity!=*",
        "format=text/markdown;charset",
        "a=b=c",
        "verbosity=**",
        "format!=xml",
        "!interactive",
    ],
)
def test_the_generated_validators_read_the_same_grammar(tag: str) -> None:
    """The generated bindings check feature tags without importing the runtime."""
    from mcp_ext._validation import check_feature_tag

    runtime_ok = isinstance(parse_tag(tag), FeatureTag)
    assert (check_feature_tag(tag) is None) == runtime_ok
