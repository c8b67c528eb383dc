import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import { VIEWS, type ViewId } from './inbox-filters';
import { usePerch } from '../../store';

const PLACE_KEY = 'perch.place';

/** Where the agent was: the view, the last conversation open in each account, and which account's was open. */
interface Place {
  view: ViewId;
  account: AccountId | null;
  open: Record<AccountId, Id>;
}

function readPlace(storage: Storage): Place | null {
  try {
    const value = JSON.parse(storage.getItem(PLACE_KEY) ?? 'null') as Partial<Place> | null;
    if (!value || typeof value !== 'object') return null;
    const view = (VIEWS as readonly string[]).includes(value.view as string) ? (value.view as ViewId) : 'open';
    const open = typeof value.open === 'object' && value.open !== null ? value.open : {};
    const account = typeof value.account === 'string' ? value.account : null;
    return { view, account, open };
  } catch {
    return null;
  }
}

/**
 * Keeps the view and the open conversation in the window's session storage, so that a reload
 * shows the same conversation in the same view again. The place is read back (`restore`) once
 * the first rows are in; only then is it written, as the agent moves.
 */
export async function restoreAndRememberPlace(storage: Storage = sessionStorage): Promise<void> {
  const saved = readPlace(storage);
  const place: Place = saved ?? { view: usePerch.getState().view, account: null, open: {} };
  const state = usePerch.getState();
  if (saved) {
    if (saved.view !== state.view) state.setView(saved.view);
    const id = saved.account !== null ? saved.open[saved.account] : undefined;
    // IDs are decimal strings; anything else in the storage is not followed.
    const held = state.accounts.some((a) => a.id === saved.account);
    if (typeof id === 'string' && /^[1-9]\d{0,19}$/.test(id) && held && state.conversation === null)
      await state.open(saved.account!, id);
  }
  let shown = '';
  const write = () => {
    const { view, conversation, accounts } = usePerch.getState();
    place.view = view;
    if (conversation) {
      place.account = conversation.accountId;
      place.open[conversation.accountId] = conversation.id;
    } else place.account = null;
    // The accounts no longer held are forgotten.
    if (accounts.length > 0)
      for (const id of Object.keys(place.open)) if (!accounts.some((a) => a.id === id)) delete place.open[id];
    const text = JSON.stringify(place);
    if (text === shown) return;
    shown = text;
    try {
      storage.setItem(PLACE_KEY, text);
    } catch {
      // A full or refused storage costs the place after a reload, nothing else.
    }
  };
  write();
  usePerch.subscribe((next, previous) => {
    if (next.view !== previous.view || next.conversation?.key !== previous.conversation?.key) write();
  });
}
