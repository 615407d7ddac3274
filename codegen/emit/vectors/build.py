"""The test vectors of one definition: values it accepts, near-misses it rejects, each proved.

The values come from ``codegen.emit.instances`` (the builder the revision diff's witnesses
use). For each definition:

1. *accept*: its smallest value and the variants a schema can tell apart
   (``Side.variants``), each kept only when ``jsonschema`` accepts it;
2. *reject*: from a kept value (the smallest, and the largest), one spot at a time along
   the value (the value itself, each member, the first item of each array), a near-miss
   of one kind (``KINDS``): a wrong type, ``null``, a missing required member, an extra
   member where the object is closed, a string that breaks the pattern, a value past a
   bound, a wrong constant or enum value;
3. a near-miss is kept only when the validator rejects it *for that reason*: every error
   (a union's error replaced by its most plausible member's, ``leaf_errors``) lies at or
   below the mutated spot, or is about that member's key on its object (the witnesses'
   focus rule, ``inside``), and, where the kind names a keyword (``required``,
   ``pattern``...), that keyword is among them. Anything else is dropped and counted.

Every value built is work (``Work``): a definition gets a bounded share, the whole schema
a bounded total, past which the build stops with a located error at the definition.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .. import instances
from ..instances import JSON, Path, Side, canonical, flatten, inside, leaf_errors, set_at

# Work is counted in JSON nodes of the values built and checked (a value's cost to check
# grows with its size): a webhook payload of 500 nodes costs what 500 small ones do.
MAX_WORK = 5_000_000  # for a whole schema
MAX_PER_DEFINITION = 10_000  # for one definition
MAX_ACCEPT = 12
MAX_REJECT = 32
MAX_SPOTS = 24  # spots mutated in one base value
SPOT_DEPTH = 4  # how deep into a value spots are looked for
ACCEPT_CANDIDATES = 64  # variants tried for the accepted values

# The kinds of near-miss, in the order they are tried at each spot.
KINDS = ("type", "null", "required", "closed", "pattern", "bound", "const", "enum")
# Strings tried against a pattern: one of them breaks almost any pattern a schema uses.
PATTERN_BREAKERS = ("", " ", "\u0000", "!", "x y", "0")
EXTRA_MEMBER = "unexpectedMember"


class WorkSpent(Exception):
    """The whole schema's work budget is spent (the emitter turns it into a located error)."""


class Work:
    """The work budget of one schema's vectors: every value built counts its nodes."""

    def __init__(self, limit: int = MAX_WORK, share: int = MAX_PER_DEFINITION) -> None:
        self.limit = limit
        self.share = share
        self.spent = 0
        self.left = share  # of the current definition's share

    def start(self) -> None:
        """A new definition: a fresh share."""
        self.left = self.share

    def spend(self, value: JSON) -> bool:
        """Count the nodes of ``value``; False when the definition's share is spent (the
        value is then not checked). `WorkSpent` when the whole schema's budget is."""
        cost = nodes(value)
        if cost > self.left:
            self.left = 0
            return False
        self.left -= cost
        self.spent += cost
        if self.spent > self.limit:
            raise WorkSpent(self.limit)
        return True


@dataclass(frozen=True, slots=True)
class Vector:
    """A value and why it was built; for a near-miss, where and what the validator said."""

    value: JSON
    why: str
    at: Path = ()
    keywords: tuple[str, ...] = ()


@dataclass
class Vectors:
    """One definition's vectors; ``dropped``: near-misses built but not proved."""

    accept: list[Vector] = field(default_factory=list)
    reject: list[Vector] = field(default_factory=list)
    dropped: int = 0


@dataclass(frozen=True, slots=True)
class Candidate:
    """A near-miss to check: the mutated ``value``, its spot, and the keyword it must break
    (empty: any error at the spot proves it)."""

    value: JSON
    why: str
    at: Path
    keyword: frozenset[str] = frozenset()
    kind: str = ""


def nodes(value: JSON) -> int:
    """How many JSON values ``value`` holds, itself included (members and items too)."""
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def pointer(path: Sequence[str]) -> str:
    """A JSON Pointer (RFC 6901) to ``path``."""
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in path)


def _where(path: Path) -> str:
    return f"at {pointer(path)}" if path else "at the top"


def _kind_of(value: JSON) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


# A value of another JSON type, for each type.
WRONG_TYPES: dict[str, tuple[JSON, ...]] = {
    "string": (12345, True),
    "number": ("0", True),
    "boolean": ("true", 0),
    "array": ({}, "x"),
    "object": ([], "x"),
}


