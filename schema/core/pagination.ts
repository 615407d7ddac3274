/* Cursor-based pagination shared by the list methods. */

import { Cursor, JSONRPCRequest, RequestParams, Result } from "./jsonrpc";

/**
 * Params of a list request.
 *
 * @category Common Types
 */
export interface PaginatedRequestParams extends RequestParams {
  /**
   * Where to continue: a `nextCursor` from an earlier page. Absent asks for the first page.
   */
  cursor?: Cursor;
}

/** @internal */
export interface PaginatedRequest extends JSONRPCRequest {
  params?: PaginatedRequestParams;
}

/** @internal */
export interface PaginatedResult extends Result {
  /**
   * Where the next page starts. Absent on the last page.
   */
  nextCursor?: Cursor;
}
