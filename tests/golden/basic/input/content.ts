/** Plain text. */
export interface TextContent {
  type: "text";
  text: string;
}

/** An image. */
export interface ImageContent {
  type: "image";
  /**
   * Base64-encoded image data.
   * @format byte
   */
  data: string;
  mimeType: string;
}

export type ContentBlock = TextContent | ImageContent;

export interface ErrorResponse extends Omit<Envelope, "error"> {
  error: Error & { data: { requested: string; supported: string[] } };
}

export interface Envelope {
  jsonrpc: "2.0";
  id?: RequestId;
  error: Error;
}

export interface CallToolResult extends Result {
  content: ContentBlock[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
  /** @deprecated use content */
  legacy?: string | null;
  /**
   * @minimum 0
   * @maximum 1
   */
  priority?: number;
}

export type Role = "user" | "assistant";
