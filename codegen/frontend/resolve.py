"""Resolve parsed modules into one ``ir.Schema``.

``resolve`` checks imports, merges every file into one namespace (applying ``@override``
overlays), rewrites ``Record``/``Array``/``Omit`` and ``typeof`` into their IR nodes, and
rejects unknown names, bad ``extends``, unguarded cycles and incompatible property
redeclarations. The queries later passes make of the result are in ``codegen.ir.queries``.
This module is the pass and the merge; its steps are ``imports`` (every import checked),
``module_scope`` (one name in several modules), ``references`` (each declaration's names
rewritten), ``expand`` and ``checks`` (the checks on the expanded schema).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TypeVar

from .. import ir
from ..errors import Diagnostics, SchemaError
from ..ir.queries import shape
from ..paths import LIB_PATH
from .bases import normalise_bases
from .checks import check_cycles as _check_cycles
from .checks import check_depth as _check_depth
from .checks import check_redeclarations as _check_redeclarations
from .checks import compiled_findings as _compiled_findings
from .checks import used_names as _used_names
from .checks import warn_unused as _warn_unused
from .expand import expand
from .imports import check_imports as _check_imports
from .imports import find_target as _find_target
from .imports import module_key as _module_key
from .imports import needed_from_packages as _needed_from_packages
from .imports import package_closure as _package_closure
from .imports import unmapped_imports as _unmapped_imports
from .lib import with_lib
from .module_scope import scope_modules
from .namespaces import NamespaceMembers
from .protocol import add_result_aliases
from .references import Rewriter as _Rewriter
from .scoping import redeclared_alike
from .umd import with_umd_imports

OVERRIDE_TAG = "override"
_T = TypeVar("_T")

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
    values = left_out | {name for m in modules for name in (*m.values, *m.typed_values)}
    rewritten: dict[str, ir.Decl] = {}
    qualified = {d.qualname: n for n, d in decls.items() if d.kind != "const" and d.qualname}
    namespaces = NamespaceMembers(modules)
    rewriters: dict[str, _Rewriter] = {}  # one per module, not per declaration (#37)
    for name, decl in decls.items():
        path = home[name]
        rewriter = rewriters.get(path)
        if rewriter is None:
            rewriter = rewriters[path] = _Rewriter(
                decls,
                scopes[path],
                members,
                unmapped.get(path),
                qualified,
                values,
                namespaces.of(path),
            )
        rewritten[name] = rewriter.decl(decl)
    # What counts as used is read before expansion: ``Partial<U>``, ``M[K]``, a mapped
    # type's source or a conditional's branch name ``U`` there, and are gone after.
    used = _used_names(rewritten.values())
    expanded = expand(rewritten, names=used)
    rewritten = add_result_aliases(normalise_bases(expanded), diags)
    files = tuple(m.path for m in modules if m.path != LIB_PATH)
    schema = ir.Schema(rewritten, tuple(overrides), files)
    _check_cycles(schema)
    _check_depth(schema)
    _check_redeclarations(schema)
    findings = _compiled_findings(tuple(schema.decls.values()))
    _warn_unused(schema, used | findings.used, diags)
    # Only what is compiled warns: a generic's template and what no package type needs are
    # gone by now (reachability), so an unused helper never degrades anything.
    for span, what in findings.degraded:
        diags.degrade(what, span)
    for span, message in findings.bad_tags:
        diags.warn(message, span)
    return schema


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
