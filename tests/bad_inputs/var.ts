// expect: var.ts:2:1: error: unsupported construct: 'var' declaration (use 'const')
var VERSION = "1";
