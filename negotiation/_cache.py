"""A byte-bounded LRU cache and type-exact keys for JSON-like values.

Every runtime cache keyed by client input uses these: entry counts do not bound memory
when one entry can be megabytes, and Python equality (``1 == 1.0 == True``, a dict and
its items) would let one client's declaration stand in for another's.
"""

from __future__ import annotations

import marshal
import sys
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar, cast

__all__ = ["MAX_KEY_DEPTH", "BoundedCache", "exact_key", "identity_key", "json_size", "wire_key"]

# Deeper values are not keyed (TypeError): they are never worth caching, and the bound
# keeps the recursion far from Python's limit.
MAX_KEY_DEPTH = 64

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Type tags. No JSON value is a type object, so a tagged tuple never equals the key of
# another JSON value.
_LIST: Hashable = list
_DICT: Hashable = dict


def exact_key(value: object) -> Hashable:
    """A hashable key for a JSON-like value that equals another key only for the same JSON.

    ``{"a": 1}`` and ``[["a", 1]]``, ``1``, ``1.0`` and ``True``, ``"1"`` and ``1``,
    ``0.0`` and ``-0.0`` all get different keys; object member order does not matter.
    Tuples count as arrays (they serialise the same). Raises TypeError for anything that
    is not JSON (bytes, sets, models, non-string object keys, int or str subclasses) or
    that nests deeper than [`MAX_KEY_DEPTH`][negotiation._cache.MAX_KEY_DEPTH]: such values must not be cached.
    """
    return _key(value, MAX_KEY_DEPTH)


def _key(value: object, depth: int) -> Hashable:
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind is bool or kind is int:
        return (kind, value)
    if kind is float:
        return (float, value.hex())  # type: ignore[attr-defined]  # keeps -0.0 apart from 0.0
    if depth <= 0:
        raise TypeError(f"value nests deeper than {MAX_KEY_DEPTH} levels; not keyed")
    depth -= 1
    # A string is its own key: tested inline, as most members of a declaration are one.
    if kind is list or kind is tuple:
        items = cast("list[object]", value)
        return (_LIST, tuple([i if type(i) is str else _key(i, depth) for i in items]))
    if isinstance(value, Mapping):
        members = []
        for name, item in value.items():
            if type(name) is not str:
                raise TypeError(f"object key of type {type(name).__name__} is not JSON")
            members.append((name, item if type(item) is str else _key(item, depth)))
        members.sort()  # by name alone: a mapping's names are distinct, so no value is compared
        return (_DICT, tuple(members))
    raise TypeError(f"a {kind.__name__} is not a JSON value; not keyed")


def wire_key(value: object) -> bytes | None:
    """A type-exact key for a value as a transport parsed it, at C speed; None when it is
    not plain data (a subclass of str or int, a model, any other object).

    The key is the value's ``marshal`` encoding (version 2: no shared references, so it
    depends on the value alone), which only ever serves as a key, never loaded. Every type
    is encoded with its tag (``1``, ``1.0`` and ``True``; ``0.0`` and ``-0.0``; ``1`` and
    ``"1"`` as an object key), so two keys are equal only for the same value. Unlike
    [`exact_key()`][negotiation._cache.exact_key], member order counts: a client that reorders
    its declaration gets a second entry, never a wrong one.
    """
    try:
        return marshal.dumps(value, 2)  # type: ignore[arg-type]  # refused below
    except ValueError:  # "unmarshallable object"; also nesting past marshal's own bound
        return None


def identity_key(identity: Hashable) -> Hashable:
    """A type-exact key for an identity (a principal, a server): [`exact_key()`][negotiation._cache.exact_key] for
    JSON-like ones (names, tokens, tuples of them), else the object tagged with its type."""
    try:
        return exact_key(identity)
    except TypeError:
        return (type(identity), identity)


_SCALAR_SIZE = 32  # an int, float, bool or None, plus the reference to it
_LIST_OVERHEAD = 64
_DICT_OVERHEAD = 64
_PER_ITEM = 16  # a reference in the container and in the key's tuple
_EMPTY_STR = sys.getsizeof("")  # a compact ASCII str before its characters
_PER_MEMBER = 112  # a dict slot, plus the (name, value) pair tuple of the key


def ascii_strings_size(strings: tuple[str, ...]) -> int:
    """[`json_size()`][negotiation._cache.json_size] of a tuple of ASCII strings, in arithmetic instead of a walk.

    For callers that have already checked the strings (valid feature tags are ASCII);
    equal to ``json_size(strings)`` for such a tuple, which a test pins.
    """
    return _LIST_OVERHEAD + (_PER_ITEM + _EMPTY_STR) * len(strings) + sum(map(len, strings))


def json_size(value: object) -> int:
    """A cheap estimate, on the high side, of the memory a JSON-like value and its key hold.

    Strings count their real in-memory size (so non-ASCII text weighs what it costs);
    containers count their slots plus what a cache key built from them adds. Anything
    else counts ``sys.getsizeof``. Iterative, so any nesting is fine.
    """
    total = 0
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            total += sys.getsizeof(item)
        elif item is None or kind is bool or kind is int or kind is float:
            total += _SCALAR_SIZE if kind is not int else max(_SCALAR_SIZE, sys.getsizeof(item))
        elif isinstance(item, type):
            total += _PER_ITEM  # a type tag in a key: shared, only referenced
        elif isinstance(item, list | tuple):
            total += _LIST_OVERHEAD + _PER_ITEM * len(item)
            stack.extend(item)
        elif isinstance(item, Mapping):
            total += _DICT_OVERHEAD + _PER_MEMBER * len(item)
            for name, member in item.items():
                stack.append(name)
                stack.append(member)
        else:
            total += sys.getsizeof(item)
    return total


class BoundedCache(Generic[K, V]):
    """An LRU cache whose entries' declared sizes never sum past ``max_bytes``.

    The caller states each entry's size (usually [`json_size()`][negotiation._cache.json_size] of key and value). An
    entry over ``max_entry_bytes`` (default: the whole budget) is not stored. Operations
    that change it take a lock, and none awaits: the cache is safe from threads and from
    asyncio tasks.
    """

    def __init__(self, max_bytes: int, *, max_entry_bytes: int | None = None) -> None:
        if max_bytes < 0:
            raise ValueError("max_bytes must be >= 0")
        self.max_bytes = max_bytes
        self.max_entry_bytes = (
            max_bytes if max_entry_bytes is None else min(max_entry_bytes, max_bytes)
        )
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        # No lock: each dict operation is atomic, and get changes no byte count.
        entry = self._entries.get(key)
        if entry is None:
            return None
        try:
            self._entries.move_to_end(key)
        except KeyError:  # evicted by another thread meanwhile: still a valid answer
            pass
        return entry[0]

    def put(self, key: K, value: V, *, size: int) -> bool:
        """Store ``value``; False (and nothing stored) when ``size`` is over the entry bound."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            if size < 0 or size > self.max_entry_bytes:
                return False
            while self._entries and self._bytes + size > self.max_bytes:
                _, (_, evicted) = self._entries.popitem(last=False)
                self._bytes -= evicted
            self._entries[key] = (value, size)
            self._bytes += size
            return True

    def discard(self, key: K) -> None:
        """Forget ``key`` (nothing happens when it is absent)."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old[1]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)
