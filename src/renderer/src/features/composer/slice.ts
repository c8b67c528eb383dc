import { create } from 'zustand';
import type { Id } from '../../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { AccountInfo } from '../../../../shared/ipc/contract';
import type { ConversationDraft } from '../../../../shared/drafts';
import { isRunning, splitKey } from '../accounts/selectors';
import { mainApi } from '../../main-api';

/**
 * Which conversations hold an unsent reply or note, for the "Draft" mark on their rows: read
 * from main (which keeps the drafts) once per running account, then kept as the composer types.
 */
export const useDrafted = create<{ keys: ReadonlySet<ConversationKey> }>()(() => ({ keys: new Set() }));

/** The composer of a conversation holds a draft now, or no longer. */
export function markDrafted(accountId: AccountId, id: Id, drafted: boolean): void {
  const key = conversationKey(accountId, id);
  const { keys } = useDrafted.getState();
  if (keys.has(key) === drafted) return;
  const next = new Set(keys);
  if (drafted) next.add(key);
  else next.delete(key);
  useDrafted.setState({ keys: next });
}

/** The accounts whose drafts were read (a running account is read once). */
const read = new Set<AccountId>();

/** Reads the drafts of the running accounts not read yet; those of accounts no longer held go. */
export async function readDrafted(accounts: readonly AccountInfo[]): Promise<void> {
  const bridge = mainApi();
  if (!bridge) return;
  const held = new Set(accounts.map((a) => a.id));
  const { keys } = useDrafted.getState();
  const kept = [...keys].filter((key) => held.has(splitKey(key).accountId));
  if (kept.length !== keys.size) useDrafted.setState({ keys: new Set(kept) });
  for (const id of [...read]) if (!held.has(id)) read.delete(id);
  const fresh = accounts.filter((a) => isRunning(a) && !read.has(a.id));
  await Promise.all(
    fresh.map(async (account) => {
      read.add(account.id);
      const result = await bridge.invoke('draft:list', account.id);
      if (!result.ok) {
        read.delete(account.id);
        return;
      }
      const next = new Set(useDrafted.getState().keys);
      for (const id of result.value) next.add(conversationKey(account.id, id));
      useDrafted.setState({ keys: next });
    }),
  );
}

/** A conversation's draft as main keeps it (null before the store has connected). */
export function readDraft(accountId: AccountId, id: Id) {
  return mainApi()?.invoke('draft:get', accountId, id) ?? null;
}

/** Hands main a conversation's draft to keep. */
export function saveDraft(accountId: AccountId, id: Id, draft: ConversationDraft): void {
  void mainApi()?.invoke('draft:set', accountId, id, draft);
}
