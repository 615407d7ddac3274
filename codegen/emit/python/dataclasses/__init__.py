"""The dataclasses target (``generate --target dataclasses``): plain classes for the
schema's types, and ``from_wire``/``to_wire`` between them and plain JSON.

The package: ``models.py`` (constants, one ``@dataclass(slots=True, kw_only=True)`` per
class the naming authority names, type aliases), ``wire.py`` (``from_wire(value, Type)``,
which checks the value against ``schema.json`` before it builds anything, ``to_wire(obj)``
and the tables they read), ``server.py`` (a typed handler base class and ``dispatch``),
``client.py`` (typed requests over a ``Transport``), ``_runtime.py`` (static:
``codegen/runtime/_dataclasses.py``), ``_schema.py`` (static: the TypedDict target's
``schema.json`` checker, ``codegen/runtime/_typeddict.py``) and ``schema.json``. Standard
library only.

The classes are not frozen: they are records to build and change, as the pydantic models
and msgspec Structs are (``dataclasses.replace`` works on them either way). A member that
may be absent is ``T | UnsetType = UNSET``: absent is not ``None``.

``DEVIATIONS`` lists what the package cannot mean as ``schema.json`` does; the package's
docstring and ``docs/targets/dataclasses.md`` list the same.
"""

from __future__ import annotations

from ....errors import Diagnostics
from ....ir import Schema
from ....paths import CODEGEN_DIR
from ..backend import PythonBackend, backend_of
from .client import emit_client
from .module import emit_models
from .server import emit_server

RUNTIME = "_runtime.py"
SCHEMA_CHECK = "_schema.py"
RUNTIME_SOURCE = CODEGEN_DIR / "runtime" / "_dataclasses.py"
SCHEMA_CHECK_SOURCE = CODEGEN_DIR / "runtime" / "_typeddict.py"

DEVIATIONS: tuple[str, ...] = (
    "The classes check nothing when built or changed: ``from_wire`` checks a value "
    "against ``schema.json`` before it builds the classes, and agrees with it on every "
    "test vector; ``to_wire`` checks nothing.",
    "Patterns, bounds, lengths and closed objects are not in the types (Python's types "
    "cannot say them); ``from_wire`` checks them.",
    "The members a class does not name (unknown members, and those an index signature "
    "allows) are kept in its ``model_extra`` dict, by wire name, not as attributes.",
    "A tuple with optional or rest items is a list of its item types; a fixed tuple is "
    "built as a ``tuple``.",
    "A union member is picked by the value's JSON kind, then by the keys each object "
    "member requires and the literals it fixes, then by the first member whose own "
    "definition in ``schema.json`` accepts the value; an anonymous class left beside "
    "another is the first of them. Several array members are one list whose items are "
    "picked one by one.",
    "A type alias is, at run time, a named marker that ``from_wire`` reads "
    "(``_runtime.Alias``); its meaning is for type checkers only.",
    "An anonymous class (an inline object type) has no definition of its own in "
    "``schema.json``: ``from_wire`` takes the declaration that holds it.",
)

PACKAGE_DOC = "Dataclasses. Deviations from schema.json:\n\n" + "\n".join(
    f"* {line}" for line in DEVIATIONS
)


def emit_dataclasses(source: Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    """The dataclasses package's Python modules as ``{path: text}``."""
    backend = backend_of(source)
    return {
        **emit_models(backend, PACKAGE_DOC),
        **emit_server(backend),
        **emit_client(backend),
        # Bytes decoded as UTF-8 whatever the locale (the static files are copied verbatim).
        RUNTIME: RUNTIME_SOURCE.read_bytes().decode(),
        SCHEMA_CHECK: SCHEMA_CHECK_SOURCE.read_bytes().decode(),
    }
