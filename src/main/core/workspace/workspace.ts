import type { Id } from '../../../shared/api/types';
import { CoalescedReads } from '../sync/coalesced-reads';
import type { RealtimeEvent } from '../../../shared/realtime';
import { Emitter } from '../../../shared/emitter';
import type { InboxSnapshot, WorkspaceEventMap } from '../../../shared/ipc/contract';
import { UsersApi } from '../api/users-api';
import { AgentAttention, type Attention } from '../attention/agent-attention';
import { inboxInterval, partsInterval } from '../attention/cadence';
import type { ShownConversation } from '../attention/page-attention';
import type { WorkspaceHandlers } from '../contract/contract-dispatch';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/settings';
import { AlertRecord } from '../alerts/alert-record';
import { silentLogger } from '../log/logger';
import type { ScopedLog } from '../ports';
import { AttachmentStore } from '../outbox/attachment-store';
import { Outbox } from '../outbox/outbox';
import type { OutboxItem } from '../outbox/types';
import { JsonFile } from '../storage/json-file';
import { ConversationFeed } from '../sync/conversation-feed';
import { Directory } from '../directory/directory';
import { InboxSync } from '../sync/inbox-sync';
import { slimInboxApi } from '../sync/slim-conversation';
import { createHandlers } from './handlers';
import type { BuiltWorkspaceOptions } from './workspace-options';
import { Drafts } from '../conversation/drafts';
import { Snoozes, type SnoozeFile } from '../snooze/snoozes';
import { withSnooze } from '../snooze/snooze-rows';
import { snoozePresetTime, type Snooze, type SnoozePreset } from '../../../shared/snooze';
import { AccountAlerts } from '../alerts/account-alerts';
import { DEFAULT_ALERT_SETTINGS } from '../../../shared/alerts';
import { InboxCache } from './inbox-cache';
import { AttachmentImages } from '../toolkit/attachment-images';
import { VisitorNotifications, type NotificationContext } from '../notifications/deliver';
import { wire } from './wiring';
import { TypingRelay } from '../conversation/typing-relay';

export type { Attention };

/** At most this long at stop for the writes that were waiting for their undo window to be sent. */
const SEND_HELD_AT_STOP_MS = 3000;
/** More rows than any screen shows: a renderer that reports more is cut here. */
const MAX_VIEWED_ROWS = 60;

/**
 * Everything Perch's main side does for one signed-in account, free of Electron: it syncs,
 * sends through the outbox, decides notifications and answers the IPC contract.
 */
export class Workspace {
  readonly events = new Emitter<WorkspaceEventMap>();
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly directory: Directory;
  readonly users: UsersApi;
  readonly drafts: Drafts;
  readonly snoozes: Snoozes;
  readonly images: AttachmentImages;
  readonly handlers: WorkspaceHandlers;
  private readonly unsubscribers: (() => void)[] = [];
  private readonly syncLog: ScopedLog;
  /** Reads asked for by realtime messages: one at a time per conversation, a few at a time in all. */
  private readonly refreshes: CoalescedReads;
  /** Typing on its way to the window: a few a second per conversation, the latest winning. */
  private readonly typing: TypingRelay;
  /** Whether the agent is looking, and at what: the cadence, read state and notifications follow it. */
  readonly attention = new AgentAttention();
  private readonly cache: InboxCache;
  /** Every decision about a visitor message (shared by the accounts when they pass one in). */
  readonly alerts: AlertRecord;
  private viewedRows: Id[] = [];
  /** The conversations whose rows were last sent as snoozed. */
  private snoozedShown = new Set<Id>();
  /** The inbox sorted, kept until it changes: the first screen and the chunks after it share one sort. */
  private sorted: InboxSnapshot | null = null;
  /** The agent's switch for this account: off, no realtime connection is opened and polling carries everything. */
  private liveUpdates: boolean;
  private started = false;
  /** Perch's sounds and the escalation ladder for this account, when the app has them. */
  private readonly alerting: AccountAlerts | null;
  private readonly notifications: VisitorNotifications;

