// expect: omit_arity.ts:3:28: error: 'Omit' takes 2 type arguments, got 1
interface Base { a: string }
export interface A extends Omit<Base> {}
