import { z } from 'zod';
import { idsToStrings, isId as isDecimalId } from '../../../shared/api/ids';
import { idSchema } from '../../../shared/api/schemas';
import type { Conversation, CursorPosition, Id } from '../../../shared/api/types';

/** What a restart needs to show the inbox at once and resume from the same cursor. */
export interface InboxCacheState {
  cursor: CursorPosition | null;
  conversations: Conversation[];
  /** [conversation, its last update when seen, its last part then]. */
  seenAt: [Id, number, Id | null][];
}

/**
 * The cached inbox is checked for what the inbox and its rows rely on, so a wrong entry
 * cannot become a row; the rest passes as saved (it came through the API's schemas when it
 * was fetched). Thousands of conversations are checked at every start, so each is checked by
 * hand inside the schema: an object schema per conversation took several times as long.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => isDecimalId(v) && v !== '0';
const isNamed = (v: unknown) => isObject(v) && isId(v.id) && typeof v.name === 'string';

function isCachedConversation(c: unknown): c is Conversation {
  if (!isObject(c) || !isId(c.id)) return false;
  if (typeof c.created !== 'number' || typeof c.last_update !== 'number') return false;
  if (typeof c.read !== 'boolean' || typeof c.replied !== 'boolean' || typeof c.closed !== 'boolean') return false;
  if (!Number.isSafeInteger(c.unread_parts_count) || (c.unread_parts_count as number) < 0) return false;
  if (!Array.isArray(c.tags) || !c.tags.every((t) => typeof t === 'string')) return false;
  if (c.assignee !== null && !isNamed(c.assignee)) return false;
  if (c.channel != null && !isNamed(c.channel)) return false;
  if (c.user !== undefined && !(isObject(c.user) && isId(c.user.id))) return false;
  const last = c.part_last;
  if (last == null) return true;
  return (
    isObject(last) &&
    isId(last.id) &&
    typeof last.created === 'number' &&
    typeof last.type === 'string' &&
    typeof last.body === 'string'
  );
}

/** Caches of earlier versions carry IDs as numbers: they read as strings, everything else as it was. */
export const inboxCacheSchema = z.preprocess(
  idsToStrings,
  z.object({
    cursor: z
      .array(z.union([z.number(), z.string().max(40)]))
      .min(1)
      .max(4)
      .nullable(),
    conversations: z.array(z.custom<Conversation>(isCachedConversation, 'not a whole conversation')),
    // Earlier versions kept [conversation, time]; the last part seen came later.
    seenAt: z
      .array(z.tuple([idSchema, z.number()], idSchema.nullable()))
      .transform((marks) => marks.map(([id, at, part]) => [id, at, part ?? null] as const)),
  }),
) as unknown as z.ZodType<InboxCacheState>;
