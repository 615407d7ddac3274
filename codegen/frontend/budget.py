"""The work budget of type expansion: every expansion ends, and soon.

``expand`` lowers generics, distributions over unions, conditional types, intersections
and mapped types (``Partial``, ``Record``...). Each of these can multiply the size of a
type, and a few lines of schema can ask for more work than any machine has:
``type G<T> = { g: G<[T, T]> }`` doubles its argument at each level, and an intersection
of 20 two-member unions distributes into a million members. Depth alone does not bound
that, so the expander counts what it does:

* ``MAX_WORK``: type nodes the expansion of the whole schema may visit or build (each
  call that expands one type node, each member of a distribution, each property a mapped
  type makes). The official MCP schemas need less than 0.1 % of it.
* ``MAX_ARGUMENT_NODES``: the size of one generic instance's type arguments, counted as a
  tree (a type used twice counts twice), checked before the arguments are named or
  compared: arguments that double at each level are refused at about the 13th.
* ``MAX_NESTING``: generic instances being expanded inside one another at once
  (``G<T>`` whose body needs ``G<T[]>``, which needs ``G<T[][]>``...).

Each limit, when passed, is a ``SchemaError`` at the construct that passed it, naming the
construct and the limit; sizes are computed before anything that large is built.
"""

from __future__ import annotations

from .. import ir
from ..errors import SchemaError
from ..ir.walk import TYPE_KINDS, children

MAX_WORK = 1_000_000
MAX_ARGUMENT_NODES = 5_000
MAX_NESTING = 50


class Budget:
    """The work left to one expansion of one schema."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = MAX_WORK if limit is None else limit
        self.spent = 0

    def spend(self, amount: int, span: ir.Span, construct: str) -> None:
        """Count ``amount`` steps of work for ``construct``; past the limit, a located
        ``SchemaError`` that names the construct."""
        self.spent += amount
        if self.spent > self.limit:
            raise SchemaError(
                span,
                f"expanding {construct} needs more than {self.limit} steps of type "
                "expansion (the compiler's work budget); the type grows without bound or "
                "is too large to expand",
            )


def size(node: object, cap: int) -> int:
    """How many type nodes ``node`` (a type, or a tuple of types) holds as a tree, a shared
    node counted each time it is used; counting stops a little past ``cap``.

    Linear in the number of distinct nodes: a type built by doubling (``[[T, T], [T, T]]``
    held as a DAG) is measured without walking its exponential tree."""
    memo: dict[int, int] = {}

    def count(n: object) -> int:
        if isinstance(n, tuple):
            return sum(count(item) for item in n)
        if n is None:
            return 0
        key = id(n)
        if key not in memo:  # IR nodes are frozen: a type holds no cycle
            total = 1
            for child in _children(n):
                total += count(child)
                if total > cap:
                    break
            memo[key] = total
        return memo[key]

    return count(node)


def _children(node: object) -> tuple[object, ...]:
    """What ``size`` counts below a node: an object's properties and index signature are
    nodes of their own, the rest are ``ir.walk.children``."""
    if isinstance(node, ir.Object):
        return (*node.properties, node.index)
    if isinstance(node, ir.Property):
        return (node.type,)
    if isinstance(node, ir.IndexSignature):
        return (node.value,)
    return children(node) if isinstance(node, TYPE_KINDS) else ()
