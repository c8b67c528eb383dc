import type { ConversationKey } from '../../../../shared/accounts';
import { conversationKey } from '../../../../shared/accounts';
import { tn } from '../../ui/i18n';
import { bulkActions, selectedCount } from '../inbox/actions';
import type { PerchState } from '../../store';
import type { CommandContext, FamilyMember } from './command-families';

/** Selecting rows of the inbox list for a bulk action: what the command table's entries read. */
export const onInbox = (state: PerchState) => state.screen === 'inbox';
export { selectedCount };

/** The row X toggles: the inbox row with the focus, else the open conversation's. */
export function rowToToggle(state: PerchState): ConversationKey | null {
  const focused = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  const row = focused?.closest?.<HTMLElement>('[role="option"][data-account-id]') ?? null;
  const { accountId, conversationId } = row?.dataset ?? {};
  if (accountId && conversationId) return conversationKey(accountId, conversationId);
  return state.conversation?.key ?? null;
}

/** What the palette offers for the selected conversations (the bar over the list has the rest). */
export function selectedConversations(_context: CommandContext): FamilyMember[] {
  const count = selectedCount();
  if (!count) return [];
  const { run } = bulkActions();
  return [
    { id: 'bulk:close', title: tn('bulk.paletteClose', count), run: () => void run({ kind: 'close' }) },
    { id: 'bulk:assign-me', title: tn('bulk.paletteAssignMe', count), run: () => void run({ kind: 'assign-me' }) },
    { id: 'bulk:unassign', title: tn('bulk.paletteUnassign', count), run: () => void run({ kind: 'unassign' }) },
  ];
}
