/*
 * JSON-RPC envelopes and the common parts of every request, notification and result.
 *
 * This subset serves both protocol eras: "modern" (2026-07-28 and later, where each request
 * carries its protocol version, client identity and capabilities in `_meta`) and "legacy"
 * (2025-11-25 and earlier, with an `initialize` handshake). Members that only one era
 * requires are therefore optional here; the runtime checks them per era.
 */

import { Implementation, MetaObject } from "./base";
import { ClientCapabilities } from "./capabilities";

/** @internal */
export const JSONRPC_VERSION = "2.0";

/**
 * The newest protocol revision this schema knows.
 *
 * @internal
 */
export const LATEST_PROTOCOL_VERSION = "2026-07-28";

/**
 * The newest legacy (handshake-based) protocol revision.
 *
 * @internal
 */
export const LATEST_LEGACY_PROTOCOL_VERSION = "2025-11-25";

/**
 * The HTTP header that repeats the request's protocol version (it must match `_meta`).
 *
 * @category Common Types
 */
export const PROTOCOL_VERSION_HEADER = "MCP-Protocol-Version";

/**
 * The `_meta` key of a modern-era request's protocol version.
 *
 * @category Common Types
 */
export const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

/**
 * The `_meta` key of a modern-era request's client capabilities.
 *
 * @category Common Types
 */
export const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";

/**
 * The `_meta` key of a modern-era request's client information.
 *
 * @category Common Types
 */
export const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";

/**
 * A request id: a string or a number, unique among the sender's open requests.
 *
 * @category JSON-RPC
 */
export type RequestId = string | number;

/**
 * An opaque token that ties progress notifications to the request that asked for them.
 *
 * @category Common Types
 */
export type ProgressToken = string | number;

/**
 * An opaque pagination position, minted by the server.
 *
 * @category Common Types
 */
export type Cursor = string;

/**
 * The `_meta` of a request. In the modern era it carries the protocol version, the client's
 * identity and the client's capabilities on every request.
 *
 * @category Common Types
 */
export interface RequestMetaObject extends MetaObject {
  /**
   * Asks for progress notifications, which will quote this token.
   */
  progressToken?: ProgressToken;

  /**
   * The protocol version of this request. Required on every modern request; the
   * `MCP-Protocol-Version` HTTP header must agree with it.
   */
  "io.modelcontextprotocol/protocolVersion"?: string;

  /**
   * The client program sending the request. Self-reported, so never a basis for trust.
   */
  "io.modelcontextprotocol/clientInfo"?: Implementation;

  /**
   * The client's capabilities for this request. Required on every modern request:
   * servers must not carry capabilities over from earlier requests.
   */
  "io.modelcontextprotocol/clientCapabilities"?: ClientCapabilities;
}

/**
 * The `_meta` of a notification.
 *
 * @category Common Types
 */
export interface NotificationMetaObject extends MetaObject {
  /**
   * On a `subscriptions/listen` stream: the id of the request that opened the stream.
   */
  "io.modelcontextprotocol/subscriptionId"?: RequestId;
}

/**
 * The `_meta` of a result.
 *
 * @category Common Types
 */
export interface ResultMetaObject extends MetaObject {
  /**
   * The server program answering. Self-reported, so never a basis for trust.
   */
  "io.modelcontextprotocol/serverInfo"?: Implementation;
}

/**
 * Members every request's `params` may have.
 *
 * @category Common Types
 */
export interface RequestParams {
  _meta?: RequestMetaObject;
}

/** @internal */
export interface Request {
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * Members every notification's `params` may have.
 *
 * @category Common Types
 */
export interface NotificationParams {
  _meta?: NotificationMetaObject;
}

/** @internal */
export interface Notification {
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * How to read a result: `"complete"` is a final answer, `"input_required"` asks the
 * client for more input first. Legacy servers omit it, which means `"complete"`.
 *
 * @category Common Types
 */
export type ResultType = "complete" | "input_required" | string;

/**
 * Members every result has. Results may carry further members.
 *
 * @category Common Types
 */
export interface Result {
  _meta?: ResultMetaObject;

