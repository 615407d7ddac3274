"""Opaque, stateless pagination cursors bound to the variant that minted them (SEP-2053).

A cursor is ``base64url(version | len(variant) | variant | position | mac)`` where the
MAC is HMAC-SHA256 (truncated to 128 bits) under the server's key. Nothing is stored
server-side. A cursor minted for a principal is bound to it: the MAC also covers a digest
of the principal (not stored in the cursor), so another principal's request finds the
cursor invalid and learns nothing of the variant it was minted in. Keys rotate: cursors
minted under a retired key keep verifying while it is listed in ``previous_keys``.

Checking never raises: garbage or a forged MAC answers ``-32602 Invalid cursor``; a
genuine cursor from another variant answers ``Cursor invalid for requested variant``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from negotiation import errors
from negotiation._cache import BoundedCache

__all__ = [
    "MAX_CURSOR_CHARS",
    "MAX_POSITION_BYTES",
    "VERIFIED_CACHE_BYTES",
    "CursorCheck",
    "CursorCodec",
]

_FORMAT = 1
_MAC_BYTES = 16
_MIN_KEY_BYTES = 16
_MAX_VARIANT_BYTES = 255
MAX_CURSOR_CHARS = 4096
# Unpadded base64 spends 4 characters on 3 bytes: 4096 characters carry 3072 bytes, of
# which the header (2), the variant and the MAC (16) leave the rest to the position.
_MAX_RAW_BYTES = MAX_CURSOR_CHARS // 4 * 3
MAX_POSITION_BYTES = _MAX_RAW_BYTES - 2 - _MAC_BYTES  # with no variant; less with one
VERIFIED_CACHE_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class CursorCheck:
    """The position a valid cursor carries, or the JSON-RPC error to answer with."""

    position: str | None
    error: errors.JsonRpcError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def raise_for_error(self) -> None:
        """Raise the error as [`NegotiationError`][negotiation.errors.NegotiationError], if there is one."""
        if self.error is not None:
            raise errors.NegotiationError.from_wire(self.error)


class CursorCodec:
    """Mints and checks variant-bound cursors under ``key`` (and retired keys)."""

    __slots__ = ("_keyed", "_verified")

    def __init__(self, key: bytes, *, previous_keys: Sequence[bytes] = ()) -> None:
        for candidate in (key, *previous_keys):
            if len(candidate) < _MIN_KEY_BYTES:
                raise ValueError(f"cursor keys need at least {_MIN_KEY_BYTES} bytes")
        # Keyed HMAC states, copied per message: the key schedule is paid once.
        self._keyed = tuple(hmac.new(k, digestmod=hashlib.sha256) for k in (key, *previous_keys))
        # Cursors already verified (only genuine ones, so garbage cannot fill it):
        # re-checking a page cursor is then one lookup.
        self._verified: BoundedCache[tuple[str, bytes], tuple[str, str]] = BoundedCache(
            VERIFIED_CACHE_BYTES
        )

    @property
    def verified_bytes(self) -> int:
        """Bytes the verified-cursor cache holds now (its estimate)."""
        return self._verified.bytes_used

    def _mac(self, keyed: hmac.HMAC, binding: bytes, payload: bytes) -> bytes:
        state = keyed.copy()
        state.update(binding)
        state.update(payload)
        return state.digest()[:_MAC_BYTES]

    def mint(self, variant: str | None, position: str, *, principal: Hashable = None) -> str:
        """A cursor for ``position`` (server-defined, opaque to clients) in ``variant``
        (None when the server has no variants), for ``principal`` (None: anyone; else
        only a [`check()`][negotiation.cursors.CursorCodec.check] for an equal principal of the same type accepts it).

        Raises ValueError when the cursor would exceed ``MAX_CURSOR_CHARS``, which
        [`check()`][negotiation.cursors.CursorCodec.check] rejects: the position may take ``MAX_POSITION_BYTES`` bytes
        (UTF-8) less the variant id's.
        """
        variant_bytes = (variant or "").encode()
        if len(variant_bytes) > _MAX_VARIANT_BYTES:
            raise ValueError(f"variant ids over {_MAX_VARIANT_BYTES} bytes cannot be bound")
        payload = bytes((_FORMAT, len(variant_bytes))) + variant_bytes + position.encode()
        if len(payload) + _MAC_BYTES > _MAX_RAW_BYTES:
            room = _MAX_RAW_BYTES - _MAC_BYTES - 2 - len(variant_bytes)
            raise ValueError(
                f"cursor position of {len(payload) - 2 - len(variant_bytes)} bytes does not fit"
                f" in a {MAX_CURSOR_CHARS}-character cursor (at most {room} bytes here)"
            )
        mac = self._mac(self._keyed[0], principal_binding(principal), payload)
        return base64.urlsafe_b64encode(payload + mac).rstrip(b"=").decode("ascii")

    def check(
        self, cursor: object, requested_variant: str | None, *, principal: Hashable = None
    ) -> CursorCheck:
        """Verify ``cursor`` for a request by ``principal`` served by ``requested_variant``."""
        decoded = self._decode(cursor, principal_binding(principal))
        if decoded is None:
            return CursorCheck(None, errors.invalid_cursor(requested_variant))
        cursor_variant, position = decoded
        if cursor_variant != (requested_variant or ""):
            return CursorCheck(
                None, errors.cursor_variant_mismatch(cursor_variant, requested_variant or "")
            )
        return CursorCheck(position)

    def _decode(self, cursor: object, binding: bytes) -> tuple[str, str] | None:
        if not isinstance(cursor, str) or len(cursor) > MAX_CURSOR_CHARS:
            return None
        key = (cursor, binding)  # verified for this principal only
        known = self._verified.get(key)
        if known is not None:
            return known
        decoded = self._verify(cursor, binding)
        if decoded is not None:
            # The cursor (ASCII), the binding and the decoded strings, with overheads.
            self._verified.put(key, decoded, size=3 * len(cursor) + len(binding) + 300)
        return decoded

    def _verify(self, cursor: str, binding: bytes) -> tuple[str, str] | None:
        try:
            encoded = cursor.encode("ascii")
            raw = base64.urlsafe_b64decode(encoded + b"=" * (-len(encoded) % 4))
        except (binascii.Error, ValueError):
            return None
        # The decoder skips stray characters and ignores trailing bits; accept only the
        # canonical spelling, so that any edit to a cursor invalidates it.
        if base64.urlsafe_b64encode(raw).rstrip(b"=") != encoded:
            return None
        if len(raw) < 2 + _MAC_BYTES or raw[0] != _FORMAT:
            return None
        payload, mac = raw[:-_MAC_BYTES], raw[-_MAC_BYTES:]
        if not any(
            hmac.compare_digest(self._mac(keyed, binding, payload), mac) for keyed in self._keyed
        ):
            return None
        end = 2 + payload[1]
        if end > len(payload):
            return None
        try:
            return payload[2:end].decode(), payload[end:].decode()
        except UnicodeDecodeError:
            return None


def principal_binding(principal: Hashable) -> bytes:
    """What the MAC covers of the principal: a fixed-size, type-tagged digest, with its
    own leading byte so that no bound cursor's MAC input equals an unbound one's.

    Strings and integers digest by value, so replicas sharing a key agree on them; any
    other principal digests by ``repr`` (give one with a stable repr across processes).
    """
    if principal is None:
        return b"\x00"
    if isinstance(principal, str):
        tagged = b"s" + principal.encode("utf-8", "surrogatepass")
    elif type(principal) is int:
        tagged = b"i" + str(principal).encode()
    else:
        tagged = (
            b"r"
            + type(principal).__qualname__.encode()
            + b":"
            + repr(principal).encode("utf-8", "surrogatepass")
        )
    return b"\x01" + hashlib.sha256(tagged).digest()
