"""The TypedDict target (``generate --target typeddict``): ``typing.TypedDict`` classes for
the schema's types, and ``validate(value, Type)`` against the package's ``schema.json``.

The package: ``models.py`` (constants, one TypedDict per class the naming authority names,
type aliases), ``validation.py`` (``validate``, ``ValidationError``), ``server.py`` (a
typed handler base class and ``dispatch``, each message checked by ``validate``),
``client.py`` (typed requests over a ``Transport``, each result checked), ``_runtime.py``
(static: ``codegen/runtime/_typeddict.py``, standard library only) and ``schema.json``.
A TypedDict lists every member of its class (inherited ones too: TypedDicts are
structural, so none needs a base); a member that may be absent is ``NotRequired``; a
class with a member whose wire name is no identifier (or a keyword) uses the functional
syntax. Only type checkers read the annotations: ``validate`` decides, by ``schema.json``.

``DEVIATIONS`` lists what the package's types cannot say as ``schema.json`` does; the
package's docstring and ``docs/targets/typeddict.md`` list the same.
"""

from __future__ import annotations

from ....errors import Diagnostics
from ....ir import Schema
from ....paths import CODEGEN_DIR
from ..backend import PythonBackend, backend_of
from .client import emit_client
from .module import MODELS, emit_models, emit_validation
from .server import emit_server

RUNTIME = "_runtime.py"
RUNTIME_SOURCE = CODEGEN_DIR / "runtime" / "_typeddict.py"

DEVIATIONS: tuple[str, ...] = (
    "The types check nothing at run time: a TypedDict is a plain dict. ``validate`` checks "
    "a value against ``schema.json`` and agrees with it on every test vector.",
    "Patterns, bounds, lengths and closed objects are not in the types (Python's types "
    "cannot say them); ``validate`` checks them.",
    "The members an index signature allows beside named properties are not in the "
    "TypedDict (a TypedDict cannot type its other keys); ``validate`` checks them.",
    "A tuple with optional or rest items is a list of its item types for type checkers.",
    "A type alias is, at run time, a named marker that ``validate`` reads "
    "(``_runtime.Alias``); its meaning is for type checkers only.",
    "An anonymous class (an inline object type) has no definition of its own in "
    "``schema.json``: ``validate`` takes the declaration that holds it.",
)

PACKAGE_DOC = "TypedDicts. Deviations from schema.json:\n\n" + "\n".join(
    f"* {line}" for line in DEVIATIONS
)


def emit_typeddict(source: Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    """The TypedDict package's Python modules as ``{path: text}``. ``diagnostics`` as every
    target's emitter takes it: this one warns of nothing itself (``DEVIATIONS`` says what
    its types cannot)."""
    backend = backend_of(source)
    return {
        MODELS: emit_models(backend, PACKAGE_DOC),
        **emit_validation(backend),
        **emit_server(backend),
        **emit_client(backend),
        # Bytes decoded as UTF-8 whatever the locale (the static file is copied verbatim).
        RUNTIME: RUNTIME_SOURCE.read_bytes().decode(),
    }
