// expect: rest_tuple.ts:3:29: error: unsupported construct: rest tuple member not written as an array or a tuple
type Numbers = number[];
export type Many = [string, ...Numbers];
