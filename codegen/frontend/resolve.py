"""Resolve parsed modules into one ``ir.Schema``.

``resolve`` checks imports, merges every file into one namespace (applying ``@override``
overlays), rewrites ``Record``/``Array``/``Omit`` and ``typeof`` into their IR nodes, and
rejects unknown names, bad ``extends``, unguarded cycles and incompatible property
redeclarations. The queries later passes make of the result are in ``codegen.ir.queries``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import TypeVar, assert_never

from .. import ir
from ..errors import Diagnostics, SchemaError, Unsupported
from ..ir import (
    BUILTIN_GENERICS,
    CONDITIONAL,
    FUNCTION,
    INDEXED,
    INFER,
    KEYOF,
    MAPPED,
    SPREAD,
    TEMPLATE,
    THIS,
)
from ..ir.printer import quoted
from ..ir.queries import bad_constraint_tags, degraded_spots, flat_properties, is_narrowing, shape
from ..ir.walk import children
from ..paths import DECLARATION_SUFFIXES, SOURCE_SUFFIXES
from .bases import normalise_bases
from .expand import expand
from .infer import infer_names
from .lib import LIB_PATH, with_lib
from .lib_globals import lib_type
from .namespaces import NamespaceMembers, NamespaceScope
from .parse import number_name
from .protocol import add_result_aliases
from .scoping import redeclared_alike, scope_modules
from .totality import degrading
from .umd import with_umd_imports

OVERRIDE_TAG = "override"
_T = TypeVar("_T")
_A_KIND = {"interface": "an interface", "alias": "a type alias"}  # what typeof rejects

# --------------------------------------------------------------------------- entry point


def resolve(
    modules: Sequence[ir.Module],
    diagnostics: Diagnostics | None = None,
    packages: dict[str, str] | None = None,
) -> ir.Schema:
    """Merge ``modules`` (in manifest order) into one checked namespace.

    ``packages`` maps a package import (``@scope/pkg``) to the module path it stands for
    (``--import-map``); see ``codegen.frontend.import_map``."""
    try:
        diags = diagnostics if diagnostics is not None else Diagnostics()
        return _resolve(modules, diags, packages or {})
    except RecursionError:
        # Only absurdly long re-export or generic instantiation chains get here (so there
        # are modules): parse bounds type nesting, ``_check_depth`` extends and alias chains.
        span = ir.Span(modules[0].path, 1, 1)
        raise SchemaError(
            span, "schema nests too deeply (re-export or generic chain too long)"
        ) from None


def _resolve(
    modules: Sequence[ir.Module], diags: Diagnostics, packages: dict[str, str]
) -> ir.Schema:
    modules, unmapped = _unmapped_imports(with_umd_imports(with_lib(modules), packages), packages)
    scopes = _check_imports(modules, packages, unmapped)
    modules = _needed_from_packages(modules, packages)
    by_path = {_module_key(m.path): m for m in modules}
    scoped = scope_modules(
        modules,
        _package_closure(modules, packages),
        packages,
        lambda module, imp: _find_target(module, imp, by_path, packages),
        unmapped,
    )
    modules = scoped.modules
    scopes = {path: {**scope, **scoped.renames.get(path, {})} for path, scope in scopes.items()}
    decls, overrides, home = _merge(modules)
    members = {name: value for m in modules for name, value in m.enum_members}
    left_out = {name for m in modules for name in m.left_out}
    # what ``typeof`` may name and no declaration types: functions, classes, variables
    values = left_out | {name for m in modules for name in m.values}
    rewritten: dict[str, ir.Decl] = {}
    qualified = {d.qualname: n for n, d in decls.items() if d.kind != "const" and d.qualname}
    namespaces = NamespaceMembers(modules)
    for name, decl in decls.items():
        rewriter = _Rewriter(
            decls,
            scopes[home[name]],
            members,
            unmapped.get(home[name]),
            left_out,
            qualified,
            values,
            namespaces.of(home[name]),
        )
        rewritten[name] = rewriter.decl(decl)
    # What counts as used is read before expansion: ``Partial<U>``, ``M[K]``, a mapped
    # type's source or a conditional's branch name ``U`` there, and are gone after.
    used = _used_names(rewritten.values())
    rewritten = add_result_aliases(normalise_bases(expand(rewritten)), diags)
    files = tuple(m.path for m in modules if m.path != LIB_PATH)
    schema = ir.Schema(rewritten, tuple(overrides), files)
    _check_extends(schema)
    _check_cycles(schema)
    _check_depth(schema)
    _check_redeclarations(schema)
    _warn_unused(schema, used, diags)
    # Only what is compiled warns: a generic's template and what no package type needs are
    # gone by now (reachability), so an unused helper never degrades anything.
    for span, what in degraded_spots(tuple(schema.decls.values())):
        diags.degrade(what, span)
    for span, message in bad_constraint_tags(tuple(schema.decls.values())):
        diags.warn(message, span)
    return schema


# --------------------------------------------------------------------------- imports


# ``./x.mjs``, ``./x.mts``, ``./x.d.mts`` name ``x.mts`` or ``x.d.mts`` (``.cjs`` likewise).
_FLAVOURS = {
    suffix: flavour for js, flavour in SOURCE_SUFFIXES.items() for suffix in (js, *flavour)
}


def _module_key(path: str) -> str:
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
    return [_module_key(stem + ext) for stem in stems for ext in extensions]


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
        target = _find_target(module, imp, by_path, packages)
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
        target = _find_target(module, imp, by_path, packages)
        found = _declared_name(target, there or name, by_path, packages, busy | {module.path})
        if found is not None:
            return found
    return None


def _unmapped_imports(
    modules: Sequence[ir.Module], packages: dict[str, str]
) -> tuple[list[ir.Module], dict[str, dict[str, str]]]:
    """Imports from a package that ``--import-map`` does not map (``node:stream``) are taken
    out; per module path, each local name they bound and what it degrades from. A use of
    one is ``JsonValue`` with a warning (resolve), an unused one costs nothing."""
    kept: list[ir.Module] = []
    unmapped: dict[str, dict[str, str]] = {}
    present = {_module_key(m.path) for m in modules}
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


def _find_target(
    module: ir.Module, imp: ir.Import, by_path: dict[str, ir.Module], packages: dict[str, str]
) -> ir.Module:
    if not imp.source.startswith("."):
        mapped = packages.get(imp.source)
        if mapped is None and _side_effect(imp):
            return ir.Module(imp.source, ())  # ``import "pkg"`` names no type here
        if mapped is None or _module_key(mapped) not in by_path:
            raise SchemaError(
                imp.span,
                f"cannot import from '{imp.source}': map the package to its schema files "
                f"with --import-map {imp.source}=PATH",
            )
        return by_path[_module_key(mapped)]
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


def _array_body(body: ir.Object) -> bool:
    """The body of an interface that extends an array and names it: empty, or only a
    numeric index signature (``interface Items extends Array<V> { [i: number]: V }``)."""
    if body.properties:
        return False
    return body.index is None or (body.index.numeric and body.index.pattern is None)


def _side_effect(imp: ir.Import) -> bool:
    """``import "x"``: neither names, nor an alias, nor a re-export."""
    return not (imp.names or imp.alias or imp.reexport or imp.reference)


def _check_imports(
    modules: Sequence[ir.Module],
    packages: dict[str, str] | None = None,
    unmapped: dict[str, dict[str, str]] | None = None,
) -> dict[str, dict[str, str]]:
    """Validate every import; per module path, the local names that differ from the real.

    In typings (unchecked, as ``skipLibCheck`` reads them), a name the target does not
    export is TypeScript's error type: it joins ``unmapped`` (degraded where used), as
    @types/node's ``import { NonSharedBuffer } from "node:buffer"`` of a global; in a
    ``.ts`` file it stays the located error TypeScript reports."""
    by_path = {_module_key(m.path): m for m in modules}
    packages = packages or {}
    scopes: dict[str, dict[str, str]] = {}
    for module in modules:
        local_decls = {decl.name for decl in module.decls}
        scope: dict[str, str] = {}
        seen: set[str] = set()
        for imp in module.imports:
            target = _find_target(module, imp, by_path, packages)
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


def _needed_from_packages(
    modules: Sequence[ir.Module], packages: dict[str, str]
) -> list[ir.Module]:
    """A package brings what the schema imports from it, and what that needs: the rest of
    a large package stays out, so its other names cannot clash with the schema's own."""
    if not packages:
        return list(modules)
    by_path = {_module_key(m.path): m for m in modules}
    in_package = _package_closure(modules, packages)
    wanted: list[str] = []
    for module in modules:
        if _module_key(module.path) in in_package:
            continue
        for imp in module.imports:
            target = _find_target(module, imp, by_path, packages)
            if _module_key(target.path) not in in_package:
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
        if _module_key(m.path) not in in_package
        else dataclasses.replace(m, decls=tuple(d for d in m.decls if d.name in needed))
        for m in modules
    ]


