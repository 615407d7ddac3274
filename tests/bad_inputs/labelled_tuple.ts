// expect: labelled_tuple.ts:2:55: error: an optional tuple member cannot follow a rest member
export type Pair = [key: string, ...values: number[], last?: string];
