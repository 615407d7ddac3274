"""The program's imports: which module each one names, what it binds, what a package brings.

Resolve's first step (``resolve._resolve``): an import's candidate files (``./x`` is
``x.ts``, ``x.d.ts`` or ``x/index.ts``; ``./x.js`` the same), each module's exports
through re-exports, every import checked (a located error for a name not exported), the
local names that differ from the declared ones, the imports of packages ``--import-map``
does not map (taken out, degraded where used), and what a mapped package must bring.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Sequence

from .. import ir
from ..errors import SchemaError
from ..ir.queries import SPAN_AND_DOC
from ..paths import DECLARATION_SUFFIXES, SOURCE_SUFFIXES

# ``./x.mjs``, ``./x.mts``, ``./x.d.mts`` name ``x.mts`` or ``x.d.mts`` (``.cjs`` likewise).
_FLAVOURS = {
    suffix: flavour for js, flavour in SOURCE_SUFFIXES.items() for suffix in (js, *flavour)
}


def module_key(path: str) -> str:
    return os.path.normpath(path)


def import_candidates(importer: str, source: str) -> list[str]:
    """The files ``source`` may mean from ``importer``, most likely first: ``./x`` from
    ``dir/a.ts`` is ``dir/x.ts``, ``dir/x.d.ts`` or ``dir/x/index.ts``; ``./x.js`` (ESM
    style) means the same."""
    extensions: tuple[str, ...] = (".ts", ".d.ts")
    for suffix in (".js", *DECLARATION_SUFFIXES, ".ts", *_FLAVOURS):
        if source.endswith(suffix):
            source = source[: -len(suffix)]
            extensions = _FLAVOURS.get(suffix, extensions)
            break
    base = os.path.join(os.path.dirname(importer), source)
    stems = [base, os.path.join(base, "index")]
    return [module_key(stem + ext) for stem in stems for ext in extensions]


def _import_target(importer: str, source: str) -> str:
    return import_candidates(importer, source)[0]


def _exports(
    module: ir.Module,
    by_path: dict[str, ir.Module],
    packages: dict[str, str],
    busy: frozenset[str] = frozenset(),
) -> dict[str, bool]:
    """Names a module declares (with whether each is exported), re-exports included."""
    names = dict.fromkeys(module.values, True)  # typings' values: exported, and no type
    names.update((d.name, d.exported) for d in module.decls)
    names.update((n, True) for n in module.namespaces if not names.get(n))
    if module.default:
        names["default"] = True
    names.update((exported, True) for exported, _ in module.export_names)
    for imp in module.imports:
        if not imp.reexport or module.path in busy:
            continue
        target = find_target(module, imp, by_path, packages)
        if imp.alias:  # ``export * as ns``: the namespace is the name exported
            names[imp.alias] = True
            continue
        inner = _exports(target, by_path, packages, busy | {module.path})
        if imp.star:
            names.update((n, True) for n, exported in inner.items() if exported)
        for exported, name in imp.names:
            if not inner.get(name):
                raise SchemaError(imp.span, f"'{imp.source}' does not export '{name}'")
            names[exported] = True
    return names


def _declared_name(
    module: ir.Module,
    name: str,
    by_path: dict[str, ir.Module],
    packages: dict[str, str],
    busy: frozenset[str] = frozenset(),
) -> str | None:
    """The declared name of what ``module`` exports as ``name``, through ``export { A as
    B }`` and re-exports (None where ``module`` does not export it)."""
    renamed = dict(module.export_names)
    if name in renamed:
        return renamed[name]
    if module.path in busy:
        return None
    if any(d.name == name for d in module.decls) or name in module.namespaces:
        return name
    for imp in module.imports:
        if not imp.reexport or imp.alias:
            continue
        there = next((real for exported, real in imp.names if exported == name), None)
        if there is None and not imp.star:
            continue
        target = find_target(module, imp, by_path, packages)
        found = _declared_name(target, there or name, by_path, packages, busy | {module.path})
        if found is not None:
            return found
    return None


def unmapped_imports(
    modules: Sequence[ir.Module], packages: dict[str, str]
) -> tuple[list[ir.Module], dict[str, dict[str, str]]]:
    """Imports from a package that ``--import-map`` does not map (``node:stream``) are taken
    out; per module path, each local name they bound and what it degrades from. A use of
    one is ``JsonValue`` with a warning (resolve), an unused one costs nothing."""
    kept: list[ir.Module] = []
    unmapped: dict[str, dict[str, str]] = {}
    present = {module_key(m.path) for m in modules}
    for module in modules:
        imports = []
        decls = list(module.decls)
        for imp in module.imports:
            if imp.source in packages or (
                imp.source.startswith(".") and not _missing_in_typings(module, imp, present)
            ):
                imports.append(imp)
                continue
            found = unmapped.setdefault(module.path, {})
            if imp.source.startswith("."):
                source, hint = f"'{imp.source}'", "a file the program does not have"
            else:
                source = f"package '{imp.source}'"
                hint = f"which is not mapped (map it with --import-map {imp.source}=PATH)"
            for local, name in imp.names:
                what = f"'{name}' from {source}, {hint}"
                if imp.reexport:  # ``export { Y } from "pkg"``: the module's own name now
                    decls.append(ir.Alias(local, ir.degraded(what, imp.span), span=imp.span))
                else:
                    found[local] = what
            if imp.alias:
                found[imp.alias] = f"'{imp.alias}' from {source}, {hint}"
        kept.append(dataclasses.replace(module, imports=tuple(imports), decls=tuple(decls)))
    return kept, unmapped


def _missing_in_typings(module: ir.Module, imp: ir.Import, present: set[str]) -> bool:
    """A relative import, in typings, of a file the program lacks (openai's ``//
    @ts-ignore``d ``import('../node_modules/undici-types/index.d.ts')``): TypeScript reads
    its names as the error type and, as typings go unchecked (``skipLibCheck``), says
    nothing; here they degrade loudly. In a ``.ts`` file it stays the error TypeScript
    reports, as does a missing ``/// <reference>`` or a side-effect import."""
    if imp.reference or _side_effect(imp) or not module.path.endswith(DECLARATION_SUFFIXES):
        return False
    return not any(c in present for c in import_candidates(module.path, imp.source))


