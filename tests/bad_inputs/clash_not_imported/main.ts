// expect: clash_not_imported/main.ts:2:31: error: 'Frame' is declared in clash_not_imported/a.ts and clash_not_imported/b.ts, and this file neither declares nor imports it: import the one meant
export interface Stack { top: Frame }
