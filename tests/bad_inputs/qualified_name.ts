// expect: qualified_name.ts:2:17: error: unknown type 'Base.Id'
export type A = Base.Id;
