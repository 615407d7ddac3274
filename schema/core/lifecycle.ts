/*
 * How a client learns what a server speaks: `server/discover` (modern era) or the
 * `initialize` handshake (legacy era).
 */

import { Implementation } from "./base";
import { ClientCapabilities, ServerCapabilities } from "./capabilities";
import {
  CacheableResult,
  JSONRPCNotification,
  JSONRPCRequest,
  NotificationParams,
  RequestId,
  RequestParams,
  Result,
} from "./jsonrpc";

/**
 * Asks the server which protocol versions and capabilities it offers. Every modern server
 * implements it; clients may call it first, or just send requests and handle an
 * unsupported-version error. On stdio it is also the probe that tells modern servers from
 * legacy ones.
 *
 * @category `server/discover`
 */
export interface DiscoverRequest extends JSONRPCRequest {
  method: "server/discover";
  params: RequestParams;
}

/**
 * What a server offers.
 *
 * @category `server/discover`
 */
export interface DiscoverResult extends CacheableResult {
  /**
   * The protocol versions the server accepts; the client picks one for its requests.
   */
  supportedVersions: string[];

  /**
   * The server's capabilities, including the extensions it supports.
   */
  capabilities: ServerCapabilities;

  /**
   * Guidance on using the server, suitable for a model's system prompt.
   */
  instructions?: string;
}

/**
 * Params of the legacy handshake request.
 *
 * @category `initialize`
 */
export interface InitializeRequestParams extends RequestParams {
  /**
   * The newest protocol version the client supports.
   */
  protocolVersion: string;

  /**
   * The client's capabilities for the whole session, including extension settings.
   */
  capabilities: ClientCapabilities;

  /**
   * The client program.
   */
  clientInfo: Implementation;
}

/**
 * The legacy handshake: the first request of a session in protocol versions up to
 * 2025-11-25. Modern-only servers answer it with "method not found".
 *
 * @category `initialize`
 */
export interface InitializeRequest extends JSONRPCRequest {
  method: "initialize";
  params: InitializeRequestParams;
}

/**
 * The server's side of the legacy handshake.
 *
 * @category `initialize`
 */
export interface InitializeResult extends Result {
  /**
   * The protocol version the session will use. If the client cannot speak it, it disconnects.
   */
  protocolVersion: string;

  /**
   * The server's capabilities for the session, including extension settings.
   */
  capabilities: ServerCapabilities;

  /**
   * The server program.
   */
  serverInfo: Implementation;

  /**
   * Guidance on using the server, suitable for a model's system prompt.
   */
  instructions?: string;
}

/**
 * Sent by the client once it has processed the handshake result.
 *
 * @category `initialize`
 */
export interface InitializedNotification extends JSONRPCNotification {
  method: "notifications/initialized";
  params?: NotificationParams;
}

/**
 * Params of a cancellation.
 *
 * @category `notifications/cancelled`
 */
export interface CancelledNotificationParams extends NotificationParams {
  /**
   * The id of the request to abandon.
   */
  requestId: RequestId;

  /**
   * Why, for logs or the user.
   */
  reason?: string;
}

/**
 * Tells the receiver that the sender no longer wants the answer to one of its requests.
 * It may cross the response in flight.
 *
 * @category `notifications/cancelled`
 */
export interface CancelledNotification extends JSONRPCNotification {
  method: "notifications/cancelled";
  params: CancelledNotificationParams;
}
