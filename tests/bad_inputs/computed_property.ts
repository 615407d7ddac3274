// expect: computed_property.ts:3:3: error: unsupported construct: computed property name (use a plain or quoted name): degraded to JsonValue (any JSON value)
export interface A {
  ["a" + "b"]: string;
}
