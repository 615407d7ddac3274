// expect: syntax_unexpected.ts:3:4: error: syntax error: unexpected ':'
export interface A {
  a: ;
}
