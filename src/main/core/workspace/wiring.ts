import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { Emitter } from '../../../shared/emitter';
import type { WorkspaceEventMap } from '../../../shared/ipc/contract';
import type { RealtimeEvent } from '../../../shared/realtime';
import type { Snooze } from '../../../shared/snooze';
import type { ApiClient } from '../api/client';
import type { AccountAlerts } from '../alerts/account-alerts';
import type { Attention, AgentAttention } from '../attention/agent-attention';
import type { Directory } from '../directory/directory';
import type { NotificationContext, VisitorNotifications } from '../notifications/deliver';
import { snoozeEnded } from '../notifications/kinds/snooze-ended';
import type { Outbox } from '../outbox/outbox';
import type { ScopedLog } from '../ports';
import { feedSearch } from '../search/search-feeds';
import type { SearchStore } from '../search/search-store';
import type { Snoozes } from '../snooze/snoozes';
import { withSnooze } from '../snooze/snooze-rows';
import type { CoalescedReads } from '../sync/coalesced-reads';
import type { ConversationFeed } from '../sync/conversation-feed';
import type { InboxSync } from '../sync/inbox-sync';
import type { RealtimeClient } from '../sync/realtime-client';
import type { AttachmentImages } from '../toolkit/attachment-images';
import type { InboxCache } from './inbox-cache';

/** One account's parts as the routes between its features see them (the Workspace hands them in). */
export interface WiredParts {
  readonly accountId: AccountId;
  readonly events: Emitter<WorkspaceEventMap>;
  readonly api: ApiClient;
  readonly inbox: InboxSync;
  readonly feed: ConversationFeed;
  readonly outbox: Outbox;
  readonly directory: Directory;
  readonly snoozes: Snoozes;
  readonly images: AttachmentImages;
  readonly attention: AgentAttention;
  readonly cache: InboxCache;
  readonly refreshes: CoalescedReads;
  readonly notifications: VisitorNotifications;
  readonly alerting: AccountAlerts | null;
  readonly realtime?: RealtimeClient;
  readonly search?: SearchStore;
  readonly syncLog: ScopedLog;
  /** Who a notification is for and what holds now (label, locale, settings, attention), read once per event. */
  notificationContext(): NotificationContext;
  /** The sorted inbox no longer holds. */
  inboxMoved(): void;
  /** The snoozes changed: rows that were or are snoozed are sent again. */
  snoozesChanged(list: readonly Snooze[]): void;
  /** What the agent can see changed: the sweep's order follows. */
  applyViewing(): void;
  setAttention(change: Partial<Attention>): void;
  realtimeEvent(event: RealtimeEvent): void;
}

/** A route from one feature to others: what it listens to, where it goes, and the subscription. */
export interface Route {
  from: string;
  to: string;
  connect(parts: WiredParts): (() => void) | (() => void)[];
}

/**
 * Every route between one account's features, in the order they are subscribed. A new
 * cross-feature reaction is a row here; what stays inside a feature stays in its folder.
 */
