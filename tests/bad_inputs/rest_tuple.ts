// expect: rest_tuple.ts:3:29: error: unsupported construct: rest tuple member that names neither an array nor a tuple
type Numbers = number[] | string[];
export type Many = [string, ...Numbers];
