import type { Id } from '../../shared/api/types';
import { Emitter } from '../../shared/emitter';
import { translator, type Locale } from '../../shared/i18n';
import type { SyncHealth, UnreadTotals } from '../../shared/inbox';
import type { AccountInfo, EventMap } from '../../shared/ipc/contract';
import type { ApiClient } from './api/client';
import { UsersApi } from './api/users-api';
import { DEFAULT_CADENCE, inboxInterval, partsInterval, type CadenceInputs } from './cadence';
import type { Clock } from './clock';
import type { WorkspaceHandlers } from './contract-dispatch';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationFor, type NotificationSettings, type VisitorNotification } from './notification-policy';
import { AttachmentStore } from './outbox/attachment-store';
import { Outbox } from './outbox/outbox';
import type { OutboxItem } from './outbox/types';
import { JsonFile } from './storage/json-file';
import { ConversationFeed } from './sync/conversation-feed';
import { Directory } from './sync/directory';
import { InboxSync, type InboxCacheState } from './sync/inbox-sync';
import type { RealtimeClient } from './sync/realtime-client';
import { createHandlers } from './workspace-handlers';
import { Drafts } from './drafts';

/** Shows native notifications; the Electron adapter or the browser host implements it. */
export interface Notifier {
  show(notification: VisitorNotification): void;
}

/** Draws the unread state somewhere outside the window (the tray). */
export interface StatusIndicator {
  update(state: { totals: UnreadTotals; health: SyncHealth }): void;
}

export interface WorkspaceOptions {
  api: ApiClient;
  account: AccountInfo;
  clock: Clock;
  notifier: Notifier;
  /** Where the outbox (and later caches) live for this account. */
  dataDir: string;
  indicator?: StatusIndicator;
  openExternal(url: string): Promise<void>;
  inboxIntervalMs?: number;
  partsIntervalMs?: number;
  /** Read at each decision, so a settings change applies at once. */
  notificationSettings?: () => NotificationSettings;
  locale?: Locale;
  /** The server's realtime stream, when Perch should try to use it. */
  realtime?: RealtimeClient;
}

/** What the adapters know about the agent's attention and the machine. */
export interface Attention extends CadenceInputs {
  osDoNotDisturb: boolean;
}

const CACHE_SAVE_MS = 2000;

/**
 * Everything Perch's main side does for one signed-in account, free of Electron: it syncs,
 * sends through the outbox, decides notifications and answers the IPC contract.
 */
export class Workspace {
  readonly events = new Emitter<EventMap>();
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly directory: Directory;
  readonly users: UsersApi;
  readonly drafts: Drafts;
  readonly handlers: WorkspaceHandlers;
  private readonly unsubscribers: (() => void)[] = [];
  private attention: Attention = { ...DEFAULT_CADENCE, osDoNotDisturb: false };
  private readonly cache: JsonFile<InboxCacheState>;
  private cacheTimer: unknown = null;

  constructor(readonly options: WorkspaceOptions) {
    const { api, clock, account } = options;
    this.inbox = new InboxSync({ api, clock, adminId: account.adminId, intervalMs: options.inboxIntervalMs ?? 3000 });
    this.feed = new ConversationFeed({ api, clock, intervalMs: options.partsIntervalMs ?? 1500 });
    this.outbox = new Outbox({
      api,
      clock,
      adminId: account.adminId,
      file: new JsonFile<OutboxItem[]>(`${options.dataDir}/outbox-${account.appId}.json`),
      attachments: new AttachmentStore(`${options.dataDir}/outbox-files-${account.appId}`),
    });
    this.drafts = new Drafts({ file: new JsonFile(`${options.dataDir}/drafts-${account.appId}.json`), clock });
    this.users = new UsersApi(api);
    this.directory = new Directory({ users: this.users, clock });
    this.cache = new JsonFile<InboxCacheState>(`${options.dataDir}/inbox-${account.appId}.json`);
    this.handlers = createHandlers(this);
  }

