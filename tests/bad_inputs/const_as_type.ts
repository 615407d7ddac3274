// expect: const_as_type.ts:4:12: error: 'VERSION' is a const, not a type (write 'typeof VERSION')
export const VERSION = "2.0";
export interface Msg {
  jsonrpc: VERSION;
}
