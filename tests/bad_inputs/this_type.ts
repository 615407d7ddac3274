// expect: this_type.ts:3:9: error: 'this' type: degraded to JsonValue (any JSON value)
export type Node = {
  next: this;
};
