// expect: template_literal.ts:2:22: error: unsupported construct: template literal type (use a string literal or string)
export type Method = `tools/${string}`;
