"""A content-addressed cache folder for the compiler's pure, repeatable steps.

An entry is named by the sha256 of everything that determines it (see ``key``), so an
entry is either exactly right or absent: nothing is ever invalidated in place, and
deleting the folder only costs time. Each entry starts with a checksum of its payload,
so a torn, truncated or scribbled-on file reads as a miss (and is removed) instead of as
wrong output. Every I/O failure is a miss too: the cache can make a run faster, never
make it fail.

Objects are stored as JSON (``encode``/``decode``), never pickled: a planted or damaged
entry can at worst read as a miss. Decoding builds only the dataclasses a caller names
(the IR's, warnings, overrides, a build), with their own constructors, so no entry can
make the compiler run code or import anything.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

# No dataclasses or typing at run time: the no-op path imports ``key`` from here.
TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy honours, without importing typing
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")

MAGIC = b"mcp-negotiation codegen cache 2 json\n"
CHECKSUM_SIZE = 32  # sha256 digest of the payload, right after the magic line
# Beyond this the least recently used entries go; a full build of schema/ is ~0.5 MB.
MAX_BYTES = 64 * 1024 * 1024


def key(*parts: str | bytes) -> str:
    """One hex name for a tuple of parts; length prefixes keep ("ab", "c") != ("a", "bc")."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


class Counters:
    """What one kind of entry did during a run; tests read these instead of timing."""

    __slots__ = ("corrupt", "hits", "misses", "stored")

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.corrupt = 0  # entries found damaged; each also counts as a miss
        self.stored = 0

    def __repr__(self) -> str:
        return (
            f"Counters(hits={self.hits}, misses={self.misses}, "
            f"corrupt={self.corrupt}, stored={self.stored})"
        )


