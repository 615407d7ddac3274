"""Pins for ``codegen.frontend.keyword_names``: which contextual keywords the repair
rewrites (name positions an error touches, and only those), ``export type *``, the
rounds and the choice between the grammar's tree and the repaired one (issue #33)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import tree_sitter

from codegen.frontend import keyword_names as kn
from codegen.frontend.parse import _parser

# The list of issue #33.
KEYWORDS = (
    "abstract declare module namespace type get set async readonly is keyof infer "
    "satisfies accessor override asserts unique global require from of as"
).split()


class Counting:
    """A parser that records every text it is given."""

    def __init__(self) -> None:
        self.parser = _parser()
        self.texts: list[bytes] = []

    def parse(self, source: bytes) -> tree_sitter.Tree:
        self.texts.append(source)
        return self.parser.parse(source)


def repaired(source: bytes) -> tuple[tree_sitter.Tree, list[bytes]]:
    counting = Counting()
    tree = kn.parse_repaired(counting, source)  # type: ignore[arg-type]
    return tree, counting.texts


def names(source: bytes) -> list[str]:
    starts = kn.keyword_names(_parser().parse(source).root_node, source)
    return [
        source[s : s + 12].decode().split(":")[0].split("?")[0].split("(")[0].split("<")[0]
        for s in starts
    ]


def test_the_keywords_are_those_of_typescript() -> None:
    assert set(KEYWORDS) == kn.CONTEXTUAL_KEYWORDS
    assert kn.MAX_ROUNDS == 8


def test_a_file_that_parses_is_parsed_once() -> None:
    source = b"interface A { abstract: boolean }\n".replace(b"abstract", b"concrete")
    tree, texts = repaired(source)
    assert texts == [source] and not tree.root_node.has_error


@pytest.mark.parametrize(
    ("source", "fixed"),
    [
        (b"interface A { abstract: boolean }", b"interface A { _bstract: boolean }"),
        (b"interface A { x: number; abstract?: boolean; }", None),
        (b"interface A { abstract?(): void }", None),
        (b"interface A { abstract<T>(): void }", None),
        (b"interface A { /** d */ abstract: boolean }", None),
        (b"interface A { // d\n abstract: boolean }", None),
        (b"interface A {\n  x: string\n  abstract: boolean\n}", None),
        (b"type F = (keyof: string) => void;", b"type F = (_eyof: string) => void;"),
        (b"type T = [a: string, infer: number];", None),
        (b"interface A { x: number, abstract: string }", None),
        (b"type T = [readonly: string];", b"type T = [_eadonly: string];"),
        (b"type T = [infer?: string];", None),
        (b"declare class C { accessor: number }", b"declare class C { _ccessor: number }"),
    ],
)
def test_a_keyword_in_a_name_position_is_repaired_in_one_round(
    source: bytes, fixed: bytes | None
) -> None:
    tree, texts = repaired(source)
    assert not tree.root_node.has_error
    assert len(texts) == 2 and len(texts[1]) == len(source)
    changed = [i for i, (a, b) in enumerate(zip(source, texts[1], strict=True)) if a != b]
    assert len(changed) == 1 and texts[1][changed[0] : changed[0] + 1] == b"_"
    if fixed is not None:
        assert texts[1] == fixed


def test_every_keyword_found_in_a_round_is_rewritten_at_once() -> None:
    source = b"interface A { abstract: boolean; x: number }\ntype F = (keyof: string, infer: number) => void;"
    tree, texts = repaired(source)
    assert not tree.root_node.has_error and len(texts) == 2
    assert texts[1] == source.replace(b"abstract", b"_bstract").replace(b"keyof", b"_eyof").replace(
        b"infer", b"_nfer"
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (b"interface A { abstract: boolean }", ["abstract"]),
        # each token that may come before a name
        (b"type F = (abstract: string) => void;", ["abstract"]),
        (b"type F = (a: string, abstract: ) => void;", ["abstract"]),
        (b"type T = [a: string, abstract: string];", ["abstract"]),
        (b"interface A { x: number, abstract: string }", ["abstract"]),
        (b"type T = [abstract: string];", ["abstract"]),
        (b"type F = (...abstract: ) => void;", ["abstract"]),
        (b"interface A { x: number; abstract: boolean }", ["abstract"]),
        (b"type T = [readonly abstract: ];", ["abstract"]),
        # and after it
        (b"interface A { abstract?: boolean }", ["abstract"]),
        (b"interface A { abstract?(): boolean }", ["abstract"]),
        (b"interface A { abstract(): boolean }", ["abstract"]),
        (b"interface A { abstract<T>(): T }", ["abstract"]),
        # not names: an error nowhere near, a keyword used as one, a string
        (b"interface A { abstract: boolean }\n" + b"\n" * 3 + b"type B = ;", ["abstract"]),
        (b"type B = ;\n\n\ninterface A { abstract: boolean }", ["abstract"]),
        (b'interface A { "abstract": ; }', []),
        (b"interface A { abstract?: ; }", ["abstract"]),
        (b"let x = (abstract: 1;", ["abstract"]),
        (b"interface A { abstract; x: ; }", []),
        (b"interface A { abstract?; }", []),
        (b"interface A { x: abstract }", []),
        (b"interface A { abstract }", []),
        (b"interface A { abstract? }", []),
        (b"interface A { abstract = }", []),
    ],
)
def test_keyword_names_finds_names_that_an_error_touches(
    source: bytes, expected: list[str]
) -> None:
    assert names(source) == expected


def test_an_error_far_from_a_keyword_name_leaves_it() -> None:
    source = b"type F = (a: string, infer: number) => void;\n" + b"type Y = ;\n"
    assert not _parser().parse(source[:45]).root_node.has_error
    root = _parser().parse(source).root_node
    assert kn.keyword_names(root, source) == []
    # the keyword at the end of the file: nothing follows it
    tail = b"interface A { x: ; abstract"
    assert kn.keyword_names(_parser().parse(tail).root_node, tail) == []


def test_async_before_a_parenthesis_is_no_method_name() -> None:
    source = b"const f = g(async (x) => x, { abstract: 1 ];"
    starts = kn.keyword_names(_parser().parse(source).root_node, source)
    assert starts == [source.index(b"abstract")]
    generic = b"const f = g(async <T>(x: T) => x, { abstract: 1 ];"
    starts = kn.keyword_names(_parser().parse(generic).root_node, generic)
    assert starts == [generic.index(b"abstract")]


def test_a_keyword_after_a_non_name_token_is_left() -> None:
    # ``=`` before it: a value, not a member name
    source = b"let x = abstract: 1;"
    assert kn.keyword_names(_parser().parse(source).root_node, source) == []


@pytest.mark.parametrize(
    "source",
    [
        b'export type * from "./x";',
        b'export type * as ns from "./x";',
        b'export type *from "./x";',
    ],
)
def test_export_type_star_is_export_star(source: bytes) -> None:
    tree, texts = repaired(source)
    assert not tree.root_node.has_error
    assert texts == [source, source.replace(b"type", b"    ", 1)]
    assert kn.type_only_stars(_parser().parse(source).root_node, source) == [7]


def test_export_type_star_then_a_keyword_name() -> None:
    source = b'export type * from "./x";\ninterface A { abstract: boolean }'
    tree, texts = repaired(source)
    assert not tree.root_node.has_error
    assert texts[-1] == source.replace(b"type", b"    ", 1).replace(b"abstract", b"_bstract")


def test_other_export_errors_are_no_type_star() -> None:
    for source in (
        b'export typo * from "./x";',
        b"export type X = ;",
        b'export type {} from "./x"; export { a b };',
        b"export types;",
    ):
        root = _parser().parse(source).root_node
        assert kn.type_only_stars(root, source) == [], source
    # only top-level exports are looked at
    nested = b'namespace N { export type * from "./x"; }'
    assert kn.type_only_stars(_parser().parse(nested).root_node, nested) == []


def test_a_type_star_inside_a_wider_error_is_left() -> None:
    # the grammar's error spans ``type * from``: not the word alone, so no repair
    source = b"export type * from ;\ninterface A { x: ; }"
    tree, texts = repaired(source)
    assert texts == [source]
    assert kn._errors(tree.root_node) == [(36, 37), (7, 18)]
    # ``type`` then ``*`` on the next line: the word alone, before ``*``
    split = b'export type\n* from "x"'
    assert kn.type_only_stars(_parser().parse(split).root_node, split) == [7]


def test_no_better_repair_keeps_the_grammars_tree() -> None:
    source = b"interface A {\n  abstract\n}"
    tree, texts = repaired(source)
    assert texts == [source]
    assert str(tree.root_node) == str(_parser().parse(source).root_node)


def test_better_counts_errors_then_looks_at_the_first() -> None:
    parse = _parser().parse
    clean = parse(b"interface A { x: string }").root_node
    one = parse(b"interface A { x: ; }").root_node
    one_later = parse(b"interface B { y: string }\ninterface A { x: ; }").root_node
    two = parse(b"interface A { x: ; }\ninterface B { y: ; }").root_node
    assert kn._better(clean, one) and kn._better(clean, clean)
    assert kn._better(one, two) and not kn._better(two, one)
    assert kn._better(one_later, one) and not kn._better(one, one_later)
    assert not kn._better(one, one)


def test_errors_are_every_error_and_missing_node() -> None:
    source = b"interface A { x: ; }\ninterface B { y: string"
    root = _parser().parse(source).root_node
    found = kn._errors(root)
    assert len(found) == 2
    assert all(start <= stop for start, stop in found)
    assert any(start == stop == len(source) for start, stop in found)  # the missing ``}``
    assert kn._errors(_parser().parse(b"interface A {}").root_node) == []


def test_leaves_are_every_token_in_order() -> None:
    source = b"interface A { x: string }"
    leaves = kn._leaves(_parser().parse(source).root_node)
    assert [kn._text(leaf, source) for leaf in leaves] == [
        "interface",
        "A",
        "{",
        "x",
        ":",
        "string",
        "}",
    ]


def test_the_rounds_stop_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round finds a new keyword and a better tree but errors remain: 8 rounds."""
    rounds: Iterator[int] = iter(range(100))
    monkeypatch.setattr(kn, "keyword_names", lambda root, source: [next(rounds)])
    monkeypatch.setattr(kn, "_better", lambda new, old: True)
    source = b"x" * 20 + b" = ;"
    tree, texts = repaired(source)
    assert len(texts) == 1 + kn.MAX_ROUNDS
    assert texts[-1] == b"_" * 8 + b"x" * 12 + b" = ;"
    assert tree.root_node.has_error


