// expect: method_signature.ts:4:3: error: unsupported construct: method signature (use a property)
export interface Client {
  /** Calls a tool. */
  call(name: string): void;
}
