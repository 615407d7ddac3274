"""The interfaces of TypeScript's standard library that typings use as data types.

``class HttpError extends Error {}`` or ``regex?: RegExp`` names a type that no schema
file declares: TypeScript finds it in its lib (``lib.es5.d.ts``), and so does
typescript-json-schema, which writes it as a definition of its data members. These are
those members, as it writes them; a schema that declares the name itself keeps its own.
(``Date`` is a ``date-time`` string instead: resolve reads it so.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

from .. import ir
from .parse import parse_module

LIB_PATH = "<lib.es5.d.ts>"

_TEXT = """\
interface Error { name: string; message: string; stack?: string }
interface RegExp {
  readonly source: string;
  readonly global: boolean;
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  lastIndex: number;
}
"""


def with_lib(modules: Sequence[ir.Module]) -> list[ir.Module]:
    """``modules``, plus a module of the lib interfaces they use and do not declare."""
    declared = {decl.name for module in modules for decl in module.decls}
    used = {name for module in modules for name in _names(module.decls)}
    lib = parse_module(LIB_PATH, _TEXT)
    wanted = tuple(d for d in lib.decls if d.name in used and d.name not in declared)
    if not wanted:
        return list(modules)
    return [*modules, dataclasses.replace(lib, decls=wanted)]


def _names(node: object) -> Iterator[str]:
    """Every type name a parsed declaration mentions."""
    if isinstance(node, ir.Ref):
        yield node.name
    if isinstance(node, tuple):
        for item in node:
            yield from _names(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):  # spans and docs hold no type names
            yield from _names(getattr(node, f.name))
