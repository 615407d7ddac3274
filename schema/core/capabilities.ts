/* What each side supports. Extensions are advertised in `extensions`, keyed by extension id. */

import { JSONObject } from "./json";

/**
 * Optional features a client supports. The set is open: clients may add their own members.
 *
 * @category Capabilities
 */
export interface ClientCapabilities {
  /**
   * Non-standard capabilities, keyed by name.
   */
  experimental?: { [key: string]: JSONObject };

  /**
   * Present when the client can list filesystem roots.
   */
  roots?: {
    /**
     * Whether the client announces changes to its roots (legacy protocol versions only).
     */
    listChanged?: boolean;
  };

  /**
   * Present when the client lets the server sample its language model.
   */
  sampling?: {
    /**
     * Present when the client honours `includeContext`.
     */
    context?: JSONObject;
    /**
     * Present when the client supports tool use during sampling.
     */
    tools?: JSONObject;
  };

  /**
   * Present when the client can ask its user for input on the server's behalf.
   */
  elicitation?: {
    form?: JSONObject;
    url?: JSONObject;
  };

  /**
   * Task support as advertised by 2025-11-25 clients; from 2026-07-28 on, tasks are the
   * `io.modelcontextprotocol/tasks` extension instead.
   */
  tasks?: JSONObject;

  /**
   * Extensions the client supports: extension id to that extension's settings object.
   * An empty object means "supported, no settings".
   */
  extensions?: { [key: string]: JSONObject };
}

/**
 * Optional features a server supports. The set is open: servers may add their own members.
 *
 * @category Capabilities
 */
export interface ServerCapabilities {
  /**
   * Non-standard capabilities, keyed by name.
   */
  experimental?: { [key: string]: JSONObject };

  /**
   * Present when the server sends log messages.
   */
  logging?: JSONObject;

  /**
   * Present when the server offers argument completion.
   */
  completions?: JSONObject;

  /**
   * Present when the server offers prompts.
   */
  prompts?: {
    /**
     * Whether the server announces changes to its prompt list.
     */
    listChanged?: boolean;
  };

  /**
   * Present when the server offers resources.
   */
  resources?: {
    /**
     * Whether clients may subscribe to changes of single resources.
     */
    subscribe?: boolean;
    /**
     * Whether the server announces changes to its resource list.
     */
    listChanged?: boolean;
  };

  /**
   * Present when the server offers tools.
   */
  tools?: {
    /**
     * Whether the server announces changes to its tool list.
     */
    listChanged?: boolean;
  };

  /**
   * Task support as advertised by 2025-11-25 servers; from 2026-07-28 on, tasks are the
   * `io.modelcontextprotocol/tasks` extension instead.
   */
  tasks?: JSONObject;

  /**
   * Extensions the server supports: extension id to that extension's settings object.
   * An empty object means "supported, no settings".
   */
  extensions?: { [key: string]: JSONObject };
}
