// expect: typeof_unknown.ts:3:12: error: unknown const 'JSONRPC_VERSION' in 'typeof JSONRPC_VERSION'
export interface Msg {
  jsonrpc: typeof JSONRPC_VERSION;
}
