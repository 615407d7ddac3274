/* Small building blocks shared by many messages: metadata, icons, annotations. */

/**
 * The value of a `_meta` member: free-form metadata attached to a message or object.
 *
 * Keys may carry a reverse-DNS prefix ending in `/` (for example
 * `io.modelcontextprotocol/server-variant`); prefixes whose second label is
 * `modelcontextprotocol` or `mcp` are reserved for MCP itself.
 *
 * @category Common Types
 */
export interface MetaObject {
  [key: string]: unknown;
}

/**
 * Who a piece of content is meant for.
 *
 * @category Common Types
 */
export type Role = "user" | "assistant";

/**
 * Hints telling the client how an object is meant to be used or shown.
 *
 * @category Common Types
 */
export interface Annotations {
  /**
   * The intended readers; both roles may be listed.
   */
  audience?: Role[];

  /**
   * Importance for operating the server, from 0 (entirely optional) to 1 (effectively required).
   *
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  priority?: number;

  /**
   * When the underlying data last changed, as an ISO 8601 timestamp such as
   * `"2025-01-12T15:00:58Z"`.
   */
  lastModified?: string;
}

/**
 * An image a client may show for a server, tool, resource or prompt.
 *
 * @category Common Types
 */
export interface Icon {
  /**
   * Where the image lives: an HTTP(S) URL or a `data:` URI. Clients should only fetch
   * from trusted origins and treat SVG with care, since it can embed script.
   *
   * @format uri
   */
  src: string;

  /**
   * The image's MIME type, when the source does not make it clear.
   */
  mimeType?: string;

  /**
   * Sizes the image suits, as `"WxH"` strings (e.g. `"48x48"`) or `"any"` for vector images.
   * Absent means any size.
   */
  sizes?: string[];

  /**
   * The background the image was designed for. Absent means either.
   */
  theme?: "light" | "dark";
}

/**
 * Mixin for objects that may come with icons.
 *
 * @internal
 */
export interface Icons {
  /**
   * Images for user interfaces, in any order.
   */
  icons?: Icon[];
}

/**
 * Mixin for objects with a programmatic `name` and an optional display `title`.
 *
 * @internal
 */
export interface BaseMetadata {
  /**
   * The identifier programs use. Shown to people only when there is no `title`.
   */
  name: string;

  /**
   * A human-friendly name for user interfaces.
   */
  title?: string;
}

/**
 * Identifies a client or server program: its name, version and optional details.
 *
 * @category Common Types
 */
export interface Implementation extends BaseMetadata, Icons {
  /**
   * The program's version.
   */
  version: string;

  /**
   * What the program does, in a sentence or two.
   */
  description?: string;

  /**
   * The program's home page.
   *
   * @format uri
   */
  websiteUrl?: string;
}
