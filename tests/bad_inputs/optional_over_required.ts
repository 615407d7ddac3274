// expect: optional_over_required.ts:4:3: error: property 'id' of 'Loose' is optional but required in 'Base'
interface Base { id: string }
export interface Loose extends Base {
  id?: string;
}
