// expect: import_side_effect.ts:2:1: error: unsupported construct: side-effect import (import named types)
import "./base";
export type A = string;
