// expect: construct_signature.ts:3:3: error: unsupported construct: construct signature
export interface Factory {
  new (): Factory;
}