def _package_closure(modules: Sequence[ir.Module], packages: dict[str, str]) -> set[str]:
    """The module keys of the mapped packages' files: their entries and what they import."""
    by_path = {_module_key(m.path): m for m in modules}
    in_package: set[str] = set()
    pending = [_module_key(path) for path in packages.values()]
    while pending:
        key = pending.pop()
        module = by_path.get(key)
        if module is None or key in in_package:
            continue
        in_package.add(key)
        for imp in module.imports:
            pending.append(_module_key(_find_target(module, imp, by_path, packages).path))
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
            if f.name not in ("span", "doc"):
                yield from _names_used(getattr(node, f.name))


# --------------------------------------------------------------------------- namespace


def merged_interface(first: ir.Interface, later: ir.Interface) -> ir.Interface:
    """TypeScript's declaration merging: an interface declared twice in one scope is one
    interface with the members and bases of both, the first declaration's first, and both
    descriptions (typescript-json-schema's reading). A member declared in both must have
    one type, as TypeScript requires."""
    if shape(first.params) != shape(later.params):
        raise SchemaError(
            later.span,
            f"interface '{later.name}' is declared again with other type parameters"
            f" (first declared at {first.span})",
        )
    members = {prop.name: prop for prop in first.body.properties}
    properties = list(first.body.properties)
    for prop in later.body.properties:
        seen = members.get(prop.name)
        if seen is None:
            members[prop.name] = prop
            properties.append(prop)
        elif shape(seen.type) != shape(prop.type) or seen.optional != prop.optional:
            raise SchemaError(
                prop.span,
                f"property '{prop.name}' of interface '{later.name}' is declared again with"
                f" another type (first declared at {seen.span})",
            )
    index = first.body.index
    if later.body.index is not None:
        if index is not None and shape(index) != shape(later.body.index):
            raise SchemaError(
                later.span,
                f"interface '{later.name}' is declared again with another index signature"
                f" (first declared at {first.span})",
            )
        index = later.body.index
    bases = {shape(base) for base in first.extends}
    extends = first.extends + tuple(b for b in later.extends if shape(b) not in bases)
    texts = [t for t in (first.doc.description, later.doc.description) if t]
    doc = ir.Doc("\n".join(texts), first.doc.tags + later.doc.tags)
    methods = first.body.methods + later.body.methods
    body = dataclasses.replace(
        first.body, properties=tuple(properties), index=index, methods=methods
    )
    return dataclasses.replace(first, body=body, extends=extends, doc=doc)


