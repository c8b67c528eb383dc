import type { CursorPosition, Id } from '../../../shared/api/types';
import type {
  ChannelSummary,
  LeadQuery,
  LeadRow,
  PropEdit,
  PropsOutcome,
  VisitorProfile,
  VisitorRow,
} from '../../../shared/directory';
import { Emitter } from '../../../shared/emitter';
import { compareRows, toInboxRow, type InboxRow, type SeenMark } from '../../../shared/inbox';
import type { UsersApi } from '../api/users-api';
import type { Clock } from '../ports';
import { profileOf } from './profile';
import { leadRow, visitorRow } from './rows';

export interface DirectoryOptions {
  users: UsersApi;
  clock: Clock;
  channelsIntervalMs?: number;
  visitorsIntervalMs?: number;
  /** The live visitors' read while realtime is live: presence messages drive the list, this only mends a lost one. */
  visitorsSafetyNetMs?: number;
}

/**
 * The slower-moving lists: channels with their counts (every minute) and, only while the agent
 * watches the live view, the visitors on the site (every 15 s; every 60 s while realtime is
 * live, when presence messages re-read it at once). Leads and profiles on demand.
 */
export class Directory {
  readonly events = new Emitter<{ channels: ChannelSummary[]; visitors: VisitorRow[] }>();
  private channelsTimer: unknown = null;
  private visitorsTimer: unknown = null;
  private lastChannels: ChannelSummary[] = [];
  private lastVisitors: VisitorRow[] = [];
  private running = false;
  private presenceRead = false;
  /** The agent has the live view open: a read ending after it closed schedules no next one. */
  private watching = false;
  /** Realtime is connected (or long polling): presence messages say when the visitors change. */
  private realtimeLive = false;

  constructor(private readonly options: DirectoryOptions) {}

  start(): void {
    this.running = true;
    void this.pollChannels();
  }

  stop(): void {
    this.running = false;
    this.options.clock.clearTimeout(this.channelsTimer);
    this.options.clock.clearTimeout(this.visitorsTimer);
  }

  get channels(): ChannelSummary[] {
    return this.lastChannels;
  }

  async watchVisitors(on: boolean): Promise<VisitorRow[]> {
    this.options.clock.clearTimeout(this.visitorsTimer);
    this.visitorsTimer = null;
    this.watching = on;
    if (!on) return this.lastVisitors;
    await this.pollVisitors();
    return this.lastVisitors;
  }

  /** Realtime came or went: without it, the live list must not wait for the safety net's long interval. */
  setRealtimeLive(live: boolean): void {
    if (live === this.realtimeLive) return;
    this.realtimeLive = live;
    if (live || this.visitorsTimer === null || this.presenceRead) return;
    this.options.clock.clearTimeout(this.visitorsTimer);
    this.scheduleVisitors();
  }

  /** A visitor came, went or idled (realtime): the live list, when shown, is read again now. */
  presenceChanged(): void {
    if (this.visitorsTimer === null || this.presenceRead) return;
    this.options.clock.clearTimeout(this.visitorsTimer);
    this.visitorsTimer = null;
    this.presenceRead = true;
    void this.pollVisitors().finally(() => (this.presenceRead = false));
  }

  async leads(query: LeadQuery): Promise<{ total: number; rows: LeadRow[] }> {
    const search = query.search?.trim();
    // The documented filter object (https://developers.dashly.io/filters): every condition must hold.
    const filters: { type: string; property_name: string; value: { value?: string } }[] = [];
    if (search)
      filters.push({
        type: 'str_contains',
        property_name: search.includes('@') ? '$email' : '$name',
        value: { value: search },
      });
    if (query.withEmail) filters.push({ type: 'known', property_name: '$email', value: {} });
    if (query.withPhone) filters.push({ type: 'known', property_name: '$phone', value: {} });
    const page = await this.options.users.leadsPage({
      offset: query.offset,
      limit: query.limit,
      sortProp: query.sortProp,
      sortOrder: query.sortOrder,
      filters: filters.length ? { type: 'and', filters } : undefined,
    });
    return { total: page.total, rows: page.users.map(leadRow) };
  }

  async profile(userId: Id): Promise<VisitorProfile> {
    const user = await this.options.users.getUser(userId, {
      propsCustom: true,
      events: true,
      segments: true,
      tags: true,
      emailStatus: true,
      presenceDetails: true,
      notes: true,
      consents: true,
    });
    return profileOf(user);
  }

  /** The visitor's latest conversations (one page), for the visitor screen. */
  async conversations(userId: Id, seenAt: (id: Id) => SeenMark | undefined): Promise<InboxRow[]> {
    const page = await this.options.users.userConversations(userId, { count: 20 });
    return page.items.map((c) => toInboxRow(c, seenAt(c.id))).sort(compareRows);
  }

  /** Edits properties, then reads the visitor again so the panel shows what the server kept. */
  async editProps(userId: Id, edits: PropEdit[]): Promise<PropsOutcome> {
    const result = await this.options.users.setProps(userId, edits);
    const ignored = result.ignored.map((i) => ({ key: String(i.key ?? ''), op: String(i.op ?? ''), reason: i.reason }));
    return { affected: result.affected, notChanged: result.notChanged, ignored, profile: await this.profile(userId) };
  }

  async unsubscribe(userId: Id): Promise<VisitorProfile> {
    await this.options.users.unsubscribeEmail(userId);
    return this.profile(userId);
  }

  private async pollChannels(): Promise<void> {
    try {
      const channels = await this.options.users.channels();
      this.lastChannels = channels.map((c) => ({
        id: c.id,
        name: c.name,
        notRead: c.not_read_count ?? 0,
        notAssigned: c.not_assigned_count ?? 0,
        operators: (c.operators ?? []).map((o) => ({ id: o.id, name: o.name })),
      }));
      this.events.emit('channels', this.lastChannels);
    } catch {
      // The inbox sync reports health; the directory tries again on its next tick.
    }
    if (this.running)
      this.channelsTimer = this.options.clock.setTimeout(
        () => void this.pollChannels(),
        this.options.channelsIntervalMs ?? 60_000,
      );
  }

  private async pollVisitors(): Promise<void> {
    try {
      const rows: VisitorRow[] = [];
      for (let position: CursorPosition | undefined, i = 0; i < 4; i++) {
        const page = await this.options.users.activeUsers({ position, count: 50 });
        rows.push(...page.items.map(visitorRow));
        // A page names where it ends even when it is the last; a short page is the last.
        if (!page.meta.next_before_position || page.items.length < 50) break;
        position = page.meta.next_before_position;
      }
      this.lastVisitors = rows;
      this.events.emit('visitors', rows);
    } catch {
      // As above: the next tick tries again.
    }
    if (this.running && this.watching) this.scheduleVisitors();
  }

  private scheduleVisitors(): void {
    const ms = this.realtimeLive
      ? (this.options.visitorsSafetyNetMs ?? 60_000)
      : (this.options.visitorsIntervalMs ?? 15_000);
    this.visitorsTimer = this.options.clock.setTimeout(() => void this.pollVisitors(), ms);
  }
}
