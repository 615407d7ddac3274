"""Content negotiation at run time: the client's context, declarative renderings, and
builders for the results a negotiating server sends (sep-content-negotiation.md).

**Context.** A [`NegotiationContext`][negotiation.content.NegotiationContext] is built from the client's extension settings
(``extensions["io.modelcontextprotocol/content-negotiation"]``): once from ``initialize``
in the legacy era (``context_from_initialize()``), from every request's
``_meta["io.modelcontextprotocol/clientCapabilities"]`` in the modern era
(``context_from_meta()``, or [`request_context()`][negotiation.content.request_context] for a dual-era server). Building
one never raises: malformed input gives the default context plus [`warnings`][negotiation.content.NegotiationContext.warnings].
Feature parsing is cached in [`negotiation.features`][negotiation.features], so a per-request build is a few
lookups.

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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeAlias, TypeVar

from mcp_ext.models import (
    CONTENT_NEGOTIATION_VERSION,
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

from negotiation import errors
from negotiation._cache import BoundedCache, json_size
from negotiation._wire import as_mapping, wire_get
from negotiation.features import EMPTY as NO_FEATURES
from negotiation.features import (
    EXTENSION_ID,
    FeatureSet,
    InvalidTag,
    parse_features,
    parse_tag,
)
from negotiation.predicates import Predicate, compile_predicate
from negotiation.versioning import META_CLIENT_CAPABILITIES, Era

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

SUPPORTED_VERSION = CONTENT_NEGOTIATION_VERSION
FormatSource = Literal["explicit", "inferred"]

# Tags that imply a format when the client gave no ``format=`` (Requirement 5 makes the
# explicit tag win). From the tag registry's "Server Impact" column.
INFERRED_FORMATS: Mapping[str, str] = {"agent": "json", "sampling": "json", "human": "markdown"}


# --- the context --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NegotiationContext:
    """What one request negotiated: the package's one context type. Cheap, immutable.

    ``features`` is None when the client did not declare content negotiation (or
    declared it unreadably): such a client gets default content whatever else it sent
    (graceful degradation). So must a client that declared no features, or only tags the
    server does not shape on (Test Case 3, Requirement 7): shape on what was declared,
    [`has()`][negotiation.content.NegotiationContext.has] a tag or ``format``, never on ``features is None``. ``era`` is the
    protocol era (None when unknown).
    ``variant`` is the server variant serving the request (None when the server has no
    variants) and ``advertised`` the variant ids this principal may select, default
    first. ``protocol_version`` and ``principal`` are filled in by a server adapter such
    as ``negotiation.sdk``. Inside an SDK handler, get it with
    [`negotiation.sdk.negotiated()`][negotiation.sdk.handlers.negotiated].
    """

    features: FeatureSet | None = None
    version: str | None = None
    format: str | None = None
    format_source: FormatSource | None = None
    era: Era | None = None
    problems: tuple[str, ...] = ()
    """Problems with the declaration's shape (not its tags); see [`warnings`][negotiation.content.NegotiationContext.warnings]."""
    variant: str | None = None
    advertised: tuple[str, ...] = ()
    protocol_version: str | None = None
    principal: Hashable = None

    @property
    def negotiating(self) -> bool:
        """The client declared content negotiation (with or without features)."""
        return self.features is not None

    def has(self, name: str) -> bool:
        """The client declared the feature ``name`` (``"interactive"``, ``"format"``);
        False when it declared nothing."""
        features = self.features
        return features is not None and features.has(name)

    @property
    def verbosity(self) -> str:
        """``verbosity=`` as declared, else ``"standard"`` (the registry's default)."""
        features = self.features
        return (features.value("verbosity") if features is not None else None) or "standard"

    @property
    def tool_shape(self) -> ToolShape:
        """Which fields of a ``CallToolResult`` this client asked for ([`tool_shape()`][negotiation.content.tool_shape])."""
        return tool_shape(self)

    @property
    def warnings(self) -> tuple[str, ...]:
        """Everything that was ignored, and why: shape problems, bad and conflicting tags."""
        features = self.features if self.features is not None else NO_FEATURES
        invalid = tuple(
            f"ignored feature tag {errors.echo(bad.tag)!r}: {bad.reason}"
            for bad in features.invalid
        )
        conflicts = tuple(
            f"ignored feature tag {str(c.dropped)!r}: contradicts earlier {str(c.kept)!r}"
            for c in features.conflicts
        )
        return self.problems + invalid + conflicts

    def unsupported(self, known: Iterable[str]) -> tuple[str, ...]:
        """Declared tags whose names are not in ``known`` (a server MAY log them, Req. 7)."""
        names = frozenset(known)
        tags = self.features.tags if self.features is not None else ()
        return tuple(str(tag) for tag in tags if tag.name not in names)


