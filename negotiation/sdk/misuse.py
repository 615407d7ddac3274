"""Wiring mistakes that would otherwise pass silently (issue #26), each reported once as
a WARNING on the ``negotiation.sdk`` logger, saying what to do.

- ``MCPServer(extensions=neg.extensions)`` without ``middleware=neg.middleware``: nothing
  enforces the variants. Seen when the server reads the extensions (its construction).
- ``middleware=neg.middleware`` without ``extensions=neg.extensions``: nothing is
  advertised and the ``@neg.tool`` tools are not registered. Seen at the first request.
- ``neg.scope(kind, name, ...)`` naming nothing the server has. Seen the first time the
  server lists that kind (the SDK's full list, before any scoping).
"""

from __future__ import annotations

import logging

from negotiation.engine_parts import LIST_KINDS, unmatched_scope

__all__ = [
    "LIST_KINDS",
    "NO_EXTENSIONS",
    "NO_MIDDLEWARE",
    "unmatched_scope",
]

logger = logging.getLogger("negotiation.sdk")

NO_MIDDLEWARE = (
    "MCPServer(...) took neg.extensions but not neg.middleware: server variants are not "
    "enforced and content is not negotiated. Pass middleware=neg.middleware to MCPServer(...)."
)
NO_EXTENSIONS = (
    "neg.middleware serves a server that did not take neg.extensions: the negotiation "
    "extensions are not advertised and @neg.tool tools are not registered. Pass "
    "extensions=neg.extensions to MCPServer(...)."
)

# Decided by the engine (it sees the lists); named here, where the warnings are listed.