  constructor(readonly options: BuiltWorkspaceOptions) {
    const { api, clock, account } = options;
    const log = options.log ?? silentLogger;
    this.syncLog = log.scope(`sync ${account.id}`);
    this.inbox = new InboxSync({
      api: slimInboxApi(api),
      clock,
      adminId: account.adminId,
      intervalMs: options.inboxIntervalMs ?? 3000,
      random: options.random,
      lookingAt: () => this.attention.lookingAt(),
      snoozed: (id) => this.snoozes.get(id) !== undefined,
      sweepReadsPerPoll: options.sweepReadsPerPoll,
    });
    this.refreshes = new CoalescedReads({
      read: (id) => this.inbox.refresh(id),
      known: (id) => this.inbox.conversation(id) !== undefined || this.onScreen(id),
      poll: () => this.inbox.pollSoon(),
      clock,
    });
    this.typing = new TypingRelay({
      clock,
      known: (id) => this.inbox.conversation(id) !== undefined || this.onScreen(id),
      pass: (event) => this.events.emit('conversation:typing', event),
    });
    this.feed = new ConversationFeed({ api, clock, intervalMs: options.partsIntervalMs ?? 1500 });
    this.outbox = new Outbox({
      api,
      clock,
      adminId: account.adminId,
      random: options.random,
      log: log.scope(`outbox ${account.id}`),
      file: new JsonFile<OutboxItem[]>(`${options.dataDir}/outbox-${account.appId}.json`),
      attachments: new AttachmentStore(`${options.dataDir}/outbox-files-${account.appId}`),
    });
    this.drafts = new Drafts({ file: new JsonFile(`${options.dataDir}/drafts-${account.appId}.json`), clock });
    this.snoozes = new Snoozes({
      file: new JsonFile<SnoozeFile>(`${options.dataDir}/snoozes-${account.appId}.json`),
      clock,
    });
    this.users = new UsersApi(api);
    this.directory = new Directory({ users: this.users, clock });
    this.cache = new InboxCache(`${options.dataDir}/inbox-${account.appId}.json`, this.inbox, clock, options.damage);
    this.alerts = options.alertRecord ?? new AlertRecord();
    this.images = new AttachmentImages({ baseUrl: account.baseUrl });
    this.handlers = createHandlers(this);
    this.liveUpdates = options.liveUpdates !== false;
    this.alerting = options.alerts
      ? new AccountAlerts({
          ladder: options.alerts,
          accountId: account.id,
          current: () => this.notificationContext(),
        })
      : null;
    this.notifications = new VisitorNotifications({
      notifier: options.notifier,
      inbox: this.inbox,
      alerts: this.alerts,
      alerting: this.alerting,
      log: log.scope(`notify ${account.id}`),
    });
  }

  /** Who a notification is for and what holds now: the settings, label and language as they are at this event. */
  private notificationContext(): NotificationContext {
    const { options } = this;
    return {
      accountId: options.account.id,
      accountLabel: options.accountLabel?.() ?? null,
      locale: options.locale?.() ?? 'en',
      settings: options.notificationSettings?.() ?? DEFAULT_NOTIFICATION_SETTINGS,
      alerts: options.alertSettings?.() ?? DEFAULT_ALERT_SETTINGS,
      myAdminId: options.account.adminId,
      lookingAt: this.attention.lookingAt(),
      osDoNotDisturb: this.attention.current.osDoNotDisturb,
      now: new Date(options.clock.now()),
    };
  }

  async start(): Promise<void> {
    this.unsubscribers.push(
      ...wire({
        accountId: this.options.account.id,
        events: this.events,
        api: this.options.api,
        inbox: this.inbox,
        feed: this.feed,
        outbox: this.outbox,
        directory: this.directory,
        snoozes: this.snoozes,
        images: this.images,
        attention: this.attention,
        cache: this.cache,
        refreshes: this.refreshes,
        notifications: this.notifications,
        alerting: this.alerting,
        realtime: this.options.realtime,
        search: this.options.search,
        syncLog: this.syncLog,
        notificationContext: () => this.notificationContext(),
        inboxMoved: () => (this.sorted = null),
        snoozesChanged: (list) => {
          // Rows that were or are snoozed are sent again with their snooze (or without it).
          const ids = new Set([...this.snoozedShown, ...list.map((s) => s.conversationId)]);
          this.snoozedShown = new Set(list.map((s) => s.conversationId));
          this.inbox.touch([...ids]);
        },
        applyViewing: () => this.applyViewing(),
        setAttention: (change) => this.setAttention(change),
        realtimeEvent: (event) => this.onRealtime(event),
      }),
    );
    const realtime = this.options.realtime;
    const outboxProblem = await this.outbox.load();
    if (outboxProblem) this.options.damage?.add('outbox', outboxProblem);
    await this.drafts.load();
    const snoozeProblem = await this.snoozes.load().catch((error: unknown) => ({
      movedTo: null,
      kept: null,
      total: null,
      reason: String(error),
    }));
    if (snoozeProblem) this.options.damage?.add('snoozes', snoozeProblem);
    this.snoozedShown = new Set(this.snoozes.list().map((s) => s.conversationId));
    await this.cache.restore();
    this.alerting?.know(this.inbox.snapshot().rows);
    // What the cache held is what is on disk: nothing to write back.
    this.cache.markSaved();
    this.inbox.start();
    this.outbox.resume();
    this.directory.start();
    // What came due while Perch was not running returns now.
    this.snoozes.start();
    this.started = true;
    if (this.liveUpdates) realtime?.start();
  }

  /**
   * The agent switched live updates on or off for this account. Off closes the connection, and
   * its status `off` puts polling back on its own cadence; on connects again.
   */
  async switchLiveUpdates(on: boolean): Promise<void> {
    this.liveUpdates = on;
    if (!this.started) return;
    if (on) this.options.realtime?.start();
    else await this.options.realtime?.stop();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.options.realtime?.stop();
    this.refreshes.stop();
    this.typing.stop();
    this.inbox.stop();
    this.snoozes.stop();
    this.feed.close();
    // Quitting ends the undo windows: a close not taken back is sent now, or kept for the next start.
    await this.sendHeld();
    await this.outbox.flush().catch(() => {});
    this.outbox.stop();
    this.directory.stop();
    await this.drafts.flush();
    await this.snoozes.flush();
    for (const off of this.unsubscribers.splice(0)) off();
    this.alerting?.stop();
    await this.images.close();
    await this.cache.close();
  }