def find_target(
    module: ir.Module, imp: ir.Import, by_path: dict[str, ir.Module], packages: dict[str, str]
) -> ir.Module:
    if not imp.source.startswith("."):
        # (every import of a package ``--import-map`` does not map, ``import "pkg"`` too,
        # was taken out by ``unmapped_imports``)
        mapped = packages.get(imp.source)
        if mapped is None or module_key(mapped) not in by_path:
            raise SchemaError(
                imp.span,
                f"cannot import from '{imp.source}': map the package to its schema files "
                f"with --import-map {imp.source}=PATH",
            )
        return by_path[module_key(mapped)]
    for candidate in import_candidates(module.path, imp.source):
        if candidate in by_path:
            return by_path[candidate]
    target_path = _import_target(module.path, imp.source)
    if imp.reference:
        written = os.path.normpath(os.path.join(os.path.dirname(module.path), imp.source))
        raise SchemaError(imp.span, f"referenced file '{written}' not found")
    raise SchemaError(
        imp.span,
        f"cannot import from '{imp.source}': {target_path} is not among the schema files",
    )


def _side_effect(imp: ir.Import) -> bool:
    """``import "x"``: neither names, nor an alias, nor a re-export."""
    return not (imp.names or imp.alias or imp.reexport or imp.reference)


def check_imports(
    modules: Sequence[ir.Module],
    packages: dict[str, str] | None = None,
    unmapped: dict[str, dict[str, str]] | None = None,
) -> dict[str, dict[str, str]]:
    """Validate every import; per module path, the local names that differ from the real.

    In typings (unchecked, as ``skipLibCheck`` reads them), a name the target does not
    export is TypeScript's error type: it joins ``unmapped`` (degraded where used), as
    @types/node's ``import { NonSharedBuffer } from "node:buffer"`` of a global; in a
    ``.ts`` file it stays the located error TypeScript reports."""
    by_path = {module_key(m.path): m for m in modules}
    packages = packages or {}
    scopes: dict[str, dict[str, str]] = {}
    for module in modules:
        local_decls = {decl.name for decl in module.decls}
        scope: dict[str, str] = {}
        seen: set[str] = set()
        for imp in module.imports:
            target = find_target(module, imp, by_path, packages)
            if imp.reexport:
                continue  # checked by ``_exports`` when something imports through it
            exported = _exports(target, by_path, packages)
            if imp.alias:
                if imp.alias in seen or imp.alias in local_decls:
                    raise SchemaError(
                        imp.span, f"import '{imp.alias}' conflicts with another name in this file"
                    )
                seen.add(imp.alias)
                if target.assigned in exported and target.assigned != imp.alias:
                    scope[imp.alias] = target.assigned  # ``x`` is what ``export =`` names
                else:  # ``ns.B`` of ``export { A as B }`` there (re-exported too) is ``A``
                    for name in _members_written(module.decls, imp.alias):
                        real = exported.get(name) and _declared_name(
                            target, name, by_path, packages
                        )
                        if real and real != name:
                            scope[f"{imp.alias}.{name}"] = real
            for local, name in imp.names:
                found = exported.get(name)
                if not found:
                    why = "it is not exported" if found is not None else "no such declaration"
                    what = f"'{imp.source}' does not export '{name}' ({why})"
                    if unmapped is None or not module.path.endswith(DECLARATION_SUFFIXES):
                        raise SchemaError(imp.span, what)
                    unmapped.setdefault(module.path, {})[local] = what
                    continue
                if local in seen or local in local_decls:
                    raise SchemaError(
                        imp.span, f"import '{local}' conflicts with another name in this file"
                    )
                seen.add(local)
                if name == "default" and target.default:  # ``import D from "./m"``
                    name = target.default
                # ``export { A as B }`` there: ``import { B }`` here names ``A``
                name = _declared_name(target, name, by_path, packages) or name
                if local != name:
                    scope[local] = name
        scopes[module.path] = scope
    return scopes


