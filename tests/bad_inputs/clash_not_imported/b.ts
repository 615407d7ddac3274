export interface Frame { b: string }
