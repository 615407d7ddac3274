/** @override */
export type Id = number;
