/** What other features may do through the palette feature outside a component: its actions (the command table, the composer's keys). */
export type { ComposerKeyActions } from './command-table';
export { composerKey, composerKeyOf } from './shortcuts';