def needed_from_packages(modules: Sequence[ir.Module], packages: dict[str, str]) -> list[ir.Module]:
    """A package brings what the schema imports from it, and what that needs: the rest of
    a large package stays out, so its other names cannot clash with the schema's own."""
    if not packages:
        return list(modules)
    by_path = {module_key(m.path): m for m in modules}
    in_package = package_closure(modules, packages)
    wanted: list[str] = []
    for module in modules:
        if module_key(module.path) in in_package:
            continue
        for imp in module.imports:
            target = find_target(module, imp, by_path, packages)
            if module_key(target.path) not in in_package:
                continue
            wanted += [name for _, name in imp.names]
            wanted += [
                _declared_name(target, name, by_path, packages) or name for _, name in imp.names
            ]
            if any(name in target.namespaces for _, name in imp.names):
                # ``import { Tags }`` of a namespace: its members are flattened, so what
                # the importer writes (``Tags.Tag``) names what it needs.
                wanted += _names_used(module.decls)
            if imp.alias and target.assigned:
                wanted.append(target.assigned)
            elif imp.star or imp.alias:  # ``export * from "@scope/pkg"`` passes on all it exports
                exported = _exports(target, by_path, packages)
                wanted += [name for name, is_exported in exported.items() if is_exported]
    offered: dict[str, list[ir.Decl]] = {}
    for key in in_package:
        for decl in by_path[key].decls:
            offered.setdefault(decl.name, []).append(decl)
    needed: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in needed or name not in offered:
            continue
        needed.add(name)
        for decl in offered[name]:
            wanted.extend(_names_used(decl))
    return [
        m
        if module_key(m.path) not in in_package
        else dataclasses.replace(m, decls=tuple(d for d in m.decls if d.name in needed))
        for m in modules
    ]


def package_closure(modules: Sequence[ir.Module], packages: dict[str, str]) -> set[str]:
    """The module keys of the mapped packages' files: their entries and what they import."""
    by_path = {module_key(m.path): m for m in modules}
    in_package: set[str] = set()
    pending = [module_key(path) for path in packages.values()]
    while pending:
        key = pending.pop()
        module = by_path.get(key)
        if module is None or key in in_package:
            continue
        in_package.add(key)
        for imp in module.imports:
            pending.append(module_key(find_target(module, imp, by_path, packages).path))
    return in_package


def _names_used(node: object) -> Iterator[str]:
    """Every declaration name a parsed declaration mentions (``A.B`` as ``A`` and as ``B``:
    a namespace's members are flattened, ``x.T`` of a module imported as ``x`` is ``T``)."""
    if isinstance(node, ir.Ref | ir.Typeof):
        yield node.name.split(".")[0]
        yield node.name.split(".")[-1]
    if isinstance(node, tuple):
        for item in node:
            yield from _names_used(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            if f.name not in SPAN_AND_DOC:
                yield from _names_used(getattr(node, f.name))


def _members_written(node: object, alias: str) -> set[str]:
    """The ``X`` of each ``alias.X`` (``alias.X.Y`` too) that a parsed declaration writes."""
    found: set[str] = set()
    pending = [node]
    while pending:  # iterative: parse bounds nesting, but a walk need not rely on it
        item = pending.pop()
        if isinstance(item, ir.Ref | ir.Typeof):
            head, _, rest = item.name.partition(".")
            if head == alias and rest:
                found.add(rest.split(".")[0])
        if isinstance(item, tuple):
            pending.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            pending.extend(
                getattr(item, f.name)
                for f in dataclasses.fields(item)
                if f.name not in SPAN_AND_DOC
            )
    return found
