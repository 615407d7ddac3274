// expect: const_object.ts:2:25: error: unsupported construct: non-literal const initialiser (use a string, number or boolean literal)
export const DEFAULTS = { retries: 3 };
