// a second file that declares Id again
export type Id = number;
