"""The meaning pass of the diff: constraint changes, and a witness for each wire claim.

The structural diff (``codegen.revision.structural``) proposes what may break the wire. Here each proposal
is mapped to a definition of the two JSON Schemas the compiler emits for the revisions
(``Target``), and ``codegen.revision.witness`` looks for a value the old one accepts and the new one
rejects. A claim with a witness stays wire-breaking and carries it; a claim without one is
not a wire break, and keeps only what else it is (a Python break, or a plain change).

Constraint tags (``@minimum``, ``@maxItems``, ``@pattern``...) become JSON Schema keywords,
so they are compared here, on the emitted schemas, property by property.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, assert_never

from .. import ir
from ..emit.jsonschema import schema_document
from ..errors import Diagnostics
from ..ir.queries import flat_properties
from .changes import Change
from .declarations import methods
from .witness import Path, Prover, Side, Target, Unprovable, Witness, flatten

JSON = Any
# keyword -> +1 if a larger value accepts less (a lower bound), -1 if a smaller one does.
BOUNDS = {
    "minimum": 1,
    "exclusiveMinimum": 1,
    "minLength": 1,
    "minItems": 1,
    "minProperties": 1,
    "maximum": -1,
    "exclusiveMaximum": -1,
    "maxLength": -1,
    "maxItems": -1,
    "maxProperties": -1,
}
COUNT_MINIMA = frozenset({"minLength", "minItems", "minProperties"})
OTHER_CONSTRAINTS = ("pattern", "multipleOf", "uniqueItems", "format")
MAX_USERS = 6


def _show(value: JSON) -> str:
    return "none" if value is None else json.dumps(value)


# --------------------------------------------------------------------------- constraints


def constraint_changes(
    old: Side, new: Side, pairs: Sequence[tuple[str, str]]
) -> Iterator[tuple[str, str, str]]:
    """``(code, subject, message)`` for each constraint keyword that moved.

    Walks properties and array items, never through a ``$ref`` (a named type's constraints
    are reported on it).
    """
    for old_name, new_name in pairs:
        if old_name in old.defs and new_name in new.defs:
            yield from _walk(old.defs[old_name], new.defs[new_name], new_name)


def _walk(old: JSON, new: JSON, subject: str) -> Iterator[tuple[str, str, str]]:
    if not isinstance(old, dict) or not isinstance(new, dict) or "$ref" in old or "$ref" in new:
        return
    for keyword, direction in BOUNDS.items():
        a, b = old.get(keyword), new.get(keyword)
        if a == b or not _is_number(a, b):
            continue
        # Absent means unbounded: a lower bound of -inf (0 for a count), an upper of +inf.
        before, after = (a or 0, b or 0) if keyword in COUNT_MINIMA else (a, b)
        if before == after:
            continue
        tighter = after is not None and (before is None or (after - before) * direction > 0)
        code = "constraint-tightened" if tighter else "constraint-loosened"
        yield code, subject, f"{keyword} changed from {_show(a)} to {_show(b)}"
    for keyword in OTHER_CONSTRAINTS:
        a, b = old.get(keyword), new.get(keyword)
        if a == b:
            continue
        if keyword == "format":
            yield "format-changed", subject, f"format changed from {_show(a)} to {_show(b)}"
            continue
        tighter = b not in (None, False)
        code = "constraint-tightened" if tighter else "constraint-loosened"
        yield code, subject, f"{keyword} changed from {_show(a)} to {_show(b)}"
    old_props, new_props = old.get("properties", {}), new.get("properties", {})
    for name in old_props:
        if name in new_props:
            yield from _walk(old_props[name], new_props[name], f"{subject}.{name}")
    if "items" in old and "items" in new:
        yield from _walk(old["items"], new["items"], f"{subject}[]")


def _is_number(a: JSON, b: JSON) -> bool:
    return all(
        v is None or (isinstance(v, int | float) and not isinstance(v, bool)) for v in (a, b)
    )


# --------------------------------------------------------------------------- targets


class Locator:
    """Maps a change's subject (``Type.field.sub``, ``method x``...) to witness targets."""

    def __init__(
        self,
        old_ir: ir.Schema,
        new_ir: ir.Schema,
        old: Side,
        new: Side,
        renames: dict[str, str],
    ) -> None:
        self.old_ir, self.new_ir = old_ir, new_ir
        self.old, self.new = old, new
        self.old_name = renames  # new name -> old name
        self.names = sorted({*old.defs, *new.defs, *old_ir.decls, *new_ir.decls}, key=len)

    def targets(self, subject: str, code: str = "") -> list[Target]:
        if subject.startswith("method "):
            return self.method_targets(subject.removeprefix("method "))
        owner = self.owner(subject)
        if owner is None:
            return []
        rest = subject[len(owner) :]
        index = rest.endswith("[string]")
        rest = rest.removesuffix("[string]").replace("[]", "")
        new_name = owner
        old_name = self.old_name.get(owner, owner)
        if old_name not in self.old.defs or new_name not in self.new.defs:
            return []
        path = self.path(old_name, new_name, rest)
        if path is None:
            return []
        if code == "field-renamed":
            path = path[:-1]  # two fields change: the focus is the object holding both
        if path or index:
            return [Target(old_name, new_name, path, index)]
        prefer = self.removed_members(old_name, new_name)
        return [Target(old_name, new_name, (), prefer=prefer), *self.user_targets(old_name)]

    def removed_members(self, old_name: str, new_name: str) -> tuple[str, ...]:
        """The members a union lost: the first places to look for a witness."""
        old_refs = _member_refs(self.old.defs[old_name])
        new_refs = set(_member_refs(self.new.defs[new_name]))
        return tuple(r for r in old_refs if r not in new_refs and self.renamed(r) not in new_refs)

    def renamed(self, old_name: str) -> str:
        return next((n for n, o in self.old_name.items() if o == old_name), old_name)

    def owner(self, subject: str) -> str | None:
        for name in reversed(self.names):
            if subject == name or (subject.startswith(name) and subject[len(name)] in ".["):
                return name
        return None

    def path(self, old_name: str, new_name: str, rest: str) -> Path | None:
        """Split ``.a.b.c`` into property names, which may themselves contain dots."""
        old_nodes = flatten(self.old, self.old.defs[old_name])
        new_nodes = flatten(self.new, self.new.defs[new_name])
        path: list[str] = []
        while rest:
            if not rest.startswith("."):
                return None
            rest = rest[1:]
            keys = {
                k
                for node in (*old_nodes, *new_nodes)
                if isinstance(node, dict)
                for k in node.get("properties", {})
            }
            fits = [k for k in keys if rest == k or rest.startswith(k + ".")]
            if not fits:
                return None
            key = max(fits, key=len)
            path.append(key)
            rest = rest[len(key) :]
            old_nodes = _step(self.old, old_nodes, key)
            new_nodes = _step(self.new, new_nodes, key)
        return tuple(path)

    def method_targets(self, method: str) -> list[Target]:
        """A removed method: the unions of typed messages that listed it."""
        owner = methods(self.old_ir).get(method)
        if owner is None:
            return []
        ref = f"/{owner}"
        targets = []
        for name, node in self.old.defs.items():
            members = node.get("anyOf", ()) if isinstance(node, dict) else ()
            if any(str(m.get("$ref", "")).endswith(ref) for m in members):
                new_name = self.renamed(name)
                if new_name in self.new.defs:
                    targets.append(Target(name, new_name, (), prefer=(owner,)))
        return targets

    def user_targets(self, old_name: str) -> list[Target]:
        """A type inlined by the emitter can only be tested through a property using it."""
        found: list[Target] = []
        for decl in self.old_ir.decls.values():
            if not isinstance(decl, ir.Interface) or decl.name not in self.old.defs:
                continue
            new_name = self.renamed(decl.name)
            if new_name not in self.new.defs:
                continue
            for prop in flat_properties(self.old_ir, decl):
                if _names(prop.type, old_name):
                    found.append(Target(decl.name, new_name, (prop.name,)))
            if len(found) >= MAX_USERS:
                break
        return found


