// expect: this_type.ts:3:9: error: unsupported construct: 'this' type
export interface Node {
  next: this;
}
