/* The new revision of the sample schema (mimics schema/ with the overlays applied). */

export const UNSUPPORTED_VERSION_CODE = -32022;

export interface Annotations {
  priority?: number;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  annotations?: Annotations;
}

export interface TextResourceContents extends Resource {
  text: string;
}

export interface BlobResourceContents extends Resource {
  blob: string;
}

export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
}

/* Same structure as the old ResourceReference: detected as a rename. */
export interface ResourceTemplateReference {
  type: "ref/resource";
  uri: string;
}

export interface ToolResult {
  isError?: boolean;
  /** @renamedFrom structured */
  structuredContent?: { [key: string]: unknown };
}
