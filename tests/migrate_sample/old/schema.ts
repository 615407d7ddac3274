/* The old revision of the sample schema (mimics schema/core). */

export const UNSUPPORTED_VERSION_CODE = -32004;

export interface Annotations {
  priority?: number;
}

export interface ResourceContents {
  uri: string;
  mimeType?: string;
}

export interface TextResourceContents extends ResourceContents {
  text: string;
}

export interface BlobResourceContents extends ResourceContents {
  blob: string;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  annotations?: Annotations;
}

export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
  annotations?: Annotations;
}

export interface ResourceReference {
  type: "ref/resource";
  uri: string;
}

export interface ToolResult {
  isError?: boolean;
  structured?: { [key: string]: unknown };
  legacyNote?: string;
}
