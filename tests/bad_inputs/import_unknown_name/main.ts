// expect: import_unknown_name/main.ts:2:1: error: './lib' does not export 'Nope' (no such declaration)
import { Nope } from "./lib";
export type A = Nope;
