"""What each namespace holds, so that ``NS.Name`` is looked up in NS (issue #33).

Parse flattens namespaces into their module (``NS.A`` is declared as ``A``), and a
qualified reference is read by its last name. TypeScript looks ``Name`` up in NS only:
where no declaration of NS (in any file: namespaces merge) holds ``Name``, ``NS.Name`` is
TypeScript's error, not another scope's ``Name`` (``SelectType<manual.Agent, ...>`` in
``type Agent = ...``, over an empty ``namespace manual``, named the alias itself).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import ir


class NamespaceMembers:
    """The names each namespace holds, over all modules (a namespace may be declared in
    several, as ``declare global`` ones are): a dotted path's names are its declarations'."""

    def __init__(self, modules: Sequence[ir.Module]) -> None:
        self.by_tail: dict[str, dict[str, set[str]]] = {}  # last segment -> path -> names
        for module in modules:
            for path, names in module.namespace_members:
                tail = path.rpartition(".")[2]
                self.by_tail.setdefault(tail, {}).setdefault(path, set()).update(names)
        self.aliases = {
            m.path: frozenset(imp.alias for imp in m.imports if imp.alias) for m in modules
        }
        # ``export * as X``: a module that another file may import as ``{ X }``
        self.exported_modules = frozenset(
            imp.alias for m in modules for imp in m.imports if imp.alias and imp.reexport
        )

    def of(self, path: str) -> NamespaceScope:
        return NamespaceScope(self, self.aliases.get(path, frozenset()))


class NamespaceScope:
    """``NamespaceMembers`` as one module reads it (``import * as X`` makes X a module)."""

    def __init__(self, held: NamespaceMembers, aliases: frozenset[str]) -> None:
        self.held, self.aliases = held, aliases

    def missing(self, written: str, scope: dict[str, str]) -> tuple[str, str] | None:
        """(namespace, name) when ``written`` (``NS.Name``) names a namespace that holds no
        ``Name`` wherever it is declared (``A.B`` inside a namespace may be ``Outer.A.B``:
        each path ending so counts); None where it may hold it, or is no namespace."""
        head, *middle, last = written.split(".")
        root = scope.get(head, head)
        if head in self.aliases or root in self.held.exported_modules:
            return None  # a module's names, not a namespace's
        qualifier = ".".join([root, *middle])
        paths = self.held.by_tail.get(qualifier.rpartition(".")[2], {})
        held = [names for path, names in paths.items() if f".{path}".endswith(f".{qualifier}")]
        if not held or any(last in names for names in held):
            return None
        return qualifier, last

    def unknown_head(self, written: str, scope: dict[str, str]) -> bool:
        """Whether ``written``'s head (``GeoJSON`` of ``GeoJSON.Feature``) is no namespace,
        module or import anywhere: then ``written`` is no other scope's ``Feature``."""
        head = written.split(".", 1)[0]
        root = scope.get(head, head)
        if head in scope or head in self.aliases or root in self.held.exported_modules:
            return False
        return root not in self.held.by_tail
