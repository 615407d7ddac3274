/* Plain JSON values, used wherever the protocol carries caller-defined data. */

/**
 * Any JSON value. `null` is a real value here (a tool may return it as structured content).
 *
 * @category Common Types
 */
export type JSONValue =
  string | number | boolean | null | JSONObject | JSONArray;

/**
 * A JSON object with arbitrary members.
 *
 * @category Common Types
 */
export type JSONObject = { [key: string]: JSONValue };

/**
 * A JSON array of arbitrary values.
 *
 * @category Common Types
 */
export type JSONArray = JSONValue[];
