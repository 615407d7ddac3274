// expect: conditional_type.ts:2:21: error: conditional type: cannot decide from the declarations whether string extends { length: number }: degraded to JsonValue (any JSON value)
export type Pick1 = string extends { length: number } ? 1 : 2;
