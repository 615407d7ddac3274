type Hidden = string;
export type Shown = Hidden;
