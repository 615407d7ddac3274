// expect: record_arity.ts:2:20: error: 'Record' takes 2 type arguments, got 1
export type Meta = Record<string>;