class Cache:
    """A cache folder; ``root`` None disables it: every lookup misses, nothing is written."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.stats: dict[str, Counters] = {}
        self._stored: list[tuple[str, Path]] = []

    def counters(self, kind: str) -> Counters:
        return self.stats.setdefault(kind, Counters())

    def _entry(self, kind: str, name: str) -> Path:
        assert self.root is not None
        return self.root / kind / name[:2] / name

    def get(self, kind: str, name: str) -> bytes | None:
        return self._lookup(kind, name, lambda payload: payload)

    def get_object(
        self,
        kind: str,
        name: str,
        expected: type[T],
        valid: Callable[[T], bool] = lambda _: True,
        classes: Sequence[type] = (),
    ) -> T | None:
        """A decoded entry of type ``expected`` that is ``valid``; else it counts as corrupt.

        ``classes`` are the dataclasses the entry may contain (``expected`` included)."""

        def load(payload: bytes) -> T | None:
            try:
                value = decode(payload, (expected, *classes))
            except (ValueError, TypeError, KeyError, RecursionError):
                return None  # written by another compiler build, or garbage
            return value if isinstance(value, expected) and valid(value) else None

        return self._lookup(kind, name, load)

    def get_text(self, kind: str, name: str) -> str | None:
        return self.get_object(kind, name, str)

    def _lookup(self, kind: str, name: str, decode: Callable[[bytes], T | None]) -> T | None:
        counters = self.counters(kind)
        if self.root is None:
            counters.misses += 1
            return None
        entry = self._entry(kind, name)
        try:
            raw = entry.read_bytes()
        except OSError:  # absent, or unreadable: either way a miss
            counters.misses += 1
            return None
        payload = _unwrap(raw)
        value = decode(payload) if payload is not None else None
        if value is None:
            counters.misses += 1
            counters.corrupt += 1
            _remove(entry)
            return None
        counters.hits += 1
        _touch(entry)
        return value

    def put(self, kind: str, name: str, payload: bytes) -> None:
        if self.root is None:
            return
        entry = self._entry(kind, name)
        temp = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            temp.write_bytes(MAGIC + hashlib.sha256(payload).digest() + payload)
            os.replace(temp, entry)  # atomic: readers see the old entry or the whole new one
        except OSError:
            _remove(temp)
            return
        self.counters(kind).stored += 1
        self._stored.append((kind, entry))

    def forget_stored(self, kinds: Sequence[str]) -> None:
        """Remove the entries of ``kinds`` this run stored: their key no longer describes them."""
        for kind, entry in self._stored:
            if kind in kinds:
                _remove(entry)
                self.counters(kind).stored -= 1
        self._stored = [(kind, entry) for kind, entry in self._stored if kind not in kinds]

    def put_object(self, kind: str, name: str, value: object) -> None:
        if self.root is not None:  # with no cache folder nothing is serialised at all
            self.put(kind, name, encode(value))

    def put_text(self, kind: str, name: str, text: str) -> None:
        self.put_object(kind, name, text)  # as JSON too: a text entry is typed like the rest

    def prune(self, max_bytes: int = MAX_BYTES) -> int:
        """Remove least recently used entries until the folder is under ``max_bytes``."""
        if self.root is None or not self.root.is_dir():
            return 0
        entries: list[tuple[int, int, Path]] = []
        for folder, _dirs, names in os.walk(self.root):
            for name in names:
                path = Path(folder, name)
                try:
                    st = path.stat()
                except OSError:
                    continue
                entries.append((st.st_mtime_ns, st.st_size, path))
        total = sum(size for _, size, _ in entries)
        removed = 0
        for _, size, path in sorted(entries):
            if total <= max_bytes:
                break
            _remove(path)
            total -= size
            removed += 1
        return removed


def encode(value: object) -> bytes:
    """JSON for a tree of dataclasses, tuples, lists, str-keyed dicts and JSON scalars."""
    import json

    return json.dumps(_to_json(value), separators=(",", ":")).encode("utf-8")


def _to_json(value: object) -> object:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return {"t": [_to_json(v) for v in value]}
    if isinstance(value, list):
        return {"l": [_to_json(v) for v in value]}
    if isinstance(value, dict):
        return {"d": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None:
        raise TypeError(f"cannot cache a {type(value).__name__}")
    return {"c": type(value).__name__, "v": {n: _to_json(getattr(value, n)) for n in fields}}


def decode(payload: bytes, classes: Sequence[type]) -> object:
    """The value ``encode`` wrote; dataclasses only of ``classes``; else ``ValueError``."""
    import json

    allowed = {cls.__name__: cls for cls in classes}

    def build(node: object) -> object:
        if node is None or isinstance(node, bool | int | float | str):
            return node
        if not isinstance(node, dict) or len(node) not in (1, 2):
            raise ValueError("not a cache value")
        if "t" in node:
            return tuple(build(v) for v in node["t"])
        if "l" in node:
            return [build(v) for v in node["l"]]
        if "d" in node:
            return {build(k): build(v) for k, v in node["d"]}
        cls = allowed.get(node.get("c"))  # type: ignore[arg-type]
        fields = node.get("v")
        if cls is None or not isinstance(fields, dict):
            raise ValueError("unknown class in cache entry")
        names = getattr(cls, "__dataclass_fields__", {})
        if set(fields) != set(names):
            raise ValueError("fields do not match")
        return cls(**{name: build(v) for name, v in fields.items()})

    return build(json.loads(payload.decode("utf-8")))


def _unwrap(raw: bytes) -> bytes | None:
    """The payload of an entry whose checksum holds, else None."""
    start = len(MAGIC) + CHECKSUM_SIZE
    if not raw.startswith(MAGIC) or len(raw) < start:
        return None
    payload = raw[start:]
    if hashlib.sha256(payload).digest() != raw[len(MAGIC) : start]:
        return None
    return payload


def _touch(path: Path) -> None:
    """Mark an entry as recently used, for ``prune``."""
    try:
        os.utime(path)
    except OSError:
        pass


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
