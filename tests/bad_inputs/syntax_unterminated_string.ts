// expect: syntax_unterminated_string.ts:2:1: error: syntax error: unexpected end of file in 'export type A = "open;'
export type A = "open;
