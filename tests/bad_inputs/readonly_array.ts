// expect: readonly_array.ts:2:21: error: unsupported construct: readonly array type (drop 'readonly')
export type Names = readonly string[];
