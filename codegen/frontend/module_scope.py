"""Module scoping: one name declared by several files is several types.

Each file with an ``import`` or ``export`` is a module, as in TypeScript: a name it
declares is its own, and an import brings the declaration it names (through re-exports).
When modules that are both compiled declare one name, the clashing declarations are
qualified by their module, the way ``scoping.qualify_namespaces`` qualifies namespaces:

* the Python name is the module's qualifier, ``_``, the name (``unist_Data``, ``a_Frame``);
  the JSON Schema key is the dotted path (``unist.Data``);
* the qualifier of a schema file is its path from the schema folder without its
  extension (``sub/a.ts`` is ``sub_a``; ``x/index.ts`` is ``x``); a package file's is the
  ``--import-map`` specifier, plus the path inside the package (``@types/unist`` is
  ``types_unist``);
* a name declared by one schema file and by packages stays unqualified in the schema
  file: only the packages' declarations are qualified, so mapping a package never renames
  the schema's own types.

What stays one namespace, so that a second declaration remains an error there: a file
with neither ``import`` nor ``export`` (a script: TypeScript's global scope), two
declarations in one module, and the schema files of an overlay schema (one that uses
``@override`` or is MCP's): an overlay replaces by name. An ``@override`` declaration is
no second declaration: it replaces the one its schema declares (see ``resolve._merge``).
A file that uses a qualified name without declaring or importing it cannot say which one
it means: a located error, unless the name is a global of TypeScript's lib (``Record``,
``Error``): a module's own ``interface Record`` shadows the lib's in that module only, so
another module's ``Record<K, V>`` is the lib's; every module's declaration of such a name is
then qualified. ``PaymentMethod.AcssDebit`` finds ``AcssDebit`` in the module that declares
(the namespace) ``PaymentMethod``, through the import that brings it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence

from .. import ir
from ..errors import SchemaError
from ..ir import BUILTIN_GENERICS, CONDITIONAL, INFER
from ..paths import LIB_PATH
from . import lib_names as lib_names_data
from .infer import infer_names
from .lib import lib_names
from .scoping import check_once as _check_once
from .scoping import check_unique as _check_unique
from .scoping import clashes as _clashes
from .scoping import is_module as _is_module
from .scoping import is_own as _own
from .scoping import module_qualifiers as _qualifiers
from .scoping import qualified_name as _qualified
from .scoping import renamed_module as _renamed

FindTarget = Callable[[ir.Module, ir.Import], ir.Module]


@dataclasses.dataclass(frozen=True)
class Scoped:
    """The modules with clashing declarations renamed, and per module path the local
    names that now mean another declaration name (to extend resolve's import scopes)."""

    modules: list[ir.Module]
    renames: dict[str, dict[str, str]]


def scope_modules(
    modules: Sequence[ir.Module],
    in_package: set[str],
    packages: dict[str, str],
    find_target: FindTarget,
    unmapped: Mapping[str, Collection[str]] | None = None,
) -> Scoped:
    """Qualify the declarations of one name in several modules (see the module docs).

    ``in_package`` holds the normalised paths of the ``--import-map`` packages' files,
    ``packages`` maps a specifier to its entry file, ``find_target`` gives an import's
    module (resolve's, which checked every import already); ``unmapped``: per module path,
    the local names that its imports from packages that are not mapped bind (resolve took
    those imports out: each such name is the package's, degraded, never a schema file's)."""
    unmapped = unmapped or {}
    owners = _clashes(modules, in_package)
    shadowing = _shadowing(modules, unmapped)
    for name, paths in shadowing.items():
        owners.setdefault(name, paths)
    if not owners:
        dotted = {m.path: _namespaced_refs(m, {}, find_target) for m in modules}
        return Scoped(list(modules), {path: found for path, found in dotted.items() if found})
    qualifiers = _qualifiers(modules, in_package, packages)
    final: dict[tuple[str, str], tuple[str, str]] = {}  # (path, name) -> (name, JSON key)
    by_path = {m.path: m for m in modules}
    for name, paths in sorted(owners.items()):
        own = [p for p in paths if _own(by_path[p], in_package)]
        for path in paths:
            if len(own) == 1 and path == own[0] and name not in shadowing:
                continue  # the schema's own declaration keeps its name
            final[(path, name)] = _qualified(qualifiers[path], name)
    _check_unique(modules, final)
    members = {key for m in modules for key, _ in m.enum_members}
    renames: dict[str, dict[str, str]] = {}
    out: list[ir.Module] = []
    for module in modules:
        local = {
            **_namespaced_refs(module, final, find_target),
            **_local_names(module, owners, final, members, find_target),
        }
        namespaces = _Namespaces(module, owners, final, find_target)
        _check_refs(module, owners, local, namespaces, unmapped.get(module.path, ()))
        renames[module.path] = {k: v for k, v in local.items() if k != v}
        out.append(_renamed(module, final))
    return Scoped(out, renames)


@functools.cache
def _globals() -> frozenset[str]:
    """The names TypeScript finds in its lib when no module in scope declares them: the
    data interfaces modelled here, and every global of its lib files and @types/node
    (``response: Response`` in a module that neither declares nor imports ``Response`` is
    the DOM's, whatever other modules declare)."""
    every = lib_names_data.ES | lib_names_data.DOM | lib_names_data.NODE
    return frozenset(BUILTIN_GENERICS) | lib_names() | {"Date"} | every


def _shadowing(
    modules: Sequence[ir.Module], unmapped: Mapping[str, Collection[str]]
) -> dict[str, list[str]]:
    """A lib global that modules declare (``interface Record``) and another module uses
    without declaring or importing it (meaning the lib's) -> the declaring modules."""
    globals_ = _globals()
    declaring: dict[str, list[str]] = {}
    for module in modules:
        if module.path != LIB_PATH and _is_module(module):
            for name in {d.name for d in module.decls} & globals_:
                declaring.setdefault(name, []).append(module.path)
    if not declaring:
        return {}
    found: dict[str, list[str]] = {}
    for module in modules:
        if not module.imports and not unmapped.get(module.path):
            # A file that imports nothing shares the schema's one namespace (a schema split
            # into files, as MCP's): its ``Error`` is the schema's, not the lib's.
            continue
        bound = (
            {d.name for d in module.decls}
            | set(unmapped.get(module.path, ()))
            | {written for imp in module.imports if not imp.reexport for written, _ in imp.names}
        )
        for ref in _module_refs(module):
            name = ref.name.split(".")[0]
            if name in declaring and name not in bound:
                found[name] = declaring[name]
    for name, paths in found.items():
        for path in paths:
            _check_once(next(m for m in modules if m.path == path), name)
    return found


# --------------------------------------------------------------------------- references


def _origin(
    module: ir.Module, name: str, find_target: FindTarget, busy: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """The path of the module whose declaration ``name`` exported from ``module`` is, and
    that declaration's name (``export { A as B }`` exports ``A`` as ``B``)."""
    if module.path in busy:
        return None
    name = dict(module.export_names).get(name, name)
    if any(d.name == name for d in module.decls):
        return module.path, name
    for imp in module.imports:
        if not imp.reexport or imp.alias:
            continue
        there = next((real for exported, real in imp.names if exported == name), None)
        if there is not None or imp.star:
            target = find_target(module, imp)
            found = _origin(target, there or name, find_target, busy | {module.path})
            if found is not None:
                return found
    return None


def _local_names(
    module: ir.Module,
    owners: dict[str, list[str]],
    final: dict[tuple[str, str], tuple[str, str]],
    members: set[str],
    find_target: FindTarget,
) -> dict[str, str]:
    """The names ``module`` writes for a clashing declaration -> that declaration's name
    (its enum members' ``Kind.X`` too)."""
    local: dict[str, str] = {}

    def bind(written: str, path: str, name: str) -> None:
        target = final[(path, name)][0] if (path, name) in final else name
        local[written] = target
        for key in members:
            if key.startswith(name + "."):
                local[written + key[len(name) :]] = target + key[len(name) :]

    for decl in module.decls:
        if decl.name in owners and module.path in owners[decl.name]:
            bind(decl.name, module.path, decl.name)
    for imp in module.imports:
        if imp.reexport:
            continue
        if imp.alias:  # ``import * as lib``: ``lib.X`` is the module's X, not this file's
            target = find_target(module, imp)
            for name in owners:
                origin = _origin(target, name, find_target)
                if origin is not None:
                    bind(f"{imp.alias}.{name}", *origin)
        for written, exported in imp.names:
            origin = _origin(find_target(module, imp), exported, find_target)
            if origin is not None and origin[1] in owners:
                bind(written, *origin)
    return local


def _namespaced_refs(
    module: ir.Module, final: dict[tuple[str, str], tuple[str, str]], find_target: FindTarget
) -> dict[str, str]:
    """``Head.NS.Name`` written in ``module`` for a declaration of another module that
    parse qualified by its namespace (``PaymentIntent.SetupFutureUsage``, declared in two
    namespaces of one file, is ``PaymentIntentSetupFutureUsage`` there) -> that name."""
    heads: dict[str, tuple[ir.Import, str]] = {}  # written head -> its import, path prefix
    for imp in module.imports:
        if imp.reexport or imp.reference:
            continue
        if imp.alias:
            heads[imp.alias] = (imp, "")
        for written, name in imp.names:
            heads[written] = (imp, name)
    found: dict[str, str] = {}
    if not heads:
        return found
    for ref in _module_refs(module):
        head, dot, rest = ref.name.partition(".")
        if not dot or head not in heads or ref.name in found:
            continue
        imp, prefix = heads[head]
        qualname = f"{prefix}.{rest}" if prefix else rest
        where = _declaring(find_target(module, imp), qualname, find_target)
        if where is not None:
            found[ref.name] = final.get(where, where[1:])[0]
    return found


def _declaring(
    module: ir.Module, qualname: str, find_target: FindTarget, busy: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """(module path, declaration name) of the declaration ``qualname`` names, through
    re-exports, if parse qualified it (None otherwise: resolve's own reading applies)."""
    if module.path in busy:
        return None
    for decl in module.decls:
        if not isinstance(decl, ir.Const) and decl.qualname == qualname:
            return module.path, decl.name
    head = qualname.split(".")[0]
    for imp in module.imports:
        if imp.reexport and (imp.star or any(exported == head for _, exported in imp.names)):
            found = _declaring(
                find_target(module, imp), qualname, find_target, busy | {module.path}
            )
            if found is not None:
                return found
    return None


class _Namespaces:
    """Where a module's ``Head.Name`` is declared when ``Head`` is imported: namespaces are
    flattened into their module, so ``Name`` of the module that declares ``Head`` (or, for
    ``import * as Head``, of the module imported)."""

    def __init__(
        self,
        module: ir.Module,
        owners: dict[str, list[str]],
        final: dict[tuple[str, str], tuple[str, str]],
        find_target: FindTarget,
    ) -> None:
        self.module, self.owners, self.final, self.find_target = module, owners, final, find_target

    def member(self, parts: list[str]) -> str | None:
        """The declaration name of ``Head.(...).Name``; None if it is no clashing name."""
        head, last = parts[0], parts[-1]
        origin = self.origin(head, last)
        if origin is None or origin not in self.owners.get(last, ()):
            return None
        return self.final.get((origin, last), (last, ""))[0]

    def origin(self, head: str, last: str) -> str | None:
        # An imported head is the import's, whatever this module declares: with
        # ``import { Frame } from "./a"`` and ``import { NS } from "./lib"``, ``NS.Frame``
        # is lib's.
        module = self.module
        for imp in module.imports:
            if imp.reexport:
                continue
            if imp.alias == head:
                found = _origin(self.find_target(module, imp), last, self.find_target)
                return found[0] if found else None
            for written, name in imp.names:
                if written == head:
                    target = self.find_target(module, imp)
                    found = _origin(target, name, self.find_target) or _origin(
                        target, last, self.find_target
                    )
                    return found[0] if found else None  # the declaring module's path
        # Not imported: this module's own namespace, whose ``Name`` (flattened into it) is
        # the one it binds: ``_check_refs`` reads ``Head.Name`` as ``Name`` then.
        return None


def _check_refs(
    module: ir.Module,
    owners: dict[str, list[str]],
    local: dict[str, str],
    namespaces: _Namespaces,
    unmapped: Collection[str] = (),
) -> None:
    """Map ``NS.Frame`` like ``Frame``; a clashing name the module neither declares nor
    imports is a located error (it cannot say which one it means), unless it is a lib
    global, which it then means. A name an import from a package that is not mapped binds
    is that package's (``import type { View } from "@slack/types"``): no schema file's."""
    globals_ = _globals()
    for ref in _module_refs(module):
        if ref.name in local:
            continue
        parts = ref.name.split(".")
        head, last, dotted = parts[0], parts[-1], len(parts) > 1
        if head in unmapped:
            continue  # resolve degrades it, naming the package
        if dotted and head in local and last not in local:
            continue  # an enum's unknown member: resolve's error
        if dotted and last in owners:
            # first: ``NS.Frame`` of an imported ``NS`` is not the ``Frame`` this module binds
            found = namespaces.member(parts)
            if found is not None:
                local[ref.name] = found
                continue
        if dotted and last in local and (head not in owners or head in local):
            local[ref.name] = local[last]  # ``Namespace.Type`` is ``Type``, as in resolve
            continue
        if not dotted and head in globals_:
            continue  # the lib's (its declarations elsewhere are all qualified)
        clash = head if head in owners else last if dotted and last in owners else None
        if clash is None:
            continue
        files = " and ".join(owners[clash])
        raise SchemaError(
            ref.span,
            f"'{clash}' is declared in {files}, and this file neither declares nor "
            "imports it: import the one meant",
        )


_REFS: dict[int, tuple[ir.Module, tuple[ir.Ref | ir.Typeof, ...]]] = {}


def _module_refs(module: ir.Module) -> tuple[ir.Ref | ir.Typeof, ...]:
    """Every name ``module`` uses, walked once per module (several checks read them)."""
    found = _REFS.get(id(module))
    if found is None or found[0] is not module:
        if len(_REFS) > 1024:
            _REFS.clear()
        found = _REFS[id(module)] = (module, tuple(_refs(module.decls, frozenset())))
    return found[1]


def _refs(node: object, params: frozenset[str]) -> Iterator[ir.Ref | ir.Typeof]:
    """Every name a declaration uses (generic parameters left out)."""
    if isinstance(node, ir.Interface | ir.Alias) and node.params:
        params = params | {p.name for p in node.params}
    if isinstance(node, ir.Ref) and node.name == CONDITIONAL:  # ``infer X`` declares X
        check, extends, yes, no = node.args
        inferred = params | frozenset(infer_names(extends))
        yield from _refs((check, no), params)
        yield from _refs((extends, yes), inferred)
        return
    if isinstance(node, ir.Ref) and node.name == INFER:
        yield from _refs(node.args[1:], params)
        return
    if isinstance(node, ir.Ref | ir.Typeof) and node.name not in params:
        yield node
    if isinstance(node, tuple):
        for item in node:
            yield from _refs(item, params)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):  # spans and docs hold no names
            yield from _refs(getattr(node, f.name), params)
