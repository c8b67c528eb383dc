/** What other features read of the inbox feature: pure functions of its state, its types, and the hooks reading it. */
export { heldBatches } from './held-batches';
export { filtersOf, type InboxFilterState, tagsOf, type ViewId, VIEWS, visibleIds } from './inbox-filters';
export { sortKeyOf } from './inbox-order';
export { type ListPlace, neighbourOf, samePlace } from './list-place';
export type { SearchMemory } from './search-memory';
export type { Screen } from './slice';
export { type InboxLoadState, inboxMoved } from './slice-loading';
export { shownIds } from './shown-ids';
