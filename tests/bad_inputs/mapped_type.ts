// expect: mapped_type.ts:3:23: error: unsupported construct: mapped type
interface Base { a: string }
export type Flags = { [K in keyof Base]: boolean };
