"""The msgspec target (``generate --target msgspec``): msgspec Structs for the schema's
types, and a JSON-RPC message decoder.

The package: ``models.py`` (constants, one ``msgspec.Struct`` per class the naming
authority names, type aliases, the lowered types of ``types.py``), ``messages.py`` (the
method table, ``decode_message`` dispatching as the pydantic package's ``parse_message``,
``decode``/``decoder``), ``server.py`` (a typed handler base class and ``dispatch``), ``client.py`` (typed requests over
a ``Transport``),
``_runtime.py`` (static: ``codegen/runtime/_msgspec.py``),
``schema.json``. Every Struct is ``kw_only``, ``omit_defaults`` and keeps unknown fields
out (msgspec drops them, it never refuses them: the schema's objects are open); a wire
name that is not its attribute is the field's ``name=``; a member that may be absent and
is not nullable is ``T | UnsetType = UNSET``, so absent is not ``null``. Decoding is
strict (no coercion), and JSON has no ``NaN`` or infinity for msgspec to read.

``DEVIATIONS`` lists what the package cannot mean as ``schema.json`` does; the package's
docstring and ``docs/targets/msgspec.md`` list the same.
"""

from __future__ import annotations

from ....errors import Diagnostics
from ....ir import Schema
from ....paths import CODEGEN_DIR
from ..backend import PythonBackend, backend_of
from .client import emit_client
from .module import MODELS, emit_messages, emit_models
from .server import emit_server

RUNTIME = "_runtime.py"
RUNTIME_SOURCE = CODEGEN_DIR / "runtime" / "_msgspec.py"

DEVIATIONS: tuple[str, ...] = (
    "Unknown object members are dropped when decoding, not kept (the schema's objects "
    "are open; msgspec accepts them and keeps nothing of them).",
    "The members an index signature allows beside named properties (``[key: string]: "
    "T``) are dropped unchecked: a Struct has no place for them.",
    "A union msgspec cannot express picks its member by the value's JSON kind, then by "
    "the keys each object member requires and the literal values it fixes (and, one level "
    "down, those of each required member that is a Struct), an array by its length and "
    "literal items; where several array members are left, the first in the schema's "
    "order decodes the value (a value only a later one admits is refused).",
    "A member whose wire name holds a quote, a backslash or a control character (msgspec "
    "cannot name such a field) is left out of its Struct, with a located warning: neither "
    "kept nor checked.",
    "A tuple with optional or rest items is a list of its item types: positions are not "
    "checked one by one.",
    "``isinstance`` against a lowered type (a union alias, a self-referring alias) holds "
    "for any value: it is a decoding device, not a class of values.",
    "Decode through ``decode``/``decoder`` (or pass ``dec_hook``): a plain "
    "``msgspec.json.decode`` does not know the lowered types.",
)

PACKAGE_DOC = "msgspec Structs. Deviations from schema.json:\n\n" + "\n".join(
    f"* {line}" for line in DEVIATIONS
)


def emit_msgspec(source: Schema | PythonBackend, diagnostics: Diagnostics) -> dict[str, str]:
    """The msgspec package's Python modules as ``{path: text}``."""
    backend = backend_of(source)
    return {
        MODELS: emit_models(backend, diagnostics, PACKAGE_DOC),
        **emit_messages(backend),
        **emit_server(backend),
        **emit_client(backend),
        # Bytes decoded as UTF-8 whatever the locale (the static file is copied verbatim).
        RUNTIME: RUNTIME_SOURCE.read_bytes().decode(),
    }
