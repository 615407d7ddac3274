// expect: generic_interface.ts:2:21: error: unsupported construct: generic type parameters (declare a concrete type)
export interface Box<T> {
  value: T;
}