class Builder:
    """Builds the vectors of each definition of one JSON Schema document."""

    def __init__(self, side: Side, work: Work) -> None:
        self.side = side
        self.work = work

    def build(self, name: str) -> Vectors:
        """The proved vectors of definition ``name``. Lets the validator's own errors out
        (a bad pattern: ``re.error``): the caller says where."""
        self.work.start()
        validator = self.side.validator(name, None)
        node = self.side.defs[name]
        out = Vectors()
        seen: set[str] = set()
        for value in islice(self.side.variants(node), ACCEPT_CANDIDATES):
            text = canonical(value)
            if text in seen:
                continue
            if not self.work.spend(value):
                return out
            seen.add(text)
            if validator.is_valid(value):
                why = "the smallest value" if not out.accept else "a variant"
                out.accept.append(Vector(value, why))
                if len(out.accept) >= MAX_ACCEPT:
                    break
        if not out.accept:
            return out
        bases = [out.accept[0].value]
        largest = max(out.accept, key=lambda v: len(canonical(v.value))).value
        if canonical(largest) != canonical(bases[0]):
            bases.append(largest)
        # a value the accept phase found invalid is still a near-miss to try
        seen = {canonical(v.value) for v in out.accept}
        done: set[tuple[str, Path, frozenset[str]]] = set()  # one near-miss a kind and spot
        for base in bases:
            for spot, nodes in islice(self.spots(base, node), MAX_SPOTS):
                for candidate in self.near_misses(base, spot, nodes):
                    text = canonical(candidate.value)
                    reason = (candidate.kind, candidate.at, candidate.keyword)
                    if text in seen or reason in done:
                        continue
                    if not self.work.spend(candidate.value):
                        return out
                    seen.add(text)
                    proved = _prove(validator, candidate)
                    if proved is None:
                        out.dropped += 1
                        continue
                    out.reject.append(proved)
                    done.add(reason)
                    if len(out.reject) >= MAX_REJECT:
                        return out
        return out

    # -- where to mutate

    def spots(self, value: JSON, node: JSON, path: Path = ()) -> Iterator[tuple[Path, list[JSON]]]:
        """Each place in ``value`` with the schemas that may judge it, the value first."""
        nodes = flatten(self.side, node)
        yield path, nodes
        if len(path) >= SPOT_DEPTH:
            return
        if isinstance(value, dict):
            for member, inner in value.items():
                schemas = [
                    n["properties"][member]
                    for n in nodes
                    if isinstance(n.get("properties"), dict) and member in n["properties"]
                ]
                schemas += [
                    n["additionalProperties"]
                    for n in nodes
                    if not schemas and isinstance(n.get("additionalProperties"), dict)
                ]
                if schemas:
                    yield from self.spots(inner, {"allOf": schemas}, (*path, member))
        elif isinstance(value, list) and value:
            schemas = []
            for n in nodes:
                prefix = n.get("prefixItems")
                if isinstance(prefix, list) and prefix:
                    schemas.append(prefix[0])
                elif isinstance(n.get("items"), dict):
                    schemas.append(n["items"])
            if schemas:
                yield from self.spots(value[0], {"allOf": schemas}, (*path, "0"))

    # -- what to try there

    def near_misses(self, base: JSON, at: Path, nodes: list[JSON]) -> Iterator[Candidate]:
        _, current = instances.get_at(base, at)
        where = _where(at)
        for kind in KINDS:
            for value, why, focus, keyword in self._kind(kind, current, nodes, where):
                yield Candidate(set_at(base, at, value), why, (*at, *focus), keyword, kind)

    def _kind(
        self, kind: str, current: JSON, nodes: list[JSON], where: str
    ) -> Iterator[tuple[JSON, str, Path, frozenset[str]]]:
        """``(value at the spot, why, focus below the spot, keyword)`` of one kind."""
        none: frozenset[str] = frozenset()
        if kind == "type":
            for wrong in WRONG_TYPES.get(_kind_of(current), ()):
                why = f"wrong type {where}: {_kind_of(wrong)} instead of {_kind_of(current)}"
                yield wrong, why, (), none
        elif kind == "null" and current is not None:
            yield None, f"null {where}, where null is not allowed", (), none
        elif kind == "required" and isinstance(current, dict):
            required = [r for n in nodes for r in n.get("required", ()) if isinstance(r, str)]
            for member in dict.fromkeys(required):
                if member in current:
                    rest = {k: v for k, v in current.items() if k != member}
                    why = f"missing required member '{member}' {where}"
                    yield rest, why, (member,), frozenset({"required"})
        elif kind == "closed" and isinstance(current, dict):
            closed = [
                k
                for n in nodes
                for k in ("additionalProperties", "unevaluatedProperties")
                if n.get(k) is False
            ]
            if closed:
                member = EXTRA_MEMBER
                while member in current or any(member in n.get("properties", {}) for n in nodes):
                    member += "_"
                value = {**current, member: 0}
                why = f"extra member '{member}' {where}, where the object is closed"
                yield value, why, (member,), frozenset(closed)
        elif kind == "pattern" and isinstance(current, str):
            for n in nodes:
                pattern = n.get("pattern")
                if isinstance(pattern, str):
                    for broken in PATTERN_BREAKERS:
                        if not re.search(pattern, broken):  # the first string it refuses
                            why = (
                                f"{canonical(broken)} {where} does not match the pattern {pattern}"
                            )
                            yield broken, why, (), frozenset({"pattern"})
                            break
        elif kind == "bound":
            for n in nodes:
                yield from _past_bounds(n, current, where)
        elif kind == "const":
            for n in nodes:
                if "const" in n and current == n["const"]:
                    wrong = _other(n["const"], [n["const"]])
                    if wrong is not None:
                        why = f"wrong constant {where}: {canonical(wrong)} instead of {canonical(current)}"
                        yield wrong, why, (), frozenset({"const"})
        elif kind == "enum":
            for n in nodes:
                if isinstance(n.get("enum"), list) and current in n["enum"]:
                    wrong = _other(current, n["enum"])
                    if wrong is not None:
                        why = f"{canonical(wrong)} {where} is not one of the enum's values"
                        yield wrong, why, (), frozenset({"enum"})


