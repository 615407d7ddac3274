// a script (no import or export) declares Id again: one global scope, as in TypeScript
type Id = number;
