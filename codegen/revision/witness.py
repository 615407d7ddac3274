"""Witnesses: a JSON value the old revision accepts and the new one rejects.

A claim that a change breaks the wire is only kept when it can be proved: a value valid
under the old JSON Schema for the change's definition and invalid under the new one, both
checked by ``jsonschema``. The search is heuristic (it can miss a proof, then the claim is
dropped), the check is not (no unproved claim survives).

How a witness is built, for a change at ``Definition.path.leaf``:

1. the smallest value of the old definition (``Side.minimal``), with the objects along
   ``path`` present;
2. the *focus* (``path.leaf``) is set to each of a bounded set of old values
   (``Side.variants``: every enum value, union member, bound, optional property...) or
   left out;
3. everything outside the focus is *repaired* towards the new schema, from the validator's
   own errors (a newly required sibling is added, a changed constant set), as long as the
   old schema still accepts the value;
4. the value is kept when the old schema accepts it, the new one rejects it, and every
   error the new schema reports lies inside the focus. So the witness proves this change,
   not some other break of the same definition.

The values themselves (the smallest instance, the variants, paths into values, which
errors matter) come from ``codegen.emit.instances``, which the test vectors share.

Only declared properties are used (and index signatures that the old schema declares with
a type): an undeclared extra property is accepted by an open object, and a field added in
the new revision would otherwise always count as a narrowing.

Requests and notifications are judged in their wire form, inside the JSON-RPC envelope
(``allOf: [JSONRPCRequest, X]``): from 2025-11-25 a request type carries ``jsonrpc`` and
``id`` itself, which adds nothing on the wire.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

import jsonschema
from jsonschema import ValidationError

from ..emit.instances import (
    EXTRA_KEY,
    JSON,
    Path,
    Side,
    canonical,
    error_path,
    flatten,
    get_at,
    inside,
    leaf_errors,
    merge,
    reference,
    set_at,
)

__all__ = ["Path", "Prover", "Side", "Target", "Unprovable", "Witness", "flatten"]

MAX_CANDIDATES = 48
REPAIR_ROUNDS = 6


@dataclass(frozen=True, slots=True)
class Witness:
    """``value`` is valid for ``old`` (in the old schema) and invalid for ``new``.

    ``envelope`` names the JSON-RPC envelope definition both are wrapped in (the wire form
    of a request or notification), or is None.
    """

    value: JSON
    old: str
    new: str
    envelope: str | None = None
    path: Path = ()

    def schema(self, definitions_key: str, name: str) -> dict[str, JSON]:
        """The schema this witness is checked against, in a document with that key."""
        return reference(definitions_key, name, self.envelope)


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True, slots=True)
class Target:
    """Where a change is: a definition on each side and a path into it."""

    old: str
    new: str
    path: Path = ()
    index: bool = False  # the change is to the index signature of the object at ``path``
    prefer: tuple[str, ...] = ()  # old definitions to try first (removed union members)


class Unprovable(Exception):
    """A schema the validator cannot use (a bad ``@pattern``, say): no verdict either way."""


class Prover:
    def __init__(self, old: Side, new: Side) -> None:
        self.old = old
        self.new = new

    def prove(self, target: Target) -> Witness | None:
        """A verified witness for ``target``, or None; `Unprovable` if a schema is unusable."""
        try:
            return self._prove(target)
        except (jsonschema.SchemaError, re.error, RecursionError, TypeError) as err:
            # jsonschema does not check schemas first: ``minimum: "abc"`` is a TypeError.
            raise Unprovable(f"{type(err).__name__}: {str(err).splitlines()[0]}") from err
        except Exception as err:  # referencing's lookup errors share no public base class
            if type(err).__module__.startswith(("referencing", "jsonschema")):
                raise Unprovable(f"{type(err).__name__}: {err}") from err
            raise

    def _prove(self, target: Target) -> Witness | None:
        if target.old not in self.old.defs or target.new not in self.new.defs:
            return None
        envelope = self.old.envelope_for(target.old)
        new_envelope = self.new.envelope_for(target.new)
        if envelope != new_envelope:
            envelope = None
        old_v = self.old.validator(target.old, envelope)
        new_v = self.new.validator(target.new, envelope)
        root = self.old.defs[target.old]
        focus = (*target.path, EXTRA_KEY) if target.index else target.path
        seen: set[str] = set()
        empty: Witness | None = None  # ``[]`` proves a batch removed; one message reads better
        for candidate in islice(self.candidates(root, envelope, target, focus), MAX_CANDIDATES * 4):
            text = canonical(candidate)
            if text in seen:
                continue
            seen.add(text)
            if len(seen) > MAX_CANDIDATES:
                break
            if not old_v.is_valid(candidate):
                continue
            if focus:
                candidate = self.repair(candidate, old_v, new_v, focus)
            errors = leaf_errors(list(new_v.iter_errors(candidate)))
            if errors and all(inside(e, focus) for e in errors):
                found = Witness(candidate, target.old, target.new, envelope, target.path)
                if candidate != []:
                    return found
                empty = empty or found
        return empty

    def candidates(
        self, root: JSON, envelope: str | None, target: Target, focus: Path
    ) -> Iterator[JSON]:
        wrap = self.old.minimal(self.old.defs[envelope]) if envelope is not None else None
        if not focus:
            for name in target.prefer:
                # a non-empty batch reads better than ``[]``; both prove the same
                firsts = islice(self.old.variants(self.old.defs.get(name, {})), 4)
                for value in sorted(firsts, key=lambda v: v == []):
                    yield merge(wrap, value)
            hints = self.new.resolve(self.new.defs[target.new])
            for value in self.old.variants(root, hints=hints):
                yield merge(wrap, value)
            return
        base = merge(wrap, self.old.minimal(root))
        parent, leaf = focus[:-1], focus[-1]
        nodes = self.old_nodes(root, parent)
        base = self.materialise(base, root, parent)
        hint = self.new_prop(self.new.defs[target.new], focus)
        yield set_at(base, focus, None, delete=True)
        for node in nodes:
            prop = node.get("properties", {}).get(leaf) if isinstance(node, dict) else None
            if prop is None and target.index and isinstance(node, dict):
                prop = node.get("additionalProperties")
            if prop is None or prop is True:
                continue
            for value in self.old.variants(prop, hints=hint):
                yield set_at(base, focus, value)

    def old_nodes(self, root: JSON, path: Path) -> list[JSON]:
        """Every old object schema the path can reach (through refs, unions, allOf)."""
        nodes = flatten(self.old, root)
        for step in path:
            nodes = [
                n
                for node in nodes
                if isinstance(node, dict) and step in node.get("properties", {})
                for n in flatten(self.old, node["properties"][step])
            ]
        return nodes

    def new_prop(self, root: JSON, path: Path) -> JSON:
        nodes = flatten(self.new, root)
        for step in path:
            nodes = [
                n
                for node in nodes
                if isinstance(node, dict) and step in node.get("properties", {})
                for n in flatten(self.new, node["properties"][step])
            ]
        return nodes[0] if len(nodes) == 1 else None

    def materialise(self, value: JSON, root: JSON, path: Path) -> JSON:
        """Make every object along ``path`` present, with its smallest old value."""
        for i in range(len(path)):
            present, _ = get_at(value, path[: i + 1])
            if present:
                continue
            nodes = self.old_nodes(root, path[:i])
            props = [n["properties"][path[i]] for n in nodes if path[i] in n.get("properties", {})]
            inner = self.old.minimal(props[0]) if props else {}
            value = set_at(value, path[: i + 1], inner if isinstance(inner, dict) else {})
        return value

    def repair(self, value: JSON, old_v: Any, new_v: Any, focus: Path) -> JSON:
        """Fix what the new schema rejects outside the focus, keeping the old schema happy."""
        for _ in range(REPAIR_ROUNDS):
            changed = False
            for error in leaf_errors(list(new_v.iter_errors(value))):
                if inside(error, focus):
                    continue
                fixed = self.fix(value, error, focus)
                if fixed is not None and old_v.is_valid(fixed):
                    value, changed = fixed, True
                    break
            if not changed:
                return value
        return value

    def fix(self, value: JSON, error: ValidationError, focus: Path) -> JSON:
        path = error_path(error)
        if error.validator == "required" and isinstance(error.instance, dict):
            props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            for name in error.validator_value:
                if name not in error.instance and (*path, name) != focus:
                    return set_at(value, (*path, name), self.new.minimal(props.get(name, {})))
            return None
        if focus[: len(path)] == path:  # the focus is inside: replacing would lose it
            return None
        return set_at(value, path, self.new.minimal(error.schema))
