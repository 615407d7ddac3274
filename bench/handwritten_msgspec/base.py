"""The hand-written Structs, part one: scalars, envelopes, errors, capabilities, content
and resources (`bench.handwritten_msgspec`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import UNSET, Meta, Struct, UnsetType, field

# -- scalars ------------------------------------------------------------------------------

Number = int | float
NonNegative = Annotated[int, Meta(ge=0)] | Annotated[float, Meta(ge=0)]
Unit = Annotated[int, Meta(ge=0, le=1)] | Annotated[float, Meta(ge=0, le=1)]
RequestId = str | int | float
ProgressToken = str | int | float
Role = Literal["user", "assistant"]
LoggingLevel = Literal[
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"
]
JSONObject = dict[str, Any]


class Model(Struct, kw_only=True, omit_defaults=True, rename="camel"):
    """Every object of the protocol: camelCase on the wire, absent members left out."""


# -- _meta objects ----------------------------------------------------------------------


class RequestMeta(Model, kw_only=True):
    progress_token: ProgressToken | UnsetType = UNSET
    protocol_version: str = field(name="io.modelcontextprotocol/protocolVersion")
    client_info: Implementation | UnsetType = field(
        default=UNSET, name="io.modelcontextprotocol/clientInfo"
    )
    client_capabilities: ClientCapabilities = field(
        name="io.modelcontextprotocol/clientCapabilities"
    )
    log_level: LoggingLevel | UnsetType = field(
        default=UNSET, name="io.modelcontextprotocol/logLevel"
    )


class NotificationMeta(Model, kw_only=True):
    subscription_id: RequestId | UnsetType = field(
        default=UNSET, name="io.modelcontextprotocol/subscriptionId"
    )


class ResultMeta(Model, kw_only=True):
    server_info: Implementation | UnsetType = field(
        default=UNSET, name="io.modelcontextprotocol/serverInfo"
    )


# -- JSON-RPC envelopes -------------------------------------------------------------------


class Message(Model, kw_only=True):
    jsonrpc: Literal["2.0"]


class Request(Message, tag_field="method", kw_only=True):
    id: RequestId


class Notification(Message, tag_field="method", kw_only=True):
    pass


class Response(Message, kw_only=True):
    id: RequestId


class RequestParams(Model, kw_only=True):
    meta: RequestMeta = field(name="_meta")


class NotificationParams(Model, kw_only=True):
    meta: NotificationMeta | UnsetType = field(default=UNSET, name="_meta")


class Result(Model, kw_only=True):
    meta: ResultMeta | UnsetType = field(default=UNSET, name="_meta")
    result_type: str


class CacheableResult(Result, kw_only=True):
    ttl_ms: NonNegative
    cache_scope: Literal["public", "private"]


class PaginatedResult(CacheableResult, kw_only=True):
    next_cursor: str | UnsetType = UNSET


class PaginatedRequestParams(RequestParams, kw_only=True):
    cursor: str | UnsetType = UNSET


class ErrorObject(Model, kw_only=True):
    code: int
    message: str
    data: Any | UnsetType = UNSET


class ErrorResponse(Message, kw_only=True):
    id: RequestId | UnsetType = UNSET
    error: ErrorObject


# -- errors -------------------------------------------------------------------------------


class ParseError(ErrorObject, kw_only=True):
    code: Literal[-32700]


class InvalidParamsError(ErrorObject, kw_only=True):
    code: Literal[-32602]


class MethodNotFoundError(ErrorObject, kw_only=True):
    code: Literal[-32601]


class InternalError(ErrorObject, kw_only=True):
    code: Literal[-32603]


class HeaderMismatch(ErrorObject, kw_only=True):
    code: Literal[-32020]


class HeaderMismatchError(ErrorResponse, kw_only=True):
    error: HeaderMismatch


class UnsupportedVersionData(Model, kw_only=True):
    supported: list[str]
    requested: str


class UnsupportedVersion(ErrorObject, kw_only=True):
    code: Literal[-32022]
    data: UnsupportedVersionData


class UnsupportedProtocolVersionError(ErrorResponse, kw_only=True):
    error: UnsupportedVersion


class MissingCapabilityData(Model, kw_only=True):
    required_capabilities: ClientCapabilities


class MissingCapability(ErrorObject, kw_only=True):
    code: Literal[-32021]
    data: MissingCapabilityData


class MissingRequiredClientCapabilityError(ErrorResponse, kw_only=True):
    error: MissingCapability


# -- capabilities, implementation, icons --------------------------------------------------


class SamplingCapability(Model, kw_only=True):
    context: JSONObject | UnsetType = UNSET
    tools: JSONObject | UnsetType = UNSET


class ElicitationCapability(Model, kw_only=True):
    form: JSONObject | UnsetType = UNSET
    url: JSONObject | UnsetType = UNSET


class ClientCapabilities(Model, kw_only=True):
    experimental: dict[str, JSONObject] | UnsetType = UNSET
    roots: JSONObject | UnsetType = UNSET
    sampling: SamplingCapability | UnsetType = UNSET
    elicitation: ElicitationCapability | UnsetType = UNSET
    extensions: dict[str, JSONObject] | UnsetType = UNSET


class ListChanged(Model, kw_only=True):
    list_changed: bool | UnsetType = UNSET


class ResourcesCapability(ListChanged, kw_only=True):
    subscribe: bool | UnsetType = UNSET


class ServerCapabilities(Model, kw_only=True):
    experimental: dict[str, JSONObject] | UnsetType = UNSET
    logging: JSONObject | UnsetType = UNSET
    completions: JSONObject | UnsetType = UNSET
    prompts: ListChanged | UnsetType = UNSET
    resources: ResourcesCapability | UnsetType = UNSET
    tools: ListChanged | UnsetType = UNSET
    extensions: dict[str, JSONObject] | UnsetType = UNSET


class Icon(Model, kw_only=True):
    src: str
    mime_type: str | UnsetType = UNSET
    sizes: list[str] | UnsetType = UNSET
    theme: Literal["light", "dark"] | UnsetType = UNSET


class BaseMetadata(Model, kw_only=True):
    name: str
    title: str | UnsetType = UNSET


class Iconed(BaseMetadata, kw_only=True):
    icons: list[Icon] | UnsetType = UNSET


class Implementation(Iconed, kw_only=True):
    version: str
    description: str | UnsetType = UNSET
    website_url: str | UnsetType = UNSET


# -- content ------------------------------------------------------------------------------


class Annotations(Model, kw_only=True):
    audience: list[Role] | UnsetType = UNSET
    priority: Unit | UnsetType = UNSET
    last_modified: str | UnsetType = UNSET


class Block(Model, tag_field="type", kw_only=True):
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class Annotatable(Block, kw_only=True):
    annotations: Annotations | UnsetType = UNSET


class TextContent(Annotatable, tag="text", kw_only=True):
    text: str


class ImageContent(Annotatable, tag="image", kw_only=True):
    data: str
    mime_type: str


class AudioContent(Annotatable, tag="audio", kw_only=True):
    data: str
    mime_type: str


class ResourceContents(Model, kw_only=True):
    """Text or blob: exactly one of the two (the schema's two types, told apart by it)."""

    uri: str
    mime_type: str | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")
    text: str | UnsetType = UNSET
    blob: str | UnsetType = UNSET

    def __post_init__(self) -> None:
        if (self.text is UNSET) == (self.blob is UNSET):
            raise ValueError("resource contents need exactly one of `text` and `blob`")


TextResourceContents = ResourceContents
BlobResourceContents = ResourceContents


class EmbeddedResource(Annotatable, tag="resource", kw_only=True):
    resource: ResourceContents


class Resource(Iconed, kw_only=True):
    uri: str
    description: str | UnsetType = UNSET
    mime_type: str | UnsetType = UNSET
    annotations: Annotations | UnsetType = UNSET
    size: Number | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ResourceLink(Block, tag="resource_link", kw_only=True):
    name: str
    title: str | UnsetType = UNSET
    icons: list[Icon] | UnsetType = UNSET
    uri: str
    description: str | UnsetType = UNSET
    mime_type: str | UnsetType = UNSET
    annotations: Annotations | UnsetType = UNSET
    size: Number | UnsetType = UNSET


ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource


class ToolUseContent(Block, tag="tool_use", kw_only=True):
    id: str
    name: str
    input: JSONObject


class ToolResultContent(Block, tag="tool_result", kw_only=True):
    tool_use_id: str
    content: list[ContentBlock]
    structured_content: Any | UnsetType = UNSET
    is_error: bool | UnsetType = UNSET


SamplingContent = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent


# -- resources ----------------------------------------------------------------------------


class ResourceTemplate(Iconed, kw_only=True):
    uri_template: str
    description: str | UnsetType = UNSET
    mime_type: str | UnsetType = UNSET
    annotations: Annotations | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ListResourcesRequest(Request, tag="resources/list", kw_only=True):
    params: PaginatedRequestParams


class ListResourcesResult(PaginatedResult, kw_only=True):
    resources: list[Resource]


class ListResourcesResultResponse(Response, kw_only=True):
    result: ListResourcesResult


class ListResourceTemplatesRequest(Request, tag="resources/templates/list", kw_only=True):
    params: PaginatedRequestParams


class ListResourceTemplatesResult(PaginatedResult, kw_only=True):
    resource_templates: list[ResourceTemplate]


class ListResourceTemplatesResultResponse(Response, kw_only=True):
    result: ListResourceTemplatesResult


class ReadResourceResult(CacheableResult, kw_only=True):
    contents: list[ResourceContents]


class ResourceListChangedNotification(
    Notification, tag="notifications/resources/list_changed", kw_only=True
):
    params: NotificationParams | UnsetType = UNSET


class ResourceUpdatedNotificationParams(NotificationParams, kw_only=True):
    uri: str


class ResourceUpdatedNotification(
    Notification, tag="notifications/resources/updated", kw_only=True
):
    params: ResourceUpdatedNotificationParams
