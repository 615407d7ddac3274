// expect: default_export.ts:2:1: error: unsupported construct: default export of an expression (export a declaration)
export default { a: 1 };