  async start(): Promise<void> {
    this.unsubscribers.push(
      this.inbox.events.on('change', (change) => {
        this.events.emit('inbox:changed', change);
        this.scheduleCacheSave();
        this.options.indicator?.update({ totals: change.totals, health: change.health });
      }),
      this.inbox.events.on('visitor-message', (event) => {
        const notification = notificationFor(event, {
          myAdminId: this.options.account.adminId,
          activeConversationId: this.feed.activeId,
          windowFocused: this.attention.windowFocused,
          osDoNotDisturb: this.attention.osDoNotDisturb,
          settings: this.options.notificationSettings?.() ?? DEFAULT_NOTIFICATION_SETTINGS,
          now: new Date(this.options.clock.now()),
          t: translator(this.options.locale ?? 'en'),
        });
        if (notification) this.options.notifier.show(notification);
      }),
      this.inbox.events.on('health', (health) => {
        if (health === 'ok') this.outbox.resume();
      }),
      this.feed.events.on('parts', (event) => {
        this.inbox.markSeen(event.conversationId);
        this.events.emit('conversation:parts', event);
      }),
      this.feed.events.on('trouble', (error) => this.inbox.reportTrouble(error)),
      this.outbox.events.on('changed', (items) => this.events.emit('outbox:changed', items)),
      this.directory.events.on('channels', (channels) => this.events.emit('channels:changed', channels)),
      this.directory.events.on('visitors', (visitors) => this.events.emit('visitors:changed', visitors)),
      this.outbox.events.on('sent', ({ item, part }) => {
        if (part) this.feed.add(item.action.conversationId, [part]);
        // Tags change no part, so the cursor poll would not see them: read the conversation.
        void this.inbox.refresh(item.action.conversationId).catch(() => this.inbox.pollSoon());
      }),
    );
    const realtime = this.options.realtime;
    if (realtime) {
      this.unsubscribers.push(
        realtime.events.on('status', (status) => this.setAttention({ realtime: status === 'connected' })),
        realtime.events.on('event', (event) => {
          if (event.type === 'typing') {
            this.events.emit('conversation:typing', { conversationId: event.conversation_id, from: event.from, adminId: event.admin_id, body: event.body });
            return;
          }
          this.inbox.ingest([event.conversation]);
          if (event.type === 'part') this.feed.add(event.conversation.id, [event.part]);
        }),
      );
    }
    await this.outbox.load();
    await this.drafts.load();
    await this.restoreCache();
    this.inbox.start();
    this.outbox.resume();
    this.directory.start();
    realtime?.start();
  }

  async stop(): Promise<void> {
    await this.options.realtime?.stop();
    this.inbox.stop();
    this.feed.close();
    this.outbox.stop();
    this.directory.stop();
    await this.drafts.flush();
    for (const off of this.unsubscribers.splice(0)) off();
    if (this.cacheTimer !== null) this.options.clock.clearTimeout(this.cacheTimer);
    await this.cache.write(this.inbox.exportState()).catch(() => {});
  }

  /** Focus, visibility, idle, sleep and power changes: they set how often Perch polls. */
  setAttention(change: Partial<Attention>): void {
    const wasSuspended = this.attention.suspended;
    this.attention = { ...this.attention, ...change };
    this.inbox.setInterval(inboxInterval(this.attention));
    this.feed.setInterval(partsInterval(this.attention));
    // Back from sleep, or back in front of the agent: catch up now.
    if ((wasSuspended && !this.attention.suspended) || change.windowFocused === true) this.inbox.pollSoon();
  }

  /** The network is back: catch up and send what waits, without waiting for the next tick. */
  networkReturned(): void {
    this.inbox.pollSoon();
    this.outbox.resume();
  }

  get currentAttention(): Attention {
    return this.attention;
  }

  private async restoreCache(): Promise<void> {
    try {
      const state = await this.cache.read();
      if (state && Array.isArray(state.conversations) && Array.isArray(state.seenAt)) this.inbox.restore(state);
    } catch {
      // A cache that cannot be used is only a slower start: the full sync runs instead.
    }
  }

  private scheduleCacheSave(): void {
    if (this.cacheTimer !== null) return;
    this.cacheTimer = this.options.clock.setTimeout(() => {
      this.cacheTimer = null;
      void this.cache.write(this.inbox.exportState()).catch(() => {});
    }, CACHE_SAVE_MS);
  }

  /** A click on a notification: the adapter shows the window, the renderer opens the conversation. */
  notificationClicked(conversationId: Id): void {
    this.events.emit('conversation:navigate', { conversationId });
  }
}
