/** What other features read of the settings feature: pure functions of its state, its types, and the hooks reading it. */
export type { LocaleChoice, ThemeChoice } from './preferences';
