/*
 * Protocol versioning (draft page). Core already has `server/discover`, the per-request
 * version in `_meta` and the legacy handshake; the page's only difference in shape is the
 * code of the unsupported-version error, -32004 where the released schema uses -32022.
 */

import {
  Error,
  JSONRPCErrorResponse,
  UNSUPPORTED_PROTOCOL_VERSION,
  UNSUPPORTED_PROTOCOL_VERSION_DRAFT,
  UnsupportedProtocolVersionErrorData,
} from "../core/jsonrpc";

/**
 * The response to a request whose protocol version the server does not implement (unknown,
 * or known but not offered). Its `data` lists what the server does support; the client
 * retries with one of those or reports that none fits. Over HTTP it comes with status 400.
 *
 * Either numbering identifies it: -32022 (the released schema; what servers send) or
 * -32004 (the draft page). A client that receives it knows the server is modern.
 *
 * @override
 * @category Errors
 */
export interface UnsupportedProtocolVersionError
  extends Omit<JSONRPCErrorResponse, "error"> {
  error: Error & {
    code:
      | typeof UNSUPPORTED_PROTOCOL_VERSION
      | typeof UNSUPPORTED_PROTOCOL_VERSION_DRAFT;
    data: UnsupportedProtocolVersionErrorData;
  };
}
