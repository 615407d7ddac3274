"""The fast feature-declaration parser agrees with a straightforward reference parser.

The reference below is the tag grammar written the plain way: one regular expression per
tag, one tag object per element, contradictions resolved in declaration order. Whatever
the input, `negotiation.features` must produce an equal `FeatureSet` (tags, invalid tags
with their reasons, conflicts, and every query).
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from negotiation import feature_tags, features
from negotiation.features import (
    MAX_TAG_LENGTH,
    MAX_TAGS,
    FeatureSet,
    FeatureTag,
    InvalidTag,
    TagConflict,
    parse_features,
)

_TOKEN = r"[A-Za-z0-9_.+/:-]+"
_REFERENCE_TAG = re.compile(
    rf"(!)?([A-Za-z0-9_-]+)(?:(!?=)({_TOKEN}(?:;[A-Za-z0-9_.+-]+={_TOKEN})*|\*))?", re.ASCII
)


def reference_tag(tag: object) -> FeatureTag | InvalidTag:
    if isinstance(tag, str) and len(tag) <= MAX_TAG_LENGTH:
        match = _REFERENCE_TAG.fullmatch(tag)
        if match is not None:
            bang, name, operator, value = match.groups()
            if name == "x-":
                return InvalidTag(tag, "vendor tag 'x-' needs a name after the prefix")
            if bang is None and operator is None:
                return FeatureTag("presence", name)
            if operator is None:
                return FeatureTag("negation", name)
            if bang is None and value == "*":
                if operator == "=":
                    return FeatureTag("presence", name)
                return InvalidTag(tag, f"'{name}!=*' excludes every value; write '!{name}'")
            if bang is None:
                return FeatureTag("equality" if operator == "=" else "inequality", name, value)
    return InvalidTag(tag, feature_tags.why_invalid(tag))


def reference_features(declaration: list[object]) -> FeatureSet:
    tags: list[FeatureTag] = []
    invalid: list[InvalidTag] = []
    conflicts: list[TagConflict] = []
    present: dict[str, FeatureTag] = {}
    negated: dict[str, FeatureTag] = {}
    values: dict[str, FeatureTag] = {}
    excluded: dict[tuple[str, str], FeatureTag] = {}

    def clash(tag: FeatureTag) -> FeatureTag | None:
        if tag.kind == "negation":
            return present.get(tag.name) or values.get(tag.name)
        if tag.kind == "presence":
            return negated.get(tag.name)
        assert tag.value is not None
        declared = values.get(tag.name)
        if tag.kind == "equality":
            earlier = negated.get(tag.name) or excluded.get((tag.name, tag.value))
            if earlier is not None:
                return earlier
            return declared if declared is not None and declared.value != tag.value else None
        return declared if declared is not None and declared.value == tag.value else None

    for raw in declaration[:MAX_TAGS]:
        parsed = reference_tag(raw)
        if isinstance(parsed, InvalidTag):
            invalid.append(parsed)
            continue
        if parsed in tags:
            continue
        earlier = clash(parsed)
        if earlier is not None:
            conflicts.append(TagConflict(earlier, parsed))
            continue
        tags.append(parsed)
        table = {"presence": present, "negation": negated, "equality": values}.get(parsed.kind)
        if table is not None:
            table[parsed.name] = parsed
        else:
            assert parsed.value is not None
            excluded[(parsed.name, parsed.value)] = parsed
    if len(declaration) > MAX_TAGS:
        more = len(declaration) - MAX_TAGS
        invalid.append(
            InvalidTag(f"<{more} more>", f"more than {MAX_TAGS} tags; the rest are ignored")
        )
    return FeatureSet(
        tags=tuple(tags),
        invalid=tuple(invalid),
        conflicts=tuple(conflicts),
        _declared=frozenset((*present, *values)),
        _negated=frozenset(negated),
        _values={name: tag.value for name, tag in values.items() if tag.value},
        _excluded=frozenset(excluded),
    )


# Few names and values, so repeats and contradictions are frequent.
names = st.sampled_from(["agent", "format", "x-a", "x-", "a_b", "interactive", "v"])
values = st.sampled_from(
    ["json", "xml", "a.b+c/d:e", "compact", "x", "*", "text/markdown;charset=utf-8", "a;b=c;d=e"]
)
well_formed = st.one_of(
    names,
    names.map(lambda n: f"!{n}"),
    st.builds(lambda n, v: f"{n}={v}", names, values),
    st.builds(lambda n, v: f"{n}!={v}", names, values),
    st.sampled_from(sorted(features._REGISTRY)),
)
odd = st.one_of(
    st.text(alphabet=st.sampled_from("ab-_x!=.:/é\n\x00 @#;*"), max_size=12),
    st.text(max_size=20),
    st.just("a" * MAX_TAG_LENGTH),
    st.just("a" * (MAX_TAG_LENGTH + 1)),
    st.just("x-" + "b" * (MAX_TAG_LENGTH - 2)),
    st.builds(lambda n: f"!{n}=json", names),
    st.integers(),
    st.none(),
    st.lists(st.integers(), max_size=2),
)
elements = st.one_of(well_formed, well_formed, well_formed, odd)


@given(st.lists(elements, max_size=12))
@example(["agent", "agent"])
@example(["!interactive", "interactive"])
@example(["format=json", "format=markdown"])
@example(["format=json", "format!=json"])
@example(["format!=json", "format=json"])
@example(["a\x00b"])
@example(["a", "\x00"])
@example([])
@example([""])
@example(["x-"])
@example(["!x-"])
@example(["x-=v"])
@example(["x-!=v"])
@example(["x-y", "!x-y"])
def test_the_parser_agrees_with_the_reference(declaration: list[object]) -> None:
    features.clear_cache()
    got = parse_features(declaration)
    want = reference_features(declaration)
    assert got == want
    assert [type(tag) for tag in got.tags] == [FeatureTag] * len(got.tags)
    for tag in got.tags:
        assert hash(tag) == hash(FeatureTag(tag.kind, tag.name, tag.value))
    for name in ("agent", "format", "x-a", "interactive", "v"):
        assert got.has(name) == want.has(name)
        assert got.negated(name) == want.negated(name)
        assert got.value(name) == want.value(name)
        assert got.differs(name, "json") == want.differs(name, "json")


@given(st.lists(well_formed, min_size=MAX_TAGS - 2, max_size=MAX_TAGS + 3))
def test_long_declarations_agree_too(declaration: list[object]) -> None:
    features.clear_cache()
    assert parse_features(declaration) == reference_features(declaration)
