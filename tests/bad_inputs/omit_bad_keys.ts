// expect: omit_bad_keys.ts:3:39: error: Omit keys must be a string literal or a union of string literals: degraded to JsonValue (any JSON value)
interface Base { a: string }
export interface A extends Omit<Base, string> {}
