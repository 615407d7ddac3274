// expect: partial.ts:3:21: error: unsupported construct: generic type 'Partial' (only Omit, Record and Array take type arguments)
interface Base { a: string }
export type Loose = Partial<Base>;
