"""Qualification: one name declared in several scopes is several types, each named after
its scope.

* Namespaces, within one file (``qualify_namespaces``, run by ``parse``): the types of one
  name declared in different namespaces get their namespace path in their name
  (``Debugger.CallFrame`` is ``DebuggerCallFrame``).
* Modules (the names ``module_scope.scope_modules`` gives): one name declared by several
  modules is qualified by its module (``unist_Data``, JSON Schema key ``unist.Data``);
  which names clash, each module's qualifier and the renamed modules are here, which
  declaration a module's names mean is ``module_scope``'s (see its docs).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from collections.abc import Callable, Sequence

from .. import ir
from ..errors import SchemaError
from ..ir.queries import SPAN_AND_DOC, rewrite, shape, type_fields
from ..paths import DECLARATION_SUFFIXES, LIB_PATH

OVERRIDE_TAG = "override"
MCP_MARKER = "EmptyResult"  # as ``codegen.ir.queries.is_mcp``


# --------------------------------------------------------------------------- which names


def is_module(module: ir.Module) -> bool:
    """TypeScript's rule: a file with an import or an export is a module, else a script."""
    imports = [imp for imp in module.imports if not imp.reference]  # ``/// <reference>``: no
    return bool(imports) or any(d.exported for d in module.decls)


def clashes(modules: Sequence[ir.Module], in_package: set[str]) -> dict[str, list[str]]:
    """Name -> the paths of the modules that declare it, for each name to qualify."""
    declared: dict[str, list[ir.Module]] = {}
    for module in modules:
        for decl in module.decls:
            found = declared.setdefault(decl.name, [])
            if not decl.doc.has(OVERRIDE_TAG) and module not in found[-1:]:
                found.append(module)
    own = [m for m in modules if is_own(m, in_package)]
    overlay = any(d.doc.has(OVERRIDE_TAG) or d.name == MCP_MARKER for m in own for d in m.decls)
    owners: dict[str, list[str]] = {}
    for name, found in declared.items():
        mine = sum(is_own(m, in_package) for m in found)
        # an overlay schema's files share one namespace: their duplicate is an error
        if len(found) > 1 and all(map(is_module, found)) and not (overlay and mine > 1):
            for module in found:
                check_once(module, name)
            owners[name] = [m.path for m in found]
    return owners


def is_own(module: ir.Module, in_package: set[str]) -> bool:
    """A schema file (not a package's, not the lib's)."""
    return module.path != LIB_PATH and os.path.normpath(module.path) not in in_package


def check_once(module: ir.Module, name: str) -> None:
    """Two declarations of one name in one module are an error (as in one namespace),
    except an interface declared again, which resolve merges (declaration merging)."""
    first: ir.Decl | None = None
    for decl in module.decls:
        if decl.name != name or decl.doc.has(OVERRIDE_TAG):
            continue
        if (
            first is not None
            and not (
                isinstance(first, ir.Interface)
                and isinstance(decl, ir.Interface)
                and first.qualname == decl.qualname
            )
            and not redeclared_alike(first, decl)
        ):
            raise SchemaError(
                decl.span, f"duplicate declaration '{name}' (first declared at {first.span})"
            )
        first = first or decl


def redeclared_alike(first: ir.Decl, again: ir.Decl) -> bool:
    """``again`` declares what ``first`` does, word for word but for its description: a
    redundant declaration (tsc reports it; typings that ship one silence it with
    ``// @ts-ignore``), which changes no type. The first one stands."""
    return shape(dataclasses.replace(first, doc=ir.EMPTY_DOC)) == shape(
        dataclasses.replace(again, doc=ir.EMPTY_DOC)
    )


# --------------------------------------------------------------------------- qualified names


def _stem(relative: str) -> list[str]:
    """``sub/a.d.ts`` -> ``[sub, a]``; ``sub/index.ts`` -> ``[sub]``."""
    for suffix in (*DECLARATION_SUFFIXES, ".ts", ".mts", ".cts"):
        if relative.endswith(suffix):
            relative = relative[: -len(suffix)]
            break
    parts = relative.split(os.sep)  # a normalised relative path
    return parts[:-1] if len(parts) > 1 and parts[-1] == "index" else parts