def _merge(
    modules: Sequence[ir.Module],
) -> tuple[dict[str, ir.Decl], list[ir.Override], dict[str, str]]:
    """One namespace: an interface declared twice in one module merged (TypeScript's
    declaration merging), other duplicates rejected, ``@override`` declarations replacing
    in place."""
    decls: dict[str, ir.Decl] = {}
    home: dict[str, str] = {}
    pending: dict[str, tuple[ir.Decl, str]] = {}
    for module in modules:
        for decl in module.decls:
            if decl.doc.has(OVERRIDE_TAG):
                if decl.name in pending:
                    first = pending[decl.name][0].span
                    raise SchemaError(
                        decl.span, f"second @override of '{decl.name}' (first at {first})"
                    )
                pending[decl.name] = (decl, module.path)
            elif decl.name in decls:
                earlier = decls[decl.name]
                if (
                    isinstance(earlier, ir.Interface)
                    and isinstance(decl, ir.Interface)
                    and home[decl.name] == module.path
                    and earlier.qualname == decl.qualname
                ):
                    decls[decl.name] = merged_interface(earlier, decl)
                    continue
                if home[decl.name] == module.path and redeclared_alike(earlier, decl):
                    continue
                raise SchemaError(
                    decl.span,
                    f"duplicate declaration '{decl.name}' (first declared at {earlier.span})",
                )
            else:
                decls[decl.name] = decl
                home[decl.name] = module.path
    overrides = []
    for name, (decl, path) in pending.items():
        if name not in decls:
            raise SchemaError(
                decl.span, f"@override of '{name}' but no declaration of '{name}' to replace"
            )
        overrides.append(ir.Override(name, replaced=decls[name].span, by=decl.span))
        decls[name] = decl  # dict assignment keeps the original's position
        home[name] = path
    return decls, overrides, home


# --------------------------------------------------------------------------- rewriting


