// expect: unknown_type.ts:3:11: error: unknown type 'RequestParams'
export interface Request {
  params: RequestParams;
}
