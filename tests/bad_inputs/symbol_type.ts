// expect: symbol_type.ts:2:19: error: 'symbol' type: degraded to JsonValue (any JSON value)
export type Key = symbol;
