export type Shown = string;
