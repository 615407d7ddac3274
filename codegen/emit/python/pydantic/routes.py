"""Routes for unions of models that no single literal field tells apart.

Pydantic validates such a union in *smart mode*: it validates the input against every
member and keeps the best match, so a union of n models costs n model validations (each
failing one also builds its errors). A *route* is a cheap pre-check, run as a pydantic
callable discriminator, that looks at a few wire keys of the input dict and leaves only
the members that can still accept it:

* a member that requires a key is out when the key is absent;
* a member whose key is a string literal (or a union of them) is out when the key holds
  another string.

Nothing else narrows: a present key of another kind, an undeclared key (members keep
unknown fields) or a model instance keeps every member in. So every member a route drops
would have failed anyway, and smart mode over the survivors picks exactly the member it
picks over the whole union today; an input that no member admits goes to the whole union,
so its errors are the familiar ones. A route is only worth its Python call when it saves
at least one model validation per valid input on average (``MIN_SAVING``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from .... import ir

Tag = str | bool  # a literal value the router reads from the input

# A route costs about as much as one small model validation: below this, smart mode wins.
MIN_SAVING = 1.0
MAX_KEYS = 3  # every key is a dict lookup on each validation
MAX_GROUPS = 64  # every reachable member set is one more choice pydantic builds


@dataclass(frozen=True)
class KeyRule:
    """How one member constrains one wire key."""

    required: bool
    values: frozenset[Tag] | None  # the literals it accepts; None: not narrowed


ANY = KeyRule(required=False, values=None)


@dataclass(frozen=True)
class RouteKey:
    """One key the route reads, with the member bitmask each observed state leaves."""

    alias: str  # the wire key
    name: str  # the attribute name, which the models accept too
    absent: int
    other: int  # a value no member lists
    by_value: tuple[tuple[Tag, int], ...]


@dataclass(frozen=True)
class Route:
    name: str
    members: tuple[str, ...]
    keys: tuple[RouteKey, ...]
    groups: tuple[tuple[str, ...], ...]  # the member sets the route can leave, but all
    exact: bool  # every valid instance of a member is routed to that member alone

    @property
    def full(self) -> int:
        return (1 << len(self.members)) - 1

    def mask_of(self, group: Sequence[str]) -> int:
        return sum(1 << self.members.index(m) for m in group)


def group_tag(group: Sequence[str]) -> str:
    return "|".join(group)


def tag_literals(expr: ir.TypeExpr, deref: Callable[[ir.TypeExpr], ir.TypeExpr]) -> set[Tag] | None:
    """The values a type admits when it is only string or boolean literals (and null);
    else None. Numbers are left out: the router could not tell ``1`` from ``true``."""
    expr = deref(expr)
    if isinstance(expr, ir.Literal):
        return {expr.value} if isinstance(expr.value, str | bool) else None
    if isinstance(expr, ir.Primitive) and expr.name in ("null", "undefined"):
        return set()
    if isinstance(expr, ir.Union):
        found: set[Tag] = set()
        for member in expr.members:
            values = tag_literals(member, deref)
            if values is None:
                return None
            found |= values
        return found or None
    return None


def tag_order(value: Tag) -> tuple[bool, str]:
    """A total order on tags (``sorted`` cannot compare a string with a boolean)."""
    return (isinstance(value, bool), str(value))


Masks = tuple[int, int, dict[Tag, int]]


def _key_masks(key: str, rules: Sequence[dict[str, KeyRule]]) -> Masks:
    absent = other = 0
    values: set[Tag] = set()
    for bit, member in enumerate(rules):
        rule = member.get(key, ANY)
        if not rule.required:
            absent |= 1 << bit
        if rule.values is None:
            other |= 1 << bit
        else:
            values |= rule.values
    by_value = {
        value: other
        | sum(
            1 << bit
            for bit, member in enumerate(rules)
            if (rule := member.get(key, ANY)).values is not None and value in rule.values
        )
        for value in sorted(values, key=tag_order)
    }
    return absent, other, by_value


def _canonical(
    member: int,
    keys: Sequence[str],
    rules: Sequence[dict[str, KeyRule]],
    masks: dict[str, Masks],
    full: int,
) -> int:
    """The members left for a valid instance of ``member`` with no optional key set."""
    mask = full
    for key in keys:
        rule = rules[member].get(key, ANY)
        absent, _, by_value = masks[key]
        if not rule.required:
            mask &= absent
        elif rule.values:
            mask &= by_value[min(rule.values, key=tag_order)]
        # A required key of another type may hold anything: no narrowing.
    return mask


def _score(
    keys: Sequence[str], rules: Sequence[dict[str, KeyRule]], masks: dict[str, Masks]
) -> int:
    full = (1 << len(rules)) - 1
    return sum(_canonical(i, keys, rules, masks, full).bit_count() for i in range(len(rules)))


def _reachable(keys: Sequence[str], masks: dict[str, Masks], size: int) -> set[int]:
    states = []
    for key in keys:
        absent, other, by_value = masks[key]
        states.append({absent, other, *by_value.values()})
    full = (1 << size) - 1
    reachable = set()
    for combo in product(*states):
        mask = full
        for part in combo:
            mask &= part
        reachable.add(mask)
    return reachable


def plan_route(
    members: Sequence[str],
    rules: Sequence[dict[str, KeyRule]],
    attribute: Callable[[str], str | None],
) -> Route | None:
    """The route for a union of ``members`` (``rules[i]`` describes ``members[i]``).

    ``attribute(key)`` is the attribute name of a wire key, None when members disagree
    (such a key is not read). None when no route saves enough.
    """
    candidates = sorted(
        {
            key
            for member in rules
            for key, rule in member.items()
            if (rule.required or rule.values is not None) and attribute(key) is not None
        }
    )
    # Each key's masks once: they were recomputed per member and candidate (quadratic).
    masks = {key: _key_masks(key, rules) for key in candidates}
    n = len(members)
    chosen: list[str] = []
    best = n * n
    while len(chosen) < MAX_KEYS:
        scored = [
            (_score([*chosen, key], rules, masks), key)
            for key in candidates
            if key not in chosen and len(_reachable([*chosen, key], masks, n)) <= MAX_GROUPS + 2
        ]
        if not scored:
            break
        score, key = min(scored)
        if score >= best:
            break
        chosen.append(key)
        best = score
    if not chosen or (n * n - best) / n < MIN_SAVING:
        return None
    full = (1 << n) - 1
    groups = tuple(
        tuple(m for bit, m in enumerate(members) if mask >> bit & 1)
        for mask in sorted(_reachable(chosen, masks, n))
        if mask not in (0, full)
    )
    keys = []
    for key in chosen:
        absent, other, by_value = masks[key]
        name = attribute(key)
        assert name is not None
        keys.append(RouteKey(key, name, absent, other, tuple(by_value.items())))
    digest = hashlib.sha1("|".join(members).encode()).hexdigest()[:10]
    return Route(f"_route_{digest}", tuple(members), tuple(keys), groups, best == n)


def unique(names: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return seen
