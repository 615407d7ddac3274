// expect: as_cast.ts:2:24: error: unsupported construct: 'as' cast (only 'as const' is allowed)
export const VERSION = "1" as string;
