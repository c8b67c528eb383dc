import { create } from 'zustand';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { ChannelSummary, LeadQuery, LeadRow, VisitorRow } from '../../../../shared/directory';
import { describeError } from '../../ui/text/errors';
import { usePerch } from '../../store';
import { mainApi } from '../../main-api';

const PAGE = 50;

export type LeadSort = 'recent' | 'name' | 'sessions';
export interface LeadOptions {
  sort: LeadSort;
  withEmail: boolean;
  withPhone: boolean;
}
const SORTS: Record<LeadSort, Pick<LeadQuery, 'sortProp' | 'sortOrder'>> = {
  recent: { sortProp: '$last_seen', sortOrder: 'desc' },
  name: { sortProp: '$name', sortOrder: 'asc' },
  sessions: { sortProp: '$sessions', sortOrder: 'desc' },
};

/** One page of leads as the screen asks for it. */
const leadQuery = (offset: number, search: string, options: LeadOptions): LeadQuery => ({
  offset,
  limit: PAGE,
  ...SORTS[options.sort],
  ...(search ? { search } : {}),
  ...(options.withEmail ? { withEmail: true } : {}),
  ...(options.withPhone ? { withPhone: true } : {}),
});

export interface DirectoryState {
  /** The account whose channels, visitors and leads these are (see directoryAccountOf). */
  accountId: AccountId | null;
  /** The channels of `accountId`. */
  channels: ChannelSummary[];
  /** Every running account's channels: the sidebar lists them all under "All accounts". */
  channelsByAccount: Record<AccountId, ChannelSummary[]>;
  visitors: VisitorRow[];
  leads: { rows: LeadRow[]; total: number; search: string; loading: boolean; error: string | null };
  /** How leads are sorted and narrowed on the server. */
  leadOptions: LeadOptions;
  init(): void;
  /** Clears what belonged to the previous account and reads the channels of this one. */
  reset(accountId: AccountId | null): void;
  /** Reads the channels of accounts newly running and forgets those of accounts gone. */
  followAccounts(running: readonly AccountId[]): void;
  watchVisitors(on: boolean): Promise<void>;
  searchLeads(search: string): Promise<void>;
  setLeadOptions(patch: Partial<LeadOptions>): Promise<void>;
  moreLeads(): Promise<void>;
  /** Starts a conversation with a visitor and opens it. */
  message(userId: Id, body: string): Promise<string | null>;
  /** The visitor the Write dialog is open for (the workspace is inert behind it). */
  writing: { userId: Id; name: string } | null;
  setWriting(writing: { userId: Id; name: string } | null): void;
}

const bridge = mainApi;

/** Channels, live visitors and leads: the slower lists, kept apart from the inbox state. */
export const useDirectory = create<DirectoryState>()((set, get) => ({
  accountId: null,
  channels: [],
  channelsByAccount: {},
  visitors: [],
  leads: { rows: [], total: 0, search: '', loading: false, error: null },
  leadOptions: { sort: 'recent', withEmail: false, withPhone: false },
  writing: null,
  setWriting: (writing) => set({ writing }),

  init() {
    const b = bridge();
    if (!b) return;
    b.on('channels:changed', ({ accountId, value }) => keepChannels(accountId, value));
    // Only the live visitors of the account shown: the others' go unseen.
    b.on('visitors:changed', ({ accountId, value }) => accountId === get().accountId && set({ visitors: value }));
  },

  reset(accountId) {
    set({
      accountId,
      channels: accountId === null ? [] : (get().channelsByAccount[accountId] ?? []),
      visitors: [],
      leads: { rows: [], total: 0, search: '', loading: false, error: null },
    });
    if (accountId !== null) readChannels(accountId);
  },

  followAccounts(running) {
    const known = get().channelsByAccount;
    for (const accountId of running) if (!(accountId in known)) readChannels(accountId);
    const kept = Object.fromEntries(Object.entries(known).filter(([id]) => running.includes(id)));
    if (Object.keys(kept).length !== Object.keys(known).length) set({ channelsByAccount: kept });
  },

  async watchVisitors(on) {
    const accountId = get().accountId;
    if (accountId === null) return;
    const result = await bridge()?.invoke('visitors:watch', accountId, on);
    if (result?.ok && on && get().accountId === accountId) set({ visitors: result.value });
  },

  async searchLeads(search) {
    set({ leads: { ...get().leads, search, loading: true, error: null } });
    const options = get().leadOptions;
    const accountId = get().accountId;
    if (accountId === null) return;
    const result = await bridge()?.invoke('leads:page', accountId, leadQuery(0, search, options));
    // A newer search, option change or account answers instead of this one.
    if (get().leads.search !== search || get().leadOptions !== options || get().accountId !== accountId || !result)
      return;
    set({
      leads: result.ok
        ? { rows: result.value.rows, total: result.value.total, search, loading: false, error: null }
        : { ...get().leads, loading: false, error: describeError(result.error) },
    });
  },

  async setLeadOptions(patch) {
    set({ leadOptions: { ...get().leadOptions, ...patch } });
    await get().searchLeads(get().leads.search);
  },

  async moreLeads() {
    const { leads, accountId } = get();
    if (leads.loading || leads.rows.length >= leads.total || accountId === null) return;
    set({ leads: { ...leads, loading: true } });
    const result = await bridge()?.invoke(
      'leads:page',
      accountId,
      leadQuery(leads.rows.length, leads.search, get().leadOptions),
    );
    if (get().accountId !== accountId) return;
    if (!result?.ok)
      return set({ leads: { ...get().leads, loading: false, error: result ? describeError(result.error) : null } });
    // The list can shift between pages: a lead already shown is not shown twice.
    const seen = new Set(get().leads.rows.map((r) => r.id));
    set({
      leads: {
        ...get().leads,
        rows: [...get().leads.rows, ...result.value.rows.filter((r) => !seen.has(r.id))],
        total: result.value.total,
        loading: false,
      },
    });
  },

  async message(userId, body) {
    const accountId = get().accountId;
    const result = accountId === null ? undefined : await bridge()?.invoke('visitor:message', accountId, userId, body);
    if (!result || accountId === null) return describeError({ code: 'offline', message: '' });
    if (!result.ok) return describeError(result.error);
    usePerch.getState().setScreen('inbox');
    // Null: sent, though the answer did not name its conversation; the inbox shows it on the next poll.
    if (result.value !== null) await usePerch.getState().open(accountId, result.value);
    return null;
  },
}));

/** An account's channels as they arrive, for the sidebar and, for the account shown, the directory. */
function keepChannels(accountId: AccountId, channels: ChannelSummary[]): void {
  // An account signed out meanwhile is not brought back.
  if (!usePerch.getState().accounts.some((a) => a.id === accountId)) return;
  const state = useDirectory.getState();
  useDirectory.setState({
    channelsByAccount: { ...state.channelsByAccount, [accountId]: channels },
    ...(accountId === state.accountId ? { channels } : {}),
  });
}

/** Accounts whose channels are being read: one read each at a time. */
const reading = new Set<AccountId>();
function readChannels(accountId: AccountId): void {
  const b = bridge();
  if (!b || reading.has(accountId)) return;
  reading.add(accountId);
  void b
    .invoke('channels:get', accountId)
    .then((r) => r.ok && keepChannels(accountId, r.value))
    .finally(() => reading.delete(accountId));
}
