// expect: declare_const.ts:2:1: error: unsupported construct: 'declare' (declare types without it)
declare const VERSION: string;
