import type { ConversationPart, Id, SystemPartRef } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { AttachmentStore } from './attachment-store';
import type { OutboxItem } from './types';

/** One attempt at an outbox item: the API call its action becomes, with the item's random_id. */
export async function sendAction(
  item: OutboxItem,
  api: ApiClient,
  adminId: Id,
  attachments: AttachmentStore | undefined,
): Promise<ConversationPart | SystemPartRef | null> {
  const { action, randomId } = item;
  switch (action.kind) {
    case 'reply': {
      const request = {
        body: action.body,
        type: action.note ? ('note' as const) : ('reply_admin' as const),
        fromAdmin: adminId,
        randomId,
        actions: action.actions,
      };
      if (!action.attachment) return api.reply(action.conversationId, request);
      const bytes = await attachments?.read(action.attachment);
      if (!bytes)
        throw new ApiError('bad-request', `The attachment ${action.attachment.name} is no longer on this computer`);
      return api.reply(action.conversationId, request, {
        name: action.attachment.name,
        type: action.attachment.type || 'application/octet-stream',
        bytes,
      });
    }
    case 'tag':
      return api.tag(action.conversationId, action.tag, action.op, { fromAdmin: adminId, randomId });
    case 'assign':
      return api.assign(action.conversationId, action.adminId, { fromAdmin: adminId, randomId });
    case 'close':
      return api.close(action.conversationId, { fromAdmin: adminId, randomId });
  }
}
