// expect: qualified_name.ts:2:17: error: unsupported construct: qualified type name (import the type instead)
export type A = Base.Id;
