// expect: override_twice.ts:6:1: error: second @override of 'Id' (first at override_twice.ts:4:1)
export type Id = string;
/** @override */
export type Id = number;
/** @override */
export type Id = boolean;
