// expect: void_type.ts:3:11: error: unsupported construct: 'void' type
export interface A {
  result: void;
}
