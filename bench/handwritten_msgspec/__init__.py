"""Hand-written msgspec Structs for the official MCP example messages (2026-07-28): the
yardstick of the msgspec target's speed (issue #37: within 1.5x of these).

What a careful person writes from ``schema.ts`` with msgspec's idioms: a few bases with
``rename="camel"`` and ``omit_defaults``, inheritance where the schema extends, ``UNSET``
for optional members, tagged unions where the schema has a literal discriminator
(content blocks by ``type``, requests and notifications by ``method``), ``msgspec.Meta``
for the bounds the schema states, a ``__post_init__`` where msgspec cannot say it (one of
``text``/``blob``). Decoding is strict (msgspec's default: no coercion) and drops unknown
members, as the target does.

The Structs are in ``base`` (scalars, envelopes, errors, capabilities, content,
resources) and ``messages`` (the rest); ``decoder(name)`` gives the decoder for the type
an example folder names.

Where they are simpler than the schema (each makes them faster, or no slower, so the
ratio against them is on the safe side):

* an untagged union msgspec cannot decode is one Struct with the members of each side
  made optional, checked in ``__post_init__`` where a side needs a member (resource
  contents, elicitation parameters, property schemas); a result that may be an
  ``InputRequiredResult`` (``tools/call``, ``prompts/get``, ``resources/read``), which any
  result is, has its complete members optional; an input response is not checked beyond
  its members' types;
* the members an index signature allows beside the named ones (``_meta``, JSON objects)
  are a plain ``dict``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from bench.handwritten_msgspec import base, messages

# -- decoding -----------------------------------------------------------------------------

# The example folders name these aliases; every other name is a Struct of base or messages.
ALIASES: dict[str, object] = {
    "ElicitRequestFormParams": messages.ElicitRequestFormParams,
    "ElicitRequestURLParams": messages.ElicitRequestURLParams,
    "InputRequests": messages.InputRequests,
    "InputResponses": messages.InputResponses,
}


def decoder(name: str) -> msgspec.json.Decoder[Any] | None:
    """A strict decoder for the type an example folder names, or None if none is written.

    A tagged Struct decoded alone takes a message without its tag (``method``, ``type``):
    in a union with a never-matching tagged Struct, msgspec requires the tag.
    """
    target = ALIASES.get(name, getattr(messages, name, None) or getattr(base, name, None))
    if target is None:
        return None
    config = getattr(target, "__struct_config__", None)
    if config is not None and config.tag_field is not None:
        never = msgspec.defstruct("Never", [], tag_field=config.tag_field, tag="\x00never")
        return msgspec.json.Decoder(target | never)
    return msgspec.json.Decoder(target)
