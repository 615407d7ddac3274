// expect: numeric_index.ts:3:9: error: unsupported construct: index signature key other than 'string'
export interface Table {
  [row: number]: string;
}
