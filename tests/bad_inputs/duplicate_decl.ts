// expect: duplicate_decl.ts:3:1: error: duplicate declaration 'Id' (first declared at duplicate_decl.ts:2:1)
export type Id = string;
export interface Id {
  value: string;
}
