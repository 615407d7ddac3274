// expect: rest_tuple.ts:2:29: error: unsupported construct: rest tuple member
export type Many = [string, ...number[]];
