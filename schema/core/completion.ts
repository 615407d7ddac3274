/* Argument completion for prompts and resource templates. */

import { BaseMetadata } from "./base";
import { JSONRPCRequest, RequestParams, Result } from "./jsonrpc";

/**
 * Names a prompt whose argument is being completed.
 *
 * @category `completion/complete`
 */
export interface PromptReference extends BaseMetadata {
  type: "ref/prompt";
}

/**
 * Names a resource template whose argument is being completed.
 *
 * @category `completion/complete`
 */
export interface ResourceTemplateReference {
  type: "ref/resource";

  /**
   * The URI or URI template.
   *
   * @format uri-template
   */
  uri: string;
}

/**
 * Params of `completion/complete`.
 *
 * @category `completion/complete`
 */
export interface CompleteRequestParams extends RequestParams {
  ref: PromptReference | ResourceTemplateReference;

  /**
   * The argument being typed.
   */
  argument: {
    /**
     * Its name.
     */
    name: string;
    /**
     * What has been typed so far.
     */
    value: string;
  };

  /**
   * Other arguments already settled.
   */
  context?: {
    arguments?: { [key: string]: string };
  };
}

/**
 * Asks for completion candidates for an argument.
 *
 * @category `completion/complete`
 */
export interface CompleteRequest extends JSONRPCRequest {
  method: "completion/complete";
  params: CompleteRequestParams;
}

/**
 * Completion candidates.
 *
 * @category `completion/complete`
 */
export interface CompleteResult extends Result {
  completion: {
    /**
     * The candidates, at most 100.
     *
     * @maxItems 100
     */
    values: string[];
    /**
     * How many candidates exist in all, which may exceed those sent.
     */
    total?: number;
    /**
     * Whether more candidates exist than were sent, even when `total` is unknown.
     */
    hasMore?: boolean;
  };
}
