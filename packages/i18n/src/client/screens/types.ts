import type { en } from './en';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
/** Every language has exactly the English key set (the client messages test checks it). */
export type ScreenMessages = DeepStrings<typeof en>;
