// expect: optional_tuple.ts:2:29: error: unsupported construct: optional tuple member
export type Pair = [string, number?];
