// expect: duplicate_property.ts:4:3: error: duplicate property 'name' (first declared at duplicate_property.ts:3:3)
export interface A {
  name: string;
  name: string;
}
