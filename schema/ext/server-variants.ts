/*
 * Server Variants extension (`io.modelcontextprotocol/server-variants`, SEP-2053).
 *
 * A server offers several coexisting configurations of its tools, resources and prompts.
 * The client sends hints; the server answers with a ranked list whose first entry is the
 * default; the client picks one per request in `_meta`. Everything travels inside
 * `capabilities.extensions` or `_meta`: no core type changes.
 */

import { Error, INVALID_PARAMS } from "../core/jsonrpc";

/**
 * The extension's id: its key in `capabilities.extensions`.
 *
 * @category Server Variants
 */
export const SERVER_VARIANTS_EXTENSION_ID = "io.modelcontextprotocol/server-variants";

/**
 * The `_meta` key that selects a variant for one request (and names the variant a
 * `list_changed` notification is about). It is the normative way to select a variant.
 *
 * @category Server Variants
 */
export const SERVER_VARIANT_META_KEY = "io.modelcontextprotocol/server-variant";

/**
 * The HTTP header that may also select a variant. When it and `_meta` disagree, `_meta` wins.
 *
 * @category Server Variants
 */
export const SERVER_VARIANT_HEADER = "MCP-Server-Variant";

/**
 * The `message` of the error for a variant the principal cannot use.
 *
 * @category Server Variants
 */
export const INVALID_SERVER_VARIANT_MESSAGE = "Invalid server variant";

/**
 * The `message` of the error a server without the extension gives when a variant is selected.
 *
 * @category Server Variants
 */
export const SERVER_VARIANTS_NOT_SUPPORTED_MESSAGE = "Server variants not supported";

/**
 * The `message` of the error for a cursor minted under another variant.
 *
 * @category Server Variants
 */
export const CURSOR_VARIANT_MISMATCH_MESSAGE = "Cursor invalid for requested variant";

/**
 * What migrating off a deprecated variant involves.
 *
 * @category Server Variants
 */
export interface VariantDeprecationInfo {
  /**
   * Why the variant is going away and how to move on.
   */
  message: string;

  /**
   * The id of the variant to use instead.
   */
  replacement?: string;

  /**
   * The day the variant is due to disappear; the server keeps serving it until then.
   *
   * @format date
   */
  removalDate?: string;
}

/**
 * One configuration of everything the server offers (tools, resources, prompts,
 * subscriptions). Variants are alternatives, not versions of each other.
 *
 * @category Server Variants
 */
export interface ServerVariant {
  /**
   * The variant's id, chosen by the server (e.g. `"claude-optimized"`, `"compact"`).
   * Descriptive names are preferred over version-like ones.
   */
  id: string;

  /**
   * What the variant is for, for people and for models choosing between variants: its
   * target use or model family, what it optimizes, and its trade-offs.
   */
  description: string;

  /**
   * Structured facts for choosing programmatically, e.g. `modelFamily`, `useCase`,
   * `contextSize`, `renderingCapabilities`, `languageOptimization`, or reverse-DNS keys
   * such as `com.acme/riskLevel`. Unknown keys are ignored.
   */
  hints?: { [key: string]: string };

  /**
   * How settled the variant is: `"stable"` for general use, `"experimental"` may change
   * without notice, `"deprecated"` will be removed.
   *
   * @default "stable"
   */
  status?: "stable" | "experimental" | "deprecated";

  /**
   * Migration guidance; only for deprecated variants.
   *
   * @onlyWhen status=deprecated
   */
  deprecationInfo?: VariantDeprecationInfo;
}

/**
 * What the client tells the server to help it rank variants, in the manner of sampling's
 * model preferences.
 *
 * @category Server Variants
 */
export interface VariantHints {
  /**
   * The client's situation and needs, in prose, for servers that rank with a model.
   */
  description?: string;

  /**
   * Structured facts for matching. A value may be one string or several in order of
   * preference (`"useCase": ["planning", "execution"]`). Unknown keys are ignored.
   */
  hints?: { [key: string]: string | string[] };
}

/**
 * The client's settings for the extension.
 *
 * @category Server Variants
 */
export interface ServerVariantsClientSettings {
  /**
   * What the server should rank variants by.
   */
  variantHints?: VariantHints;
}

/**
 * The server's settings for the extension. Absent or empty `availableVariants` means the
 * server offers no variants; servers omit the member rather than send an empty list.
 * The set stays the same for the whole session.
 *
 * @category Server Variants
 */
export interface ServerVariantsServerSettings {
  /**
   * The variants this principal may use, best match first; the first is the default for
   * requests that name none, and is stable unless the client asked for experimental ones.
   * Usually 2 to 5 entries.
   *
   * @unique id
   */
  availableVariants?: ServerVariant[];

  /**
   * True when the principal may use more variants than were listed.
   */
  moreVariantsAvailable?: boolean;
}

/**
 * The variant-selection member of a request's or notification's `_meta`.
 *
 * @category Server Variants
 */
export interface ServerVariantMeta {
  /**
   * The selected variant's id.
   */
  "io.modelcontextprotocol/server-variant"?: string;
}

/**
 * What the server says about a variant the principal cannot use.
 *
 * @category Server Variants
 */
export interface InvalidServerVariantErrorData {
  /**
   * The variant the request named.
   */
  requestedVariant: string;

  /**
   * The ids the principal may use. Omitted when the principal may not list variants.
   */
  availableVariants?: string[];
}

/**
 * The request named a variant that is not among those offered to this principal.
 * Clients retry once without a variant, then give up with a clear error.
 *
 * @category Server Variants
 */
export interface InvalidServerVariantError extends Error {
  code: typeof INVALID_PARAMS;
  message: typeof INVALID_SERVER_VARIANT_MESSAGE;
  data: InvalidServerVariantErrorData;
}

/**
 * The request named a variant, but the server does not implement the extension.
 *
 * @category Server Variants
 */
export interface ServerVariantsNotSupportedError extends Error {
  code: typeof INVALID_PARAMS;
  message: typeof SERVER_VARIANTS_NOT_SUPPORTED_MESSAGE;
}

/**
 * What the server says about a cursor minted under another variant.
 *
 * @category Server Variants
 */
export interface CursorVariantMismatchErrorData {
  /**
   * The variant the cursor was minted under.
   */
  cursorVariant: string;

  /**
   * The variant of the request that presented it.
   */
  requestedVariant: string;
}

/**
 * A pagination cursor was presented under a different variant than the one that minted it.
 *
 * @category Server Variants
 */
export interface CursorVariantMismatchError extends Error {
  code: typeof INVALID_PARAMS;
  message: typeof CURSOR_VARIANT_MISMATCH_MESSAGE;
  data: CursorVariantMismatchErrorData;
}

/**
 * Debugging detail a server adds to an error that depends on the active variant: an
 * unknown tool, prompt or resource, a bad cursor or subscription, or rate limiting.
 *
 * @category Server Variants
 */
export interface VariantScopedErrorData {
  /**
   * The variant the request was resolved in.
   */
  activeVariant: string;

  /**
   * A suggestion, e.g. that the item may exist in other variants.
   */
  hint?: string;
}

/**
 * An error whose meaning depends on the active variant, such as `"Unknown tool: debug_logs"`.
 * The code is whatever the failure calls for (usually invalid params).
 *
 * @category Server Variants
 */
export interface VariantScopedError extends Error {
  data: VariantScopedErrorData;
}