class _Rewriter:
    """Turns parsed type expressions into resolved ones for one module's scope."""

    def __init__(
        self,
        decls: dict[str, ir.Decl],
        scope: dict[str, str],
        enum_members: dict[str, ir.LiteralValue] | None = None,
        unmapped: dict[str, str] | None = None,
        left_out: Collection[str] = (),
        qualified: dict[str, str] | None = None,
        values: Collection[str] = (),
        namespaces: NamespaceScope | None = None,
    ) -> None:
        self.decls = decls
        self.scope = scope
        self.unmapped = unmapped or {}  # local name -> what an unmapped package import was
        self.left_out = frozenset(left_out)  # classes with methods that typings declare
        self.values = frozenset(values)  # the typings' values left out (``unique symbol``s...)
        self.enum_members = enum_members or {}
        self.params: frozenset[str] = frozenset()  # the generic parameters in scope
        # ``Chat.ChannelChat`` beside ``ChatFullInfo.ChannelChat``: parse named each
        # namespace member apart (``ChatChannelChat``); another file writes the dotted path.
        self.qualified = qualified or {}
        self.namespaces = namespaces

    def decl(self, decl: ir.Decl) -> ir.Decl:
        if decl.kind != "const" and decl.params:
            self.params = frozenset(p.name for p in decl.params)
            params = tuple(
                dataclasses.replace(p, default=p.default and self.type(p.default))
                for p in decl.params
            )
            decl = dataclasses.replace(decl, params=params)
        match decl:
            case ir.Interface():
                bases = tuple(degrading(self.type, base) for base in decl.extends)
                body = decl.body
                empty = _array_body(body)
                if empty and body.index is not None and len(bases) == 1:
                    # ``[index: number]: V`` says again what ``Array<V>``'s own index says
                    # (V, or a narrower type, as TypeScript requires): the items are V
                    items = degrading(self.type, body.index.value)
                    if isinstance(bases[0], ir.Array):
                        bases = (dataclasses.replace(bases[0], items=items),)
                    elif self.names_array_interface(bases[0]):
                        bases = (ir.Array(items, bases[0].span),)
                if len(bases) == 1 and (
                    (isinstance(bases[0], ir.Array) and empty)
                    or (empty and self.names_array_interface(bases[0]))
                ):
                    # ``interface A extends Array<T> {}``: TypeScript's way to name T[] (JSON
                    # has no other kind of array); so is ``interface B extends A {}``
                    # keeps its type parameters: ``interface L<T> extends Array<T> {}`` is ``T[]``
                    return ir.Alias(
                        decl.name, bases[0], decl.exported, decl.doc, decl.span, params=decl.params
                    )
                arrays = [b for b in bases if isinstance(b, ir.Array)]
                if arrays and body.index is None:
                    # ``interface Ranges extends Array<Range> { type: string }``: no JSON array
                    # has named members; typescript-json-schema writes an object of its
                    # ``length``, numbered items and members, and so do we.
                    length = ir.Property(
                        "length", ir.Primitive("number", body.span), span=body.span
                    )
                    index = ir.IndexSignature(arrays[0].items, "n", span=body.span, numeric=True)
                    body = dataclasses.replace(
                        body, properties=(length, *body.properties), index=index
                    )
                    bases = tuple(b for b in bases if not isinstance(b, ir.Array))
                return dataclasses.replace(decl, body=self.object(body), extends=bases)
            case ir.Alias():
                return dataclasses.replace(decl, type=degrading(self.type, decl.type))
            case ir.Const():
                return decl

    def names_array_interface(self, t: ir.TypeExpr) -> bool:
        """Whether ``t`` names an ``interface A extends Array<T> {}`` (an alias of ``T[]``)."""
        if not isinstance(t, ir.Ref) or t.args:
            return False
        found = self.decls.get(t.name)
        if not isinstance(found, ir.Interface) or not _array_body(found.body):
            return False
        return len(found.extends) == 1 and (
            isinstance(found.extends[0], ir.Array)
            or (
                isinstance(found.extends[0], ir.Ref)
                and found.extends[0].name in ("Array", "ReadonlyArray")
                and found.extends[0].name not in self.decls
            )
        )

    def object(self, obj: ir.Object) -> ir.Object:
        index = obj.index and dataclasses.replace(
            obj.index, value=degrading(self.type, obj.index.value)
        )
        props: list[ir.Property] = []
        for prop in obj.properties:
            key = prop.name if prop.computed is None else self.computed_key(prop)
            if isinstance(key, ir.Primitive):
                # A key no one here can read: every key may hold any value, loudly.
                if index is not None and index.key_pattern is None:
                    index = dataclasses.replace(index, value=ir.Union((index.value, key), key.span))
                else:
                    index = ir.IndexSignature(key, span=prop.span)
                continue
            if key is None:
                continue  # a ``unique symbol`` key: no JSON object has it
            if key != prop.name and any(p.name == key for p in obj.properties):
                raise SchemaError(prop.span, f"duplicate property '{key}' (as [{prop.computed}])")
            props.append(
                dataclasses.replace(
                    prop, name=key, type=degrading(self.type, prop.type), computed=None
                )
            )
        return dataclasses.replace(obj, properties=tuple(props), index=index)

    def enum_member(self, name: str) -> ir.LiteralValue | None:
        """The value of ``Enum.Member``, also written through its namespaces
        (``ns.Enum.Member``: namespaces are flattened)."""
        parts = name.split(".")
        for start in range(len(parts) - 1):
            value = self.enum_members.get(".".join(parts[start:]))
            if value is not None:
                return value
        return None

    def computed_key(self, prop: ir.Property) -> str | ir.Primitive | None:
        """The name ``[KEY]`` gives a property, as TypeScript reads it: the value of an enum
        member or of a const; None for a ``unique symbol`` (the only other kind of key
        TypeScript accepts there), a degraded ``unknown`` for a key that only a package
        that is not mapped could tell."""
        text = prop.computed
        assert text is not None
        unmapped = self.unmapped.get(text.split(".", 1)[0])
        if unmapped is not None:
            what = f"the property key [{text}] ({unmapped}): any key, any value"
            return ir.degraded(what, prop.span)
        name = self.scope.get(text, text)
        member = self.enum_member(name)
        if member is not None:
            value: ir.LiteralValue = member
        else:
            decl = self.decls.get(name) or self.decls.get(name.rsplit(".", 1)[-1])
            if isinstance(decl, ir.Const):
                value = decl.value
            elif {name, name.rsplit(".", 1)[-1]} & self.values or text.split(".")[0] in self.scope:
                return None
            else:
                raise SchemaError(prop.span, f"cannot find name '{text}' (property key [{text}])")
        if isinstance(value, bool):
            raise SchemaError(prop.span, f"a property key must be a string or a number: [{text}]")
        return value if isinstance(value, str) else number_name(value)

    def type(self, t: ir.TypeExpr) -> ir.TypeExpr:
        match t:
            case ir.Ref():
                return self.ref(t)
            case ir.Typeof():
                return self.typeof(t)
            case ir.Array():
                return dataclasses.replace(t, items=self.type(t.items))
            case ir.Tuple():
                items = tuple(self.type(i) for i in t.items)
                rest = None if t.rest is None else self.type(t.rest)
                return dataclasses.replace(t, items=items, rest=rest)
            case ir.Union():
                return dataclasses.replace(t, members=tuple(self.type(m) for m in t.members))
            case ir.Intersection():
                return dataclasses.replace(t, members=tuple(self.type(m) for m in t.members))
            case ir.Omit():
                return dataclasses.replace(t, base=self.type(t.base))
            case ir.Mapping():
                return dataclasses.replace(t, value=self.type(t.value))
            case ir.Object():
                return self.object(t)
            case ir.Primitive() | ir.Literal():
                return t
            case _:
                assert_never(t)

    def ref(self, t: ir.Ref) -> ir.TypeExpr:
        if t.name in self.params and not t.args:  # a parameter shadows what the file imports
            return t
        unmapped = self.unmapped.get(t.name.split(".", 1)[0])
        if unmapped is not None:
            return ir.degraded(unmapped, t.span)
        if "." in t.name and self.namespaces is not None and t.name not in self.qualified:
            missing = self.namespaces.missing(t.name, self.scope)
            if missing is not None and self.enum_member(t.name) is None:
                return self.not_held(t, *missing)
            head = t.name.split(".", 1)[0]
            if (
                self.namespaces.unknown_head(t.name, self.scope)
                and head not in self.decls
                and self.enum_member(t.name) is None
            ):
                return self.lib(t)  # no file declares the head: a lib global, or unknown
        name = self.scope.get(t.name, t.name)
        if name == "Date" and name not in self.decls and not t.args:
            return ir.Primitive("string", t.span, format="date-time")  # JSON has no dates
        if name == "bigint" and not t.args:  # a keyword: no declaration can take its name
            return ir.Primitive("number", t.span)  # typescript-json-schema's reading
        if "." in name:  # ``Enum.Member`` is a literal; ``Namespace.Type`` is ``Type``
            member = self.enum_member(name)
            if member is not None:
                return ir.Literal(member, t.span)
            name = self.qualified.get(name) or name.rsplit(".", 1)[1]
            if name not in self.decls:
                return self.lib(t)
            t = dataclasses.replace(t, name=name)
        target = self.decls.get(name)
        if name == CONDITIONAL:
            return self.conditional(t)
        if name == INFER:  # its name is declared here, not used: only the constraint is read
            return dataclasses.replace(t, args=(t.args[0], *map(self.type, t.args[1:])))
        if name == MAPPED:  # its key is a type parameter of the value
            key = t.args[0]
            assert isinstance(key, ir.Literal)
            outer, self.params = self.params, self.params | {str(key.value)}
            try:
                return dataclasses.replace(t, args=tuple(self.type(a) for a in t.args))
            finally:
                self.params = outer
        if name in (KEYOF, INDEXED, SPREAD, TEMPLATE, FUNCTION, THIS) or (
            isinstance(target, ir.Interface | ir.Alias) and target.params
        ):
            return dataclasses.replace(t, name=name, args=tuple(self.type(a) for a in t.args))
        if target is None and name in BUILTIN_GENERICS:  # a declaration shadows a builtin
            return self.builtin(t)
        if target is None and name in self.left_out:
            what = f"'{t.name}', a class with methods that the typings declare (left out)"
            return ir.degraded(what, t.span)
        if target is None:
            return self.lib(t)
        if t.args and target.span.file == LIB_PATH:  # ``Uint8Array<ArrayBuffer>`` (TS 5.7)
            return ir.Ref(name, (), t.span)
        if t.args:
            raise SchemaError(t.span, f"'{t.name}' is not generic but has type arguments")
        if isinstance(target, ir.Const):
            raise SchemaError(
                t.span, f"'{t.name}' is a const, not a type (write 'typeof {t.name}')"
            )
        return ir.Ref(name, (), t.span)

    def not_held(self, t: ir.Ref, namespace: str, name: str) -> ir.TypeExpr:
        """``NS.Name`` where namespace NS holds no ``Name``: TypeScript's error, and in
        typings (which typescript-json-schema reads with ``skipLibCheck``, and which
        ``// @ts-ignore`` such a line in) its error type, ``any``, loudly; never the
        ``Name`` of another scope."""
        what = f"namespace '{namespace}' has no exported member '{name}'"
        if not t.span.file.endswith(DECLARATION_SUFFIXES):
            raise SchemaError(t.span, what)
        return ir.Primitive("any", t.span, degraded=f"'{t.name}': {what} (any, as TypeScript)")

    def lib(self, t: ir.Ref) -> ir.TypeExpr:
        """A name no schema file declares: a lib global's meaning, else unknown (as tsc).

        In typings (``.d.ts``), a name no file of the program declares is a global of a
        package the program lacks (``GeoJSON.GeoJSON`` of @types/geojson's ``export as
        namespace GeoJSON``, a devDependency): TypeScript reads it as an error type and, as
        typings go unchecked (``skipLibCheck``), says nothing; it degrades loudly here. In
        a ``.ts`` file, which TypeScript checks, it stays the error TypeScript reports."""
        found = lib_type(t)
        if found is None:
            kind = "generic type" if t.args else "type"
            if t.span.file.endswith(DECLARATION_SUFFIXES):
                head = t.name.split(".")[0]
                what = (
                    f"'{t.name}', which no file of the program declares (a global of a package"
                    f" the typings do not import: map the package that declares '{head}' with"
                    " --import-map, or reference its file)"
                )
                return ir.degraded(what, t.span)
            raise SchemaError(t.span, f"unknown {kind} '{t.name}'")
        return self.type(found)

    def conditional(self, t: ir.Ref) -> ir.TypeExpr:
        """``C extends E ? X : Y``: the names ``E`` declares with ``infer`` are in scope in
        ``E`` and ``X``, as type parameters are."""
        check, extends, yes, no = t.args
        outer = self.params
        try:
            checked = self.type(check)
            self.params = outer | frozenset(infer_names(extends))
            pattern, picked = self.type(extends), self.type(yes)
            self.params = outer
            other = self.type(no)
        finally:
            self.params = outer
        return dataclasses.replace(t, args=(checked, pattern, picked, other))

    def builtin(self, t: ir.Ref) -> ir.TypeExpr:
        """``Array``/``ReadonlyArray``/``Omit`` become IR nodes; the utilities
        (``Record``, ``Partial``...) stay refs for ``codegen.frontend.expand``."""
        arity = BUILTIN_GENERICS[t.name]
        if len(t.args) != arity:
            plural = "s" if arity > 1 else ""
            raise SchemaError(
                t.span, f"'{t.name}' takes {arity} type argument{plural}, got {len(t.args)}"
            )
        if t.name == "Omit":
            if _computed_keys(t.args[1]):  # ``Omit<T, keyof R>``: expand computes the keys
                return dataclasses.replace(t, args=tuple(self.type(a) for a in t.args))
            return ir.Omit(self.type(t.args[0]), _omit_keys(t.args[1]), t.span)
        args = tuple(self.type(a) for a in t.args)
        if t.name in ("Array", "ReadonlyArray", "ArrayLike"):  # ArrayLike: as the oracle
            return ir.Array(args[0], t.span)
        return dataclasses.replace(t, args=args)

    def typeof(self, t: ir.Typeof) -> ir.TypeExpr:
        name = self.scope.get(t.name, t.name)
        if name in self.enum_members:  # ``typeof Kind.Full``: a namespace's literal constant
            return ir.Literal(self.enum_members[name], t.span)
        if "." in name and name not in self.decls:  # ``typeof ns.C``: ``C``, as ``ns.T``
            name = name.rsplit(".", 1)[1]
        decl = self.decls.get(name)
        unmapped = self.unmapped.get(t.name.split(".", 1)[0])
        if decl is None and unmapped is not None:
            return ir.degraded(unmapped, t.span)
        if decl is None and ("." in t.name or name in self.values):
            # A value the typings declare and no type describes as data: a function, an
            # object with methods, a namespace's object (``typeof google.maps.geometry``).
            what = f"'typeof {t.name}' (a value of the typings: a function, a namespace or an"
            return ir.degraded(f"{what} object with methods, not JSON data)", t.span)
        if decl is None and t.span.file.endswith(DECLARATION_SUFFIXES):
            # A value no file of the program declares (``typeof fetch``, a lib or runtime
            # global function): unchecked typings read it as the error type; loudly here.
            what = f"'typeof {t.name}', a value no file of the program declares (a lib global"
            return ir.degraded(f"{what} function or object, not JSON data)", t.span)
        if decl is None:
            raise SchemaError(t.span, f"unknown const '{t.name}' in 'typeof {t.name}'")
        typings = decl.span.file.endswith(DECLARATION_SUFFIXES)
        if isinstance(decl, ir.Interface) and (decl.klass or typings):
            # A class's constructor (or, in typings, the ``declare var X: { prototype: X }``
            # that the lib pairs with ``interface X``, left out as a value): its
            # ``prototype`` (statics are left out with the methods), as
            # typescript-json-schema writes it.
            # A generic class's prototype is of ``any`` arguments, as TypeScript types it.
            args = tuple(ir.Primitive("any", t.span) for _ in decl.params)
            prototype = ir.Property("prototype", ir.Ref(name, args, t.span), span=t.span)
            return ir.Object((prototype,), None, t.span)
        if isinstance(decl, ir.Alias) and decl.enum:
            # ``typeof Enum``: typescript-json-schema writes the enum's values
            return ir.Ref(name, (), t.span)
        if not isinstance(decl, ir.Const):
            raise SchemaError(
                t.span, f"'typeof {t.name}' needs a const, but '{t.name}' is {_A_KIND[decl.kind]}"
            )
        return ir.Literal(decl.value, t.span)


