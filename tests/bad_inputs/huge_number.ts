// expect: huge_number.ts:2:21: error: number literal '1e400' is too large to represent
export const HUGE = 1e400;
