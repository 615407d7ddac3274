// expect: two_index_signatures.ts:4:3: error: more than one index signature in one object type
export interface Table {
  [key: string]: string;
  [other: string]: string;
}
