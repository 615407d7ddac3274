// expect: rest_tuple.ts:3:29: error: rest tuple member that names neither an array nor a tuple: degraded to JsonValue (any JSON value)
type Numbers = number[] | string[];
export type Many = [string, ...Numbers];
