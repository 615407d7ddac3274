// expect: mapped_type.ts:3:23: error: unsupported construct: mapped type whose value reads its key (write the properties)
interface Base { a: string }
export type Flags = { [K in keyof Base]: K[] };
