/* Resources: data a server can list, read and (in the legacy era) watch. */

import { Annotations, BaseMetadata, Icons, MetaObject } from "./base";
import {
  CacheableResult,
  EmptyResult,
  JSONRPCNotification,
  JSONRPCRequest,
  NotificationParams,
  RequestParams,
} from "./jsonrpc";
import { PaginatedRequest, PaginatedResult } from "./pagination";

/**
 * A resource the server can read.
 *
 * @category `resources/list`
 */
export interface Resource extends BaseMetadata, Icons {
  /**
   * Where the resource lives. Any scheme; the server decides what it means.
   *
   * @format uri
   */
  uri: string;

  /**
   * What the resource is, to help a model decide whether to use it.
   */
  description?: string;

  /**
   * The resource's MIME type, if known.
   */
  mimeType?: string;

  /**
   * Hints for the client.
   */
  annotations?: Annotations;

  /**
   * Size in bytes of the raw content (before any base64 encoding), if known. Lets a host
   * show file sizes and estimate context use before reading.
   */
  size?: number;

  _meta?: MetaObject;
}

/**
 * The common part of a resource's contents.
 *
 * @internal
 */
export interface ResourceContents {
  /**
   * The resource the contents belong to.
   *
   * @format uri
   */
  uri: string;

  /**
   * The contents' MIME type, if known.
   */
  mimeType?: string;

  _meta?: MetaObject;
}

/**
 * Contents that are text.
 *
 * @category Content
 */
export interface TextResourceContents extends ResourceContents {
  /**
   * The text. Only for content that really is text, never for binary data.
   */
  text: string;
}

/**
 * Contents that are binary.
 *
 * @category Content
 */
export interface BlobResourceContents extends ResourceContents {
  /**
   * The bytes, base64-encoded.
   *
   * @format byte
   */
  blob: string;
}

/**
 * Asks for (a page of) the server's resources.
 *
 * @category `resources/list`
 */
export interface ListResourcesRequest extends PaginatedRequest {
  method: "resources/list";
}

/**
 * A page of resources.
 *
 * @category `resources/list`
 */
export interface ListResourcesResult extends PaginatedResult, CacheableResult {
  resources: Resource[];
}

/**
 * Params of a request about one resource.
 *
 * @internal
 */
export interface ResourceRequestParams extends RequestParams {
  /**
   * The resource's URI, as the server listed it.
   *
   * @format uri
   */
  uri: string;
}

/**
 * Params of `resources/read`.
 *
 * @category `resources/read`
 */
export interface ReadResourceRequestParams extends ResourceRequestParams {}

/**
 * Asks for the contents of one resource.
 *
 * @category `resources/read`
 */
export interface ReadResourceRequest extends JSONRPCRequest {
  method: "resources/read";
  params: ReadResourceRequestParams;
}

/**
 * The contents of the resource that was read.
 *
 * @category `resources/read`
 */
export interface ReadResourceResult extends CacheableResult {
  contents: (TextResourceContents | BlobResourceContents)[];
}

/**
 * Params of `resources/subscribe`.
 *
 * @category `resources/subscribe`
 */
export interface SubscribeRequestParams extends ResourceRequestParams {}

/**
 * Asks to be told whenever one resource changes (legacy era; modern clients use
 * `subscriptions/listen`).
 *
 * @result EmptyResult
 * @category `resources/subscribe`
 */
export interface SubscribeRequest extends JSONRPCRequest {
  method: "resources/subscribe";
  params: SubscribeRequestParams;
}

/**
 * Params of `resources/unsubscribe`.
 *
 * @category `resources/unsubscribe`
 */
export interface UnsubscribeRequestParams extends ResourceRequestParams {}

/**
 * Ends an earlier `resources/subscribe` (legacy era).
 *
 * @result EmptyResult
 * @category `resources/unsubscribe`
 */
export interface UnsubscribeRequest extends JSONRPCRequest {
  method: "resources/unsubscribe";
  params: UnsubscribeRequestParams;
}

/**
 * Tells the client that the list of resources changed, so a cached list is stale.
 *
 * @category `notifications/resources/list_changed`
 */
export interface ResourceListChangedNotification extends JSONRPCNotification {
  method: "notifications/resources/list_changed";
  params?: NotificationParams;
}

/**
 * Params of `notifications/resources/updated`.
 *
 * @category `notifications/resources/updated`
 */
export interface ResourceUpdatedNotificationParams extends NotificationParams {
  /**
   * The resource that changed; possibly a part of the one subscribed to.
   *
   * @format uri
   */
  uri: string;
}

/**
 * Tells the client that a resource it watches changed and may be read again.
 *
 * @category `notifications/resources/updated`
 */
export interface ResourceUpdatedNotification extends JSONRPCNotification {
  method: "notifications/resources/updated";
  params: ResourceUpdatedNotificationParams;
}