def _computed_keys(t: ir.TypeExpr) -> bool:
    """Omit keys that only expand can compute: ``keyof R``, ``T["k"]``, a conditional, an
    alias of literals or a type parameter (``Omit<T, Keys>``)."""
    members = t.members if isinstance(t, ir.Union) else (t,)
    return any(isinstance(m, ir.Ref) for m in members)


def _omit_keys(t: ir.TypeExpr) -> tuple[str, ...]:
    members = t.members if isinstance(t, ir.Union) else (t,)
    keys = []
    for member in members:
        if not (isinstance(member, ir.Literal) and isinstance(member.value, str)):
            raise Unsupported(
                member.span, "Omit keys must be a string literal or a union of string literals"
            )
        keys.append(member.value)
    return tuple(keys)


# --------------------------------------------------------------------------- checks


def _object_like(schema: ir.Schema, t: ir.TypeExpr, seen: frozenset[str] = frozenset()) -> bool:
    """True for what an interface may extend: interfaces, object types, records, Omit/& of them."""
    match t:
        case ir.Ref():
            decl = schema.decls.get(t.name)
            if isinstance(decl, ir.Interface):
                return True
            if isinstance(decl, ir.Alias) and t.name not in seen:
                return _object_like(schema, decl.type, seen | {t.name})
            return False
        case ir.Object() | ir.Mapping():
            return True
        case ir.Omit():
            return _object_like(schema, t.base, seen)
        case ir.Intersection():
            return all(_object_like(schema, m, seen) for m in t.members)
        case ir.Primitive() | ir.Literal() | ir.Typeof() | ir.Array() | ir.Tuple() | ir.Union():
            return False
        case _:
            assert_never(t)


