// expect: generic_alias.ts:2:17: error: unsupported construct: generic type parameters (declare a concrete type)
export type List<T> = T[];