def test_a_round_stops_when_nothing_new_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kn, "keyword_names", lambda root, source: [0, 1])
    monkeypatch.setattr(kn, "_better", lambda new, old: True)
    _, texts = repaired(b"abc = ;")
    assert texts == [b"abc = ;", b"__c = ;"]


# ---------------------------------------------------------------- from the survivors


def found(source: bytes) -> list[int]:
    return kn.keyword_names(_parser().parse(source).root_node, source)


def test_a_keyword_last_but_one_or_last_in_the_file() -> None:
    assert found(b"interface A { x: ; abstract:") == [19]  # nothing after ``:``
    assert found(b"interface A { x: ; abstract?(") == [19]  # ``?`` then the last token
    assert found(b"interface A { x: ; abstract?") == []  # ``?`` is the last token
    assert found(b"abstract: x") == [0]  # the first token of the file


def test_a_comment_or_a_line_break_before_the_keyword() -> None:
    assert found(b"interface A { x: number /* c */ abstract: boolean }") == [32]
    # a line comment ends at a carriage return too
    assert found(b"interface A { x: number // c\r abstract: boolean }") == [30]
    assert found(b"interface A { x: number\n abstract: boolean }") == [25]
    assert found(b"interface A { x: number abstract: boolean }") == []


def test_a_keyword_that_is_no_name_does_not_end_the_search() -> None:
    assert found(b"let x = abstract: 1;\ninterface A { abstract: boolean }") == [35]