  /**
   * Sent by modern servers on every result; absent from legacy results.
   */
  resultType?: ResultType;

  [key: string]: unknown;
}

/**
 * A result with nothing in it but the common members.
 *
 * @category Common Types
 */
export type EmptyResult = Result;

/**
 * A result the client may cache. Modern servers send both members; legacy ones send neither.
 *
 * @internal
 */
export interface CacheableResult extends Result {
  /**
   * How long, in milliseconds, the client may reuse this result; 0 means it is stale at once.
   *
   * @minimum 0
   */
  ttlMs?: number;

  /**
   * Who may share a cached copy: `"public"` results hold no user data and may be shared
   * across authorization contexts; `"private"` ones must stay within one.
   */
  cacheScope?: "public" | "private";
}

/**
 * The error object of a failed request.
 *
 * @category Errors
 */
export interface Error {
  /**
   * What kind of error occurred; see the error-code constants.
   */
  code: number;

  /**
   * A short, one-sentence description.
   */
  message: string;

  /**
   * More detail, shaped by the kind of error.
   */
  data?: unknown;
}

/**
 * A request: it expects exactly one response with the same `id`.
 *
 * @category JSON-RPC
 */
export interface JSONRPCRequest extends Request {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
}

/**
 * A notification: no response is expected.
 *
 * @category JSON-RPC
 */
export interface JSONRPCNotification extends Notification {
  jsonrpc: typeof JSONRPC_VERSION;
}

/**
 * A successful response.
 *
 * @category JSON-RPC
 */
export interface JSONRPCResultResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  id: RequestId;
  result: Result;
}

/**
 * A failed response. `id` is absent only when the request's id could not be read.
 *
 * @category JSON-RPC
 */
export interface JSONRPCErrorResponse {
  jsonrpc: typeof JSONRPC_VERSION;
  id?: RequestId;
  error: Error;
}

/**
 * Either kind of response.
 *
 * @category JSON-RPC
 */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * Anything that may travel on the wire.
 *
 * @category JSON-RPC
 */
export type JSONRPCMessage =
  JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;

/* Error codes. The first five are JSON-RPC 2.0's own. */

/** The message was not valid JSON. */
export const PARSE_ERROR = -32700;
/** The message was JSON but not a valid request. */
export const INVALID_REQUEST = -32600;
/** The method does not exist here (for example `initialize` sent to a modern-only server). */
export const METHOD_NOT_FOUND = -32601;
/** The method exists but its params are wrong; also used for unknown names and bad cursors. */
export const INVALID_PARAMS = -32602;
/** The receiver failed while handling the request. */
export const INTERNAL_ERROR = -32603;

/**
 * The HTTP headers disagree with the request body, or a required header is missing.
 *
 * @category Errors
 */
export const HEADER_MISMATCH = -32020;

/**
 * The request needs a client capability the client did not declare.
 *
 * @category Errors
 */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/**
 * Unsupported protocol version, as numbered by the released 2026-07-28 schema and the
 * official SDKs. Senders should use this code.
 *
 * @category Errors
 */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Unsupported protocol version, as numbered on the draft protocol-versioning page. Not
 * sent by current servers, but receivers recognise it as the same error.
 *
 * @category Errors
 */
export const UNSUPPORTED_PROTOCOL_VERSION_DRAFT = -32004;

/**
 * What an unsupported-protocol-version error reports.
 *
 * @category Errors
 */
export interface UnsupportedProtocolVersionErrorData {
  /**
   * Every protocol version the server accepts; the client should retry with one of them.
   */
  supported: string[];

  /**
   * The version the client asked for.
   */
  requested: string;
}

/**
 * The response to a request whose protocol version the server does not implement (unknown,
 * or known but not offered). Its `data` lists what the server does support. Over HTTP it
 * comes with status 400.
 *
 * @category Errors
 */
export interface UnsupportedProtocolVersionError
  extends Omit<JSONRPCErrorResponse, "error"> {
  error: Error & {
    code: typeof UNSUPPORTED_PROTOCOL_VERSION;
    data: UnsupportedProtocolVersionErrorData;
  };
}
