/* Tools: functions the server exposes for a model to call. */

import { BaseMetadata, Icons, MetaObject } from "./base";
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
 * Hints about how a tool behaves. They come from the server and are never guaranteed;
 * clients must not base safety decisions on hints from servers they do not trust.
 *
 * @category `tools/list`
 */
export interface ToolAnnotations {
  /**
   * A display name for the tool.
   */
  title?: string;

  /**
   * True when the tool changes nothing in its environment. Default false.
   */
  readOnlyHint?: boolean;

  /**
   * For tools that change things: true when changes may destroy data, false when they
   * only add. Default true.
   */
  destructiveHint?: boolean;

  /**
   * For tools that change things: true when repeating a call with the same arguments has
   * no further effect. Default false.
   */
  idempotentHint?: boolean;

  /**
   * True when the tool reaches an open world (the web, say) rather than a closed domain.
   * Default true.
   */
  openWorldHint?: boolean;
}

/**
 * A tool the client may call.
 *
 * @category `tools/list`
 */
export interface Tool extends BaseMetadata, Icons {
  /**
   * What the tool does, written for a model deciding whether to call it.
   */
  description?: string;

  /**
   * JSON Schema of the arguments. Its root is always an object schema; JSON Schema
   * 2020-12 unless `$schema` says otherwise.
   */
  inputSchema: { $schema?: string; type: "object"; [key: string]: unknown };

  /**
   * JSON Schema of the result's `structuredContent`. JSON Schema 2020-12 unless `$schema`
   * says otherwise.
   */
  outputSchema?: { $schema?: string; [key: string]: unknown };

  /**
   * Behaviour hints. A display name is taken from `title`, then `annotations.title`,
   * then `name`.
   */
  annotations?: ToolAnnotations;

  _meta?: MetaObject;
}

/**
 * Asks for (a page of) the server's tools.
 *
 * @category `tools/list`
 */
export interface ListToolsRequest extends PaginatedRequest {
  method: "tools/list";
}

/**
 * A page of tools.
 *
 * @category `tools/list`
 */
export interface ListToolsResult extends PaginatedResult, CacheableResult {
  tools: Tool[];
}

/**
 * Params of `tools/call`.
 *
 * @category `tools/call`
 */
export interface CallToolRequestParams extends RequestParams {
  /**
   * The tool to call.
   */
  name: string;

  /**
   * The arguments, matching the tool's `inputSchema`.
   */
  arguments?: { [key: string]: unknown };
}

/**
 * Calls a tool.
 *
 * @category `tools/call`
 */
export interface CallToolRequest extends JSONRPCRequest {
  method: "tools/call";
  params: CallToolRequestParams;
}

/**
 * What a tool call produced.
 *
 * @category `tools/call`
 */
export interface CallToolResult extends Result {
  /**
   * The result as content blocks.
   */
  content: ContentBlock[];

  /**
   * The result as one JSON value of any kind, matching the tool's `outputSchema` if it
   * has one.
   */
  structuredContent?: unknown;

  /**
   * True when the tool itself failed. Such failures belong here, where a model can see
   * them and try again; failing to find or run the tool is a protocol error instead.
   * Absent means false.
   */
  isError?: boolean;
}

/**
 * Tells the client that the list of tools changed, so a cached list is stale.
 *
 * @category `notifications/tools/list_changed`
 */
export interface ToolListChangedNotification extends JSONRPCNotification {
  method: "notifications/tools/list_changed";
  params?: NotificationParams;
}