def module_qualifiers(
    modules: Sequence[ir.Module], in_package: set[str], packages: dict[str, str]
) -> dict[str, list[str]]:
    """Module path -> the segments that qualify its clashing declarations."""
    own = [m.path for m in modules if is_own(m, in_package)]
    base = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in own] or ["."])
    roots = sorted(
        ((os.path.dirname(os.path.abspath(entry)), spec) for spec, entry in packages.items()),
        key=lambda root: (-len(root[0]), root[1]),
    )
    found: dict[str, list[str]] = {}
    for module in modules:
        where = os.path.abspath(module.path)
        segments: list[str] | None = None
        if os.path.normpath(module.path) in in_package:
            for root, spec in roots:
                if os.path.commonpath([root, where]) == root:
                    inner = _stem(os.path.relpath(where, root))
                    segments = [*spec.lstrip("@").split("/"), *inner[inner == ["index"] :]]
                    break
        if segments is None:
            segments = _stem(os.path.relpath(where, base))
        found[module.path] = segments
    return found


def qualified_name(segments: list[str], name: str) -> tuple[str, str]:
    """The Python name and the JSON Schema key of ``name`` declared in the module of
    ``segments``."""
    words = [re.sub(r"[^0-9A-Za-z_]", "_", s) for s in segments]
    prefix = "_".join(words)
    if not prefix or prefix[0].isdigit() or prefix[0] == "_":
        prefix = "m" + prefix  # a class name cannot start with a digit, '_' is reserved
    return f"{prefix}_{name}", ".".join([*segments, name])


def check_unique(
    modules: Sequence[ir.Module],
    final: dict[tuple[str, str], tuple[str, str]],
) -> None:
    """A qualified name or JSON Schema key that another declaration has is an error."""
    decls = {(m.path, d.name): d for m in modules for d in m.decls}
    seen = {name: decl.span for (_, name), decl in decls.items()}
    keys = {_key(d): d.span for d in decls.values() if not isinstance(d, ir.Const)}
    for where, (name, key) in sorted(final.items()):
        decl = decls[where]
        clash = name if name in seen else None
        if clash is None and not isinstance(decl, ir.Const):
            key = _key(decl, key)
            clash = key if key in keys else None
        if clash is not None:
            other = seen.get(clash) or keys[clash]
            raise SchemaError(
                decl.span,
                f"'{where[1]}' is declared in several files and would be qualified as "
                f"'{clash}', which the declaration at {other} takes too; rename one",
            )
        seen[name] = keys[key] = decl.span


def _key(decl: ir.Interface | ir.Alias, qualified: str = "") -> str:
    """The JSON Schema key: the module's qualifier (if any) and the namespace path."""
    return ".".join([*qualified.split(".")[:-1], decl.qualname or decl.name])


def renamed_module(module: ir.Module, final: dict[tuple[str, str], tuple[str, str]]) -> ir.Module:
    decls: list[ir.Decl] = []
    for decl in module.decls:
        found = final.get((module.path, decl.name))
        if found is None:
            decls.append(decl)
        elif isinstance(decl, ir.Const):
            decls.append(dataclasses.replace(decl, name=found[0]))
        else:
            decls.append(dataclasses.replace(decl, name=found[0], qualname=_key(decl, found[1])))
    members = []
    for key, value in module.enum_members:
        head, _, rest = key.partition(".")
        found = final.get((module.path, head))
        members.append((f"{found[0]}.{rest}" if found else key, value))
    return dataclasses.replace(module, decls=tuple(decls), enum_members=tuple(members))


# --------------------------------------------------------------------------- namespaces


