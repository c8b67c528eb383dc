import type { Id } from '../../shared/api/types';
import { Emitter } from '../../shared/emitter';
import { translator, type Locale } from '../../shared/i18n';
import type { SyncHealth, UnreadTotals } from '../../shared/inbox';
import type { AccountInfo, EventMap } from '../../shared/ipc/contract';
import { safeExternalUrl } from '../../shared/links';
import type { ApiClient } from './api/client';
import { cryptoRandomId, type Clock } from './clock';
import { ContractError, type ContractHandlers } from './contract-dispatch';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationFor, type NotificationSettings, type VisitorNotification } from './notification-policy';
import { ConversationFeed } from './sync/conversation-feed';
import { InboxSync } from './sync/inbox-sync';

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
  indicator?: StatusIndicator;
  openExternal(url: string): Promise<void>;
  inboxIntervalMs?: number;
  partsIntervalMs?: number;
  notificationSettings?: NotificationSettings;
  locale?: Locale;
}

/**
 * Everything Perch's main side does for one signed-in account, free of Electron: it syncs,
 * decides notifications and answers the IPC contract. Adapters wire it to a window.
 */
export class Workspace {
  readonly events = new Emitter<EventMap>();
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly handlers: ContractHandlers;
  private readonly unsubscribers: (() => void)[] = [];

  constructor(private readonly options: WorkspaceOptions) {
    const { api, clock, account } = options;
    this.inbox = new InboxSync({ api, clock, adminId: account.adminId, intervalMs: options.inboxIntervalMs ?? 3000 });
    this.feed = new ConversationFeed({ api, clock, intervalMs: options.partsIntervalMs ?? 1500 });
    this.handlers = this.createHandlers();
  }

  start(): void {
    this.unsubscribers.push(
      this.inbox.events.on('change', (change) => {
        this.events.emit('inbox:changed', change);
        this.options.indicator?.update({ totals: change.totals, health: change.health });
      }),
      this.inbox.events.on('visitor-message', (event) => {
        const notification = notificationFor(event, {
          myAdminId: this.options.account.adminId,
          activeConversationId: this.feed.activeId,
          settings: this.options.notificationSettings ?? DEFAULT_NOTIFICATION_SETTINGS,
          t: translator(this.options.locale ?? 'en'),
        });
        if (notification) this.options.notifier.show(notification);
      }),
      this.feed.events.on('parts', (event) => {
        this.inbox.markSeen(event.conversationId);
        this.events.emit('conversation:parts', event);
      }),
    );
    this.inbox.start();
  }

  stop(): void {
    this.inbox.stop();
    this.feed.close();
    for (const off of this.unsubscribers.splice(0)) off();
  }

  /** A click on a notification: the adapter shows the window, the renderer opens the conversation. */
  notificationClicked(conversationId: Id): void {
    this.events.emit('conversation:navigate', { conversationId });
  }

  private createHandlers(): ContractHandlers {
    return {
      'app:ready': async () => this.options.account,
      'inbox:get': async () => this.inbox.snapshot(),
      'conversation:open': async (conversationId) => {
        const parts = await this.feed.open(conversationId);
        this.inbox.setActive(conversationId);
        const row = this.inbox.row(conversationId) ?? (await this.loadRow(conversationId));
        return { row, parts };
      },
      'conversation:leave': async () => {
        this.feed.close();
        this.inbox.setActive(null);
        return null;
      },
      'conversation:reply': async (draft) => {
        const part = await this.options.api.reply(draft.conversationId, {
          body: draft.body,
          type: draft.kind === 'note' ? 'note' : 'reply_admin',
          fromAdmin: this.options.account.adminId,
          randomId: cryptoRandomId(),
        });
        this.feed.add(draft.conversationId, [part]);
        this.inbox.pollSoon();
        return part;
      },
      'link:open': async (url) => {
        const safe = safeExternalUrl(url);
        if (!safe) throw new ContractError('invalid-arguments', 'Only http and https links can be opened');
        await this.options.openExternal(safe.toString());
        return null;
      },
    };
  }

  private async loadRow(conversationId: Id) {
    await this.inbox.pollOnce();
    const row = this.inbox.row(conversationId);
    if (!row) throw new ContractError('not-found', `Conversation ${conversationId} is not in this inbox`);
    return row;
  }
}
