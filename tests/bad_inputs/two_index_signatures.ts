// expect: two_index_signatures.ts:4:3: error: duplicate index signature for the same keys (first at two_index_signatures.ts:3:3)
export interface Table {
  [key: string]: string;
  [other: string]: string;
}