DEFAULT_CONTEXT = NegotiationContext()
"""No negotiation: the server sends what it sends to everyone (Requirement 1)."""


# Problems already logged. Their text quotes at most 40 characters of client input.
_warned: BoundedCache[str, bool] = BoundedCache(64 * 1024)


def _warn_once(message: str) -> None:
    # Modern-era contexts are rebuilt per request; log each distinct problem once.
    if _warned.get(message) is None:
        _warned.put(message, True, size=json_size(message) + 96)
        logger.warning("content negotiation: %s", message)


def forget_warnings() -> None:
    """Log every problem again, as if none had been seen (tests, a config reload)."""
    _warned.clear()


def _default(era: Era | None, *problems: str) -> NegotiationContext:
    for problem in problems:
        _warn_once(problem)
    if not problems:
        return DEFAULT_CONTEXT if era is None else NegotiationContext(era=era)
    return NegotiationContext(era=era, problems=problems)


def _is_object(value: object) -> bool:
    return isinstance(value, Mapping | BaseModel)


def context_from_capabilities(
    client_capabilities: object, *, era: Era | None = Era.LEGACY
) -> NegotiationContext:
    """The context of a client with these ``ClientCapabilities`` (a model or a mapping)."""
    if client_capabilities is None:
        return _default(era)
    if not _is_object(client_capabilities):
        return _default(era, "client capabilities are not an object")
    extensions = wire_get(client_capabilities, "extensions")
    if extensions is None:
        return _default(era)
    if not _is_object(extensions):
        return _default(era, "capabilities.extensions is not an object")
    settings = wire_get(extensions, EXTENSION_ID)
    if settings is None:
        return _default(era)
    if not _is_object(settings):
        return _default(era, f"settings for {EXTENSION_ID} are not an object; not negotiating")
    return _negotiated(era, wire_get(settings, "version"), wire_get(settings, "features"))


def _negotiated(era: Era | None, version: object, raw_features: object) -> NegotiationContext:
    problems: list[str] = []
    if version is None:
        problems.append(f"settings have no 'version'; reading them as {SUPPORTED_VERSION}")
    elif not isinstance(version, str):
        problems.append(f"settings 'version' is not a string; reading them as {SUPPORTED_VERSION}")
        version = None
    elif version.split(".", 1)[0] != SUPPORTED_VERSION.split(".", 1)[0]:
        problems.append(
            f"unknown settings version {version[:40]!r}; reading it as {SUPPORTED_VERSION}"
        )
    for problem in problems:
        _warn_once(problem)
    features = parse_features(raw_features)  # never raises; logs bad tags once
    format_, source = _negotiated_format(features)
    return NegotiationContext(
        features=features,
        version=version if isinstance(version, str) else None,
        format=format_,
        format_source=source,
        era=era,
        problems=tuple(problems),
    )


def _negotiated_format(features: FeatureSet) -> tuple[str | None, FormatSource | None]:
    explicit = features.value("format")
    if explicit is not None:
        return explicit, "explicit"
    for tag in features.tags:
        if tag.kind == "presence":
            inferred = INFERRED_FORMATS.get(tag.name)
            if inferred is not None and not features.differs("format", inferred):
                return inferred, "inferred"
    return None, None


