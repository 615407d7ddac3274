// expect: record_number_key.ts:2:26: error: unsupported construct: record key type other than 'string'
export type Meta = Record<number, string>;
