import type { ConversationPart, CursorPosition } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import type { ApiError } from '../api/errors';
import type { OutboxFailure } from '../../../shared/outbox';
import type { OutboxItem } from './types';

const PART_TYPE: Partial<Record<OutboxItem['action']['kind'], string[]>> = {
  reply: ['reply_admin', 'note'],
  assign: ['assigned'],
  close: ['closed'],
};

/**
 * Looks for the part an earlier attempt may have created, by its random_id, paging back
 * through the conversation until parts are older than the item itself.
 */
export async function findLandedPart(api: ApiClient, item: OutboxItem): Promise<ConversationPart | null> {
  const types = PART_TYPE[item.action.kind];
  if (!types) return null;
  const oldest = item.createdAt / 1000 - 300;
  let position: CursorPosition | undefined;
  for (let page = 0; page < 20; page++) {
    const { items, meta } = await api.listParts(item.action.conversationId, {
      position,
      direction: 'before',
      count: 50,
    });
    const hit = items.find((p) => p.random_id === item.randomId && types.includes(p.type));
    if (hit) return hit;
    const last = items[items.length - 1];
    if (!meta.next_before_position || !last || last.created < oldest) return null;
    position = meta.next_before_position;
  }
  return null;
}

/** Why an attempt failed, in the words the renderer puts into the agent's language. */
export function failureOf(error: ApiError): OutboxFailure {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return 'offline';
    case 'server':
    case 'rate-limited':
      return 'server';
    case 'auth':
      return 'signed-out';
    case 'permission':
      return 'permission';
    case 'not-found':
      return 'not-found';
    case 'malformed':
      return 'malformed';
    case 'bad-request':
      return 'refused';
  }
}
