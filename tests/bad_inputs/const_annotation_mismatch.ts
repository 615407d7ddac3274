// expect: const_annotation_mismatch.ts:2:21: error: const 'VERSION' is declared number but its value is string
export const VERSION: number = "2.0";
