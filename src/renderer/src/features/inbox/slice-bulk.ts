import type { ActionsOf } from '../../store/actions-of';
import { create } from 'zustand';
import type { Id } from '../../../../shared/api/types';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import { BULK_MAX, type BulkAction } from '../../../../shared/bulk';
import type { AccountRow } from '../../../../shared/ipc/contract';
import { t } from '../../ui/i18n';
import { extendedBy, extendedTo, inListOrder, keptIn, NO_SELECTION, toggled, type Selection } from './selection';
import { describeError } from '../../ui/text/errors';
import { idsByAccount } from '../accounts/selectors';
import { shownIds, usePerch } from '../../store';
import { mainApi } from '../../main-api';

/** What the bar over the list does to the selected conversations: "me" is each account's own administrator. */
export type BulkChoice =
  | { kind: 'close' }
  | { kind: 'assign-me' }
  | { kind: 'assign'; adminId: Id }
  | { kind: 'unassign' }
  | { kind: 'tag'; tag: string }
  | { kind: 'snooze'; until: number }
  | { kind: 'wake' };

/**
 * A bulk snooze Undo may still take back (snoozes are Perch's own, not outbox writes): Undo, by
 * the batch, gives each conversation the snooze it had before, or wakes it.
 */
export interface SnoozedBatch {
  batch: string;
  ids: ReadonlyMap<AccountId, Id[]>;
  count: number;
  until: number;
  undoUntil: number;
}

export interface BulkState extends Selection {
  snoozed: SnoozedBatch | null;
  toggle(key: ConversationKey): void;
  /** Shift+click: the range from the anchor (or the open conversation) to this row. */
  extendTo(key: ConversationKey): void;
  /** Shift+J (+1) / Shift+K (-1). */
  extend(direction: 1 | -1): void;
  clear(): void;
  /** The list changed: rows it no longer shows leave the selection. */
  keep(list: readonly ConversationKey[]): void;
  /** Does it to every selected conversation, each through its own account, as one batch. */
  run(choice: BulkChoice): Promise<void>;
  /** Takes back the writes of a batch still held, in every account that holds some. */
  undoBatch(batch: string, accounts: readonly AccountId[], count: number): Promise<void>;
  undoSnooze(): Promise<void>;
}

/** Which selected rows an action changes: closing a closed one, or tagging one that has the tag, is nothing to undo. */
function concerned(choice: BulkChoice, row: AccountRow | undefined, me: Id | undefined): boolean {
  if (!row) return false;
  switch (choice.kind) {
    case 'close':
    case 'snooze':
      return !row.closed;
    case 'assign-me':
      return row.assignee?.id !== me;
    case 'assign':
      return row.assignee?.id !== choice.adminId;
    case 'unassign':
      return row.assignee !== null;
    case 'tag':
      return !row.tags.includes(choice.tag.trim());
    case 'wake':
      return row.snoozedUntil !== undefined;
  }
}

/** The action one account is asked to do. */
function actionFor(choice: BulkChoice, me: Id | undefined): BulkAction | null {
  switch (choice.kind) {
    case 'assign-me':
      return me === undefined ? null : { kind: 'assign', adminId: me };
    case 'unassign':
      return { kind: 'assign', adminId: null };
    default:
      return choice;
  }
}

/** A batch ID from the page's cryptographic source (randomUUID needs a secure context, which a packaged page may not be). */
function newBatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const list = () => shownIds(usePerch.getState());
const openKey = () => usePerch.getState().conversation?.key ?? null;
const showError = (message: string) => usePerch.setState({ error: message });

/** The inbox list's selection and what the bar over it does: kept apart from the main store. */
export const useBulk = create<BulkState>()((set, get) => ({
  ...NO_SELECTION,
  snoozed: null,

  toggle: (key) => set(toggled(get(), key)),
  extendTo: (key) => set(extendedTo(get(), key, list(), openKey())),
  extend: (direction) => set(extendedBy(get(), direction, list(), openKey())),
  clear: () => set(NO_SELECTION),
  keep(shown) {
    const kept = keptIn(get(), shown);
    if (kept !== get()) set(kept);
  },

  async run(choice) {
    const perch = usePerch.getState();
    const bridge = mainApi();
    const { rows, admins } = perch;
    if (!bridge) return;
    const keys = inListOrder(get(), list()).filter((key) => {
      const row = rows.get(key);
      return concerned(choice, row, row ? admins.get(row.accountId) : undefined);
    });
    if (keys.length > BULK_MAX) return showError(t('bulk.tooMany', { max: BULK_MAX }));
    set(NO_SELECTION);
    if (keys.length === 0) return;
    const batch = newBatchId();
    const grouped = idsByAccount(keys, rows);
    const answers = await Promise.all(
      [...grouped].map(async ([accountId, ids]) => {
        const action = actionFor(choice, admins.get(accountId));
        if (!action) return null;
        return { accountId, ids, result: await bridge.invoke('conversation:bulk', accountId, batch, ids, action) };
      }),
    );
    const failed = answers.find((a) => a && !a.result.ok);
    if (failed && !failed.result.ok) showError(describeError(failed.result.error));
    if (choice.kind !== 'snooze') return;
    const done = answers.filter((a) => a?.result.ok === true);
    const undoUntil = Math.max(...done.map((a) => (a!.result.ok ? (a!.result.value.undoUntil ?? 0) : 0)));
    if (done.length && undoUntil > Date.now())
      set({
        snoozed: {
          batch,
          ids: new Map(done.map((a) => [a!.accountId, a!.ids])),
          count: done.reduce((n, a) => n + a!.ids.length, 0),
          until: choice.until,
          undoUntil,
        },
      });
  },

  async undoBatch(batch, accounts, count) {
    const bridge = mainApi();
    if (!bridge) return;
    const results = await Promise.all(accounts.map((id) => bridge.invoke('outbox:undo-batch', id, batch)));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) return showError(describeError(failed.error));
    const undone = results.reduce((n, r) => n + (r.ok ? r.value : 0), 0);
    if (undone < count) showError(t('bulk.tooLate'));
  },

  async undoSnooze() {
    const snoozed = get().snoozed;
    const bridge = mainApi();
    set({ snoozed: null });
    if (!snoozed || !bridge) return;
    const results = await Promise.all(
      [...snoozed.ids.keys()].map((accountId) => bridge.invoke('outbox:undo-batch', accountId, snoozed.batch)),
    );
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) showError(describeError(failed.error));
  },
}));

/** The selection store's actions, for code outside a component (the command table): data is read with a selector. */
export const bulkActions = (): ActionsOf<BulkState> => useBulk.getState();

/** How many conversations are selected now (the command table's availability). */
export const selectedCount = (): number => useBulk.getState().keys.size;
