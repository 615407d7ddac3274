// expect: omit_bad_keys.ts:3:39: error: Omit keys must be a string or number literal or a union of them: degraded to JsonValue (any JSON value)
interface Base { a: string }
export interface A extends Omit<Base, string> {}
