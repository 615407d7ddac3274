// expect: labelled_tuple.ts:2:21: error: unsupported construct: labelled tuple member (drop the label)
export type Pair = [key: string, value: number];
