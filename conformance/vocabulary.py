"""The names the kit's modules share: the two protocol eras, and the two extensions it
judges with their identifiers, their names in the report, the spec each one's
requirements come from and the line that fixes where a server advertises it."""

from __future__ import annotations

__all__ = [
    "CN",
    "ERAS",
    "EXTENSION_NAMES",
    "PLACEMENT_RULE",
    "SPEC_EXTENSION",
    "SV",
    "VARIANT_KEY",
]

ERAS = ("legacy", "modern")
CN = "io.modelcontextprotocol/content-negotiation"
SV = "io.modelcontextprotocol/server-variants"
VARIANT_KEY = "io.modelcontextprotocol/server-variant"

EXTENSION_NAMES = {SV: "server variants", CN: "content negotiation"}
# The spec each extension's rows come from, and the line that fixes where it is advertised.
SPEC_EXTENSION = {"sep-2053-server-variants.md": SV, "sep-content-negotiation.md": CN}
PLACEMENT_RULE = {
    SV: (
        'sep-2053-server-variants.md line 499: "Support is negotiated via '
        '`capabilities.extensions[io.modelcontextprotocol/server-variants]` in `initialize`" '
        '(and line 720: absent there, "the server does not support variants")'
    ),
    CN: (
        'sep-content-negotiation.md line 294: "Servers implementing this extension MAY declare '
        'support via the `extensions` field"'
    ),
}
