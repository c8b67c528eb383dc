import type { MessageKey } from '../../../../shared/i18n';
import {
  accountFilters,
  assignToOthers,
  channels,
  filterToggles,
  goToDirectory,
  goToViews,
  markShownRead,
  preferences,
  tags,
  type CommandContext,
  type FamilyMember,
} from './command-families';
import { diagnosticsActions } from '../alerts/actions';
import { findActions, copyConversationLink, undoLatest } from '../conversation/actions';
import { latestHeld } from '../conversation/selectors';
import { myAdminId, type PerchState } from '../../store';
import { zoomBy } from '../settings/actions';
import { toolkitActions } from '../toolkit/actions';
import { onInbox, rowToToggle, selectedConversations, selectedCount } from './bulk-commands';
import { bulkActions } from '../inbox/actions';

/** Where a command belongs: the palette shows the groups in this order, the group's name beside each command. */
export const COMMAND_GROUPS = ['conversation', 'inbox', 'app'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/**
 * Where a command's keys work: in the workspace while no text field has focus (the default),
 * anywhere (even in a text field or over a sheet), or in the composer, which reads them itself.
 */
export type KeysWork = 'workspace' | 'anywhere' | 'composer';

/** What of a key press a command's keys are matched against. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** What the composer offers the commands whose keys it reads (`keysWork: 'composer'`). */
export interface ComposerKeyActions {
  send(): void;
  /** Inserts the saved reply of that number (1…9); false when there is none. */
  insertSavedReply(n: number): boolean;
}

/** One thing the agent can do, declared once: the palette, the keyboard and the help sheet read it from here. */
export interface PerchCommand {
  id: string;
  group: CommandGroup;
  /** Its name in the palette and the help sheet. */
  label: MessageKey;
  /** Keys as `KeyboardEvent.key` names, `Mod+` for Ctrl (Cmd on a Mac): `'j'`, `'ArrowDown'`, `'Mod+k'`. */
  keys?: readonly string[];
  /** How the help sheet writes the keys, when a list of them would be long (`Alt+1…9`). */
  keysLabel?: string;
  keysWork?: KeysWork;
  /** Listed in the palette (the default), or only known by its keys. */
  inPalette?: boolean;
  /** Whether it can run now: the palette leaves it out and its keys do nothing otherwise. */
  available?(state: PerchState): boolean;
  /** Does it. Absent for keys the composer reads itself. */
  perform?(state: PerchState): void;
  /**
   * For keys the composer reads (`keysWork: 'composer'`): what one of `keys` does there, with
   * what the composer offers; true when it took the key (the box then does nothing more with it).
   */
  inComposer?(press: KeyPress, composer: ComposerKeyActions): boolean;
}

/** A command per thing of a kind (a view, a channel, a tag…), listed in the palette only. */
export interface CommandFamily {
  id: string;
  group: CommandGroup;
  members(context: CommandContext): FamilyMember[];
}

export type CommandEntry = PerchCommand | CommandFamily;

export const isFamily = (entry: CommandEntry): entry is CommandFamily => 'members' in entry;

/**
 * Focuses what a command leads to: at once from the keyboard; from the palette the workspace
 * is still inert this instant, so again once the palette has gone, unless the agent has pressed
 * a key since (Escape typed at once must leave the field, not be undone by the second focus).
 */
function focus(selector: string): void {
  const find = () => document.querySelector<HTMLElement>(selector);
  find()?.focus();
  let keyPressed = false;
  const onKey = () => (keyPressed = true);
  document.addEventListener('keydown', onKey, { capture: true, once: true });
  setTimeout(() => {
    document.removeEventListener('keydown', onKey, { capture: true });
    const element = find();
    if (!keyPressed && element && document.activeElement !== element) element.focus();
  }, 0);
}

const conversationOpen = (state: PerchState) => state.conversation !== null;
const openRow = (state: PerchState) => (state.conversation ? state.rows.get(state.conversation.key) : undefined);

/**
 * Every command, in the order the help sheet lists their keys; the palette shows them group by
 * group (`COMMAND_GROUPS`), in this order within each group.
 */
export const COMMANDS: readonly CommandEntry[] = [
  { id: 'views', group: 'inbox', members: goToViews },
  { id: 'directory', group: 'inbox', members: goToDirectory },
  { id: 'channels', group: 'inbox', members: channels },
  { id: 'filters', group: 'inbox', members: filterToggles },
  { id: 'tags', group: 'inbox', members: tags },
  {
    id: 'filters:clear',
    group: 'inbox',
    label: 'palette.clearFilters',
    perform: (state) => state.clearFilters(),
  },
  { id: 'next', group: 'inbox', label: 'help.next', keys: ['j', 'ArrowDown'], perform: (state) => state.step(1) },
  {
    id: 'previous',
    group: 'inbox',
    label: 'help.previous',
    keys: ['k', 'ArrowUp'],
    perform: (state) => state.step(-1),
  },
  {
    id: 'reply',
    group: 'conversation',
    label: 'help.reply',
    keys: ['r'],
    available: conversationOpen,
    perform: (state) => {
      state.setComposerMode('reply');
      focus('.composer textarea');
    },
  },
  {
    id: 'note',
    group: 'conversation',
    label: 'help.note',
    keys: ['n'],
    available: conversationOpen,
    perform: (state) => {
      state.setComposerMode('note');
      focus('.composer textarea');
    },
  },
  {
    id: 'tag',
    group: 'conversation',
    label: 'conversation.addTag',
    available: conversationOpen,
    perform: () => focus('.tags input'),
  },
  {
    id: 'assign-me',
    group: 'conversation',
    label: 'help.assignToMe',
    keys: ['a'],
    available: (state) => {
      const row = openRow(state);
      return row !== undefined && row.assignee?.id !== myAdminId(state);
    },
    perform: (state) => void state.assign(myAdminId(state)),
  },
  { id: 'assign-to', group: 'conversation', members: assignToOthers },
  {
    id: 'unassign',
    group: 'conversation',
    label: 'conversation.unassign',
    available: (state) => Boolean(openRow(state)?.assignee),
    perform: (state) => void state.assign(null),
  },
  {
    id: 'close',
    group: 'conversation',
    label: 'help.close',
    keys: ['e'],
    available: (state) => openRow(state)?.closed === false,
    perform: (state) => void state.closeAndNext(),
  },
  // Undo of the newest notice's action; in a text field Ctrl+Z stays the field's own.
  {
    id: 'undo',
    group: 'conversation',
    label: 'help.undo',
    keys: ['Mod+z'],
    available: (state) => latestHeld(state.outbox, Date.now()) !== undefined,
    perform: () => undoLatest(),
  },
  // Snooze (Z, as in Intercom) and unsnooze: Perch's own, kept by the core (core/snooze), held here in toolkit/slice.ts.
  {
    id: 'snooze',
    group: 'conversation',
    label: 'snooze.command',
    keys: ['z'],
    available: (state) => {
      const row = openRow(state);
      return row !== undefined && !row.closed && row.snoozedUntil === undefined;
    },
    perform: () => toolkitActions().setSnoozeOpen(true),
  },
  {
    id: 'wake',
    group: 'conversation',
    label: 'snooze.wakeCommand',
    available: (state) => openRow(state)?.snoozedUntil !== undefined,
    perform: () => void toolkitActions().wake(),
  },
  {
    id: 'reopen',
    group: 'conversation',
    label: 'conversation.reopenCommand',
    available: (state) => openRow(state)?.closed === true,
    perform: (state) => state.explainReopen(),
  },
  {
    id: 'copy-link',
    group: 'conversation',
    label: 'deepLink.copy',
    available: conversationOpen,
    perform: (state) => void copyConversationLink(state.conversation!.accountId, state.conversation!.id),
  },
  // Selecting rows of the inbox list for a bulk action, as Front, Help Scout and Gmail do: X toggles
  // the focused (or open) row, Shift+J / Shift+K extend the selection, Esc clears it (bulk-commands.ts).
  {
    id: 'select-toggle',
    group: 'inbox',
    label: 'help.selectToggle',
    keys: ['x'],
    inPalette: false,
    available: (state) => onInbox(state) && rowToToggle(state) !== null,
    perform: (state) => {
      const key = rowToToggle(state);
      if (key !== null) bulkActions().toggle(key);
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
    perform: () => bulkActions().extend(1),
  },
  {
    id: 'select-up',
    group: 'inbox',
    label: 'help.selectUp',
    keys: ['K'],
    keysLabel: 'Shift+K',
    inPalette: false,
    available: onInbox,
    perform: () => bulkActions().extend(-1),
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
    perform: () => bulkActions().clear(),
  },
  { id: 'bulk', group: 'inbox', members: selectedConversations },
  { id: 'search', group: 'inbox', label: 'help.search', keys: ['/'], perform: () => focus('[data-search]') },
  { id: 'read-all', group: 'inbox', members: markShownRead },
  {
    id: 'palette',
    group: 'app',
    label: 'help.palette',
    keys: ['Mod+k'],
    keysWork: 'anywhere',
    inPalette: false,
    perform: (state) => {
      if (state.sheet === 'palette') state.closeSheet('palette');
      // Over another sheet the palette does not open: that sheet has the keyboard.
      else if (!document.querySelector('[aria-modal="true"]')) state.openSheet('palette');
    },
  },
  {
    id: 'send',
    group: 'conversation',
    label: 'help.send',
    keys: ['Mod+Enter'],
    keysWork: 'composer',
    inPalette: false,
    inComposer: (_press, composer) => {
      composer.send();
      return true;
    },
  },
  {
    id: 'saved-reply',
    group: 'conversation',
    label: 'help.savedReply',
    keys: ['Alt+1', 'Alt+2', 'Alt+3', 'Alt+4', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9'],
    keysLabel: 'Alt+1…9',
    keysWork: 'composer',
    inPalette: false,
    inComposer: (press, composer) => composer.insertSavedReply(Number(press.key)),
  },
  {
    id: 'find',
    group: 'conversation',
    label: 'help.find',
    keys: ['Mod+f'],
    // Also from the reply box; never over a sheet but the palette, which closes as it runs it.
    keysWork: 'anywhere',
    available: (state) =>
      state.conversation !== null && state.closing === null && (state.sheet === null || state.sheet === 'palette'),
    perform: () => setTimeout(() => findActions().show(), 0),
  },
  {
    id: 'saved-reply-picker',
    group: 'conversation',
    label: 'help.slash',
    // Typed first in the box, it opens the saved replies' picker (`slashQuery` reads this key).
    keys: ['/'],
    keysLabel: '/',
    keysWork: 'composer',
    inPalette: false,
  },
  { id: 'help', group: 'app', label: 'help.help', keys: ['?'], perform: (state) => state.openSheet('help') },
  // Ctrl+= / Ctrl+- / Ctrl+0 (Cmd on a Mac) zoom the window from anywhere, a text field included.
  {
    id: 'zoom:in',
    group: 'app',
    label: 'zoom.in',
    keys: ['Mod+=', 'Mod++'],
    keysLabel: 'Ctrl+=',
    keysWork: 'anywhere',
    perform: () => zoomBy('in'),
  },
  {
    id: 'zoom:out',
    group: 'app',
    label: 'zoom.out',
    keys: ['Mod+-', 'Mod+_'],
    keysLabel: 'Ctrl+-',
    keysWork: 'anywhere',
    perform: () => zoomBy('out'),
  },
  {
    id: 'zoom:reset',
    group: 'app',
    label: 'zoom.reset',
    keys: ['Mod+0'],
    keysWork: 'anywhere',
    perform: () => zoomBy('reset'),
  },
  { id: 'settings', group: 'app', label: 'settings.title', perform: (state) => void state.openSettings() },
  {
    id: 'diagnostics',
    group: 'app',
    label: 'diagnostics.title',
    perform: () => void diagnosticsActions().show(),
  },
  {
    id: 'saved-replies',
    group: 'app',
    label: 'replies.title',
    perform: (state) => state.openSheet('saved-replies'),
  },
  { id: 'preferences', group: 'app', members: preferences },
  { id: 'accounts', group: 'app', label: 'accounts.title', perform: (state) => state.openSheet('accounts') },
  { id: 'connect', group: 'app', label: 'accounts.add', perform: (state) => state.openConnect() },
  { id: 'account-filters', group: 'inbox', members: accountFilters },
];

const KEY_NAMES: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', Mod: 'Ctrl' };

/** A key as the agent reads it: `J`, `↓`, `Ctrl+K`. */
export function keyLabel(key: string): string {
  return key
    .split('+')
    .map((part) => KEY_NAMES[part] ?? (part.length === 1 ? part.toUpperCase() : part))
    .join('+');
}

/** The help sheet: every command with keys, in the table's order, its keys as the agent reads them. */
export function helpEntries(table: readonly CommandEntry[] = COMMANDS): { keys: string; label: MessageKey }[] {
  return table.flatMap((entry) => {
    if (isFamily(entry) || (!entry.keys?.length && !entry.keysLabel)) return [];
    return [{ keys: entry.keysLabel ?? entry.keys!.map(keyLabel).join(' / '), label: entry.label }];
  });
}