def context_from_initialize(initialize: object) -> NegotiationContext:
    """Legacy era: the context for a session, from ``initialize`` (the request or its params).

    Store it with the session and pass it to [`request_context()`][negotiation.content.request_context] per request.
    """
    params = wire_get(initialize, "params")
    if wire_get(initialize, "capabilities") is None and _is_object(params):
        initialize = params
    if initialize is not None and not _is_object(initialize):
        return _default(Era.LEGACY, "initialize params are not an object")
    return context_from_capabilities(wire_get(initialize, "capabilities"), era=Era.LEGACY)


def context_from_meta(meta: object) -> NegotiationContext:
    """Modern era: the context of one request, from its ``_meta``."""
    if meta is None:
        return _default(Era.MODERN)
    if not _is_object(meta):
        return _default(Era.MODERN, "request _meta is not an object")
    return context_from_capabilities(wire_get(meta, META_CLIENT_CAPABILITIES), era=Era.MODERN)


def request_context(
    params: object, session: NegotiationContext | None = None
) -> NegotiationContext:
    """The context to serve one request with, for a dual-era server.

    In a legacy session (``session`` given) the capabilities of ``initialize`` apply for
    the whole session, and client capabilities in a request's ``_meta`` are not read:
    the same rule as the SDK path (``negotiation.sdk``), which takes the era from the
    connection. Without a session, a request whose ``_meta`` carries client
    capabilities is modern and stands alone; otherwise the default context applies.
    """
    if session is not None:
        return session
    meta = wire_get(params, "_meta")
    if wire_get(meta, META_CLIENT_CAPABILITIES) is not None:
        return context_from_meta(meta)
    return DEFAULT_CONTEXT


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


# --- formats ------------------------------------------------------------------------

_MARKDOWN_TYPES = frozenset({"text/markdown", "text/x-markdown"})


def _media_type(mime: str) -> str:
    return mime.split(";", 1)[0].strip().lower()


def mime_matches(format_: str, mime: str) -> bool:
    """Whether a representation of type ``mime`` satisfies the format ``format_``.

    ``json`` matches ``application/json`` and any ``+json`` type; ``markdown`` matches
    ``text/markdown``; ``text`` matches ``text/plain``; a value with a ``/`` is a MIME
    type and matches itself (parameters and case ignored).
    """
    media = _media_type(mime)
    if format_ == "json":
        return media == "application/json" or media.endswith("+json")
    if format_ == "markdown":
        return media in _MARKDOWN_TYPES
    if format_ == "text":
        return media == "text/plain"
    return "/" in format_ and media == _media_type(format_)


def formats_for(
    context: NegotiationContext, available: Sequence[str], primary: str | None = None
) -> list[str]:
    """The MIME types of one resource to send this client, primary first.

    A negotiated format picks the matching subset; without one (or when nothing
    matches, Requirement 7) every format is sent.
    """
    first = [primary] if primary is not None and primary in available else []
    ordered = list(dict.fromkeys([*first, *available]))
    if not context.negotiating or context.format is None:
        return ordered
    chosen = [mime for mime in ordered if mime_matches(context.format, mime)]
    return chosen or ordered


# --- tool results -------------------------------------------------------------------

ToolShape = Literal["content", "structured", "both"]


def tool_shape(context: NegotiationContext) -> ToolShape:
    """Which fields of a ``CallToolResult`` this client asked for.

    ``structured`` for a negotiated JSON format, ``content`` for markdown or text (or any
    ``text/*`` type), ``both`` otherwise (the backward-compatible default).
    """
    fmt = context.format
    if not context.negotiating or fmt is None:
        return "both"
    if mime_matches("json", fmt) or fmt == "json":
        return "structured"
    if fmt in ("markdown", "text") or _media_type(fmt).startswith("text/"):
        return "content"
    return "both"


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
