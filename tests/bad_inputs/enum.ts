// expect: enum.ts:2:8: error: unsupported construct: enum declaration (use a union of string literals)
export enum Role { User, Assistant }
