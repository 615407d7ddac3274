// expect: default_export.ts:3:1: error: unsupported construct: default export (use 'export' on the declaration)
interface Base { a: string }
export default Base;
