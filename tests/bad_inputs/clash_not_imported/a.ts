export interface Frame { a: string }
