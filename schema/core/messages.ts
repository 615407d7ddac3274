/*
 * Which messages each side sends. The method registry reads direction from these unions:
 * a request in `ClientRequest` is sent by the client, and so on. No server-to-client
 * request is part of this subset, so there is no `ServerRequest`.
 */

import { CompleteRequest, CompleteResult } from "./completion";
import { EmptyResult } from "./jsonrpc";
import {
  CancelledNotification,
  DiscoverRequest,
  DiscoverResult,
  InitializeRequest,
  InitializeResult,
  InitializedNotification,
} from "./lifecycle";
import {
  GetPromptRequest,
  GetPromptResult,
  ListPromptsRequest,
  ListPromptsResult,
  PromptListChangedNotification,
} from "./prompts";
import {
  ListResourcesRequest,
  ListResourcesResult,
  ReadResourceRequest,
  ReadResourceResult,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
  SubscribeRequest,
  UnsubscribeRequest,
} from "./resources";
import {
  CallToolRequest,
  CallToolResult,
  ListToolsRequest,
  ListToolsResult,
  ToolListChangedNotification,
} from "./tools";

/** @internal */
export type ClientRequest =
  | DiscoverRequest
  | InitializeRequest
  | CompleteRequest
  | GetPromptRequest
  | ListPromptsRequest
  | ListResourcesRequest
  | ReadResourceRequest
  | SubscribeRequest
  | UnsubscribeRequest
  | CallToolRequest
  | ListToolsRequest;

/** @internal */
export type ClientNotification = CancelledNotification | InitializedNotification;

/** @internal */
export type ClientResult = EmptyResult;

/** @internal */
export type ServerNotification =
  | CancelledNotification
  | ResourceUpdatedNotification
  | ResourceListChangedNotification
  | ToolListChangedNotification
  | PromptListChangedNotification;

/** @internal */
export type ServerResult =
  | EmptyResult
  | DiscoverResult
  | InitializeResult
  | CompleteResult
  | GetPromptResult
  | ListPromptsResult
  | ListResourcesResult
  | ReadResourceResult
  | CallToolResult
  | ListToolsResult;
