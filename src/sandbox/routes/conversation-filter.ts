import type { ConversationRecord } from '../model';
import type { Params } from '../http/params';
import type { Major } from '../http/version';
import { badRequest } from '../http/errors';

/** A user message unanswered for longer than this makes a conversation "delayed". */
export const DELAYED_AFTER_SECONDS = 300;

const ASSISTANT_TYPES = [
  'dialogflow',
  'yandex_ai',
  'lead_bot',
  'routing_bot',
  'facebook_bot',
  'telegram_bot',
  'widget_bot',
] as const;

function tagList(params: Params, version: Major): string[] | undefined {
  if (!params.has('tags')) return undefined;
  if (version === 1)
    return (params.string('tags') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const values = params.all('tags');
  if (values.length === 1 && values[0]?.trim().startsWith('[')) {
    const parsed = params.json('tags');
    if (!Array.isArray(parsed) || !parsed.every((t) => typeof t === 'string'))
      throw badRequest('tags must be a JSON array of strings');
    return parsed as string[];
  }
  return values;
}

/** Builds the predicate of GET /apps/{id}/conversations from its parameters. */
export function conversationFilter(
  params: Params,
  version: Major,
  nowSeconds: number,
): (c: ConversationRecord) => boolean {
  const closed = params.bool('closed');
  const assistantType = params.oneOf('assistant_type', ASSISTANT_TYPES);
  if (assistantType) {
    return (c) => c.assistantType === assistantType && (closed === undefined || c.closed === closed);
  }
  const answered = params.bool('answered');
  const delayed = params.bool('delayed');
  const assigned = params.id('assigned');
  const includeNotAssigned = params.bool('include_not_assigned', false);
  const tags = tagList(params, version);
  const includeNoTags = params.bool('include_no_tags', false);
  const channel = params.id('channel');

  return (c) => {
    if (c.assistantType !== null || c.userReplies === 0) return false;
    if (closed !== undefined && c.closed !== closed) return false;
    if (answered !== undefined && (c.waitingSince === null) !== answered) return false;
    if (delayed !== undefined) {
      const isDelayed = !c.closed && c.waitingSince !== null && nowSeconds - c.waitingSince > DELAYED_AFTER_SECONDS;
      if (isDelayed !== delayed) return false;
    }
    if (c.assigneeId === null) {
      if (!includeNotAssigned && assigned !== '0') return false;
    } else if (assigned !== undefined && c.assigneeId !== assigned) return false;
    if (tags && tags.length > 0) {
      if (!tags.every((t) => c.tags.includes(t))) return false;
    } else if (includeNoTags && c.tags.length > 0) return false;
    if (channel !== undefined && (channel === '0' ? c.channelId !== null : c.channelId !== channel)) return false;
    return true;
  };
}
