// expect: function_type.ts:3:13: error: unsupported construct: function type
export interface Hook {
  callback: (value: string) => void;
}
