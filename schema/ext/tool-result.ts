/*
 * Tool result content and model visibility (draft SEP). Guidance only: the wire format of
 * `tools/call` does not change. `content` is for the model, `structuredContent` is for
 * programs (code, orchestration, UI such as MCP Apps), and `outputSchema` describes
 * `structuredContent`.
 */

import { BaseMetadata, Icons, MetaObject } from "../core/base";
import { ContentBlock } from "../core/content";
import { Result } from "../core/jsonrpc";
import { ToolAnnotations } from "../core/tools";

/**
 * What a tool call produced, in up to two forms for two audiences.
 *
 * When both forms are present they should carry the same information: `content` may
 * summarize or textualize `structuredContent` but should not contradict it. A tool that
 * returns `structuredContent` should also return `content` for older clients (serialized
 * JSON text is acceptable, not required). A result with only one of the two is valid.
 *
 * Clients pick the form that suits them: `content` for conversational and agent use,
 * `structuredContent` for programmatic use. They should not hand both to a model as
 * separate inputs. In MCP Apps hosts, `content` is the model-visible summary while
 * `structuredContent` and `_meta` feed the UI.
 *
 * @override
 * @category `tools/call`
 */
export interface CallToolResult extends Result {
  /**
   * The model-facing result: readable, token-efficient blocks. What a client passes into
   * the model's context by default.
   */
  content: ContentBlock[];

  /**
   * The machine-facing result: one JSON value of any kind, for code, typed orchestration
   * or UI. Must match the tool's `outputSchema` when the tool declares one.
   *
   * @conformsTo outputSchema
   */
  structuredContent?: unknown;

  /**
   * True when the tool itself failed. Such failures belong here, where a model can see
   * them and try again; failing to find or run the tool is a protocol error instead.
   * Absent means false.
   */
  isError?: boolean;
}

/**
 * A tool the client may call.
 *
 * @override
 * @category `tools/list`
 */
export interface Tool extends BaseMetadata, Icons {
  /**
   * What the tool does, written for a model deciding whether to call it.
   */
  description?: string;

  /**
   * JSON Schema of the arguments. Its root is always an object schema; JSON Schema
   * 2020-12 unless `$schema` says otherwise.
   */
  inputSchema: { $schema?: string; type: "object"; [key: string]: unknown };

  /**
   * JSON Schema of the result's `structuredContent`, and of nothing else: `content`
   * stays a free, model-oriented rendering. JSON Schema 2020-12 unless `$schema` says
   * otherwise.
   */
  outputSchema?: { $schema?: string; [key: string]: unknown };

  /**
   * Behaviour hints. A display name is taken from `title`, then `annotations.title`,
   * then `name`.
   */
  annotations?: ToolAnnotations;

  _meta?: MetaObject;
}
