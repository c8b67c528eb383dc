/** A visitor's conversation and message as the platform sends them, for the notification tests. */
import type { Conversation, ConversationPart } from '../../src/shared/api/types';

/** The agent's administrator ID in these conversations. */
export const ME = '7';
export const part = (body: string, attachments: ConversationPart['attachments'] = []): ConversationPart => ({
  id: '500',
  created: 1,
  conversation: '1',
  body,
  body_json: {},
  read: false,
  direction: 'u2a',
  type: 'reply_user',
  sent_via: 'web_user',
  attachments,
  meta_data: {},
  reply_type: 'text',
  actions: null,
  edited: null,
  removed: null,
  external_id: null,
  random_id: 0,
  part_group: '500',
  from: '3',
});
export const conversation = (id: number, assignee: string | null, name?: string): Conversation => ({
  id: String(id),
  created: 1,
  read: false,
  replied: false,
  clicked: false,
  unsubscribed: false,
  closed: false,
  message: null,
  type: 'popup_chat',
  reply_type: 'text',
  parts_count: 1,
  unread_parts_count: 1,
  last_update: 1,
  tags: [],
  last_admin: null,
  assignee: assignee === null ? null : { id: assignee, name: 'Someone', avatar: '', type: 'admin' },
  user: { id: '3', user_id: null, presence: 'online', props: name ? { $name: name } : {} },
});
