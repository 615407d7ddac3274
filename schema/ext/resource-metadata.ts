/*
 * Resource contents metadata and multi-format reads (draft SEP).
 *
 * - Resource contents carry the resource's full metadata (they extend `Resource`).
 * - New method `resources/metadata` returns that metadata without the content; every
 *   server with the `resources` capability implements it.
 * - The entries of one read are the same resource in different formats.
 * - `EmbeddedResource.annotations` is gone: annotations live on the embedded resource.
 */

import { MetaObject } from "../core/base";
import { CompleteRequest, CompleteResult } from "../core/completion";
import { CacheableResult, EmptyResult, JSONRPCRequest, Result } from "../core/jsonrpc";
import {
  DiscoverRequest,
  DiscoverResult,
  InitializeRequest,
  InitializeResult,
} from "../core/lifecycle";
import {
  GetPromptRequest,
  GetPromptResult,
  ListPromptsRequest,
  ListPromptsResult,
} from "../core/prompts";
import {
  ListResourcesRequest,
  ListResourcesResult,
  ReadResourceRequest,
  Resource,
  ResourceRequestParams,
  SubscribeRequest,
  UnsubscribeRequest,
} from "../core/resources";
import {
  CallToolRequest,
  CallToolResult,
  ListToolsRequest,
  ListToolsResult,
} from "../core/tools";

/**
 * Text contents of a resource, with the resource's metadata (name, title, description,
 * icons, annotations, size). `size` is the size of this representation.
 *
 * The metadata is new in read results and optional there, `name` included, so that
 * servers that send only `uri`, `mimeType` and the content stay valid.
 *
 * @override
 * @category Content
 */
export interface TextResourceContents extends Omit<Resource, "name"> {
  /**
   * The resource's programmatic name, as in `resources/list`.
   */
  name?: string;

  /**
   * The text. Only for content that really is text, never for binary data.
   */
  text: string;
}

/**
 * Binary contents of a resource, with the resource's metadata (name, title, description,
 * icons, annotations, size). `size` is the size of this representation.
 *
 * The metadata is new in read results and optional there, `name` included, so that
 * servers that send only `uri`, `mimeType` and the content stay valid.
 *
 * @override
 * @category Content
 */
export interface BlobResourceContents extends Omit<Resource, "name"> {
  /**
   * The resource's programmatic name, as in `resources/list`.
   */
  name?: string;

  /**
   * The bytes, base64-encoded.
   *
   * @format byte
   */
  blob: string;
}

/**
 * A resource's contents placed inline. Its annotations are those of the embedded
 * resource (`resource.annotations`); there is no second set here. A top-level
 * `annotations` from old code is still accepted and moved onto the resource, and stays
 * readable as `annotations` (the SEP's compatibility shim).
 *
 * @override
 * @moved annotations resource.annotations
 * @category Content
 */
export interface EmbeddedResource {
  type: "resource";

  /**
   * The embedded contents, with their metadata and annotations.
   */
  resource: TextResourceContents | BlobResourceContents;

  _meta?: MetaObject;
}

/**
 * The resource that was read, once per format the server chose to send. All entries have
 * the requested URI and consistent metadata; each should have its own MIME type. In
 * `resources/list`, `Resource.mimeType` names the preferred format (absent if none is).
 *
 * @override
 * @category `resources/read`
 */
export interface ReadResourceResult extends CacheableResult {
  /**
   * One entry per format.
   *
   * @same uri
   * @unique mimeType warn
   */
  contents: (TextResourceContents | BlobResourceContents)[];
}

/**
 * Params of `resources/metadata`.
 *
 * @category `resources/metadata`
 */
export interface ReadResourceMetadataRequestParams extends ResourceRequestParams {}

/**
 * Asks for a resource's metadata without its content, e.g. to check `size` or
 * `annotations.lastModified` before reading, or to refresh a title or icon.
 *
 * @category `resources/metadata`
 */
export interface ReadResourceMetadataRequest extends JSONRPCRequest {
  method: "resources/metadata";
  params: ReadResourceMetadataRequestParams;
}

/**
 * The metadata of the requested resource.
 *
 * @category `resources/metadata`
 */
export interface ReadResourceMetadataResult extends Result {
  /**
   * Usually one entry; one per format when the resource comes in several, each with its
   * own MIME type, all with the requested URI.
   *
   * @same uri
   * @unique mimeType warn
   */
  metadata: Resource[];
}

/**
 * The client's requests, now with `resources/metadata`.
 *
 * @override
 * @internal
 */
export type ClientRequest =
  | DiscoverRequest
  | InitializeRequest
  | CompleteRequest
  | GetPromptRequest
  | ListPromptsRequest
  | ListResourcesRequest
  | ReadResourceRequest
  | ReadResourceMetadataRequest
  | SubscribeRequest
  | UnsubscribeRequest
  | CallToolRequest
  | ListToolsRequest;

// No literal field tells these members apart, and none needs to: `EmptyResult` accepts
// any result, and each result is validated by its request's method (`@untagged`).
/**
 * The server's results, now with `resources/metadata`.
 *
 * @override
 * @internal
 * @untagged
 */
export type ServerResult =
  | EmptyResult
  | DiscoverResult
  | InitializeResult
  | CompleteResult
  | GetPromptResult
  | ListPromptsResult
  | ListResourcesResult
  | ReadResourceResult
  | ReadResourceMetadataResult
  | CallToolResult
  | ListToolsResult;
