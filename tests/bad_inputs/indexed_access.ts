// expect: indexed_access.ts:3:17: error: unsupported construct: indexed access type
interface Base { a: string }
export type A = Base["a"];
