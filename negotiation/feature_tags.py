"""One content-negotiation feature tag: its grammar, its parsed form and why a tag is
invalid. Feature sets, the declaration parser and its cache are
[`negotiation.features`][negotiation.features], which re-exports these names.

Tag grammar (``io.modelcontextprotocol/content-negotiation`` v1.0, read from ``mcp_ext``'s
validation runtime, its one home; names use the
spec's ``/^[a-zA-Z0-9_-]+$/``, and every tag is at most 256 characters)::

    tag        = presence / negation / equality / inequality
    presence   = name                  ; "agent"
    negation   = "!" name              ; "!interactive"
    equality   = name "=" value        ; "format=json"
    inequality = name "!=" value       ; "format!=xml"
    name       = 1*( ALPHA / DIGIT / "-" / "_" )     ; "x-..." names are vendor tags
    value      = 1*( ALPHA / DIGIT / "-" / "_" / "." / "+" / "/" / ":" )

Tags are case-sensitive, as the spec's ``features.includes(...)`` helpers are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from mcp_ext._validation import _TAG, MAX_TAG_LENGTH, check_feature_tag

__all__ = ["FeatureTag", "InvalidTag", "TagConflict", "TagKind", "parse_tag"]

TagKind = Literal["presence", "negation", "equality", "inequality"]

# The grammar has one home: ``_TAG`` and ``check_feature_tag`` of the validation runtime
# that ships in ``mcp_ext`` (source: codegen/runtime/_validation.py). A value is a token,
# optionally with media-type parameters (``text/markdown;charset=utf-8``), or ``*``: "any
# value" (``verbosity=*``, RFC 2295's wildcard), which declares the name present without
# choosing a value. The name and value forms below are read out of ``_TAG``.
_NAME_FORM = _TAG.pattern.partition("(!)?(")[2].partition(")")[0]
_VALUE_FORM = _TAG.pattern.partition("(!?=)(")[2].rpartition("|\\*))?")[0]
_NAME = re.compile(_NAME_FORM, re.ASCII)
_VALUE = re.compile(_VALUE_FORM, re.ASCII)
_ANY = "*"

# One well-formed tag, for the fast path (`features._parse_common`): a tag the registry does not
# know. The bare vendor prefix "x-" is excluded here; `_TAG` reports it.
WELL_FORMED_TAG = re.compile(
    rf"!(?!x-\Z){_NAME_FORM}|(?!x-(?:[!=]|\Z)){_NAME_FORM}(?:!?={_VALUE_FORM})?",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class FeatureTag:
    """One well-formed tag."""

    kind: TagKind
    name: str
    value: str | None = None

    @property
    def is_vendor(self) -> bool:
        """``x-*`` tags are vendor-specific (implementation-defined meaning)."""
        return self.name.startswith("x-")

    def __str__(self) -> str:
        if self.kind == "presence":
            return self.name
        if self.kind == "negation":
            return f"!{self.name}"
        operator = "=" if self.kind == "equality" else "!="
        return f"{self.name}{operator}{self.value}"


@dataclass(frozen=True, slots=True)
class InvalidTag:
    """A declared tag that was ignored, and why."""

    tag: object
    reason: str


@dataclass(frozen=True, slots=True)
class TagConflict:
    """Two declared tags contradict each other; ``kept`` (the earlier one) wins."""

    kept: FeatureTag
    dropped: FeatureTag


def parse_tag(tag: object) -> FeatureTag | InvalidTag:
    """Parse one tag; never raises."""
    if isinstance(tag, str) and len(tag) <= MAX_TAG_LENGTH:
        parsed = tag_from_text(tag)
        if parsed is not None:
            return parsed
    return InvalidTag(tag, why_invalid(tag))


def tag_from_text(text: str) -> FeatureTag | InvalidTag | None:
    """The tag ``text`` (at most `MAX_TAG_LENGTH` characters) spells; None when malformed.

    One regular expression for the whole grammar; its groups say which form matched.
    """
    match = _TAG.fullmatch(text)
    if match is None:
        return None
    bang, name, operator, value = match.groups()
    if name == "x-":
        return InvalidTag(text, "vendor tag 'x-' needs a name after the prefix")
    if operator is None:
        return FeatureTag("presence" if bang is None else "negation", name)
    if bang is None:
        if value == _ANY:
            if operator == "=":
                return FeatureTag("presence", name)  # present, any value: no choice made
            return InvalidTag(text, f"'{name}!=*' excludes every value; write '!{name}'")
        return FeatureTag("equality" if operator == "=" else "inequality", name, value)
    return None  # "!name=value": negation takes a bare name


_NOT_OF_THE_FORM = "not of the form name, !name, key=value or key!=value"


def why_invalid(tag: object) -> str:
    """The validation runtime's reason (one wording for both), made precise where it
    says only that the tag is not of any form."""
    reason = check_feature_tag(tag)
    if (reason is not None and reason != _NOT_OF_THE_FORM) or not isinstance(tag, str):
        return reason or _NOT_OF_THE_FORM
    if not tag.isascii():
        return "contains non-ASCII characters"
    if tag.startswith(("=", "!=")):
        return "empty key"
    body = tag[1:] if tag.startswith("!") else tag
    if "=" in body:
        if tag.startswith("!"):
            return "negation applies to a bare name; write key!=value instead"
        key, _, value = body.partition("=")
        key = key.removesuffix("!")
        if not value:
            return "empty value"
        if value.startswith("="):
            return "more than one '=' (as in 'format==json')"
        if not _NAME.fullmatch(key):
            return "invalid character in key"
        if "=" in value.partition(";")[0]:
            return (
                "'=' in a value belongs in a parameter after ';'"
                " (as in 'format=text/markdown;charset=utf-8')"
            )
        if ";" in value and not _VALUE.fullmatch(value):
            return "malformed parameter: write ';name=value' after the value"
        if not _VALUE.fullmatch(value):
            return "invalid character in value"
    if not body:
        return "empty name after '!'"
    return "invalid character in name"
