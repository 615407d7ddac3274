/* Content blocks: what tool results and prompt messages are made of. */

import { Annotations, MetaObject } from "./base";
import { BlobResourceContents, Resource, TextResourceContents } from "./resources";

/**
 * Text for or from a model.
 *
 * @category Content
 */
export interface TextContent {
  type: "text";

  /**
   * The text.
   */
  text: string;

  /**
   * Hints for the client.
   */
  annotations?: Annotations;

  _meta?: MetaObject;
}

/**
 * An image for or from a model.
 *
 * @category Content
 */
export interface ImageContent {
  type: "image";

  /**
   * The image bytes, base64-encoded.
   *
   * @format byte
   */
  data: string;

  /**
   * The image's MIME type; which ones a model accepts depends on its provider.
   */
  mimeType: string;

  /**
   * Hints for the client.
   */
  annotations?: Annotations;

  _meta?: MetaObject;
}

/**
 * Audio for or from a model.
 *
 * @category Content
 */
export interface AudioContent {
  type: "audio";

  /**
   * The audio bytes, base64-encoded.
   *
   * @format byte
   */
  data: string;

  /**
   * The audio's MIME type; which ones a model accepts depends on its provider.
   */
  mimeType: string;

  /**
   * Hints for the client.
   */
  annotations?: Annotations;

  _meta?: MetaObject;
}

/**
 * A pointer to a resource the client may read. It need not appear in `resources/list`.
 *
 * @category Content
 */
export interface ResourceLink extends Resource {
  type: "resource_link";
}

/**
 * A resource's contents placed inline; the client decides how to present them.
 *
 * @category Content
 */
export interface EmbeddedResource {
  type: "resource";

  /**
   * The embedded contents.
   */
  resource: TextResourceContents | BlobResourceContents;

  /**
   * Hints for the client.
   */
  annotations?: Annotations;

  _meta?: MetaObject;
}

/**
 * Any block of content; `type` tells them apart.
 *
 * @category Content
 */
export type ContentBlock =
  TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
