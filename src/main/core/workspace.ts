import type { Id } from '../../shared/api/types';
import { Emitter } from '../../shared/emitter';
import { translator, type Locale } from '../../shared/i18n';
import type { SyncHealth, UnreadTotals } from '../../shared/inbox';
import type { AccountInfo, EventMap } from '../../shared/ipc/contract';
import type { ApiClient } from './api/client';
import type { Clock } from './clock';
import type { ContractHandlers } from './contract-dispatch';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationFor, type NotificationSettings, type VisitorNotification } from './notification-policy';
import { Outbox } from './outbox/outbox';
import type { OutboxItem } from './outbox/types';
import { JsonFile } from './storage/json-file';
import { ConversationFeed } from './sync/conversation-feed';
import { InboxSync } from './sync/inbox-sync';
import { createHandlers } from './workspace-handlers';

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
}

/** What the adapters know about the agent's attention and the machine. */
export interface Attention {
  windowFocused: boolean;
  osDoNotDisturb: boolean;
}

/**
 * Everything Perch's main side does for one signed-in account, free of Electron: it syncs,
 * sends through the outbox, decides notifications and answers the IPC contract.
 */
export class Workspace {
  readonly events = new Emitter<EventMap>();
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly handlers: ContractHandlers;
  private readonly unsubscribers: (() => void)[] = [];
  private attention: Attention = { windowFocused: true, osDoNotDisturb: false };

  constructor(readonly options: WorkspaceOptions) {
    const { api, clock, account } = options;
    this.inbox = new InboxSync({ api, clock, adminId: account.adminId, intervalMs: options.inboxIntervalMs ?? 3000 });
    this.feed = new ConversationFeed({ api, clock, intervalMs: options.partsIntervalMs ?? 1500 });
    this.outbox = new Outbox({ api, clock, adminId: account.adminId, file: new JsonFile<OutboxItem[]>(`${options.dataDir}/outbox-${account.appId}.json`) });
    this.handlers = createHandlers(this);
  }

  async start(): Promise<void> {
    this.unsubscribers.push(
      this.inbox.events.on('change', (change) => {
        this.events.emit('inbox:changed', change);
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
      this.outbox.events.on('changed', (items) => this.events.emit('outbox:changed', items)),
      this.outbox.events.on('sent', ({ item, part }) => {
        if (part) this.feed.add(item.action.conversationId, [part]);
        // Tags change no part, so the cursor poll would not see them: read the conversation.
        void this.inbox.refresh(item.action.conversationId).catch(() => this.inbox.pollSoon());
      }),
    );
    await this.outbox.load();
    this.inbox.start();
    this.outbox.resume();
  }

  stop(): void {
    this.inbox.stop();
    this.feed.close();
    this.outbox.stop();
    for (const off of this.unsubscribers.splice(0)) off();
  }

  setAttention(change: Partial<Attention>): void {
    this.attention = { ...this.attention, ...change };
  }

  /** A click on a notification: the adapter shows the window, the renderer opens the conversation. */
  notificationClicked(conversationId: Id): void {
    this.events.emit('conversation:navigate', { conversationId });
  }
}
