// expect: pick.ts:3:32: error: unsupported construct: generic type 'Pick' (only Omit, Record and Array take type arguments)
interface Base { a: string; b: number }
export interface Small extends Pick<Base, "a"> {}
