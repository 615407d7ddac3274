"""Values of an emitted JSON Schema document: the smallest instance of a definition, the
variants a schema can tell apart, paths into values, and which validator errors matter.

Shared by the revision diff's witnesses (``codegen.revision.witness``: a value the old
revision accepts and the new one rejects) and the test vectors
(``codegen.emit.vectors``: values a definition accepts, near-misses it rejects). Nothing here
decides a verdict: every value built is a candidate that the caller checks with
``jsonschema``.

Only declared properties are used (and index signatures that the schema declares with a
type, under ``EXTRA_KEY``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

import jsonschema
from jsonschema import ValidationError

JSON = Any
Path = tuple[str, ...]
EXTRA_KEY = "x-witness"  # the key used for a property an index signature admits
VARIANT_DEPTH = 3
ENVELOPES = (("Request", "JSONRPCRequest"), ("Notification", "JSONRPCNotification"))
# Keywords that judge an object's keys: their errors sit on the object, not on the key.
KEY_KEYWORDS = frozenset(
    {"required", "additionalProperties", "unevaluatedProperties", "dependentRequired"}
)


def trivial(node: JSON) -> bool:
    """A schema that accepts anything and says nothing more."""
    return node is True or node == {} or (isinstance(node, dict) and set(node) <= {"description"})


def canonical(value: JSON) -> str:
    """A value's canonical text: equal values, equal keys."""
    return json.dumps(value, sort_keys=True)


def reference(definitions_key: str, name: str, envelope: str | None = None) -> dict[str, JSON]:
    """The schema of definition ``name``, inside the JSON-RPC ``envelope`` when one is named."""
    ref = {"$ref": f"#/{definitions_key}/{name}"}
    if envelope is None:
        return ref
    return {"allOf": [{"$ref": f"#/{definitions_key}/{envelope}"}, ref]}


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
            schema = reference(self.defs_key, name, envelope)
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
                merged = merge(merged, self.minimal(member, depth - 1))
            return merged
        kind = self._type_of(node)
        if kind == "object":
            props = node.get("properties", {})
            return {
                name: self.minimal(props.get(name, {}), depth - 1)
                for name in node.get("required", ())
            }
        if kind == "array":
            return self._items(node, size(node, "minItems", 0), depth - 1)
        if kind == "string":
            return _string(node.get("format"), size(node, "minLength", 0))
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
                    yield merge(base, value)
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
        if isinstance(extra, dict) and not trivial(extra):
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
        low, high = size(node, "minItems", 0), size(node, "maxItems")
        near = (size(hints, "minItems", 0) - 1, size(hints, "maxItems", -2) + 1)
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
        low, high = size(node, "minLength", 0), size(node, "maxLength")
        fmt = node.get("format")
        near = [size(hints, "minLength", 0) - 1, size(hints, "maxLength", -2) + 1]
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


def number(node: JSON, key: str) -> float | None:
    """A numeric keyword's value; None when absent or not a number (a bad tag)."""
    value = node.get(key) if isinstance(node, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return None


def size(node: JSON, key: str, default: int | None = None) -> int:
    value = number(node, key)
    if value is None or not float(value).is_integer() or abs(value) > 10_000:
        return default if default is not None else 10**9  # absent: no bound
    return int(value)


def bounds(node: JSON) -> tuple[float | None, float | None]:
    low, high = number(node, "minimum"), number(node, "maximum")
    exclusive_low, exclusive_high = (
        number(node, "exclusiveMinimum"),
        number(node, "exclusiveMaximum"),
    )
    if exclusive_low is not None:
        low = exclusive_low + 1
    if exclusive_high is not None:
        high = exclusive_high - 1
    return low, high


def _number_in(node: JSON, kind: str) -> JSON:
    low, high = bounds(node)
    value: float = 0
    if low is not None and value < low:
        value = low
    if high is not None and value > high:
        value = high
    return int(value) if float(value).is_integer() else value


def _number_variants(node: JSON, hints: JSON, kind: str) -> Iterator[JSON]:
    # Integers only: the official schemas read an unannotated TS ``number`` as ``integer``.
    low, high = bounds(node)
    hint_low, hint_high = bounds(hints)
    values: list[float] = [0, 1, -1, 2, 1000000]
    values += [v for v in (low, high) if v is not None]
    values += [v - 1 for v in (hint_low,) if v is not None]
    values += [v + 1 for v in (hint_high,) if v is not None]
    for value in values:
        if (low is None or value >= low) and (high is None or value <= high):
            yield int(value) if float(value).is_integer() else value


def merge(a: JSON, b: JSON) -> JSON:
    """``b`` over ``a`` when both are objects; otherwise ``b`` (``a`` None means nothing)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {**a, **b}
    return b


# --------------------------------------------------------------------------- paths


def _index(value: JSON, step: str) -> int | None:
    """The item ``step`` names when ``value`` is an array (a path step is text, as in
    ``error_path``), else None."""
    if isinstance(value, list) and step.isdigit() and int(step) < len(value):
        return int(step)
    return None


def get_at(value: JSON, path: Sequence[str]) -> tuple[bool, JSON]:
    for step in path:
        at = _index(value, step)
        if at is not None:
            value = value[at]
            continue
        if not isinstance(value, dict) or step not in value:
            return False, None
        value = value[step]
    return True, value


def set_at(value: JSON, path: Sequence[str], new: JSON, *, delete: bool = False) -> JSON:
    """A copy of ``value`` with ``path`` set to ``new`` (or removed); an array's item is
    named by its index."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    at = _index(value, head)
    if at is not None and (rest or not delete):  # an item is replaced, never removed
        items = list(value)
        items[at] = set_at(items[at], rest, new, delete=delete) if rest else new
        return items
    copy = dict(value) if isinstance(value, dict) else {}
    if not rest:
        if delete:
            copy.pop(head, None)
        else:
            copy[head] = new
        return copy
    copy[head] = set_at(copy.get(head, {}), rest, new, delete=delete)
    return copy


def error_path(error: ValidationError) -> tuple[str, ...]:
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
                group: list[ValidationError], depth: int = len(error_path(error))
            ) -> tuple[int, int]:
                # A member whose discriminator (a shallow const) fails is the wrong member.
                wrong = sum(
                    1
                    for e in group
                    if e.validator in ("const", "enum") and len(error_path(e)) <= depth + 1
                )
                return wrong, len(group)

            best = min(groups.values(), key=score)
            found += leaf_errors(best)
        else:
            found.append(error)
    return found


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


def inside(error: ValidationError, focus: Path) -> bool:
    """The error is about the focus: at or below it, or about its key on the parent."""
    path = error_path(error)
    if path[: len(focus)] == focus:
        return True
    if not focus or path != focus[:-1] or error.validator not in KEY_KEYWORDS:
        return False
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [n for n in error.validator_value if n not in error.instance]
        return missing == [focus[-1]]
    return True
