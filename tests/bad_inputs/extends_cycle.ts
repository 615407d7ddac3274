// expect: extends_cycle.ts:2:1: error: cycle: A -> B -> C -> A
export interface A extends B {}
export interface B extends C {}
export interface C extends A {}