def _check_extends(schema: ir.Schema) -> None:
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface):
            continue
        for base in decl.extends:
            target = base.base if isinstance(base, ir.Omit) else base
            if not isinstance(target, ir.Ref) or not _object_like(schema, target):
                raise SchemaError(
                    base.span,
                    f"interface '{decl.name}' cannot extend {quoted(base)}: "
                    "not an interface or object type",
                )


def _structural_refs(t: ir.TypeExpr) -> Iterator[ir.Ref]:
    """Refs a type needs resolved to know its own shape (not guarded by an object/array)."""
    match t:
        case ir.Ref():
            yield t
        case ir.Union() | ir.Intersection():
            for member in t.members:
                yield from _structural_refs(member)
        case ir.Omit():
            yield from _structural_refs(t.base)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Array()
            | ir.Tuple()
            | ir.Mapping()
            | ir.Object()
        ):
            pass
        case _:
            assert_never(t)


def _check_cycles(schema: ir.Schema) -> None:
    edges: dict[str, list[str]] = {}
    for name, decl in schema.decls.items():
        if isinstance(decl, ir.Interface):
            refs = [r for base in decl.extends for r in _structural_refs(base)]
        elif isinstance(decl, ir.Alias):
            refs = list(_structural_refs(decl.type))
        else:
            continue
        edges[name] = [r.name for r in refs if r.name in schema.decls]
    done: set[str] = set()
    for start in edges:
        _find_cycle(schema, edges, start, done)


