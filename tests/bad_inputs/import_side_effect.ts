// expect: import_side_effect.ts:2:1: error: cannot import from './base': base.ts is not among the schema files
import "./base";
export type A = string;
