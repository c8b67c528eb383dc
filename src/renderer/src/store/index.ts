import { create } from 'zustand';
import type { FirstRequests } from '../app/first-requests';
import type { PerchBridge } from '../../../shared/ipc/contract';
import { accountsSlice } from '../features/accounts/slice';
import { conversationSlice, type ConversationState } from '../features/conversation/slice';
import { readHistory } from '../features/conversation/read-history';
import { inboxSlice, type Screen } from '../features/inbox/slice';
import { searchSlice } from '../features/inbox/slice-search';
import { settingsSlice } from '../features/settings/slice';
import { visitorSlice } from '../features/visitor/slice';
import { connectSlice } from './connect-slice';
import { overlaySlice, type SheetName } from './overlay-slice';
import type { PerchState } from './perch-state';

export type { ConversationState, PerchState, Screen, SheetName };
export { shownIds } from '../features/inbox/selectors';
export { myAdminId } from '../features/accounts/accounts-view';

/** The one store of the workspace: each feature's slice owns its state and actions (src/renderer/README.md). */
export const usePerch = create<PerchState>()((set, get) => ({
  ...accountsSlice(set, get),
  ...inboxSlice(set, get),
  ...searchSlice(set, get),
  ...conversationSlice(set, get),
  ...settingsSlice(set, get),
  ...visitorSlice(get),
  ...overlaySlice(set, get),
  ...connectSlice(set, get),
}));

/** Opens the store on main's contract at start (`connect`), before the app mounts. */
export function connectStore(
  bridge: PerchBridge,
  first?: FirstRequests,
  firstScreenShown?: Promise<void>,
): Promise<void> {
  return usePerch.getState().connect(bridge, first, firstScreenShown);
}

// What the open conversation shows, once read without trouble, is held for when the server cannot give it again.
usePerch.subscribe(({ conversation }, previous) => {
  if (conversation && conversation !== previous.conversation && !conversation.loading && !conversation.error)
    readHistory.keep(conversation.key, conversation);
});

// Whatever changed the search (typing, a filter cleared), main is asked what Perch has read of it.
usePerch.subscribe((state, before) => {
  if (state.query !== before.query) void state.searchRead(state.query);
});
