// expect: extends_primitive_alias.ts:3:28: error: interface 'A' cannot extend 'Name': an interface can only extend an object type or an intersection of object types
type Name = string;
export interface A extends Name {}
