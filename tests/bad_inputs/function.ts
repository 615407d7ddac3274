// expect: function.ts:2:8: error: unsupported construct: function declaration
export function make(): void {}
