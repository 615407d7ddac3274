// expect: import_default.ts:2:8: error: unsupported construct: default import (import named types)
import Base from "./base";
export type A = string;
