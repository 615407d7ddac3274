// expect: extends_primitive_alias.ts:3:28: error: interface 'A' cannot extend 'Name': not an interface or object type
type Name = string;
export interface A extends Name {}
