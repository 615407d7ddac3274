// expect: property_without_type.ts:3:3: error: property 'name' has no type annotation
export interface A {
  name?;
}
