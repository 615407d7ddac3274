// expect: override_twice_across_files/overlay_b.ts:2:1: error: second @override of 'Id' (first at override_twice_across_files/overlay_a.ts:2:1)
export type Id = string;
