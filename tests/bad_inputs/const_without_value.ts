// expect: const_without_value.ts:2:14: error: const 'VERSION' has no value
export const VERSION: string;