def _find_cycle(schema: ir.Schema, edges: dict[str, list[str]], start: str, done: set[str]) -> None:
    """Iterative depth-first search (deep alias chains must not hit the recursion limit)."""
    path: list[str] = []
    stack: list[tuple[str, int]] = [(start, 0)]
    while stack:
        name, next_edge = stack.pop()
        if next_edge == 0:
            if name in done:
                continue
            if name in path:
                cycle = [*path[path.index(name) :], name]
                raise SchemaError(schema.decls[cycle[0]].span, f"cycle: {' -> '.join(cycle)}")
            path.append(name)
        targets = edges[name]  # every target is an interface or alias, so a key
        if next_edge < len(targets):
            stack.append((name, next_edge + 1))
            stack.append((targets[next_edge], 0))
        else:
            path.pop()
            done.add(name)


# How deep a type may get once aliases are expanded and bases followed: each later pass
# may recurse that deep, so this (with parse's MAX_TYPE_DEPTH per written type) keeps every
# pass far from Python's recursion limit. The official MCP schema reaches about 20.
MAX_EXPANDED_DEPTH = 100


def _check_depth(schema: ir.Schema) -> None:
    """``SchemaError`` at the first declaration whose expanded depth passes the bound.

    A ref to an alias counts the alias's own depth, as does a base in ``extends`` or a
    ref inside an alias (``A & B``); a property's ref to an interface or to an alias of
    an object type counts one (a class boundary, which no pass expands). A union's
    interface member is a class too, named, not inlined (TypeScript's union of named
    types is a union of references): it counts its chain of bases (what a pass reading
    its properties walks), not what its properties refer to, so an AST's union of node
    interfaces, each with properties of that union, is not a nesting. Computed bottom-up
    with an explicit stack; a recursive alias (through an array or object) counts its
    back edge as one.
    """
    depth: dict[str, int] = {}
    bases_depth: dict[str, int] = {}  # an interface's chain of bases, as a union member

    def expr_depth(t: ir.TypeExpr, expand_interfaces: bool = False, member: bool = False) -> int:
        """``member``: in a union (not under an intersection), where an interface is named."""
        match t:
            case ir.Ref(name=name):
                target = schema.decls.get(name)
                if isinstance(target, ir.Alias) and (expand_interfaces or not _is_class(target)):
                    return 1 + depth.get(name, 0)
                if expand_interfaces and isinstance(target, ir.Interface):
                    return 1 + (bases_depth if member else depth).get(name, 0)
                return 1
            case ir.Array(items=item) | ir.Mapping(value=item) | ir.Omit(base=item):
                return 1 + expr_depth(item, expand_interfaces, member)
            case ir.Union(members=items):
                return 1 + max((expr_depth(i, expand_interfaces, True) for i in items), default=0)
            case ir.Tuple(members=items):
                return 1 + max((expr_depth(i, expand_interfaces, member) for i in items), default=0)
            case ir.Intersection(members=items):  # ``(A | B) & C`` merges A's properties
                return 1 + max((expr_depth(i, expand_interfaces) for i in items), default=0)
            case ir.Object():
                return 1 + body_depth(t)
            case ir.Primitive() | ir.Literal() | ir.Typeof():
                return 1
            case _:
                assert_never(t)

    def body_depth(body: ir.Object) -> int:
        types = [prop.type for prop in body.properties]
        if body.index is not None:
            types.append(body.index.value)
        return max((expr_depth(x) for x in types), default=0)

    def decl_depth(decl: ir.Decl) -> int:
        if isinstance(decl, ir.Alias):
            return expr_depth(decl.type, True)
        if isinstance(decl, ir.Interface):
            bases = max((expr_depth(b, True) for b in decl.extends), default=0)
            chain = max((expr_depth(b, True, True) for b in decl.extends), default=0)
            bases_depth[decl.name] = 1 + chain
            return 1 + max(bases, body_depth(decl.body))
        return 1

    def needs(decl: ir.Decl) -> list[str]:
        if isinstance(decl, ir.Alias):
            return list(_ref_names(decl.type))
        if isinstance(decl, ir.Interface):
            names = [n for base in decl.extends for n in _ref_names(base)]
            names += [n for n in _ref_names(decl.body) if isinstance(schema.decls.get(n), ir.Alias)]
            return names
        return []

    # Entered, computed or not: one not yet computed is on the current path, so needing it
    # again is a recursive back edge (counted as one by ``depth.get``).
    entered: set[str] = set()
    for start in schema.decls:
        stack = [(start, False)]
        while stack:
            name, ready = stack.pop()
            if name in depth:  # pushed twice: computed the first time
                continue
            decl = schema.decls[name]
            if not ready:
                entered.add(name)
                stack.append((name, True))
                stack += [(n, False) for n in needs(decl) if n in schema.decls and n not in entered]
                continue
            depth[name] = decl_depth(decl)
            if depth[name] > MAX_EXPANDED_DEPTH:
                raise SchemaError(
                    decl.span,
                    f"'{name}' nests more than {MAX_EXPANDED_DEPTH} levels deep once its "
                    "aliases and bases are expanded; shorten the chain",
                )


