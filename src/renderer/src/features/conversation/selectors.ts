/** What other features read of the conversation feature: pure functions of its state, and its types. */
export { assignBeingMade, assigningText, heldWrites, latestHeld } from './held-writes';
export type { ComposerMode } from './conversation-state';
export { formatSnoozeTime, formatSnoozeWake } from './snooze-time';
