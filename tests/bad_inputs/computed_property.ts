// expect: computed_property.ts:3:3: error: unsupported construct: computed property name other than a literal
export interface A {
  ["a" + "b"]: string;
}
