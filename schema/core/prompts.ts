/* Prompts: message templates the server offers to the user. */

import { BaseMetadata, Icons, MetaObject, Role } from "./base";
import { ContentBlock } from "./content";
import {
  CacheableResult,
  JSONRPCNotification,
  JSONRPCRequest,
  NotificationParams,
  RequestParams,
  Result,
} from "./jsonrpc";
import { PaginatedRequest, PaginatedResult } from "./pagination";

/**
 * An argument a prompt template takes.
 *
 * @category `prompts/list`
 */
export interface PromptArgument extends BaseMetadata {
  /**
   * What the argument is for.
   */
  description?: string;

  /**
   * Whether the argument must be given.
   */
  required?: boolean;
}

/**
 * A prompt or prompt template.
 *
 * @category `prompts/list`
 */
export interface Prompt extends BaseMetadata, Icons {
  /**
   * What the prompt gives.
   */
  description?: string;

  /**
   * The arguments that fill the template.
   */
  arguments?: PromptArgument[];

  _meta?: MetaObject;
}

/**
 * Asks for (a page of) the server's prompts.
 *
 * @category `prompts/list`
 */
export interface ListPromptsRequest extends PaginatedRequest {
  method: "prompts/list";
}

/**
 * A page of prompts.
 *
 * @category `prompts/list`
 */
export interface ListPromptsResult extends PaginatedResult, CacheableResult {
  prompts: Prompt[];
}

/**
 * Params of `prompts/get`.
 *
 * @category `prompts/get`
 */
export interface GetPromptRequestParams extends RequestParams {
  /**
   * The prompt to get.
   */
  name: string;

  /**
   * Values for the template's arguments.
   */
  arguments?: { [key: string]: string };
}

/**
 * Asks for one prompt, filled in with arguments.
 *
 * @category `prompts/get`
 */
export interface GetPromptRequest extends JSONRPCRequest {
  method: "prompts/get";
  params: GetPromptRequestParams;
}

/**
 * One message of a prompt: exactly one content block.
 *
 * @category `prompts/get`
 */
export interface PromptMessage {
  role: Role;
  content: ContentBlock;
}

/**
 * The filled-in prompt.
 *
 * @category `prompts/get`
 */
export interface GetPromptResult extends Result {
  /**
   * What the prompt is for.
   */
  description?: string;

  messages: PromptMessage[];
}

/**
 * Tells the client that the list of prompts changed, so a cached list is stale.
 *
 * @category `notifications/prompts/list_changed`
 */
export interface PromptListChangedNotification extends JSONRPCNotification {
  method: "notifications/prompts/list_changed";
  params?: NotificationParams;
}
