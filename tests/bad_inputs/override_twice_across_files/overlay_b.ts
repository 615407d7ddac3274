/** @override */
export type Id = boolean;
