// expect: conditional_type.ts:2:21: error: unsupported construct: conditional type
export type Pick1 = string extends number ? 1 : 2;
