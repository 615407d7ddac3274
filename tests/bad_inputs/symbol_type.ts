// expect: symbol_type.ts:2:19: error: unsupported construct: 'symbol' type
export type Key = symbol;