def _is_class(alias: ir.Alias) -> bool:
    """An alias of an object type (``type A = { ... }``, ``type A = Node & { ... }``): a
    class of its own, which a reference names, as TypeScript's reference to a named type
    names it, instead of inlining its value."""
    return isinstance(alias.type, ir.Object | ir.Intersection)


def _check_redeclarations(schema: ir.Schema) -> None:
    """A redeclared inherited property may narrow its type, never change its kind."""
    for decl in schema.decls.values():
        if not isinstance(decl, ir.Interface) or not decl.extends:
            continue
        inherited: dict[str, tuple[ir.Property, ir.TypeExpr]] = {}
        for base in decl.extends:
            for prop in flat_properties(schema, base):
                inherited[prop.name] = (prop, base)
        for prop in decl.body.properties:
            if prop.name not in inherited:
                continue
            base_prop, base = inherited[prop.name]
            # ``x0: any`` over ``x0: string | number``: tsc accepts it (any is assignable
            # to every type); so is a degraded type, which stands for one that only what
            # is not here (a package not mapped) could tell, and which already warns
            anything = _anything(prop.type)
            if not anything and not is_narrowing(schema, prop.type, base_prop.type):
                raise SchemaError(
                    prop.span,
                    f"property '{prop.name}' of '{decl.name}' has type {quoted(prop.type)}, "
                    f"incompatible with {quoted(base_prop.type)} inherited from "
                    f"{quoted(base)}",
                )
            if prop.optional and not base_prop.optional:
                raise SchemaError(
                    prop.span,
                    f"property '{prop.name}' of '{decl.name}' is optional but required in "
                    f"{quoted(base)}",
                )


def _anything(t: ir.TypeExpr) -> bool:
    """``any``, or a type with a degraded member (``unknown`` standing for what no one here
    can read), which no inherited property's type can be checked against."""
    if isinstance(t, ir.Union):
        return any(_anything(m) for m in t.members)
    return isinstance(t, ir.Primitive) and (t.name == "any" or t.degraded is not None)


def _used_names(decls: Iterable[ir.Decl]) -> set[str]:
    """Every name a declaration refers to, type arguments included."""
    used: set[str] = set()
    for decl in decls:
        if isinstance(decl, ir.Interface | ir.Alias):
            for t in children(decl):
                used.update(_ref_names(t))
    return used


def _warn_unused(schema: ir.Schema, used_before: set[str], diags: Diagnostics) -> None:
    """``used_before``: the names used by the declarations before expansion."""
    used = used_before | _used_names(schema.decls.values())
    for decl in schema.decls.values():
        if not decl.exported and decl.name not in used and not isinstance(decl, ir.Const):
            diags.warn(f"'{decl.name}' is neither exported nor used", decl.span)


def _ref_names(t: ir.TypeExpr) -> Iterator[str]:
    """The names ``t`` refers to, depth first in source order, a reference's arguments
    included."""
    pending = [t]
    while pending:
        node = pending.pop()
        if isinstance(node, ir.Ref):
            yield node.name
        pending.extend(reversed(children(node)))
