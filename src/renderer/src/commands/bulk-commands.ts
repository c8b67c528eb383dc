import type { ConversationKey } from '../../../shared/accounts';
import { conversationKey } from '../../../shared/accounts';
import { tn } from '../i18n';
import { useBulk } from '../state/bulk-store';
import type { PerchState } from '../state/store';
import type { CommandContext, FamilyMember } from './command-families';
import type { CommandEntry } from './command-table';

const onInbox = (state: PerchState) => state.screen === 'inbox';
const selectedCount = () => useBulk.getState().keys.size;

/** The row X toggles: the inbox row with the focus, else the open conversation's. */
function rowToToggle(state: PerchState): ConversationKey | null {
  const focused = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  const row = focused?.closest?.<HTMLElement>('[role="option"][data-account-id]') ?? null;
  const { accountId, conversationId } = row?.dataset ?? {};
  if (accountId && conversationId) return conversationKey(accountId, conversationId);
  return state.conversation?.key ?? null;
}

/** What the palette offers for the selected conversations (the bar over the list has the rest). */
function selectedConversations(): FamilyMember[] {
  const count = selectedCount();
  if (!count) return [];
  const { run } = useBulk.getState();
  return [
    { id: 'bulk:close', title: tn('bulk.paletteClose', count), run: () => void run({ kind: 'close' }) },
    { id: 'bulk:assign-me', title: tn('bulk.paletteAssignMe', count), run: () => void run({ kind: 'assign-me' }) },
    { id: 'bulk:unassign', title: tn('bulk.paletteUnassign', count), run: () => void run({ kind: 'unassign' }) },
  ];
}

/**
 * Selecting rows of the inbox list for a bulk action, as Front, Help Scout and Gmail do: X
 * toggles the focused (or open) row, Shift+J / Shift+K extend the selection, Esc clears it.
 */
export const BULK_COMMANDS: readonly CommandEntry[] = [
  {
    id: 'select-toggle',
    group: 'inbox',
    label: 'help.selectToggle',
    keys: ['x'],
    inPalette: false,
    available: (state) => onInbox(state) && rowToToggle(state) !== null,
    perform: (state) => {
      const key = rowToToggle(state);
      if (key !== null) useBulk.getState().toggle(key);
    },
  },
  // Shift+J reaches the table as 'J'; the help sheet names the Shift.
  {
    id: 'select-down',
    group: 'inbox',
    label: 'help.selectDown',
    keys: ['J'],
    keysLabel: 'Shift+J',
    inPalette: false,
    available: onInbox,
    perform: () => useBulk.getState().extend(1),
  },
  {
    id: 'select-up',
    group: 'inbox',
    label: 'help.selectUp',
    keys: ['K'],
    keysLabel: 'Shift+K',
    inPalette: false,
    available: onInbox,
    perform: () => useBulk.getState().extend(-1),
  },
  // Read by the list's rows themselves (InboxList.tsx): listed for the help sheet.
  { id: 'select-click', group: 'inbox', label: 'help.selectClick', keysLabel: 'Ctrl+click / Shift+click' },
  {
    id: 'select-clear',
    group: 'inbox',
    label: 'help.selectClear',
    keys: ['Escape'],
    keysLabel: 'Esc',
    available: () => selectedCount() > 0,
    perform: () => useBulk.getState().clear(),
  },
  { id: 'bulk', group: 'inbox', members: (_context: CommandContext) => selectedConversations() },
];