def _member_refs(node: JSON) -> list[str]:
    if not isinstance(node, dict):
        return []
    members = node.get("anyOf", [node])
    return [str(m["$ref"]).rpartition("/")[2] for m in members if "$ref" in m]


def _names(t: ir.TypeExpr, name: str) -> bool:
    match t:
        case ir.Ref(name=ref):
            return ref == name
        case ir.Array(items=items):
            return _names(items, name)
        case ir.Union(members=members):
            return any(_names(m, name) for m in members)
        case (
            ir.Primitive()
            | ir.Literal()
            | ir.Typeof()
            | ir.Tuple()
            | ir.Intersection()
            | ir.Omit()
            | ir.Mapping()
            | ir.Object()
        ):
            return False
        case _:
            assert_never(t)


def _step(side: Side, nodes: list[JSON], key: str) -> list[JSON]:
    return [
        n
        for node in nodes
        if isinstance(node, dict) and key in node.get("properties", {})
        for n in flatten(side, node["properties"][key])
    ]


# --------------------------------------------------------------------------- the pass


def documents(old_ir: ir.Schema, new_ir: ir.Schema) -> tuple[Side, Side]:
    quiet = Diagnostics()  # the emitter's warnings were the compiler's to give
    return Side(schema_document(old_ir, quiet)), Side(schema_document(new_ir, quiet))


def witness_for(prover: Prover, locator: Locator, subject: str, code: str) -> Witness | None:
    for target in locator.targets(subject, code):
        found = prover.prove(target)
        if found is not None:
            return found
    return None


def _checked_witness(
    prover: Prover, locator: Locator, change: Change, diagnostics: Diagnostics
) -> Witness | None:
    try:
        return witness_for(prover, locator, change.subject, change.code)
    except Unprovable as err:
        diagnostics.warn(
            f"{change.subject}: the wire claim could not be checked ({err}); "
            "it is not reported as wire-breaking",
            change.new or change.old or ir.NO_SPAN,
        )
        return None


def prove_changes(
    changes: Sequence[Change],
    old_ir: ir.Schema,
    new_ir: ir.Schema,
    renames: dict[str, str],
    diagnostics: Diagnostics | None = None,
) -> list[Change]:
    """Each wire claim with its witness, or demoted; constraint changes appended."""

    diagnostics = diagnostics if diagnostics is not None else Diagnostics()
    old, new = documents(old_ir, new_ir)
    prover = Prover(old, new)
    locator = Locator(old_ir, new_ir, old, new, renames)
    pairs = [(renames.get(name, name), name) for name in new.defs]
    spans = {name: decl.span for name, decl in new_ir.decls.items()}
    found: list[Change] = list(changes)
    for code, subject, message in constraint_changes(old, new, pairs):
        owner = locator.owner(subject)
        span = spans.get(owner) if owner else None
        tighter = code == "constraint-tightened"
        found.append(
            Change(
                code, subject, message, wire=tighter, additive=code.endswith("loosened"), new=span
            )
        )
    proved: list[Change] = []
    for change in found:
        if change.wire:
            witness = _checked_witness(prover, locator, change, diagnostics)
            change = replace(change, wire=witness is not None, witness=witness)
        proved.append(change)
    return proved