def test_the_error_must_touch_the_keyword_or_the_two_tokens_after_it() -> None:
    # the error is at ``x``, the third token after ``get``: not touching
    assert found(b"interface A { get: string x }") == []


def test_undecodable_bytes_next_to_a_keyword_are_read_with_replacement() -> None:
    assert found(b"interface A { x: ; abstract\xff: 1 }") == []
    assert found(b"interface A { \xc3\xa9: ; abstract: 1 }") == [20]


def test_after_reads_a_question_colon_token_as_a_colon() -> None:
    source = b"type M = { [K in T]?: V }"
    leaves = kn._leaves(_parser().parse(source).root_node)
    i = [kn._text(leaf, source) for leaf in leaves].index("]")
    assert kn._text(leaves[i + 1], source) == "?:"
    assert kn._after(leaves, i, source) == ":"


def test_better_compares_the_first_errors_starts() -> None:
    parse = _parser().parse
    old = parse(b"type T = (;").root_node  # one error, 5..10
    new = parse(b"let q = ((( ;").root_node  # one error, 6..11
    assert kn._errors(old) == [(5, 10)] and kn._errors(new) == [(6, 11)]
    assert kn._better(new, old) and not kn._better(old, new)


def test_a_rejected_star_repair_is_undone_before_the_keywords(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kn, "_better", lambda new, old: False)
    source = b'export type * from "x";\ninterface A { abstract: boolean }'
    _, texts = repaired(source)
    assert texts == [
        source,
        source.replace(b"type", b"    ", 1),
        source.replace(b"abstract", b"_bstract"),  # the star left as written
    ]


def test_type_stars_after_other_statements_and_not_after_a_comment() -> None:
    source = b'interface A {}\nexport type * from "x";'
    assert kn.type_only_stars(_parser().parse(source).root_node, source) == [22]
    commented = b'export type /* c */ * from "x";'
    assert kn.type_only_stars(_parser().parse(commented).root_node, commented) == []


@pytest.mark.parametrize(
    ("source", "keyword"),
    [
        (b"type M = { [type in K]: V };", b"type"),
        (b"type M = { [ /* c */ type in K]: V };", b"type"),
        (b"type M = { [// c\n readonly in K]: V };", b"readonly"),
        ("type M = { [\u00a0type in K]: V };".encode(), b"type"),
        (b"type M = { [type /* c */ in K]: V };", b"type"),
    ],
)
def test_the_text_check_before_the_walk_lets_each_mapped_keyword_key_through(
    source: bytes, keyword: bytes
) -> None:
    """The walk over every node runs only when the text may hold such a key (#37): a
    comment or a Unicode space after ``[`` still reaches it."""
    root = _parser().parse(source).root_node
    assert kn.mapped_keyword_keys(root, source) == [source.index(keyword, source.index(b"["))]


def test_a_text_without_a_keyword_after_a_bracket_skips_the_walk() -> None:
    source = b"type M = { [types in K]: V; [k: string]: type };"

    class Untouchable:
        @property
        def children(self) -> list[object]:
            raise AssertionError("the tree was walked")

    assert kn.mapped_keyword_keys(Untouchable(), source) == []  # type: ignore[arg-type]
