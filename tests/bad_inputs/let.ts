// expect: let.ts:2:8: error: unsupported construct: 'let' declaration (use 'const')
export let VERSION = "1";
