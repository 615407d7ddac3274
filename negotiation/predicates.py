"""Server predicates over feature sets: ``"agent & format=json"`` compiled once.

Operands are tags in the tag grammar of [`negotiation.features`][negotiation.features]; ``&`` binds tighter
than ``|``; parentheses group. For choosing content shape only, never for access
decisions (Requirement 3).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from negotiation.features import FeatureSet, FeatureTag, InvalidTag, parse_tag

__all__ = ["Predicate", "PredicateError", "compile_predicate"]


class PredicateError(ValueError):
    """Server-authored predicate text that does not compile."""

    def __init__(self, text: str, column: int, reason: str) -> None:
        super().__init__(f"invalid feature predicate {text!r} at column {column}: {reason}")
        self.text = text
        self.column = column
        self.reason = reason


_Test = Callable[[FeatureSet], bool]
_TOKEN = re.compile(r"\s*(?:([()&|])|([^\s()&|]+))")


@dataclass(frozen=True, slots=True)
class Predicate:
    """A compiled feature predicate such as ``"agent & format=json"``.

    Operators: ``&`` (and), ``|`` (or, binds looser), parentheses; operands are tags in
    the tag grammar, evaluated with [`FeatureSet.has()`][negotiation.features.FeatureSet.has] (``agent``),
    [`FeatureSet.lacks()`][negotiation.features.FeatureSet.lacks] (``!interactive``), [`FeatureSet.equals()`][negotiation.features.FeatureSet.equals]
    (``format=json``) and [`FeatureSet.differs()`][negotiation.features.FeatureSet.differs] (``format!=xml``).

    For choosing content shape only, never for access decisions (Requirement 3).
    """

    text: str
    _test: _Test = field(repr=False, compare=False)
    names: frozenset[str] = frozenset()
    """The tag names the predicate reads."""

    def __call__(self, features: FeatureSet) -> bool:
        return self._test(features)

    matches = __call__


def compile_predicate(text: str) -> Predicate:
    """Compile predicate text once; raises [`PredicateError`][negotiation.predicates.PredicateError] if it is malformed."""
    tokens = _tokenize(text)
    parser = _PredicateParser(text, tokens)
    test = parser.disjunction()
    if parser.position < len(tokens):
        column, token = tokens[parser.position]
        raise PredicateError(text, column, f"unexpected {token!r}")
    return Predicate(text, test, frozenset(parser.names))


def _tokenize(text: str) -> list[tuple[int, str]]:
    tokens: list[tuple[int, str]] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:  # only trailing whitespace is left
            break
        operator, operand = match.groups()
        token = operator or operand
        tokens.append((match.start(1) if operator else match.start(2), token))
        position = match.end()
    return tokens


class _PredicateParser:
    def __init__(self, text: str, tokens: list[tuple[int, str]]) -> None:
        self.text = text
        self.tokens = tokens
        self.position = 0
        self.names: set[str] = set()

    def _peek(self) -> str | None:
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def _fail(self, reason: str) -> PredicateError:
        column = (
            self.tokens[self.position][0] if self.position < len(self.tokens) else len(self.text)
        )
        return PredicateError(self.text, column, reason)

    def disjunction(self) -> _Test:
        terms = [self.conjunction()]
        while self._peek() == "|":
            self.position += 1
            terms.append(self.conjunction())
        return terms[0] if len(terms) == 1 else _any_of(tuple(terms))

    def conjunction(self) -> _Test:
        terms = [self.term()]
        while self._peek() == "&":
            self.position += 1
            terms.append(self.term())
        return terms[0] if len(terms) == 1 else _all_of(tuple(terms))

    def term(self) -> _Test:
        token = self._peek()
        if token is None:
            raise self._fail("expected a feature tag")
        if token == "(":
            self.position += 1
            inner = self.disjunction()
            if self._peek() != ")":
                raise self._fail("expected ')'")
            self.position += 1
            return inner
        if token in {")", "&", "|"}:
            raise self._fail(f"expected a feature tag, found {token!r}")
        parsed = parse_tag(token)
        if isinstance(parsed, InvalidTag):
            raise self._fail(f"{token!r} is not a feature tag: {parsed.reason}")
        self.position += 1
        self.names.add(parsed.name)
        return _test_for(parsed)


def _test_for(tag: FeatureTag) -> _Test:
    name, value = tag.name, tag.value or ""
    if tag.kind == "presence":
        return lambda features: features.has(name)
    if tag.kind == "negation":
        return lambda features: features.lacks(name)
    if tag.kind == "equality":
        return lambda features: features.equals(name, value)
    return lambda features: features.differs(name, value)


def _all_of(tests: tuple[_Test, ...]) -> _Test:
    if len(tests) == 2:
        first, second = tests
        return lambda features: first(features) and second(features)

    def all_hold(features: FeatureSet) -> bool:
        for test in tests:  # a plain loop: cheaper than all() over a generator
            if not test(features):
                return False
        return True

    return all_hold


def _any_of(tests: tuple[_Test, ...]) -> _Test:
    def any_holds(features: FeatureSet) -> bool:
        for test in tests:
            if test(features):
                return True
        return False

    return any_holds
