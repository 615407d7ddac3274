// expect: export_renamed.ts:3:10: error: unsupported construct: renaming export 'as' (export under the declared name)
type A = string;
export { A as B };
