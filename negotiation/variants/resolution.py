"""Per-request resolution on the server: which variant serves a request (``_meta``,
then the ``MCP-Server-Variant`` header, else the default), or the error to answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from negotiation import errors
from negotiation._wire import wire_get
from negotiation.variants._forms import EXTENSION_ID, META_KEY, VariantLike, as_variant

__all__ = ["VariantResolution", "VariantResolver", "extension_settings"]


@dataclass(frozen=True, slots=True)
class VariantResolution:
    """Which variant serves a request, or the error to answer with.

    ``variant`` is None when the server has no variants (its implicit default).
    """

    variant: str | None
    source: Literal["meta", "header", "default"]
    error: errors.JsonRpcError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def raise_for_error(self) -> None:
        """Raise the error as [`NegotiationError`][negotiation.errors.NegotiationError], if there is one."""
        if self.error is not None:
            raise errors.NegotiationError.from_wire(self.error)


class VariantResolver:
    """Resolves the variant of each request: ``_meta`` first, then the
    ``MCP-Server-Variant`` header (``_meta`` wins when both are present), else the
    first (default) variant.

    ``selectable`` are the ids this principal may use in this session, default first;
    empty or None means the server does not support variants. With
    ``disclose_ids=False`` (a principal that may not enumerate variants) the error data
    omits ``availableVariants``.
    """

    __slots__ = ("_default", "_disclosed", "_from_header", "_from_meta", "_ids")

    def __init__(
        self, selectable: Sequence[str | VariantLike] | None, *, disclose_ids: bool = True
    ) -> None:
        ids = tuple(v if isinstance(v, str) else as_variant(v).id for v in selectable or ())
        self._ids = ids
        self._disclosed = ids if disclose_ids else None
        self._from_meta = {i: VariantResolution(i, "meta") for i in ids}
        self._from_header = {i: VariantResolution(i, "header") for i in ids}
        self._default = VariantResolution(ids[0] if ids else None, "default")

    @property
    def supported(self) -> bool:
        return bool(self._ids)

    def resolve(self, meta: object = None, header: str | None = None) -> VariantResolution:
        """Never raises; an error is returned as ``VariantResolution.error``."""
        requested = wire_get(meta, META_KEY)
        if requested is not None:
            if not self._ids:
                return VariantResolution(None, "meta", errors.server_variants_not_supported())
            found = self._from_meta.get(requested) if isinstance(requested, str) else None
            return found or self._invalid(requested, "meta")
        if header is not None and self._ids:
            # The header is non-normative guidance; servers without variants ignore it.
            requested = header.strip() if isinstance(header, str) else None
            if requested:
                return self._from_header.get(requested) or self._invalid(requested, "header")
        return self._default

    def _invalid(self, requested: object, source: Literal["meta", "header"]) -> VariantResolution:
        # errors.echo caps what is repeated back (a non-string is described by type).
        return VariantResolution(
            None, source, errors.invalid_server_variant(requested, self._disclosed)
        )


def extension_settings(capabilities: object) -> object:
    """The server-variants settings in client or server ``capabilities``: under
    ``extensions`` (SEP-2053), else under ``experimental``, where the Go implementation
    (modelcontextprotocol/experimental-ext-variants) puts the same object. None when
    neither has it."""
    settings = wire_get(wire_get(capabilities, "extensions"), EXTENSION_ID)
    if settings is None:
        settings = wire_get(wire_get(capabilities, "experimental"), EXTENSION_ID)
    return settings
