// expect: call_signature.ts:3:3: error: unsupported construct: call signature
export interface Callable {
  (input: string): number;
}
