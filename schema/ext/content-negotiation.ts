/*
 * Content Negotiation extension (`io.modelcontextprotocol/content-negotiation`, v1.0).
 *
 * The client states who it is and what it prefers as feature tags; the server shapes the
 * content of its results (never access to them) accordingly. Both sides advertise the
 * extension in `capabilities.extensions` under the extension id. The extension adds no
 * methods and changes no core type.
 */

/**
 * The extension's id: its key in `capabilities.extensions`.
 *
 * @category Content Negotiation
 */
export const CONTENT_NEGOTIATION_EXTENSION_ID =
  "io.modelcontextprotocol/content-negotiation";

/**
 * The version of the negotiation rules this schema describes.
 *
 * @category Content Negotiation
 */
export const CONTENT_NEGOTIATION_VERSION = "1.0";

/**
 * The client's settings for the extension.
 *
 * Tags describe the content the client wants, not what it may access: servers must not
 * use them for authentication, authorization or trust decisions. A tag is one of
 * - presence: `agent`, `sampling` (the feature is there);
 * - negation: `!interactive` (the feature is absent);
 * - equality: `format=json`, `verbosity=compact` (the feature has this value);
 * - inequality: `format!=xml` (the feature does not have this value);
 * - a vendor tag starting with `x-`.
 *
 * Registered tags: `agent`, `human`, `mcp-capable`, `interactive`, `sampling`,
 * `elicitation`, `roots`, `tasks`, `verbosity=compact|standard|verbose` and
 * `format=json|text|markdown`. A client that declares the sampling, elicitation, roots or
 * tasks capability should list the same name as a tag too.
 *
 * @category Content Negotiation
 */
export interface ContentNegotiationSettings {
  /**
   * The version of the negotiation rules the client follows; `"1.0"` for this one.
   */
  version: string;

  /**
   * The client's feature tags. Servers check their syntax, log and skip malformed ones,
   * ignore unknown ones, and answer with default content when they support none of them:
   * a bad tag is never an error.
   *
   * @featureTags
   */
  features?: string[];
}

/**
 * The server's settings for the extension: an empty object, meaning "supported". Clients
 * must not assume negotiation unless the server declares it.
 *
 * @category Content Negotiation
 */
export interface ContentNegotiationServerSettings {}
