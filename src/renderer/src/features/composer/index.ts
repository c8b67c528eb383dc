/** The composer feature's components other features compose, and the hooks they read its state with. */
export { Composer } from './Composer';
export { readDrafted, useDrafted } from './slice';
