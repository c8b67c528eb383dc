/** The inbox feature's components other features compose, and the hooks they read its state with. */
export { BatchUndoNotices } from './BatchUndoNotices';
