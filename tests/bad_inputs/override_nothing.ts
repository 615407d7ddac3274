// expect: override_nothing.ts:3:1: error: @override of 'Id' but no declaration of 'Id' to replace
/** @override */
export type Id = string;
