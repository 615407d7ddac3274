// expect: import_star.ts:2:1: error: cannot import from './base': base.ts is not among the schema files
import * as base from "./base";
export type A = base.Missing;