def _other(value: JSON, taken: list[JSON]) -> JSON:
    """A value of ``value``'s type that is none of ``taken``; None when there is none."""
    if isinstance(value, bool):
        return None if (not value) in taken else (not value)
    if isinstance(value, int | float):
        numbers = [t for t in taken if isinstance(t, int | float) and not isinstance(t, bool)]
        return max(numbers) + 1
    if isinstance(value, str):
        wrong = f"{value}-wrong" if value else "wrong"
        while wrong in taken:
            wrong += "-"
        return wrong
    return None


def _past_bounds(
    node: JSON, current: JSON, where: str
) -> Iterator[tuple[JSON, str, Path, frozenset[str]]]:
    """Values just past each bound ``node`` sets on the kind of ``current``."""
    size = instances.size
    if isinstance(current, str):
        low, high = size(node, "minLength", 0), size(node, "maxLength")
        if low > 0:
            yield (
                "x" * (low - 1),
                f"a string {where} shorter than minLength {low}",
                (),
                frozenset({"minLength"}),
            )
        if high < 10_000:
            yield (
                "x" * (high + 1),
                f"a string {where} longer than maxLength {high}",
                (),
                frozenset({"maxLength"}),
            )
    elif isinstance(current, int | float) and not isinstance(current, bool):
        for keyword, step in (
            ("minimum", -1),
            ("exclusiveMinimum", 0),
            ("maximum", 1),
            ("exclusiveMaximum", 0),
        ):
            bound = instances.number(node, keyword)
            if bound is not None:
                past = bound + step
                past = int(past) if float(past).is_integer() else past
                why = f"{past} {where} is past {keyword} {canonical(bound)}"
                yield past, why, (), frozenset({keyword})
    elif isinstance(current, list) and current:
        low, high = size(node, "minItems", 0), size(node, "maxItems")
        if 0 < low <= len(current) + 1:
            fewer = current[: low - 1]
            yield (
                fewer,
                f"{len(fewer)} items {where}, fewer than minItems {low}",
                (),
                frozenset({"minItems"}),
            )
        if high < 1_000:
            more = (current * (high + 1))[: high + 1]
            yield (
                more,
                f"{len(more)} items {where}, more than maxItems {high}",
                (),
                frozenset({"maxItems"}),
            )
        if node.get("uniqueItems") is True:
            twice = [current[0], *current]
            yield (
                twice,
                f"a repeated item {where}, where items are unique",
                (),
                frozenset({"uniqueItems"}),
            )


def _prove(validator: Any, candidate: Candidate) -> Vector | None:
    """The candidate as a reject vector when the validator rejects it for its reason."""
    errors = leaf_errors(list(validator.iter_errors(candidate.value)))
    if not errors or not all(inside(e, candidate.at) for e in errors):
        return None
    keywords = tuple(sorted({str(e.validator) for e in errors}))
    if candidate.keyword and not candidate.keyword & set(keywords):
        return None
    return Vector(candidate.value, candidate.why, candidate.at, keywords)


def schema_errors() -> tuple[type[BaseException], ...]:
    """What a validator raises on a schema it cannot use (``minimum: "abc"`` is a
    ``TypeError``: jsonschema does not check schemas first)."""
    import jsonschema

    return (jsonschema.SchemaError, re.error, RecursionError, TypeError)
