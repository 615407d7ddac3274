"""The totality net: an unsupported construct degrades the smallest position that reaches
it, never the whole file.

A pass raises ``Unsupported`` where it meets what the dialect cannot express; the pass that
builds a type position (a property's type, an index signature's value, an alias's value,
an interface's base, a declaration) builds it through ``degrading``, which turns that into
``ir.degraded`` with the same message and span. resolve then reports the spot as a located
warning if a compiled declaration reaches it (``--strict``: the same located error), the
JSON Schema carries a ``$comment`` and the package lists it in ``DEGRADED``. Errors that
TypeScript itself reports stay ``SchemaError``s and still refuse the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from .. import ir
from ..errors import Unsupported

P = ParamSpec("P")


def degrading(build: Callable[P, ir.TypeExpr], *args: P.args, **kwargs: P.kwargs) -> ir.TypeExpr:
    """``build(*args, **kwargs)``, or the construct it could not express, degraded where it
    stands."""
    try:
        return build(*args, **kwargs)
    except Unsupported as err:
        return ir.degraded(err.message, err.span)
