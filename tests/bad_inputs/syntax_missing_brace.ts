// expect: syntax_missing_brace.ts:5:24: error: syntax error: missing '}'
export interface A {
  a: string;

export type B = number;
