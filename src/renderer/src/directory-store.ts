import { create } from 'zustand';
import type { Id } from '../../shared/api/types';
import type { ChannelSummary, LeadRow, VisitorRow } from '../../shared/directory';
import type { InboxRow } from '../../shared/inbox';
import { usePerch } from './store';

const PAGE = 50;

export interface DirectoryState {
  channels: ChannelSummary[];
  visitors: VisitorRow[];
  leads: { rows: LeadRow[]; total: number; search: string; loading: boolean; error: string | null };
  init(): void;
  /** Clears what belonged to the previous workspace and reads the channels of the current one. */
  reset(): void;
  watchVisitors(on: boolean): Promise<void>;
  searchLeads(search: string): Promise<void>;
  moreLeads(): Promise<void>;
  /** Starts a conversation with a visitor and opens it. */
  message(userId: Id, body: string): Promise<string | null>;
}

const bridge = () => usePerch.getState().bridge;

/** Channels, live visitors and leads: the slower lists, kept apart from the inbox state. */
export const useDirectory = create<DirectoryState>()((set, get) => ({
  channels: [],
  visitors: [],
  leads: { rows: [], total: 0, search: '', loading: false, error: null },

  init() {
    const b = bridge();
    if (!b) return;
    b.on('channels:changed', (channels) => set({ channels }));
    b.on('visitors:changed', (visitors) => set({ visitors }));
  },

  reset() {
    set({ channels: [], visitors: [], leads: { rows: [], total: 0, search: '', loading: false, error: null } });
    void bridge()?.invoke('channels:get').then((r) => r.ok && set({ channels: r.value }));
  },

  async watchVisitors(on) {
    const result = await bridge()?.invoke('visitors:watch', on);
    if (result?.ok && on) set({ visitors: result.value });
  },

  async searchLeads(search) {
    set({ leads: { ...get().leads, search, loading: true, error: null } });
    const result = await bridge()?.invoke('leads:page', { offset: 0, limit: PAGE, search: search || undefined });
    if (get().leads.search !== search || !result) return;
    set({ leads: result.ok ? { rows: result.value.rows, total: result.value.total, search, loading: false, error: null } : { ...get().leads, loading: false, error: result.error.message } });
  },

  async moreLeads() {
    const { leads } = get();
    if (leads.loading || leads.rows.length >= leads.total) return;
    set({ leads: { ...leads, loading: true } });
    const result = await bridge()?.invoke('leads:page', { offset: leads.rows.length, limit: PAGE, search: leads.search || undefined });
    if (!result?.ok) return set({ leads: { ...get().leads, loading: false, error: result?.error.message ?? null } });
    // The list can shift between pages: a lead already shown is not shown twice.
    const seen = new Set(get().leads.rows.map((r) => r.id));
    set({ leads: { ...get().leads, rows: [...get().leads.rows, ...result.value.rows.filter((r) => !seen.has(r.id))], total: result.value.total, loading: false } });
  },

  async message(userId, body) {
    const result = await bridge()?.invoke('visitor:message', userId, body);
    if (!result?.ok) return result?.error.message ?? 'offline';
    usePerch.getState().setScreen('inbox');
    await usePerch.getState().open(result.value);
    return null;
  },
}));

/** Administrators Perch knows of: channel operators and anyone a loaded conversation is assigned to, by name. */
export function knownAdmins(channels: ChannelSummary[], rows: Iterable<InboxRow>): { id: Id; name: string }[] {
  const admins = new Map<Id, string>();
  for (const channel of channels) for (const operator of channel.operators) if (operator.name) admins.set(operator.id, operator.name);
  for (const row of rows) if (row.assignee && !admins.has(row.assignee.id)) admins.set(row.assignee.id, row.assignee.name);
  return [...admins].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
