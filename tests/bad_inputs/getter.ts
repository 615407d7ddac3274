// expect: getter.ts:3:3: error: unsupported construct: getter (use a property)
export interface Lazy {
  get value(): string;
}
