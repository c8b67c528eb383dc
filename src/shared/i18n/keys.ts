import type { en } from './en';

/** A key of the catalog: English defines the keys, every other language must have each. */
export type MessageKey = keyof typeof en;
