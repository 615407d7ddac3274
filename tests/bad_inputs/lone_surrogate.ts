// expect: lone_surrogate.ts:2:22: error: string literal contains a lone surrogate escape
export type Broken = "\uD800";
