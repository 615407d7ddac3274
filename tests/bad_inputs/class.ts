// expect: class.ts:2:8: error: unsupported construct: class declaration (use an interface)
export class Tool {
  name: string;
}
