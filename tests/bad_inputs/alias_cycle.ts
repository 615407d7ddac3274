// expect: alias_cycle.ts:2:1: error: cycle: A -> B -> A
export type A = B;
export type B = A;
