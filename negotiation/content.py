"""Content negotiation at run time: declarative renderings, and builders for the results a
negotiating server sends (sep-content-negotiation.md).

**Context.** The [`NegotiationContext`][negotiation.context.NegotiationContext] of a
request, how it is built and the formats it asks for are
[`negotiation.context`][negotiation.context]; this module re-exports those names.
Feature parsing is cached in [`negotiation.features`][negotiation.features], so a
per-request build is a few lookups.

**Format.** ``NegotiationContext.format`` is the client's explicit ``format=`` tag
when it has one, else a format inferred from its other tags (``agent``/``sampling`` ->
json, ``human`` -> markdown, first declared wins). Explicit beats inferred
(Requirement 5). A client that did not declare the extension, or declared only tags a
rendering set does not know, gets default content (Requirements 1 and 7).

**Renderings.** [`Renderings`][negotiation.content.Renderings] maps predicates to render functions: ordered
``(predicate text, render)`` rules compiled once, plus a default; the first rule whose
predicate holds wins. Predicates see the *declared* features exactly as the client sent
them (``!interactive`` holds when ``interactive`` was not declared, RFC 2295); use
[`Renderings.by_format()`][negotiation.content.Renderings.by_format] to dispatch on the negotiated format instead.

**Tool results** are built in [`negotiation.tool_results`][negotiation.tool_results] (importable from here too, deprecated).

**Features are never authorization input** (Requirement 3): nothing here decides
*whether* something is returned, only its shape.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

from mcp_ext.models import (
    AudioContent,
    ContentBlock,
    EmbeddedResource,
    GetPromptResult,
    ImageContent,
    Implementation,
    InitializeResult,
    PromptMessage,
    ResourceLink,
    Role,
    ServerCapabilities,
    TextContent,
)
from pydantic import BaseModel

from negotiation._wire import as_mapping
from negotiation.context import (
    DEFAULT_CONTEXT,
    INFERRED_FORMATS,
    SUPPORTED_VERSION,
    NegotiationContext,
    ToolShape,
    context_from_capabilities,
    context_from_initialize,
    context_from_meta,
    forget_warnings,
    formats_for,
    mime_matches,
    request_context,
    tool_shape,
)
from negotiation.features import EMPTY as NO_FEATURES
from negotiation.features import EXTENSION_ID, InvalidTag, parse_tag
from negotiation.predicates import Predicate, compile_predicate

# Deprecated aliases, kept for one release: the tool results moved to their own module,
# which imports this one, so this module never imports it but for a deprecated name.
_TOOL_RESULTS = frozenset(
    {
        "ModelView",
        "ToolResultShaper",
        "ViewMode",
        "json_text",
        "model_view",
        "plan_tool_result",
        "tool_result",
    }
)


def __getattr__(name: str) -> Any:
    """Deprecated: the tool-result names live in [`negotiation.tool_results`][negotiation.tool_results]."""
    if name in _TOOL_RESULTS:
        warnings.warn(
            f"negotiation.content.{name} moved to negotiation.tool_results.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        from negotiation import tool_results

        return getattr(tool_results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_CONTEXT",
    "EXTENSION_ID",
    "INFERRED_FORMATS",
    "SUPPORTED_VERSION",
    "NegotiationContext",
    "PromptBody",
    "Renderings",
    "Rule",
    "ToolShape",
    "context_from_capabilities",
    "context_from_initialize",
    "context_from_meta",
    "forget_warnings",
    "formats_for",
    "initialize_result",
    "instructions",
    "mime_matches",
    "prompt_messages",
    "prompt_result",
    "request_context",
    "server_capabilities",
    "tool_shape",
]

logger = logging.getLogger(__name__)

# --- renderings ---------------------------------------------------------------------

D = TypeVar("D")
R = TypeVar("R")
Render: TypeAlias = Callable[[D, NegotiationContext], R]


@dataclass(frozen=True, slots=True)
class Rule(Generic[D, R]):
    """One rendering: when ``matches`` holds for a context, ``render`` produces the value."""

    text: str
    matches: Callable[[NegotiationContext], bool]
    render: Callable[[D, NegotiationContext], R]
    names: frozenset[str]
    """The tag names the rule reads: a client declaring none of a rule set's names gets
    the default (Requirement 7)."""


class Renderings(Generic[D, R]):
    """Ordered predicate -> render rules plus a default; the first matching rule wins.

    >>> shaper = Renderings(
    ...     [("agent & verbosity=compact", compact), ("format=markdown", markdown)],
    ...     default=plain,
    ... )
    >>> shaper.render(context, data)  # doctest: +SKIP

    Predicates use [`negotiation.predicates.compile_predicate()`][negotiation.predicates.compile_predicate] syntax (``&``, ``|``,
    parentheses, tags) and compile here, once; bad predicate text raises
    [`PredicateError`][negotiation.predicates.PredicateError] at construction. The default renders
    when the client is not negotiating, declared no tag any rule mentions, or matches no
    rule. Renderings choose content shape only, never whether to answer (Requirement 3).
    """

    __slots__ = ("_default", "_names", "_rules")

    def __init__(
        self,
        rules: Iterable[tuple[str, Render[D, R]]] = (),
        *,
        default: Render[D, R],
    ) -> None:
        compiled: list[Rule[D, R]] = []
        for text, render in rules:
            predicate = compile_predicate(text)
            compiled.append(Rule(text, _holds(predicate), render, predicate.names))
        self._init(compiled, default)

    def _init(self, rules: list[Rule[D, R]], default: Render[D, R]) -> None:
        self._rules = tuple(rules)
        self._default = default
        self._names = frozenset(name for rule in rules for name in rule.names)

    @classmethod
    def by_format(
        cls, formats: Mapping[str, Render[D, R]], *, default: Render[D, R]
    ) -> Renderings[D, R]:
        """Dispatch on ``NegotiationContext.format`` (explicit, else inferred), so an
        explicit ``format=`` beats inference (Requirement 5). Keys are format values
        (``"json"``, ``"markdown"``, ``"text"``, or a MIME type such as ``"text/csv"``)."""
        names = frozenset({"format", *INFERRED_FORMATS})
        rules: list[Rule[D, R]] = []
        for key, render in formats.items():
            if isinstance(parse_tag(f"format={key}"), InvalidTag):
                raise ValueError(f"{key!r} is not a valid format value")
            rules.append(Rule(f"format={key}", _format_is(key), render, names))
        made: Renderings[D, R] = cls(default=default)
        made._init(rules, default)  # swap in the format rules (no predicate text to compile)
        return made

    @property
    def rules(self) -> tuple[Rule[D, R], ...]:
        return self._rules

    @property
    def names(self) -> frozenset[str]:
        """Every tag name the rules read."""
        return self._names

    def select(self, context: NegotiationContext) -> Rule[D, R] | None:
        """The rule that applies to ``context``, or None for the default."""
        features = context.features
        if features is None:
            return None
        if not any(tag.name in self._names for tag in features.tags):
            return None  # only tags we do not support: default content (Requirement 7)
        for rule in self._rules:
            if rule.matches(context):
                return rule
        return None

    def render(self, context: NegotiationContext, data: D) -> R:
        rule = self.select(context)
        if logger.isEnabledFor(logging.DEBUG):  # Expected Behavior 6: log negotiations
            logger.debug(
                "features %s -> %s",
                [str(tag) for tag in context.features.tags] if context.features else [],
                rule.text if rule else "default",
            )
        render = rule.render if rule is not None else self._default
        return render(data, context)


def _holds(predicate: Predicate) -> Callable[[NegotiationContext], bool]:
    return lambda context: predicate(
        context.features if context.features is not None else NO_FEATURES
    )


def _format_is(format_: str) -> Callable[[NegotiationContext], bool]:
    return lambda context: context.format == format_


# --- prompts ------------------------------------------------------------------------

_BLOCK_TYPES = (TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource)
PromptPart: TypeAlias = "str | ContentBlock | PromptMessage"
PromptBody: TypeAlias = "PromptPart | Sequence[PromptPart]"


def prompt_messages(body: PromptBody, *, role: Role = "user") -> list[PromptMessage]:
    """Prompt messages from rendered text, blocks or messages.

    ``PromptMessage.content`` is one block, so a list of blocks becomes one message per
    block (the spec's prompt examples wrap a block in an array, which MCP's schema
    rejects).
    """
    parts: Sequence[object] = [body] if isinstance(body, str | BaseModel) else body
    messages: list[PromptMessage] = []
    for part in parts:
        if isinstance(part, PromptMessage):
            messages.append(part)
        elif isinstance(part, str):
            messages.append(PromptMessage(role=role, content=TextContent(type="text", text=part)))
        elif isinstance(part, _BLOCK_TYPES):
            messages.append(PromptMessage(role=role, content=part))
        else:
            raise TypeError(f"cannot make a prompt message from {type(part).__name__}")
    return messages


def prompt_result(
    context: NegotiationContext,
    renderings: Renderings[D, PromptBody],
    data: D,
    *,
    description: str | None = None,
    role: Role = "user",
) -> GetPromptResult:
    """A ``prompts/get`` result rendered for ``context``."""
    result = GetPromptResult(messages=prompt_messages(renderings.render(context, data), role=role))
    if description is not None:
        result.description = description
    return result


# --- initialize ---------------------------------------------------------------------

_FORMAT_PHRASES: Mapping[str, str] = {
    "json": "Tool results will be JSON-formatted",
    "markdown": "Tool results will be markdown-formatted",
    "text": "Tool results will be plain text",
}


def instructions(context: NegotiationContext) -> str:
    """The ``instructions`` line announcing what was negotiated (the spec's scenarios)."""
    features = context.features
    if features is None:
        return "Client does not support content negotiation extension; using default format."
    clauses: list[str] = []
    if context.format is not None:
        phrase = _FORMAT_PHRASES.get(context.format, f"Tool results will use {context.format}")
        if context.format in ("markdown", "text") and (
            features.has("human") or context.verbosity == "verbose"
        ):
            phrase += " with narrative explanations"
        clauses.append(phrase)
    if features.has("sampling"):
        clauses.append("prompts include reasoning hints")
    if not clauses:
        clauses.append("using default format")
    return f"Content negotiation enabled. {'; '.join(clauses)}."


def server_capabilities(capabilities: ServerCapabilities | Mapping[str, Any]) -> ServerCapabilities:
    """``capabilities`` plus the extension's declaration (an empty settings object)."""
    data = dict(as_mapping(capabilities) or {})
    extensions = dict(data.get("extensions") or {})
    extensions[EXTENSION_ID] = {}
    data["extensions"] = extensions
    return ServerCapabilities.model_validate(data)


def initialize_result(
    context: NegotiationContext,
    *,
    protocol_version: str,
    capabilities: ServerCapabilities | Mapping[str, Any],
    server_info: Implementation | Mapping[str, Any],
    instructions_text: str | None = None,
) -> InitializeResult:
    """The ``initialize`` result of a negotiating server: the extension declared, and the
    instructions line ([`instructions()`][negotiation.content.instructions] unless ``instructions_text`` is given)."""
    info = (
        server_info
        if isinstance(server_info, Implementation)
        else Implementation.model_validate(dict(server_info))  # strict: any Mapping, as a dict
    )
    return InitializeResult(
        protocol_version=protocol_version,
        capabilities=server_capabilities(capabilities),
        server_info=info,
        instructions=instructions_text if instructions_text is not None else instructions(context),
    )
