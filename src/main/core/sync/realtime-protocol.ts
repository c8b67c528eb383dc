import { z } from 'zod';
import { idSchema, partSchema } from '../../../shared/api/schemas';
import type { RealtimeEvent } from '../../../shared/realtime';
import type { Id } from '../../../shared/api/types';

/** The channels an agent's inbox needs, for one application (/rts/channels). */
export function inboxChannels(appId: Id): string[] {
  return [
    'conversation',
    'conversation_reply',
    'conversation_typing',
    'conversation_read',
    'conversation_assigned',
    'conversation_closed',
    'conversation_tag_added',
    'conversation_tag_deleted',
    'user_presence_changed',
  ]
    .map((name) => `${name}.${appId}`)
    .concat('ping');
}

/** The platform's own hosts: the Realtime Services live beside the Web API (/rts). */
const KNOWN_HOSTS: Record<string, string> = {
  'api.carrotquest.io': 'wss://realtime-services.carrotquest.io',
  'api.carrotquest.app': 'wss://realtime-services.carrotquest.io',
  'api.dashly.app': 'wss://realtime-services.dashly.app',
  'api.dashly.io': 'wss://realtime-services.dashly.app',
};

/**
 * Where an account's Realtime Services are: the documented host for the documented API
 * host, the same server for an address on this computer (the sandbox), else none unless
 * the account names one. A token goes only over wss, or ws to this computer.
 */
export function realtimeUrlFor(
  apiBaseUrl: string,
  isLoopback: (hostname: string) => boolean,
  configured?: string,
): string | null {
  const chosen = configured ? URL.parse(configured) : null;
  if (chosen) {
    const safe = chosen.protocol === 'wss:' || (chosen.protocol === 'ws:' && isLoopback(chosen.hostname));
    return safe ? chosen.toString().replace(/\/+$/, '') : null;
  }
  const api = URL.parse(apiBaseUrl);
  if (!api) return null;
  if (isLoopback(api.hostname)) return `${api.protocol === 'https:' ? 'wss' : 'ws'}://${api.host}`;
  return KNOWN_HOSTS[api.hostname] ?? null;
}

/** Whether a token may go in this realtime URL's query: over wss, or plain ws to this computer. */
export function tokenStaysPrivateIn(url: string, isLoopback: (hostname: string) => boolean): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && (parsed.protocol === 'wss:' || (parsed.protocol === 'ws:' && isLoopback(parsed.hostname)));
}

/** A resume point: the `tag` and `time` of the last message received (Nginx Push Stream's Etag and Last-Modified). */
export interface ResumePoint {
  tag: string;
  time: string;
}

const envelopeSchema = z.looseObject({
  id: z.unknown().optional(),
  channel: z.string(),
  message: z.unknown(),
  tag: z.union([z.string(), z.number()]).transform(String).optional(),
  time: z.string().optional(),
});

const adminSchema = z.looseObject({ id: idSchema }).nullable().optional();
const conversationRef = z.looseObject({ conversation: idSchema });
const replySchema = partSchema;
const typingSchema = z.looseObject({
  conversation: idSchema,
  body: z.string().optional().default(''),
  user: idSchema.optional(),
  admin: adminSchema,
});
const presenceSchema = z.array(z.looseObject({ user: idSchema, presence: z.string() }));
const newConversationSchema = z.looseObject({ id: idSchema });

export type Decoded =
  | { kind: 'event'; event: RealtimeEvent; resume: ResumePoint | null }
  | { kind: 'ping' }
  | { kind: 'ignored'; resume: ResumePoint | null }
  | { kind: 'malformed'; channel: string; reason: string; resume: ResumePoint | null };

/** Reads one envelope `{id, channel, message, tag, time}` into what the core acts on. */
export function decodeEnvelope(raw: unknown): Decoded | null {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return null;
  const { channel, message, tag, time } = envelope.data;
  const name = channel.split('.')[0]!;
  if (name === 'ping') return { kind: 'ping' };
  const resume = tag !== undefined && time !== undefined ? { tag, time } : null;
  const fail = (error: z.ZodError) => {
    const issue = error.issues[0];
    return {
      kind: 'malformed' as const,
      channel: name,
      reason: `${issue?.path.join('.') || name}: ${issue?.message ?? 'invalid'}`,
      resume,
    };
  };
  switch (name) {
    case 'conversation_reply': {
      const part = replySchema.safeParse(message);
      if (!part.success) {
        // A part Perch cannot read still names its conversation: read that instead.
        const ref = z.looseObject({ conversation: idSchema }).safeParse(message);
        if (ref.success)
          return {
            kind: 'event',
            event: { type: 'changed', conversationId: ref.data.conversation, part: null },
            resume,
          };
        return fail(part.error);
      }
      return {
        kind: 'event',
        event: { type: 'changed', conversationId: part.data.conversation, part: part.data },
        resume,
      };
    }
    case 'conversation': {
      const conversation = newConversationSchema.safeParse(message);
      if (!conversation.success) return fail(conversation.error);
      return { kind: 'event', event: { type: 'changed', conversationId: conversation.data.id, part: null }, resume };
    }
    case 'conversation_read':
    case 'conversation_assigned':
    case 'conversation_closed':
    case 'conversation_tag_added':
    case 'conversation_tag_deleted': {
      const ref = conversationRef.safeParse(message);
      if (!ref.success) return fail(ref.error);
      return { kind: 'event', event: { type: 'changed', conversationId: ref.data.conversation, part: null }, resume };
    }
    case 'conversation_typing': {
      const typing = typingSchema.safeParse(message);
      if (!typing.success) return fail(typing.error);
      const { conversation, body, user, admin } = typing.data;
      const event: RealtimeEvent = {
        type: 'typing',
        conversationId: conversation,
        from: user !== undefined ? 'user' : 'admin',
        adminId: admin?.id ?? null,
        body: body.slice(0, 1000),
      };
      return { kind: 'event', event, resume };
    }
    case 'user_presence_changed': {
      const users = presenceSchema.safeParse(message);
      if (!users.success) return fail(users.error);
      return {
        kind: 'event',
        event: { type: 'presence', users: users.data.map((u) => ({ id: u.user, presence: u.presence })) },
        resume,
      };
    }
    default:
      // A channel Perch did not ask for, or a newer one: not Perch's business.
      return { kind: 'ignored', resume };
  }
}
