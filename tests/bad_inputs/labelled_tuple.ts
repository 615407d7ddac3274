// expect: labelled_tuple.ts:2:34: error: unsupported construct: rest tuple member
export type Pair = [key: string, ...values: number[]];
