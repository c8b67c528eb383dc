/** What other features may do through the conversation feature outside a component: its actions (the command table, the composer's keys). */
export { copyConversationLink } from './slice-deep-link';
export { findActions } from './slice-find';
export { undoLatest } from './slice-undo';
