import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import type { AgentSettings } from '../../../../shared/settings';
import { filtersOf, visibleIds, type InboxFilterState, type ViewId } from './inbox-filters';
import { sortKeyOf } from './inbox-order';
import type { SearchMemory } from './search-memory';
import type { InboxLoadState } from './slice-loading';

/** What the list on screen is drawn from. */
interface ShownState extends InboxFilterState, InboxLoadState {
  admins: ReadonlyMap<AccountId, Id>;
  view: ViewId;
  query: string;
  searchMemory: SearchMemory;
  settings: AgentSettings | null;
}

/** The conversations the inbox list shows now, in its order: its view, search, filters and sort. */
export function shownIds(state: ShownState): ConversationKey[] {
  const filters = { ...filtersOf(state), recall: state.searchMemory.recall };
  const keys = visibleIds(state.rows, state.order, state.view, state.admins, state.query, filters);
  if (state.settings?.inboxSort !== 'oldest-waiting') return keys;
  // The order the list on screen holds, frozen while the agent works down it (inbox-order.ts).
  return state.inbox.frozenOrder(sortKeyOf(state)).arrange(keys, state.rows);
}
