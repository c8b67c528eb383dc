/** What other features read of the accounts feature: pure functions of its state, its types, and the hooks reading it. */
export { type HeldOutboxItem, idsByAccount, isRunning, liveWayOf, overallProgress, splitKey } from './accounts-view';
