/** The protocol revision. */
export const LATEST_PROTOCOL_VERSION = "2026-07-28";
export const INVALID_PARAMS = -32602;

/** Any JSON value. */
export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;
export type JSONObject = { [key: string]: JSONValue };
export type JSONArray = JSONValue[];

export type RequestId = string | number;

/** Common result fields. */
export interface Result {
  _meta?: { [key: string]: unknown };
  /** How to read the result. */
  resultType: "complete" | "input_required" | string;
  [key: string]: unknown;
}

export interface Error {
  code: number;
  message: string;
  data?: unknown;
}

export interface InvalidParamsError extends Error {
  code: typeof INVALID_PARAMS;
}
