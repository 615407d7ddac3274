/** Hints for the client. */
export interface Annotations {
  priority?: number;
  lastModified?: string;
}

/** Text contents of a resource. */
export interface TextResourceContents {
  uri: string;
  annotations?: Annotations;
  text: string;
}

/** Binary contents of a resource. */
export interface BlobResourceContents {
  uri: string;
  annotations?: Annotations;
  /** @format byte */
  blob: string;
}

/**
 * A resource placed inline; its annotations moved onto the resource.
 *
 * @moved annotations resource.annotations
 */
export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
}

/**
 * A link whose optional preview carries the date that used to sit here.
 *
 * @moved lastModified preview.resource.annotations.lastModified
 */
export interface ResourceLink {
  type: "resource_link";
  preview?: EmbeddedResource;
}
