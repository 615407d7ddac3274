// expect: extends_union_alias.ts:5:28: error: interface 'A' cannot extend 'BC': an interface can only extend an object type or an intersection of object types
interface B { b: 1 }
interface C { c: 1 }
type BC = B | C;
export interface A extends BC {}