def qualify_namespaces(
    decls: tuple[ir.Decl, ...],
    paths: dict[tuple[str, ir.Span], tuple[str, ...]],
    members: list[tuple[str, ir.LiteralValue, tuple[str, ...]]],
    roots: frozenset[str] = frozenset(),
) -> tuple[tuple[ir.Decl, ...], tuple[tuple[str, ir.LiteralValue], ...]]:
    """Types of one name declared in different namespaces are different types: each gets
    its namespace path in its name (``Debugger.CallFrame`` is ``DebuggerCallFrame``, past
    the namespaces they share) and keeps the dotted path as its JSON Schema key; a
    reference finds the nearest one, as TypeScript's scopes do. ``roots`` are the names the
    file imports: declared at its top level, so a namespace's type of one of those names
    is qualified the same way (the import keeps its name)."""
    if not any(paths.values()):
        # No namespace in the file (most files): every type is of the top scope, where a
        # name is one type; nothing to qualify, without a lookup per declaration (#37).
        return decls, tuple((key, value) for key, value, _ in members)
    where = {(d.name, d.span): paths.get((d.name, d.span), ()) for d in decls}
    scopes: dict[str, set[tuple[str, ...]]] = {}
    for decl in decls:
        if not isinstance(decl, ir.Const):
            scopes.setdefault(decl.name, set()).add(where[(decl.name, decl.span)])
    for name in roots & scopes.keys():
        scopes[name].add(())
    renamed: dict[tuple[tuple[str, ...], str], str] = {}
    for name, found in scopes.items():
        if len(found) < 2:
            continue
        ordered = sorted(found)
        shared = 0
        while all(len(p) > shared for p in ordered) and len({p[shared] for p in ordered}) == 1:
            shared += 1
        for path in ordered:
            renamed[(path, name)] = "".join(path[shared:]) + name
    if not renamed:
        return decls, tuple((key, value) for key, value, _ in members)
    declared = set(renamed) | {(where[(d.name, d.span)], d.name) for d in decls}

    def target(path: tuple[str, ...], written: str) -> str:
        *qualifiers, last = written.split(".")
        for depth in range(len(path), -1, -1):
            scope = (*path[:depth], *qualifiers)
            if (scope, last) in renamed:
                return renamed[(scope, last)]
            if (scope, last) in declared:  # one of its name: ``Choice.Delta`` is ``Delta``
                return last
            if qualifiers and (scope[:-1], scope[-1]) in renamed:  # ``Enum.Member``
                return f"{renamed[(scope[:-1], scope[-1])]}.{last}"
        return written

    out: list[ir.Decl] = []
    for decl in decls:
        path = where[(decl.name, decl.span)]
        new = decl
        if _retargets(decl, functools.partial(target, path)):
            new = rewrite(decl, functools.partial(_retarget, target, path), keep=SPAN_AND_DOC)
        if (path, decl.name) in renamed and not isinstance(new, ir.Const):
            new = dataclasses.replace(
                new, name=renamed[(path, decl.name)], qualname=".".join((*path, decl.name))
            )
        out.append(new)
    # Each member is qualified from its own enum's namespace: two enums of one name in
    # two namespaces keep their members apart.
    qualified_members = tuple((target(path, key), value) for key, value, path in members)
    return tuple(out), qualified_members


def _retargets(decl: ir.Decl, target: Callable[[str], str]) -> bool:
    """Whether a reference in ``decl`` (where ``rewrite`` with ``SPAN_AND_DOC`` kept would
    look) names another type once qualified. Most declarations of a file with namespaces
    have none: copying each node of those (``rewrite``) was a third of parsing DevTools'
    typing (#37); this walk copies nothing."""
    pending: list[object] = [decl]
    while pending:
        node = pending.pop()
        if isinstance(node, tuple):
            pending.extend(node)
        elif isinstance(node, ir.Ref) and target(node.name) != node.name:
            return True
        else:
            pending.extend(getattr(node, name) for name in type_fields(type(node)))
    return False


def _retarget(
    target: Callable[[tuple[str, ...], str], str], path: tuple[str, ...], node: object
) -> object:
    if isinstance(node, ir.Ref):
        return dataclasses.replace(node, name=target(path, node.name))
    return node
