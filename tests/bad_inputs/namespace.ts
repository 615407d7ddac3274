// expect: namespace.ts:2:1: error: unsupported construct: namespace declaration (declare types at top level)
namespace Protocol {
  export type Id = string;
}
