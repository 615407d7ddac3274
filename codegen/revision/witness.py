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

Only declared properties are used (and index signatures that the old schema declares with
a type): an undeclared extra property is accepted by an open object, and a field added in
the new revision would otherwise always count as a narrowing.

Requests and notifications are judged in their wire form, inside the JSON-RPC envelope
(``allOf: [JSONRPCRequest, X]``): from 2025-11-25 a request type carries ``jsonrpc`` and
``id`` itself, which adds nothing on the wire.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

import jsonschema
from jsonschema import ValidationError

JSON = Any
Path = tuple[str, ...]
EXTRA_KEY = "x-witness"  # the key used for a property an index signature admits
MAX_CANDIDATES = 48
REPAIR_ROUNDS = 6
VARIANT_DEPTH = 3
ENVELOPES = (("Request", "JSONRPCRequest"), ("Notification", "JSONRPCNotification"))
# Keywords that judge an object's keys: their errors sit on the object, not on the key.
KEY_KEYWORDS = frozenset(
    {"required", "additionalProperties", "unevaluatedProperties", "dependentRequired"}
)


def _trivial(node: JSON) -> bool:
    return node is True or node == {} or (isinstance(node, dict) and set(node) <= {"description"})


def _key(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


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
        ref = {"$ref": f"#/{definitions_key}/{name}"}
        if self.envelope is None:
            return ref
        return {"allOf": [{"$ref": f"#/{definitions_key}/{self.envelope}"}, ref]}


class Side:
    """One revision's JSON Schema document: instances, variants and validation."""

    def __init__(self, document: dict[str, JSON]) -> None:
        self.document = document
        self.defs_key = "$defs" if "$defs" in document else "definitions"
        self.defs: dict[str, JSON] = document.get(self.defs_key, {})
        self._validator_cls = jsonschema.validators.validator_for(document)
        self._validators: dict[str, Any] = {}
        self._minimal: dict[int, tuple[JSON, str]] = {}

    # -- schemas

    def resolve(self, node: JSON) -> JSON:
        for _ in range(32):
            if isinstance(node, dict) and "$ref" in node:
                name = str(node["$ref"]).rpartition("/")[2]
                node = self.defs.get(name, {})
            else:
                break
        return node

    def envelope_for(self, name: str) -> str | None:
        for suffix, envelope in ENVELOPES:
            if name.endswith(suffix) and name != envelope and envelope in self.defs:
                return envelope
        return None

    def validator(self, name: str, envelope: str | None) -> Any:
        key = f"{envelope}&{name}"
        found = self._validators.get(key)
        if found is None:
            schema = Witness(None, name, name, envelope).schema(self.defs_key, name)
            found = self._validator_cls({**self.document, **schema})
            self._validators[key] = found
        return found

    # -- instances

    def minimal(self, node: JSON, depth: int = 12) -> JSON:
        """A small value of ``node`` (not always valid: the caller checks)."""
        node = self.resolve(node)
        cached = self._minimal.get(id(node))
        if cached is not None and cached[0] is node:
            return json.loads(cached[1])
        value = self._minimal_uncached(node, depth)
        self._minimal[id(node)] = (node, json.dumps(value))  # the node kept alive: ids stay unique
        return value

    def _minimal_uncached(self, node: JSON, depth: int) -> JSON:
        if not isinstance(node, dict) or depth <= 0:
            return {}
        if "const" in node:
            return node["const"]
        if node.get("enum"):
            return node["enum"][0]
        for keyword in ("anyOf", "oneOf"):
            if node.get(keyword):
                members = node[keyword]
                plain = [m for m in members if self._type_of(self.resolve(m)) != "null"]
                return self.minimal((plain or members)[0], depth - 1)
        if node.get("allOf"):
            merged: JSON = None
            for member in node["allOf"]:
                merged = _merge(merged, self.minimal(member, depth - 1))
            return merged
        kind = self._type_of(node)
        if kind == "object":
            props = node.get("properties", {})
            return {
                name: self.minimal(props.get(name, {}), depth - 1)
                for name in node.get("required", ())
            }
        if kind == "array":
            return self._items(node, _size(node, "minItems", 0), depth - 1)
        if kind == "string":
            return _string(node.get("format"), _size(node, "minLength", 0))
        if kind in ("integer", "number"):
            return _number_in(node, kind)
        if kind == "boolean":
            return False
        if kind == "null":
            return None
        return {}

    @staticmethod
    def _type_of(node: JSON) -> str | None:
        if not isinstance(node, dict):
            return None
        kind = node.get("type")
        if isinstance(kind, list):
            kinds = [k for k in kind if k != "null"] or kind
            return str(kinds[0]) if kinds else None
        if isinstance(kind, str):
            return kind
        if "properties" in node or "additionalProperties" in node:
            return "object"
        if "items" in node:
            return "array"
        return None

    def variants(
        self, node: JSON, depth: int = VARIANT_DEPTH, hints: JSON = None
    ) -> Iterator[JSON]:
        """Values of ``node`` that differ in each way a schema can tell apart, small first."""
        node = self.resolve(node)
        yield self.minimal(node)
        if not isinstance(node, dict) or depth <= 0:
            return
        if "const" in node:
            return
        if "enum" in node:
            yield from node["enum"]
            return
        for keyword in ("anyOf", "oneOf"):
            if node.get(keyword):
                members = node[keyword]
                for member in members:
                    yield self.minimal(member)
                    resolved = self.resolve(member)
                    if self._type_of(resolved) == "array":  # a one-item array too
                        yield [self.minimal(resolved.get("items", {}))]
                for member in members:
                    yield from self.variants(member, depth - 1)
                return
        if node.get("allOf"):
            base = self.minimal(node)
            for member in node["allOf"]:
                for value in self.variants(member, depth - 1):
                    yield _merge(base, value)
            return
        declared = node.get("type")
        kinds = declared if isinstance(declared, list) else [self._type_of(node)]
        hints = hints if isinstance(hints, dict) else {}
        for kind in kinds:
            if kind == "object":
                yield from self._object_variants(node, depth)
            elif kind == "array":
                yield from self._array_variants(node, depth, hints)
            elif kind == "string":
                yield from self._string_variants(node, hints)
            elif kind in ("integer", "number"):
                yield from _number_variants(node, hints, kind)
            elif kind == "boolean":
                yield from (False, True)
            elif kind == "null":
                yield None

    def _object_variants(self, node: JSON, depth: int) -> Iterator[JSON]:
        base = self.minimal(node)
        props: dict[str, JSON] = node.get("properties", {})
        full = dict(base)
        for name, prop in props.items():
            if name not in base:
                full[name] = self.minimal(prop)
                yield {**base, name: full[name]}
        yield full
        for name, prop in props.items():
            for value in islice(self.variants(prop, depth - 1), 8):
                yield {**base, name: value}
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not _trivial(extra):
            for value in islice(self.variants(extra, depth - 1), 8):
                yield {**base, EXTRA_KEY: value}

    def _items(self, node: JSON, count: int, depth: int = 12) -> list[JSON]:
        """``count`` smallest items, each of its position's schema (a tuple's
        ``prefixItems`` first, then ``items``)."""
        prefix: list[JSON] = node.get("prefixItems", [])
        item = self.minimal(node.get("items", {}), depth)
        return [self.minimal(prefix[i], depth) if i < len(prefix) else item for i in range(count)]

    def _array_variants(self, node: JSON, depth: int, hints: JSON) -> Iterator[JSON]:
        items = node.get("items", {})
        low, high = _size(node, "minItems", 0), _size(node, "maxItems")
        near = (_size(hints, "minItems", 0) - 1, _size(hints, "maxItems", -2) + 1)
        for count in (low, 1, 2, *near):
            if low <= count <= high:
                yield self._items(node, count)
        prefix: list[JSON] = node.get("prefixItems", [])
        if not prefix:
            for value in islice(self.variants(items, depth - 1), 12):
                yield [value] * max(low, 1)
            return
        # Each position of a tuple in turn, then the items after it.
        for at, schema in [*enumerate(prefix), (len(prefix), items)]:
            base = self._items(node, max(low, at + 1))
            for value in islice(self.variants(schema, depth - 1), 12):
                yield [*base[:at], value, *base[at + 1 :]]

    @staticmethod
    def _string_variants(node: JSON, hints: JSON) -> Iterator[JSON]:
        low, high = _size(node, "minLength", 0), _size(node, "maxLength")
        fmt = node.get("format")
        near = [_size(hints, "minLength", 0) - 1, _size(hints, "maxLength", -2) + 1]
        lengths = [low, 1, *near, 32]
        for length in lengths:
            if low <= length <= high:
                yield _string(fmt, length)
        yield from ("", "0", "X", "a b", "-", "_", "/", "é")


def _string(fmt: JSON, length: int) -> str:
    samples = {
        "uri": "https://example.com/",
        "uri-template": "https://example.com/{id}",
        "date-time": "2025-01-01T00:00:00Z",
        "email": "a@example.com",
        "byte": "",
    }
    base = samples.get(fmt, "x") if isinstance(fmt, str) else "x"
    return base if len(base) >= length else base + "x" * (length - len(base))


def _number(node: JSON, key: str) -> float | None:
    """A numeric keyword's value; None when absent or not a number (a bad tag)."""
    value = node.get(key) if isinstance(node, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return None


def _size(node: JSON, key: str, default: int | None = None) -> int:
    value = _number(node, key)
    if value is None or not float(value).is_integer() or abs(value) > 10_000:
        return default if default is not None else 10**9  # absent: no bound
    return int(value)


def _bounds(node: JSON) -> tuple[float | None, float | None]:
    low, high = _number(node, "minimum"), _number(node, "maximum")
    exclusive_low, exclusive_high = (
        _number(node, "exclusiveMinimum"),
        _number(node, "exclusiveMaximum"),
    )
    if exclusive_low is not None:
        low = exclusive_low + 1
    if exclusive_high is not None:
        high = exclusive_high - 1
    return low, high


def _number_in(node: JSON, kind: str) -> JSON:
    low, high = _bounds(node)
    value: float = 0
    if low is not None and value < low:
        value = low
    if high is not None and value > high:
        value = high
    return int(value) if float(value).is_integer() else value


def _number_variants(node: JSON, hints: JSON, kind: str) -> Iterator[JSON]:
    # Integers only: the official schemas read an unannotated TS ``number`` as ``integer``.
    low, high = _bounds(node)
    hint_low, hint_high = _bounds(hints)
    values: list[float] = [0, 1, -1, 2, 1000000]
    values += [v for v in (low, high) if v is not None]
    values += [v - 1 for v in (hint_low,) if v is not None]
    values += [v + 1 for v in (hint_high,) if v is not None]
    for value in values:
        if (low is None or value >= low) and (high is None or value <= high):
            yield int(value) if float(value).is_integer() else value


def _merge(a: JSON, b: JSON) -> JSON:
    """``b`` over ``a`` when both are objects; otherwise ``b`` (``a`` None means nothing)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {**a, **b}
    return b


# --------------------------------------------------------------------------- paths


def get_at(value: JSON, path: Sequence[str]) -> tuple[bool, JSON]:
    for step in path:
        if not isinstance(value, dict) or step not in value:
            return False, None
        value = value[step]
    return True, value


def set_at(value: JSON, path: Sequence[str], new: JSON, *, delete: bool = False) -> JSON:
    """A copy of ``value`` with ``path`` set to ``new`` (or removed)."""
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else {}
    head, rest = path[0], path[1:]
    if not rest:
        if delete:
            copy.pop(head, None)
        else:
            copy[head] = new
        return copy
    copy[head] = set_at(copy.get(head, {}), rest, new, delete=delete)
    return copy


def _error_path(error: ValidationError) -> tuple[str, ...]:
    return tuple(str(p) for p in error.absolute_path)


def leaf_errors(errors: Sequence[ValidationError]) -> list[ValidationError]:
    """Errors, with each union error replaced by those of its most plausible member."""
    found: list[ValidationError] = []
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context:
            groups: dict[int, list[ValidationError]] = {}
            for sub in error.context:
                groups.setdefault(int(sub.schema_path[0]), []).append(sub)

            def score(
                group: list[ValidationError], depth: int = len(_error_path(error))
            ) -> tuple[int, int]:
                # A member whose discriminator (a shallow const) fails is the wrong member.
                wrong = sum(
                    1
                    for e in group
                    if e.validator in ("const", "enum") and len(_error_path(e)) <= depth + 1
                )
                return wrong, len(group)

            best = min(groups.values(), key=score)
            found += leaf_errors(best)
        else:
            found.append(error)
    return found


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
            text = _key(candidate)
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
            if errors and all(_inside(e, focus) for e in errors):
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
                    yield _merge(wrap, value)
            hints = self.new.resolve(self.new.defs[target.new])
            for value in self.old.variants(root, hints=hints):
                yield _merge(wrap, value)
            return
        base = _merge(wrap, self.old.minimal(root))
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
                if _inside(error, focus):
                    continue
                fixed = self.fix(value, error, focus)
                if fixed is not None and old_v.is_valid(fixed):
                    value, changed = fixed, True
                    break
            if not changed:
                return value
        return value

    def fix(self, value: JSON, error: ValidationError, focus: Path) -> JSON:
        path = _error_path(error)
        if error.validator == "required" and isinstance(error.instance, dict):
            props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            for name in error.validator_value:
                if name not in error.instance and (*path, name) != focus:
                    return set_at(value, (*path, name), self.new.minimal(props.get(name, {})))
            return None
        if focus[: len(path)] == path:  # the focus is inside: replacing would lose it
            return None
        return set_at(value, path, self.new.minimal(error.schema))


def flatten(side: Side, node: JSON, depth: int = 8) -> list[JSON]:
    """A schema and the members of its unions and intersections, through references."""
    node = side.resolve(node)
    if not isinstance(node, dict) or depth <= 0:
        return []
    out = [node]
    for keyword in ("anyOf", "oneOf", "allOf"):
        for member in node.get(keyword, ()):
            out += flatten(side, member, depth - 1)
    return out


def _inside(error: ValidationError, focus: Path) -> bool:
    """The error is about the focus: at or below it, or about its key on the parent."""
    path = _error_path(error)
    if path[: len(focus)] == focus:
        return True
    if not focus or path != focus[:-1] or error.validator not in KEY_KEYWORDS:
        return False
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [n for n in error.validator_value if n not in error.instance]
        return missing == [focus[-1]]
    return True
