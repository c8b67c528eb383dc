import { en } from './en';

/** The one catalog of user-visible text: English defines the keys, Russian must have each. */
export { en };
export { ru } from './ru';
export type { MessageKey } from './keys';
