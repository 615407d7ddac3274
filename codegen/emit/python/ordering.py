"""Emission order: a stable topological order of the module's classes and aliases.

Each item names the items it needs when Python *executes* its definition (``hard``: a
class's bases, the names in a type alias's value) and the ones its field annotations use
(``soft``: pydantic can resolve those later, after ``model_rebuild()``). Items come in
source order unless a dependency forces an earlier one first. When only a cycle is left,
the earliest item whose hard dependencies are met goes first and is marked as needing a
rebuild; a cycle through hard dependencies alone is a ``SchemaError`` (the emitter avoids
it by quoting recursive aliases, so it means a class inherits from itself).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ...errors import SchemaError
from ...ir import NO_SPAN, Span


@dataclass(frozen=True, slots=True)
class Item:
    name: str
    order: tuple[int, ...]
    hard: frozenset[str] = frozenset()
    soft: frozenset[str] = frozenset()
    span: Span = NO_SPAN


@dataclass(frozen=True, slots=True)
class Order:
    """The items in emission order; ``forward`` holds those that refer to later items."""

    items: tuple[Item, ...]
    forward: frozenset[str] = field(default_factory=frozenset)

    @property
    def names(self) -> list[str]:
        return [item.name for item in self.items]


def topological_order(items: Sequence[Item]) -> Order:
    by_name = {item.name: item for item in items}
    # Dependencies on names outside the module (builtins, other modules) never block.
    deps = {
        item.name: {d for d in item.hard | item.soft if d in by_name and d != item.name}
        for item in items
    }
    hard = {item.name: {d for d in item.hard if d in by_name} for item in items}
    users: dict[str, set[str]] = {item.name: set() for item in items}
    for name, needed in deps.items():
        for dep in needed:
            users[dep].add(name)

    ready = [(item.order, item.name) for item in items if not deps[item.name]]
    heapq.heapify(ready)
    emitted: list[Item] = []
    done: set[str] = set()
    forward: set[str] = set()
    waiting = {item.name for item in items if deps[item.name]}

    def emit(name: str) -> None:
        emitted.append(by_name[name])
        done.add(name)
        for user in sorted(users[name]):
            if user in waiting and deps[user] <= done:
                waiting.discard(user)
                heapq.heappush(ready, (by_name[user].order, user))

    while len(done) < len(items):
        if ready:
            _, name = heapq.heappop(ready)
            if name not in done:
                emit(name)
            continue
        # Only cycles remain: break one at its earliest member that can run now.
        candidates = sorted((by_name[name].order, name) for name in waiting if hard[name] <= done)
        if not candidates:
            stuck = min(waiting, key=lambda n: by_name[n].order)
            raise SchemaError(
                by_name[stuck].span,
                f"'{stuck}' depends on itself through its bases: "
                + ", ".join(sorted(hard[stuck] - done)),
            )
        name = candidates[0][1]
        waiting.discard(name)
        forward.add(name)
        emit(name)
    return Order(tuple(emitted), frozenset(forward))


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of ``edges`` (name -> names it refers to) that
    hold more than one name or refer to themselves, each in the order of ``edges``.

    Tarjan's algorithm with an explicit stack: a cycle of thousands of names recurses no
    deeper than one. Linear in names and edges."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    position = {name: i for i, name in enumerate(edges)}
    targets = {name: [t for t in edges[name] if t in position] for name in edges}
    for root in edges:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            name, next_edge = work.pop()
            if next_edge == 0:
                index[name] = low[name] = len(index)
                stack.append(name)
                on_stack.add(name)
            if next_edge < len(targets[name]):
                work.append((name, next_edge + 1))
                target = targets[name][next_edge]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[name] = min(low[name], index[target])
                continue
            if work:  # back in the caller: its low link takes this one's
                caller = work[-1][0]
                low[caller] = min(low[caller], low[name])
            if low[name] == index[name]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == name:
                        break
                if len(members) > 1 or name in targets[name]:
                    found.append(sorted(members, key=position.__getitem__))
    return found
