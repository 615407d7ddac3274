"""Emission order: a stable topological order of the module's classes and aliases.

Each item names the items it needs when Python *executes* its definition (``hard``: a
class's bases, the names in a type alias's value), the ones its field annotations use
(``soft``: pydantic resolves those when it builds the model, which may be later, after
``model_rebuild()``), and the ones a quoted recursive alias names (``refs``: read when a
model that uses the alias is built; the alias itself can run anywhere).

The items are ordered dependencies first over the strongly connected components of all
three kinds of reference (post-order of the condensation), so that a model is built only
when every model it reaches is complete: pydantic then reuses their schemas instead of
building them again inside this one, one nested call per model reached. Components come
in source order unless a dependency forces an earlier one first. A component of two or
more items holding a model is a *group*: its items are emitted together, in source order
unless a dependency inside the group forces an earlier one; where only a cycle is left,
the earliest item whose hard dependencies are met goes first and is marked ``forward``.
The emitter builds each group right after its last item, before anything that uses it.
A cycle through hard dependencies alone is a ``SchemaError`` (the emitter avoids it by
quoting recursive aliases, so it means a class inherits from itself).

A cycle of quoted aliases without a model (a *ring*, such as a JSON value type) is not
a group: each alias keeps its source place, as it needs nothing when it runs, and only a
group waits for the whole of each ring it reaches.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence

from ...errors import SchemaError
from ...ir import NO_SPAN, Span, node_class


@node_class.node  # a frozen dataclass; a large typing makes thousands of items (#37)
class Item:
    name: str
    order: tuple[int, ...]
    hard: frozenset[str] = frozenset()
    soft: frozenset[str] = frozenset()
    span: Span = NO_SPAN
    refs: frozenset[str] = frozenset()
    model: bool = True  # a class pydantic builds (an alias is not)


@node_class.node
class Order:
    """The items in emission order; ``forward`` holds those that refer to later items;
    ``groups`` the cycles holding a model, each in emission order and contiguous."""

    items: tuple[Item, ...]
    forward: frozenset[str] = frozenset()
    groups: tuple[tuple[str, ...], ...] = ()
    # Each group's items in the order to build them: its first item, then the others in
    # the post-order of a depth-first walk from it, so that each build after the first
    # finds the items it refers to built already (pydantic builds every model it reaches
    # that is not built yet inside the one it builds, so a ring in source order would be
    # quadratic).
    builds: tuple[tuple[str, ...], ...] = ()

    @property
    def names(self) -> list[str]:
        return [item.name for item in self.items]


def topological_order(items: Sequence[Item]) -> Order:
    by_name = {item.name: item for item in items}
    edges: dict[str, list[str]] = {}
    for item in items:
        # Most items have soft references only (field annotations), or none at all.
        wanted = item.soft if not item.hard and not item.refs else item.hard | item.soft | item.refs
        edges[item.name] = (
            [d for d in sorted(wanted) if d in by_name and d != item.name] if wanted else []
        )
    # Units: a group is one unit, every other item its own. Most components are one item
    # (a typing without cycles has only those): they take the short branches (#37).
    unit_of: dict[str, int] = {}
    members: list[list[str]] = []
    ring_of: dict[str, int] = {}
    rings: list[frozenset[str]] = []
    reached_rings: dict[int, frozenset[int]] = {}  # component -> rings it reaches
    component_of: dict[str, int] = {}
    for index, component in enumerate(components(edges)):
        for name in component:
            component_of[name] = index
        if len(component) > 1 and any(by_name[name].model for name in component):
            for name in component:
                unit_of[name] = len(members)
            members.append(component)
        else:
            for name in component:
                unit_of[name] = len(members)
                members.append([name])
            if len(component) > 1:
                for name in component:
                    ring_of[name] = len(rings)
                rings.append(frozenset(component))
        # Sinks come first, so every component this one refers to is already known.
        reached: set[int] = set()
        for name in component:
            for dep in edges[name]:
                other = component_of[dep]
                if other != index:
                    if reached_rings[other]:
                        reached |= reached_rings[other]
                    if dep in ring_of:
                        reached.add(ring_of[dep])
        reached_rings[index] = frozenset(reached) if reached else _NO_RINGS

    needs: list[set[int]] = []
    for names in members:
        if len(names) == 1:  # no edge to itself; none into its own ring
            name = names[0]
            ring = rings[ring_of[name]] if name in ring_of else _NO_NAMES
            needs.append({unit_of[d] for d in edges[name] if d not in ring})
            continue
        unit = len(needs)
        needs.append(set())
        inside = set(names)
        for name in names:
            ring = rings[ring_of[name]] if name in ring_of else _NO_NAMES
            needs[unit] |= {unit_of[d] for d in edges[name] if d not in inside and d not in ring}
        # A group's build reads every alias of every ring it reaches.
        for ring_index in reached_rings[component_of[names[0]]]:
            needs[unit] |= {unit_of[alias] for alias in rings[ring_index]}
    # Who needs each unit. The order a unit's users are met in does not matter: each
    # enters the heap under its own rank, and the heap gives them out by rank.
    users: list[list[int]] = [[] for _ in members]
    for unit, needed in enumerate(needs):
        for needed_unit in needed:
            users[needed_unit].append(unit)

    # Each unit's place in (source order, name) of its first member, as one int: the heap
    # holds these ints, not nested tuples (its pops were a third of the ordering, #37).
    first = [
        (by_name[names[0]].order, names[0])
        if len(names) == 1
        else min((by_name[name].order, name) for name in names)
        for names in members
    ]
    unit_at = sorted(range(len(members)), key=first.__getitem__)  # place -> unit
    rank = [0] * len(members)
    for place, unit in enumerate(unit_at):
        rank[unit] = place

    ready = [rank[unit] for unit in range(len(members)) if not needs[unit]]
    heapq.heapify(ready)
    emitted: list[Item] = []
    forward: set[str] = set()
    groups: list[tuple[str, ...]] = []
    builds: list[tuple[str, ...]] = []
    left = [len(needed) for needed in needs]
    pop, push = heapq.heappop, heapq.heappush
    while ready:
        unit = unit_at[pop(ready)]
        names = members[unit]
        if len(names) == 1:
            emitted.append(by_name[names[0]])
        else:
            inner = _within([by_name[name] for name in names], edges)
            emitted.extend(inner.items)
            forward |= inner.forward
            groups.append(tuple(inner.names))
            builds.append(_post_order(inner.names, edges))
        for user in users[unit]:
            left[user] -= 1
            if not left[user]:
                push(ready, rank[user])
    if len(emitted) < len(items):  # unreachable: the units form a DAG
        placed = {item.name for item in emitted}
        stuck = min((i for i in items if i.name not in placed), key=lambda i: i.order)
        raise SchemaError(stuck.span, f"'{stuck.name}' cannot be ordered")
    return Order(tuple(emitted), frozenset(forward), tuple(groups), tuple(builds))


_NO_RINGS: frozenset[int] = frozenset()
_NO_NAMES: frozenset[str] = frozenset()


def _post_order(names: Sequence[str], edges: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    """``names[0]``, then the others in the post-order of a depth-first walk from it over
    the edges inside ``names`` (iterative: a ring of thousands nests no deeper than one)."""
    inside = set(names)
    seen = {names[0]}
    finished: list[str] = []
    for root in names:  # every item of a group is reachable from the first; defensive
        if root != names[0] and root in seen:
            continue
        seen.add(root)
        work = [(root, iter([d for d in edges[root] if d in inside]))]
        while work:
            name, targets = work[-1]
            for target in targets:
                if target not in seen:
                    seen.add(target)
                    work.append((target, iter([d for d in edges[target] if d in inside])))
                    break
            else:
                work.pop()
                finished.append(name)
    return (names[0], *(name for name in finished if name != names[0]))


def _within(items: Sequence[Item], edges: Mapping[str, Sequence[str]]) -> Order:
    """The items of one group: source order unless a dependency inside the group forces an
    earlier one; when only cycles remain, the earliest item whose hard dependencies are met
    goes first and is ``forward``."""
    by_name = {item.name: item for item in items}
    deps = {item.name: {d for d in edges[item.name] if d in by_name} for item in items}
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


def components(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of ``edges`` (name -> names it refers to), every
    name in exactly one, each in the order of ``edges``; a component comes after every
    component it refers to (names outside ``edges`` are ignored).

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
        index[root] = low[root] = len(index)
        if not targets[root]:  # refers to nothing: a component of its own, now
            found.append([root])
            continue
        stack.append(root)
        on_stack.add(root)
        # Each name on the walk with what is left of its targets (an iterator resumes where
        # the walk went down from it).
        work = [(root, iter(targets[root]))]
        while work:
            name, rest = work[-1]
            for target in rest:
                if target not in index:
                    index[target] = low[target] = len(index)
                    if not targets[target]:
                        # Refers to nothing (most names of a large typing): its own
                        # component, done as the walk would finish it, without entering it.
                        found.append([target])
                        continue
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(targets[target])))
                    break
                if target in on_stack and index[target] < low[name]:
                    low[name] = index[target]
            else:  # every target done
                work.pop()
                if work:  # back in the caller: its low link takes this one's
                    caller = work[-1][0]
                    if low[name] < low[caller]:
                        low[caller] = low[name]
                if low[name] == index[name]:
                    member = stack.pop()
                    on_stack.discard(member)
                    if member == name:
                        found.append([name])
                        continue
                    members = [member]
                    while member != name:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                    found.append(sorted(members, key=position.__getitem__))
    return found


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of ``edges`` (name -> names it refers to) that
    hold more than one name or refer to themselves, each in the order of ``edges``."""
    return [
        component
        for component in components(edges)
        if len(component) > 1 or component[0] in edges[component[0]]
    ]
