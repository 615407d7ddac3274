// expect: literal_not_in_union.ts:4:3: error: property 'role' of 'Sys' has type "system", incompatible with "user" | "assistant" inherited from 'Base'
interface Base { role: "user" | "assistant" }
export interface Sys extends Base {
  role: "system";
}
