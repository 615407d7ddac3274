// expect: alias_union_cycle.ts:2:1: error: cycle: A -> B -> A
export type A = B | string;
export type B = A | number;
