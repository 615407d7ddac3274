// expect: export_star.ts:2:1: error: cannot import from './base': base.ts is not among the schema files
export * from "./base";
