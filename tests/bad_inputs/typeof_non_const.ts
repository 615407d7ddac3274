// expect: typeof_non_const.ts:4:12: error: 'typeof Version' needs a const, but 'Version' is a type alias
type Version = "2.0";
export interface Msg {
  jsonrpc: typeof Version;
}