  /**
   * A realtime message says what changed, never moves the poll cursor: the conversation is
   * read at once (a part arriving shows in the open timeline before that read ends).
   */
  private onRealtime(event: RealtimeEvent): void {
    // A message on the live line is a good answer: the account is fresh however long since the last poll.
    this.inbox.heardGood();
    if (event.type === 'typing') {
      const { conversationId, from, adminId, body } = event;
      return this.typing.typing({ conversationId, from, adminId, body });
    }
    if (event.type === 'presence') return this.directory.presenceChanged();
    if (event.part) this.feed.add(event.conversationId, [event.part]);
    this.refreshes.request(event.conversationId);
  }

  /** What waits for its undo window is sent, for a few seconds at most; the rest stays in the outbox file. */
  private async sendHeld(): Promise<void> {
    let timer: unknown = null;
    const waited = new Promise<void>(
      (resolve) => (timer = this.options.clock.setTimeout(resolve, SEND_HELD_AT_STOP_MS)),
    );
    await Promise.race([this.outbox.sendHeld().catch(() => {}), waited]);
    this.options.clock.clearTimeout(timer);
  }

  /** Focus, visibility, idle, sleep and power changes: they set how often Perch polls. */
  setAttention(change: Partial<Attention>): void {
    const wasSuspended = this.attention.current.suspended;
    const wasSeen = this.attention.windowSeen();
    this.attention.update(change);
    // The agent opened Perch: whatever was escalating has reached them.
    if (!wasSeen && this.attention.windowSeen()) this.alerting?.perchOpened();
    const attention = this.attention.current;
    this.inbox.setInterval(inboxInterval(attention, this.options.cadence));
    this.feed.setInterval(partsInterval(attention, this.options.cadence));
    // Back from sleep, or back in front of the agent: catch up now.
    if ((wasSuspended && !attention.suspended) || change.windowFocused === true) this.inbox.pollSoon();
    // A machine that slept may have passed a snooze's time.
    if (wasSuspended && !attention.suspended) this.snoozes.check();
  }

  /** The conversation open in the page in front of the agent (PageAttention): looked at when it is this account's. */
  setShown(shown: ShownConversation | null): void {
    this.attention.setOpenConversation(shown?.accountId === this.options.account.id ? shown.conversationId : null);
  }

  /** The rows on the agent's screen: with the open conversation, the sweep keeps them current first. */
  setViewedRows(ids: Id[]): void {
    this.viewedRows = ids.slice(0, MAX_VIEWED_ROWS);
    this.applyViewing();
  }

  /** Whether the conversation is open or its row is on the agent's screen. */
  private onScreen(id: Id): boolean {
    return this.attention.open === id || this.viewedRows.includes(id);
  }

  /** What the agent can see: nothing while the window is out of sight, so the sweep walks the inbox. */
  private applyViewing(): void {
    const open = this.attention.open;
    if (!this.attention.windowSeen()) this.inbox.setViewing([]);
    else this.inbox.setViewing(open === null ? this.viewedRows : [open, ...this.viewedRows]);
  }

  /** "Try now": the inbox polls and every write waiting for its next attempt is sent, at once. */
  tryNow(): void {
    this.inbox.pollSoon();
    this.outbox.tryNow();
  }

  /** The network is back: catch up and send what waits, without waiting for the next tick. */
  networkReturned(): void {
    this.inbox.pollSoon();
    this.outbox.resume();
  }

  /** The whole inbox newest first, with its counts, health and progress. */
  sortedInbox(): InboxSnapshot {
    if (!this.sorted) {
      const snapshot = this.inbox.snapshot();
      this.sorted = { ...snapshot, rows: withSnooze(snapshot.rows, this.snoozes) };
    }
    return this.sorted;
  }

  get currentAttention(): Attention {
    return this.attention.current;
  }

  /**
   * A Snooze button on a notification, where the OS has buttons (the adapters add them): the
   * conversation snoozed by a preset in local time, as the window's menu would.
   */
  snoozeFromNotification(conversationId: Id, preset: SnoozePreset): Promise<Snooze> {
    const until = snoozePresetTime(preset, new Date(this.options.clock.now()));
    const seen = this.inbox.conversation(conversationId)?.part_last?.id ?? null;
    return this.snoozes.snooze(conversationId, until, '', seen);
  }

  /** A click on a notification: the adapter shows the window, the renderer opens the conversation. */
  notificationClicked(conversationId: Id): void {
    this.alertDismissed(conversationId);
    this.events.emit('conversation:navigate', { conversationId });
  }

  /** The agent acted on this conversation's notification: its escalation ends. */
  alertDismissed(conversationId: Id): void {
    this.alerting?.opened(conversationId);
  }
}
