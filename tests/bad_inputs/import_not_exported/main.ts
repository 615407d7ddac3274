// expect: import_not_exported/main.ts:2:1: error: './lib' does not export 'Hidden' (it is not exported)
import { Hidden } from "./lib";
export type A = Hidden;
