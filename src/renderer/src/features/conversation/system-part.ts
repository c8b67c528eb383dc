import type { ConversationPart } from '../../../../shared/api/types';
import { t } from '../../ui/i18n';

/**
 * Parts the platform writes about a conversation rather than in it (/objects/conversationpart):
 * drawn as one line of the timeline, in a sentence. Types Perch does not know and that carry
 * no text are said in a general sentence, never by their code.
 */
const SYSTEM_TYPES = new Set([
  'assigned',
  'closed',
  'final_closed',
  'tag_added',
  'tag_deleted',
  'channel_changed',
  'delayed',
  'vote',
  'opened',
  'reopened',
  'service',
]);
const MESSAGE_TYPES = new Set(['reply_user', 'reply_admin', 'note', 'article', 'auto_reply', 'reply_django_user']);

export const isSystemPart = (part: ConversationPart): boolean =>
  SYSTEM_TYPES.has(part.type) || (!MESSAGE_TYPES.has(part.type) && !part.body && part.attachments.length === 0);

export function systemPartText(part: ConversationPart): string {
  const admin = typeof part.from === 'object' && part.from ? part.from.name : '';
  switch (part.type) {
    case 'closed':
    case 'final_closed':
      return t('conversation.closedBy', { admin });
    case 'assigned':
      return part.assignee ? t('conversation.assigned', { admin: part.assignee.name }) : t('conversation.noAssignee');
    case 'tag_added':
      return t('timeline.tagAdded', { admin, tag: part.body });
    case 'tag_deleted':
      return t('timeline.tagDeleted', { admin, tag: part.body });
    case 'channel_changed':
      return t('timeline.channelChanged');
    case 'vote':
      return t('timeline.vote');
    case 'delayed':
      return t('timeline.delayed');
    case 'opened':
    case 'reopened':
      return t('timeline.reopened');
    default:
      return part.body || t('timeline.event');
  }
}
