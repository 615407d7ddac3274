// expect: array_arity.ts:2:21: error: 'Array' takes 1 type argument, got 2
export type Names = Array<string, number>;
