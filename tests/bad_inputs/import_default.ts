// expect: import_default.ts:2:1: error: cannot import from './base': base.ts is not among the schema files
import Base from "./base";
export type A = string;
