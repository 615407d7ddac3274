"""The spec-example extractor finds every JSON example, and the tables account for each one."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import require_specs
from tests.spec_examples import (
    COVERED,
    EXPECTED_COUNTS,
    NON_JSON,
    SPEC_FILES,
    UNCOVERED,
    SpecExample,
    all_examples,
    covered_instances,
    extract_text,
    resolve_pointer,
)


@pytest.fixture(scope="module")
def examples() -> tuple[SpecExample, ...]:
    return all_examples(require_specs())


def test_counts_per_spec_file(examples: tuple[SpecExample, ...]) -> None:
    counts = Counter(ex.spec for ex in examples)
    assert {name: counts.get(name, 0) for name in SPEC_FILES} == EXPECTED_COUNTS


def test_every_example_parses_or_is_listed_as_non_json(examples: tuple[SpecExample, ...]) -> None:
    failures = []
    for ex in examples:
        try:
            ex.parse()
        except json.JSONDecodeError as err:
            if ex.key not in NON_JSON:
                failures.append(f"{ex}: {err}")
        else:
            if ex.key in NON_JSON:
                failures.append(f"{ex}: listed as non-JSON but parses")
    assert failures == []


def test_tables_account_for_every_example_exactly_once(examples: tuple[SpecExample, ...]) -> None:
    found = {ex.key for ex in examples}
    tables = [set(NON_JSON), set(COVERED), set(UNCOVERED)]
    assert set().union(*tables) == found
    assert sum(len(t) for t in tables) == len(found), "an example is listed twice"


def test_every_coverage_pointer_reaches_an_object() -> None:
    instances = covered_instances(require_specs())
    assert len(instances) == sum(len(c) for c in COVERED.values())
    for example, coverage, value in instances:
        assert isinstance(value, dict), f"{example} {coverage}"
        assert coverage.valid or coverage.note, "an expected-invalid example needs a reason"


def test_headings_and_lines_point_at_the_example(examples: tuple[SpecExample, ...]) -> None:
    by_key = {ex.key: ex for ex in examples}
    # Spot checks made by reading the specs.
    assert by_key[("sep-2053-server-variants.md", 903)].heading == "Cursor and Pagination Scoping"
    assert by_key[("protocol-versioning.md", 14)].heading == "Protocol Version Negotiation"
    assert not by_key[("protocol-versioning.md", 14)].fenced
    lines = (require_specs() / "sep-content-negotiation.md").read_text("utf-8").splitlines()
    for ex in examples:
        if ex.spec == "sep-content-negotiation.md":
            assert lines[ex.line - 1] == ex.text.splitlines()[0]


# --------------------------------------------------------------------------- unit cases


def test_extracts_fenced_json_with_nearest_heading_and_line() -> None:
    text = '# Top\n\n## Sub\n\n```json\n{"a": 1}\n```\n\n```python\n# not a heading\n```\n'
    (ex,) = extract_text("x.md", text)
    assert (ex.line, ex.heading, ex.parse(), ex.fenced) == (6, "Sub", {"a": 1}, True)


def test_ignores_other_fences_and_headings_inside_code() -> None:
    text = '# A\n```typescript\n{\n}\n```\n```\n{"plain": true}\n```\n```python\n# B\n```\n'
    assert extract_text("x.md", text) == []


def test_bare_blocks_in_unfenced_pages_take_plain_headings() -> None:
    text = 'Intro line.\n\nSection Title\n\nSome prose:\n{\n  "k": [1]\n}\nMore.\n'
    (ex,) = extract_text("page.md", text)
    assert (ex.line, ex.heading, ex.parse(), ex.fenced) == (6, "Section Title", {"k": [1]}, False)


def test_unterminated_bare_block_is_not_an_example() -> None:
    assert extract_text("page.md", 'Title\n\n{\n  "k": 1\n') == []


@pytest.mark.parametrize(
    ("pointer", "expected"),
    [("", {"a/b": [10, {"~": 2}]}), ("/a~1b/0", 10), ("/a~1b/1/~0", 2)],
)
def test_resolve_pointer(pointer: str, expected: object) -> None:
    assert resolve_pointer({"a/b": [10, {"~": 2}]}, pointer) == expected


def test_resolve_pointer_rejects_relative_pointers() -> None:
    with pytest.raises(ValueError, match="must start with '/'"):
        resolve_pointer({}, "a")


_MARKDOWNISH = st.lists(
    st.sampled_from(["```json", "```", "{", "}", "# H", "Title", "", '"k": 1,', "text."])
    | st.text(max_size=30),
    max_size=40,
).map("\n".join)


@given(_MARKDOWNISH)
def test_extraction_never_fails_and_lines_point_into_the_text(text: str) -> None:
    lines = text.splitlines()
    for ex in extract_text("any.md", text):
        assert 1 <= ex.line <= len(lines) + 1
        if ex.text:
            assert lines[ex.line - 1] == ex.text.splitlines()[0]
