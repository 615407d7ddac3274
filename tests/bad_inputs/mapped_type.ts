// expect: mapped_type.ts:3:24: error: mapped type with 'as' (remapped keys): degraded to JsonValue (any JSON value)
interface Base { a: string }
export type Flags = { [K in keyof Base as `is_${K}`]: boolean };