export const ROUTES: readonly Route[] = [
  {
    from: 'inbox change',
    to: 'window, inbox cache, alerts',
    connect: (w) =>
      w.inbox.events.on('change', (change) => {
        w.inboxMoved();
        if (change.upserted.length || change.removed.length) w.cache.changed();
        w.events.emit('inbox:changed', { ...change, upserted: withSnooze(change.upserted, w.snoozes) });
        w.alerting?.changed(change.upserted, change.removed, w.notificationContext());
      }),
  },
  {
    from: 'poll: visitor message',
    to: 'snooze, notification',
    connect: (w) =>
      w.inbox.events.on('visitor-message', (event) => {
        w.snoozes.visitorWrote(event.conversation.id, event.part.id);
        w.notifications.visitorMessage(event, w.notificationContext());
      }),
  },
  {
    from: 'snoozes changed',
    to: 'inbox rows',
    connect: (w) =>
      w.snoozes.events.on('changed', (list) => {
        w.inboxMoved();
        w.snoozesChanged(list);
      }),
  },
  {
    from: 'snooze returned',
    to: 'window, notification',
    connect: (w) =>
      w.snoozes.events.on('returned', (returned) => {
        w.events.emit('snooze:returned', returned);
        w.notifications.show(snoozeEnded, returned, w.notificationContext());
      }),
  },
  {
    from: 'inbox health',
    to: 'log, outbox',
    connect: (w) =>
      w.inbox.events.on('health', (health) => {
        w.syncLog.info('health changed', { health, failures: w.inbox.trouble?.failures });
        if (health === 'ok') w.outbox.resume();
      }),
  },
  {
    // Any answer of the server (a write landing, the open conversation, the directory) ends the inbox's backoff.
    from: 'any server answer',
    to: 'inbox backoff',
    connect: (w) => w.api.events.on('answered', () => w.inbox.serverAnswered()),
  },
  {
    from: 'open conversation parts',
    to: 'seen marks, images, window',
    connect: (w) =>
      w.feed.events.on('parts', (event) => {
        if (w.attention.lookingAt() === event.conversationId) w.inbox.markSeen(event.conversationId);
        w.images.receive(event.parts);
        w.events.emit('conversation:parts', event);
      }),
  },
  {
    from: 'agent looks at a conversation',
    to: 'seen marks, alerts',
    connect: (w) =>
      w.attention.events.on('looking', (conversationId: Id) => {
        w.inbox.markSeen(conversationId);
        w.alerting?.opened(conversationId);
      }),
  },
  {
    from: 'conversation opened',
    to: 'sweep order',
    connect: (w) => w.attention.events.on('open', () => w.applyViewing()),
  },
  {
    from: 'attention changed',
    to: 'sweep order',
    connect: (w) => w.attention.events.on('changed', () => w.applyViewing()),
  },
  {
    from: 'open conversation unreadable',
    to: 'inbox status',
    connect: (w) => w.feed.events.on('trouble', (error) => w.inbox.reportTrouble(error)),
  },
  {
    from: 'outbox changed',
    to: 'window',
    connect: (w) => w.outbox.events.on('changed', (items) => w.events.emit('outbox:changed', items)),
  },
  {
    from: 'channels',
    to: 'window',
    connect: (w) => w.directory.events.on('channels', (channels) => w.events.emit('channels:changed', channels)),
  },
  {
    from: 'visitors online',
    to: 'window',
    connect: (w) => w.directory.events.on('visitors', (visitors) => w.events.emit('visitors:changed', visitors)),
  },
  {
    from: 'outbox sent',
    to: 'open conversation feed, inbox',
    connect: (w) =>
      w.outbox.events.on('sent', ({ item, part }) => {
        if (part) w.feed.add(item.action.conversationId, [part]);
        // Tags change no part, so neither the cursor poll nor the stream would show them: read
        // the conversation. A write with a part reaches the inbox by the stream when it is open.
        if (item.action.kind === 'tag' || !part || !w.attention.current.realtime)
          void w.inbox.refresh(item.action.conversationId).catch(() => w.inbox.pollSoon());
      }),
  },
  {
    from: 'inbox, open conversation, outbox sent',
    to: 'search',
    connect: (w) => (w.search ? feedSearch(w.search, w.accountId, w) : []),
  },
  {
    from: 'realtime status',
    to: 'inbox, cadence, directory',
    connect: (w) =>
      w.realtime?.events.on('status', (status) => {
        w.inbox.setRealtime(status);
        const live = status === 'connected' || status === 'long-polling';
        // Back after a gap: one poll catches up with whatever the resume could not bring.
        if (live && !w.attention.current.realtime) w.inbox.pollSoon();
        w.setAttention({ realtime: live });
        w.directory.setRealtimeLive(live);
      }) ?? [],
  },
  {
    from: 'realtime message',
    to: 'inbox, feed, typing, directory',
    connect: (w) => w.realtime?.events.on('event', (event) => w.realtimeEvent(event)) ?? [],
  },
  {
    // Messages past a frame's limit were not read: the poll finds what they named.
    from: 'realtime messages missed',
    to: 'poll',
    connect: (w) => w.realtime?.events.on('missed', () => w.refreshes.leaveToPoll()) ?? [],
  },
];

/** Subscribes every route; the returned functions unsubscribe them. */
export function wire(parts: WiredParts): (() => void)[] {
  return ROUTES.flatMap((route) => route.connect(parts));
}
