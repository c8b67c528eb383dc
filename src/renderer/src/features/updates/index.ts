/** The updates feature's components other features compose, and the hooks they read its state with. */
export { UpdateReadyLine, UpdatesSettings } from './UpdatesSettings';
export { useUpdates } from './slice';
