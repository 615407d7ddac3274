// expect: import_missing_file/main.ts:2:1: error: cannot import from './base': import_missing_file/base.ts is not among the schema files
import { Base } from "./base";
export interface A extends Base {}
