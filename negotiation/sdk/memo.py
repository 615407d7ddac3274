"""Deprecated: the declaration memo is sans-IO and lives in [`negotiation.declarations`][negotiation.declarations].

Importing a name from here still works for one release, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import warnings
from typing import Any

from negotiation import declarations as _declarations

_MOVED = frozenset(
    {
        "DeclarationMemo",
        "Negotiated",
        "MEMO_BYTES",
        "MAX_ENTRY_BYTES",
        "declaration_key",
        "declaration_parts",
        "declaration_size",
    }
)


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        warnings.warn(
            f"negotiation.sdk.memo.{name} moved to negotiation.declarations.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(_declarations, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
