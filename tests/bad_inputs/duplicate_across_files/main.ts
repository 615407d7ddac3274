// expect: duplicate_across_files/other.ts:2:1: error: duplicate declaration 'Id' (first declared at duplicate_across_files/main.ts:2:1)
export type Id = string;
