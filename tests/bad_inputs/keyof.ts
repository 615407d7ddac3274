// expect: keyof.ts:3:20: error: unsupported construct: keyof type
interface Base { a: string }
export type Keys = keyof Base;
