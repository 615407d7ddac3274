// expect: bigint.ts:2:20: error: unsupported construct: bigint literal
export const BIG = 10n;
