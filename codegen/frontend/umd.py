"""UMD globals: ``export as namespace X`` makes a module visible as the global ``X``.

TypeScript lets any file of the program write ``X.T`` for the type ``T`` of a module in
the program that declares ``export as namespace X`` (@types/geojson's ``GeoJSON``), with no
import; a module file sees it for types. Here each module file that writes ``X.T`` and binds
no ``X`` of its own gets ``import * as X`` of that module, so that every later pass
(re-exports, module scoping, what a package must bring) reads it as any other import.
A file in the program is a schema file, a file it imports or references, or a file of a
package that ``--import-map`` maps. A name that no file of the program declares stays
unknown: in typings it degrades (``resolve``), as the package is not there to read.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Sequence

from .. import ir
from ..ir.queries import SPAN_AND_DOC


def with_umd_imports(modules: Sequence[ir.Module], packages: dict[str, str]) -> list[ir.Module]:
    """``modules``, each module file that uses a UMD global without binding it importing
    the module that declares it (``packages``: specifier -> entry path)."""
    declaring: dict[str, ir.Module] = {}
    for module in modules:
        if module.umd_global:
            declaring.setdefault(module.umd_global, module)  # the first one, as tsc's
    if not declaring:
        return list(modules)
    specifiers = {os.path.normpath(path): spec for spec, path in sorted(packages.items())}
    out: list[ir.Module] = []
    for module in modules:
        added: list[ir.Import] = []
        if _is_module(module):
            bound = _bound(module)
            for name, span in _dotted_heads(module.decls):
                target = declaring.get(name)
                if target is None or target is module or name in bound:
                    continue
                source = specifiers.get(os.path.normpath(target.path)) or _relative(
                    module.path, target.path
                )
                if source is not None:
                    added.append(ir.Import(source, (), span, alias=name))
                    bound.add(name)
        out.append(
            dataclasses.replace(module, imports=(*module.imports, *added)) if added else module
        )
    return out


def _is_module(module: ir.Module) -> bool:
    """A file with an import or an export (a script's names are the global scope's)."""
    return any(not imp.reference for imp in module.imports) or any(d.exported for d in module.decls)


def _bound(module: ir.Module) -> set[str]:
    """The names a module's own scope binds: declarations, namespaces, imports, values."""
    found = {d.name for d in module.decls} | set(module.namespaces) | set(module.values)
    for imp in module.imports:
        if not imp.reexport:
            found.update(local for local, _ in imp.names)
            if imp.alias:
                found.add(imp.alias)
    return found


def _relative(importer: str, target: str) -> str | None:
    """``./x.d.ts`` for ``target`` from ``importer``, if it names the same module key."""
    base = os.path.dirname(importer)
    source = os.path.relpath(target, base or ".")
    source = source if source.startswith("..") else "./" + source
    if os.path.normpath(os.path.join(base, source)) != os.path.normpath(target):
        return None
    return source.replace(os.sep, "/")


def _dotted_heads(node: object) -> Iterator[tuple[str, ir.Span]]:
    """``X`` and its span for each ``X.T`` (and ``typeof X.v``) a declaration writes."""
    if isinstance(node, ir.Ref | ir.Typeof) and "." in node.name:
        yield node.name.split(".")[0], node.span
    if isinstance(node, tuple):
        for item in node:
            yield from _dotted_heads(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            if f.name not in SPAN_AND_DOC:
                yield from _dotted_heads(getattr(node, f.name))
