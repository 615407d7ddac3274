// expect: const_call.ts:2:24: error: unsupported construct: non-literal const initialiser (use a string, number or boolean literal)
export const VERSION = String(1);
