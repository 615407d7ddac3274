// expect: import_star.ts:2:8: error: unsupported construct: namespace import 'import * as' (import named types)
import * as base from "./base";
export type A = string;
