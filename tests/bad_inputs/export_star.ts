// expect: export_star.ts:2:1: error: unsupported construct: re-export 'export ... from' (import the names instead)
export * from "./base";
