"""The interfaces of TypeScript's standard library that typings use as data types.

``class HttpError extends Error {}`` or ``regex?: RegExp`` names a type that no schema
file declares: TypeScript finds it in its lib (``lib.es5.d.ts``), and so does
typescript-json-schema, which writes it as a definition of its data members. These are
those members, as it writes them; a schema that declares the name itself keeps its own.
(``Date`` is a ``date-time`` string instead, and ``bigint`` a ``number``: resolve reads
them so.) The typed arrays (``Uint8Array``...) are objects of numbered elements beside
their data members, and ``ArrayBuffer`` is its ``byteLength``. ``Function`` and ``Object``
(as a type: ``cb: Function``) are their members in the lib, as the oracle writes them.
The errors that extend ``Error`` (``SyntaxError``...) are its members. TypeScript 5.7's lib
made the typed arrays generic (``Uint8Array<ArrayBuffer>``): the argument names the buffer's
kind, no data, and resolve drops it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from .. import ir
from ..ir.walk import children
from ..paths import LIB_PATH
from .parse import parse_module

_TEXT = """\
interface Error { name: string; message: string; stack?: string }
interface EvalError extends Error {}
interface RangeError extends Error {}
interface ReferenceError extends Error {}
interface SyntaxError extends Error {}
interface TypeError extends Error {}
interface URIError extends Error {}
interface RegExp {
  readonly source: string;
  readonly global: boolean;
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  lastIndex: number;
}
interface ArrayBuffer { readonly byteLength: number }
interface Function { prototype: any; readonly length: number; arguments: any; caller: Function }
interface Object { constructor: Function }
interface DataView {
  readonly buffer: ArrayBuffer;
  readonly byteLength: number;
  readonly byteOffset: number;
}
"""
# The typed arrays of lib.es5.d.ts: one shape, numbered elements (JSON.stringify writes a
# typed array as an object with keys "0", "1", ...).
_TYPED_ARRAYS = (
    "Int8Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "Int16Array",
    "Uint16Array",
    "Int32Array",
    "Uint32Array",
    "Float32Array",
    "Float64Array",
)
_TEXT += "".join(
    f"""interface {name} {{
  readonly BYTES_PER_ELEMENT: number;
  readonly buffer: ArrayBuffer;
  readonly byteLength: number;
  readonly byteOffset: number;
  readonly length: number;
  [index: number]: number;
}}
"""
    for name in _TYPED_ARRAYS
)


@functools.cache
def _lib() -> ir.Module:
    """The lib's declarations, parsed once per process (the IR is immutable)."""
    return parse_module(LIB_PATH, _TEXT)


@functools.cache
def lib_names() -> frozenset[str]:
    """The names this lib declares (globals a module's own declaration may shadow)."""
    return frozenset(d.name for d in _lib().decls)


def with_lib(modules: Sequence[ir.Module]) -> list[ir.Module]:
    """``modules``, plus a module of the lib interfaces they use and do not declare."""
    declared = {decl.name for module in modules for decl in module.decls}
    lib = _lib()
    offered = {d.name: d for d in lib.decls if d.name not in declared}
    used = _names(tuple(module.decls for module in modules))
    pending = sorted(used & offered.keys())
    found: set[str] = set()
    while pending:  # and the lib interfaces that those use (``buffer: ArrayBuffer``)
        name = pending.pop()
        if name not in found:
            found.add(name)
            pending.extend(n for n in _names(offered[name]) if n in offered)
    wanted = tuple(d for d in lib.decls if d.name in found)
    if not wanted:
        return list(modules)
    return [*modules, dataclasses.replace(lib, decls=wanted)]


def _names(node: object) -> set[str]:
    """Every type name a parsed declaration (or tuple of them) mentions; iterative.

    It visits every node of every module (#37: a large typing's second-largest walk in
    resolve), so classes are compared exactly (IR classes have no subclasses, and the IR
    holds plain tuples) and a node's types are read through ``ir.walk.children``, plus
    what only a parsed declaration holds: its type parameters' defaults."""
    found: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        kind = type(current)
        if kind is tuple:
            pending.extend(current)  # type: ignore[arg-type]
        elif kind is ir.Ref:
            found.add(current.name)  # type: ignore[attr-defined]
            pending.extend(current.args)  # type: ignore[attr-defined]
        elif kind is ir.Object:  # its types without the leaves, most of them (#37)
            pending.extend([p.type for p in current.properties if type(p.type) not in _LEAVES])  # type: ignore[attr-defined]
            if current.index is not None:  # type: ignore[attr-defined]
                pending.append(current.index.value)  # type: ignore[attr-defined]
        elif kind not in _LEAVES:
            if kind is ir.Interface or kind is ir.Alias:
                pending.extend(p.default for p in current.params if p.default is not None)  # type: ignore[attr-defined]
            pending.extend(children(current))  # type: ignore[arg-type]
    return found


# Kinds that hold no type (``children`` gives none): nothing to push.
_LEAVES = frozenset((ir.Primitive, ir.Literal, ir.Typeof, ir.Const))
