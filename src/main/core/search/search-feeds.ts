import type { AccountId } from '../../../shared/accounts';
import type { Outbox } from '../outbox/outbox';
import type { ConversationFeed } from '../sync/conversation-feed';
import type { InboxSync } from '../sync/inbox-sync';
import type { SearchStore } from './search-store';

/**
 * Feeds one account's reading into the search store: each conversation's last message as the
 * inbox reads it, the open conversation's parts as they arrive, and every reply and note the
 * outbox sent (the conversation need never be opened again for them to be found).
 * The parts a window asks for (`conversation:open`, `:older`, `:newer`) are fed by the handlers.
 */
export function feedSearch(
  store: SearchStore,
  accountId: AccountId,
  sources: { inbox: InboxSync; feed: ConversationFeed; outbox: Outbox },
): (() => void)[] {
  const { inbox, feed, outbox } = sources;
  return [
    inbox.events.on('change', (change) => {
      for (const row of change.upserted) {
        const last = inbox.conversation(row.id)?.part_last;
        if (last) store.read(accountId, row.id, [last]);
      }
    }),
    feed.events.on('parts', ({ conversationId, parts }) => store.read(accountId, conversationId, parts)),
    outbox.events.on('sent', ({ item, part }) => {
      const { action } = item;
      if (action.kind !== 'reply') return;
      store.wrote(accountId, action.conversationId, part?.id ?? item.id, action.body);
      if (part) store.read(accountId, action.conversationId, [part]);
    }),
  ];
}
