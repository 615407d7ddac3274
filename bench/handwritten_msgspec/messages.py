"""The hand-written Structs, part two: the messages (`bench.handwritten_msgspec`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import UNSET, Meta, UnsetType, field

from bench.handwritten_msgspec.base import (
    BaseMetadata,
    CacheableResult,
    ContentBlock,
    Iconed,
    JSONObject,
    LoggingLevel,
    Model,
    NonNegative,
    Notification,
    NotificationParams,
    Number,
    PaginatedRequestParams,
    PaginatedResult,
    ProgressToken,
    Request,
    RequestId,
    RequestParams,
    ResourceContents,
    Response,
    Result,
    ResultMeta,
    Role,
    SamplingContent,
    ServerCapabilities,
    Unit,
)

# -- requests that carry input responses ---------------------------------------------


class InputResponseRequestParams(RequestParams, kw_only=True):
    input_responses: dict[str, InputResponse] | UnsetType = UNSET
    request_state: str | UnsetType = UNSET


class ReadResourceRequestParams(InputResponseRequestParams, kw_only=True):
    uri: str


class ReadResourceRequest(Request, tag="resources/read", kw_only=True):
    params: ReadResourceRequestParams


# -- subscriptions, discovery, cancellation, progress, logging ------------------------------


class SubscriptionFilter(Model, kw_only=True):
    tools_list_changed: bool | UnsetType = UNSET
    prompts_list_changed: bool | UnsetType = UNSET
    resources_list_changed: bool | UnsetType = UNSET
    resource_subscriptions: list[str] | UnsetType = UNSET


class SubscriptionsListenParams(RequestParams, kw_only=True):
    notifications: SubscriptionFilter


class SubscriptionsListenRequest(Request, tag="subscriptions/listen", kw_only=True):
    params: SubscriptionsListenParams


class ListenResultMeta(ResultMeta, kw_only=True):
    subscription_id: RequestId = field(name="io.modelcontextprotocol/subscriptionId")


class SubscriptionsListenResult(Model, kw_only=True):
    meta: ListenResultMeta = field(name="_meta")
    result_type: str


class SubscriptionsListenResultResponse(Response, kw_only=True):
    result: SubscriptionsListenResult


class AcknowledgedParams(NotificationParams, kw_only=True):
    notifications: SubscriptionFilter


class SubscriptionsAcknowledgedNotification(
    Notification, tag="notifications/subscriptions/acknowledged", kw_only=True
):
    params: AcknowledgedParams


class DiscoverRequest(Request, tag="server/discover", kw_only=True):
    params: RequestParams


class DiscoverResult(CacheableResult, kw_only=True):
    supported_versions: list[str]
    capabilities: ServerCapabilities
    instructions: str | UnsetType = UNSET


class DiscoverResultResponse(Response, kw_only=True):
    result: DiscoverResult


class CancelledNotificationParams(NotificationParams, kw_only=True):
    request_id: RequestId
    reason: str | UnsetType = UNSET


class CancelledNotification(Notification, tag="notifications/cancelled", kw_only=True):
    params: CancelledNotificationParams


class ProgressNotificationParams(NotificationParams, kw_only=True):
    progress_token: ProgressToken
    progress: Number
    total: Number | UnsetType = UNSET
    message: str | UnsetType = UNSET


class ProgressNotification(Notification, tag="notifications/progress", kw_only=True):
    params: ProgressNotificationParams


class LoggingMessageNotificationParams(NotificationParams, kw_only=True):
    level: LoggingLevel
    logger: str | UnsetType = UNSET
    data: Any


class LoggingMessageNotification(Notification, tag="notifications/message", kw_only=True):
    params: LoggingMessageNotificationParams


# -- prompts ------------------------------------------------------------------------------


class PromptArgument(BaseMetadata, kw_only=True):
    description: str | UnsetType = UNSET
    required: bool | UnsetType = UNSET


class Prompt(Iconed, kw_only=True):
    description: str | UnsetType = UNSET
    arguments: list[PromptArgument] | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ListPromptsRequest(Request, tag="prompts/list", kw_only=True):
    params: PaginatedRequestParams


class ListPromptsResult(PaginatedResult, kw_only=True):
    prompts: list[Prompt]


class ListPromptsResultResponse(Response, kw_only=True):
    result: ListPromptsResult


class GetPromptRequestParams(InputResponseRequestParams, kw_only=True):
    name: str
    arguments: dict[str, str] | UnsetType = UNSET


class GetPromptRequest(Request, tag="prompts/get", kw_only=True):
    params: GetPromptRequestParams


class PromptMessage(Model, kw_only=True):
    role: Role
    content: ContentBlock


class GetPromptResult(Result, kw_only=True):
    description: str | UnsetType = UNSET
    messages: list[PromptMessage]


class GetPromptResultResponse(Response, kw_only=True):
    result: GetPromptResultOrInput


class PromptListChangedNotification(
    Notification, tag="notifications/prompts/list_changed", kw_only=True
):
    params: NotificationParams | UnsetType = UNSET


# -- tools --------------------------------------------------------------------------------


class ToolAnnotations(Model, kw_only=True):
    title: str | UnsetType = UNSET
    read_only_hint: bool | UnsetType = UNSET
    destructive_hint: bool | UnsetType = UNSET
    idempotent_hint: bool | UnsetType = UNSET
    open_world_hint: bool | UnsetType = UNSET


class InputSchema(Model, kw_only=True):
    schema: str | UnsetType = field(default=UNSET, name="$schema")
    type: Literal["object"]


class OutputSchema(Model, kw_only=True):
    schema: str | UnsetType = field(default=UNSET, name="$schema")


class Tool(Iconed, kw_only=True):
    description: str | UnsetType = UNSET
    input_schema: InputSchema
    output_schema: OutputSchema | UnsetType = UNSET
    annotations: ToolAnnotations | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ListToolsRequest(Request, tag="tools/list", kw_only=True):
    params: PaginatedRequestParams


class ListToolsResult(PaginatedResult, kw_only=True):
    tools: list[Tool]


class ListToolsResultResponse(Response, kw_only=True):
    result: ListToolsResult


class CallToolRequestParams(InputResponseRequestParams, kw_only=True):
    name: str
    arguments: JSONObject | UnsetType = UNSET


class CallToolRequest(Request, tag="tools/call", kw_only=True):
    params: CallToolRequestParams


class CallToolResult(Result, kw_only=True):
    content: list[ContentBlock]
    structured_content: Any | UnsetType = UNSET
    is_error: bool | UnsetType = UNSET


class CallToolResultResponse(Response, kw_only=True):
    result: CallToolResultOrInput


class ToolListChangedNotification(
    Notification, tag="notifications/tools/list_changed", kw_only=True
):
    params: NotificationParams | UnsetType = UNSET


# -- completion ---------------------------------------------------------------------------


class PromptReference(Model, tag_field="type", tag="ref/prompt", kw_only=True):
    name: str
    title: str | UnsetType = UNSET


class ResourceTemplateReference(Model, tag_field="type", tag="ref/resource", kw_only=True):
    uri: str


class CompletionArgument(Model, kw_only=True):
    name: str
    value: str


class CompletionContext(Model, kw_only=True):
    arguments: dict[str, str] | UnsetType = UNSET


class CompleteRequestParams(RequestParams, kw_only=True):
    ref: PromptReference | ResourceTemplateReference
    argument: CompletionArgument
    context: CompletionContext | UnsetType = UNSET


class CompleteRequest(Request, tag="completion/complete", kw_only=True):
    params: CompleteRequestParams


class Completion(Model, kw_only=True):
    values: Annotated[list[str], Meta(max_length=100)]
    total: Number | UnsetType = UNSET
    has_more: bool | UnsetType = UNSET


class CompleteResult(Result, kw_only=True):
    completion: Completion


class CompleteResultResponse(Response, kw_only=True):
    result: CompleteResult


# -- requests from the server (input requests) --------------------------------------------


class ModelHint(Model, kw_only=True):
    name: str | UnsetType = UNSET


class ModelPreferences(Model, kw_only=True):
    hints: list[ModelHint] | UnsetType = UNSET
    cost_priority: Unit | UnsetType = UNSET
    speed_priority: Unit | UnsetType = UNSET
    intelligence_priority: Unit | UnsetType = UNSET


class SamplingMessage(Model, kw_only=True):
    role: Role
    content: SamplingContent | list[SamplingContent]
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ToolChoice(Model, kw_only=True):
    mode: Literal["auto", "required", "none"] | UnsetType = UNSET


class CreateMessageRequestParams(Model, kw_only=True):
    messages: list[SamplingMessage]
    model_preferences: ModelPreferences | UnsetType = UNSET
    system_prompt: str | UnsetType = UNSET
    include_context: Literal["none", "thisServer", "allServers"] | UnsetType = UNSET
    temperature: Number | UnsetType = UNSET
    max_tokens: Number
    stop_sequences: list[str] | UnsetType = UNSET
    metadata: JSONObject | UnsetType = UNSET
    tools: list[Tool] | UnsetType = UNSET
    tool_choice: ToolChoice | UnsetType = UNSET


class InputRequest(Model, tag_field="method", kw_only=True):
    """A request the server embeds in a result: no ``jsonrpc`` and no ``id``."""


class CreateMessageRequest(InputRequest, tag="sampling/createMessage", kw_only=True):
    params: CreateMessageRequestParams


class CreateMessageResult(SamplingMessage, kw_only=True):
    model: str
    stop_reason: str | UnsetType = UNSET


class Root(Model, kw_only=True):
    uri: str
    name: str | UnsetType = UNSET
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ListRootsParams(Model, kw_only=True):
    meta: JSONObject | UnsetType = field(default=UNSET, name="_meta")


class ListRootsRequest(InputRequest, tag="roots/list", kw_only=True):
    params: ListRootsParams | UnsetType = UNSET


class ListRootsResult(Model, kw_only=True):
    roots: list[Root]


class Described(Model, kw_only=True):
    title: str | UnsetType = UNSET
    description: str | UnsetType = UNSET


class StringSchema(Described, kw_only=True):
    type: Literal["string"]
    min_length: Number | UnsetType = UNSET
    max_length: Number | UnsetType = UNSET
    format: Literal["email", "uri", "date", "date-time"] | UnsetType = UNSET
    default: str | UnsetType = UNSET


class NumberSchema(Described, kw_only=True):
    type: Literal["number", "integer"]
    minimum: Number | UnsetType = UNSET
    maximum: Number | UnsetType = UNSET
    default: Number | UnsetType = UNSET


class BooleanSchema(Described, kw_only=True):
    type: Literal["boolean"]
    default: bool | UnsetType = UNSET


class UntitledSingleSelectEnumSchema(Described, kw_only=True):
    type: Literal["string"]
    enum: list[str]
    default: str | UnsetType = UNSET


class TitledOption(Model, kw_only=True):
    const: str
    title: str


class TitledSingleSelectEnumSchema(Described, kw_only=True):
    type: Literal["string"]
    one_of: list[TitledOption]
    default: str | UnsetType = UNSET


class UntitledItems(Model, kw_only=True):
    type: Literal["string"]
    enum: list[str]


class UntitledMultiSelectEnumSchema(Described, kw_only=True):
    type: Literal["array"]
    min_items: Number | UnsetType = UNSET
    max_items: Number | UnsetType = UNSET
    items: UntitledItems
    default: list[str] | UnsetType = UNSET


class TitledItems(Model, kw_only=True):
    any_of: list[TitledOption]


class TitledMultiSelectEnumSchema(Described, kw_only=True):
    type: Literal["array"]
    min_items: Number | UnsetType = UNSET
    max_items: Number | UnsetType = UNSET
    items: TitledItems
    default: list[str] | UnsetType = UNSET


class EnumItems(Model, kw_only=True):
    """The items of a multi-select: untitled (``type`` and ``enum``) or titled (``anyOf``)."""

    type: Literal["string"] | UnsetType = UNSET
    enum: list[str] | UnsetType = UNSET
    any_of: list[TitledOption] | UnsetType = UNSET

    def __post_init__(self) -> None:
        if (self.enum is UNSET) == (self.any_of is UNSET):
            raise ValueError("multi-select items have `enum` or `anyOf`, one of them")


class PrimitiveSchema(Described, kw_only=True):
    """Any of the schema's eight property schemas: their members side by side (they are
    untagged: ``type`` does not tell them apart), the pair checked after decoding."""

    type: Literal["string", "number", "integer", "boolean", "array"]
    min_length: Number | UnsetType = UNSET
    max_length: Number | UnsetType = UNSET
    format: Literal["email", "uri", "date", "date-time"] | UnsetType = UNSET
    minimum: Number | UnsetType = UNSET
    maximum: Number | UnsetType = UNSET
    enum: list[str] | UnsetType = UNSET
    enum_names: list[str] | UnsetType = UNSET
    one_of: list[TitledOption] | UnsetType = UNSET
    min_items: Number | UnsetType = UNSET
    max_items: Number | UnsetType = UNSET
    items: EnumItems | UnsetType = UNSET
    default: Any | UnsetType = UNSET

    def __post_init__(self) -> None:
        if (self.type == "array") is (self.items is UNSET):
            raise ValueError("`items` goes with `type: array`, and only with it")


class RequestedSchema(Model, kw_only=True):
    schema: str | UnsetType = field(default=UNSET, name="$schema")
    type: Literal["object"]
    properties: dict[str, PrimitiveSchema]
    required: list[str] | UnsetType = UNSET


class ElicitRequestFormParams(Model, kw_only=True):
    mode: Literal["form"] | UnsetType = UNSET
    message: str
    requested_schema: RequestedSchema


class ElicitRequestURLParams(Model, kw_only=True):
    mode: Literal["url"]
    message: str
    url: str


class ElicitParams(Model, kw_only=True):
    """Form or URL, told apart by ``mode`` (absent: form) after decoding."""

    mode: Literal["form", "url"] | UnsetType = UNSET
    message: str
    requested_schema: RequestedSchema | UnsetType = UNSET
    url: str | UnsetType = UNSET

    def __post_init__(self) -> None:
        if self.mode == "url" and self.url is UNSET:
            raise ValueError("a URL elicitation needs `url`")
        if self.mode != "url" and self.requested_schema is UNSET:
            raise ValueError("a form elicitation needs `requestedSchema`")


class ElicitRequest(InputRequest, tag="elicitation/create", kw_only=True):
    params: ElicitParams


class ElicitResult(Model, kw_only=True):
    action: Literal["accept", "decline", "cancel"]
    content: dict[str, str | int | float | bool | list[str]] | UnsetType = UNSET


InputRequestUnion = CreateMessageRequest | ListRootsRequest | ElicitRequest


class InputResponse(Model, kw_only=True):
    """A client's answer to an input request: one of three untagged results, by its keys."""

    role: Role | UnsetType = UNSET
    content: Any | UnsetType = UNSET
    model: str | UnsetType = UNSET
    stop_reason: str | UnsetType = UNSET
    roots: list[Root] | UnsetType = UNSET
    action: Literal["accept", "decline", "cancel"] | UnsetType = UNSET


InputRequests = dict[str, InputRequestUnion]
InputResponses = dict[str, InputResponse]


class InputRequiredResult(Result, kw_only=True):
    input_requests: InputRequests | UnsetType = UNSET
    request_state: str | UnsetType = UNSET


# A result that may also be an InputRequiredResult, which any Result is (all its own
# members are optional): the complete result's members become optional beside it.


class OrInput(Result, kw_only=True):
    input_requests: InputRequests | UnsetType = UNSET
    request_state: str | UnsetType = UNSET


class CallToolResultOrInput(OrInput, kw_only=True):
    content: list[ContentBlock] | UnsetType = UNSET
    structured_content: Any | UnsetType = UNSET
    is_error: bool | UnsetType = UNSET


class GetPromptResultOrInput(OrInput, kw_only=True):
    description: str | UnsetType = UNSET
    messages: list[PromptMessage] | UnsetType = UNSET


class ReadResourceResultOrInput(OrInput, kw_only=True):
    ttl_ms: NonNegative | UnsetType = UNSET
    cache_scope: Literal["public", "private"] | UnsetType = UNSET
    contents: list[ResourceContents] | UnsetType = UNSET


class ReadResourceResultResponse(Response, kw_only=True):
    result: ReadResourceResultOrInput
