// expect: incompatible_redeclaration.ts:4:3: error: property 'method' of 'Ping' has type number, incompatible with string inherited from 'Request'
interface Request { method: string }
export interface Ping extends Request {
  method: number;
}
