"""The Python back end of one schema: what every Python target asks of it, computed once.

A ``PythonBackend`` holds the schema named for Python (``name_rules.python_schema``) and,
each the first time it is asked for, its names (``naming``), the layouts of its classes
(``layout``), its messages (``ir.messages``) and its method registry (``registry``). The
build makes one per schema (per naming round) and hands it to every Python emitter, so a
pass that several emitters need runs once, with no module-level "last schema" memo. Warnings
a pass reports are kept with its result and replayed to each caller that asks, as if it had
run for that caller.

An emitter called on its own (tests, tools) may still be given a plain ``ir.Schema``:
``backend_of`` names it as the build would.
"""

from __future__ import annotations

from functools import cached_property

from ... import ir
from ...errors import Diagnostics, Warning_
from ...ir.messages import Message, messages
from .layout import Layouts
from .name_rules import Rename, property_keys, python_schema
from .naming import Names, assign_names
from .registry import MethodEntry, registry_of


class PythonBackend:
    """One schema's Python names, layouts, messages and method registry (see the module)."""

    def __init__(self, schema: ir.Schema, reserved: frozenset[str] = frozenset()) -> None:
        self.source = schema  # as TypeScript names it (the JSON Schema's names)
        keys = property_keys(schema)
        self.schema, self.renames = python_schema(schema, reserved, keys)
        # The renamed schema has the same property keys (only declaration names and
        # references move), so the walk that finds them runs once.
        self._keys = keys
        self._messages: tuple[tuple[Message, ...], tuple[Warning_, ...]] | None = None
        self._registry: tuple[tuple[MethodEntry, ...], tuple[Warning_, ...]] | None = None

    @cached_property
    def names(self) -> Names:
        return assign_names(self.schema, self._keys)

    @cached_property
    def layouts(self) -> Layouts:
        return Layouts(self.schema, self.names)

    @property
    def all_renames(self) -> tuple[Rename, ...]:
        """The declarations renamed for Python, then the anonymous classes, constants and
        attributes not named as they want (``generate -v`` prints them)."""
        return (*self.renames, *self.names.renames)

    def messages(self, diagnostics: Diagnostics) -> tuple[Message, ...]:
        """``ir.messages.messages`` of the named schema; its warnings go to ``diagnostics``."""
        if self._messages is None:
            found = Diagnostics()
            self._messages = (messages(self.schema, found), tuple(found.warnings))
        diagnostics.warnings.extend(self._messages[1])
        return self._messages[0]

    def registry(self, diagnostics: Diagnostics) -> tuple[MethodEntry, ...]:
        """Every method of the schema, sorted by method name (``registry.registry_of``)."""
        if self._registry is None:
            found = Diagnostics()
            entries = registry_of(self.schema, self.names, self.messages(found), found)
            self._registry = (entries, tuple(found.warnings))
        diagnostics.warnings.extend(self._registry[1])
        return self._registry[0]


def backend_of(source: ir.Schema | PythonBackend) -> PythonBackend:
    """The build's backend as it is; a plain schema named as the build names it."""
    return source if isinstance(source, PythonBackend) else PythonBackend(source)
