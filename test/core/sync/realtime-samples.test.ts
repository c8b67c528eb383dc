import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeEnvelope } from '../../../src/main/core/sync/realtime-protocol';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { parseJsonLosslessly } from '../../../src/shared/api/ids';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

/** The Realtime Services' samples from the documentation (test/fixtures/platform/README.md). */
const sample = (name: string): unknown => parseJsonLosslessly(readFileSync(`test/fixtures/platform/${name}`, 'utf8'));
const envelope = sample('rts-envelope.json') as Record<string, unknown>;
const wrapped = (channel: string, message: unknown) => ({ ...envelope, channel, message });

describe("Perch reads the documentation's realtime samples", () => {
  it('a new part names its conversation and carries the part, random_id and all', () => {
    const decoded = decodeEnvelope(wrapped('conversation_reply.100', sample('rts-conversation_reply.json')));
    expect(decoded).toMatchObject({
      kind: 'event',
      event: {
        type: 'changed',
        conversationId: '4718671',
        part: { id: '7498329', body: 'Reply test', type: 'reply_user', random_id: 1650977560, from: '3181982' },
      },
      resume: { tag: '21', time: 'Sat, 14 Nov 2015 15:51:54 GMT' },
    });
  });

  it('an assignment names its conversation', () => {
    expect(
      decodeEnvelope(wrapped('conversation_assigned.100', sample('rts-conversation_assigned.json'))),
    ).toMatchObject({
      kind: 'event',
      event: { type: 'changed', conversationId: '6770419', part: null },
    });
  });

  it('typing by an administrator and by a visitor', () => {
    expect(
      decodeEnvelope(wrapped('conversation_typing.100', sample('rts-conversation_typing-admin.json'))),
    ).toMatchObject({
      event: { type: 'typing', conversationId: '6778871', from: 'admin', adminId: '24450', body: 'Some text' },
    });
    expect(
      decodeEnvelope(wrapped('conversation_typing.100', sample('rts-conversation_typing-user.json'))),
    ).toMatchObject({
      event: { type: 'typing', conversationId: '6778871', from: 'user', adminId: null, body: 'Some text' },
    });
  });

  it('presence, as an array, and ping', () => {
    expect(
      decodeEnvelope(wrapped('user_presence_changed.100', sample('rts-user_presence_changed.json'))),
    ).toMatchObject({
      event: { type: 'presence', users: [{ id: '8460409', presence: 'idle' }] },
    });
    expect(decodeEnvelope(wrapped('ping', sample('rts-ping.json')))).toEqual({ kind: 'ping' });
  });
});

describe('the sandbox sends what the samples show', () => {
  let sbx: RunningSandbox;
  beforeAll(async () => {
    sbx = await sandbox({ realtime: true });
  });
  afterAll(() => sbx.close());

  /** Every key a sample shows is in the sandbox's message (the sandbox may send more, as the platform may). */
  const keysOf = (value: unknown) => Object.keys(Array.isArray(value) ? value[0] : (value as object)).sort();

  it('the envelope, a reply, an assignment, typing both ways and presence', async () => {
    const app = sbx.info.apps[0]!;
    const channels = ['conversation_reply', 'conversation_assigned', 'conversation_typing', 'user_presence_changed'];
    const socket = new WebSocket(
      `${sbx.info.baseUrl.replace(/^http/, 'ws')}/websocket/${channels.map((c) => `${c}.${app.id}`).join('/')}?auth_token=${app.token}`,
    );
    const received: Record<string, unknown>[] = [];
    socket.on('message', (data) => received.push(parseJsonLosslessly(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => socket.once('open', resolve));
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === app.id && !x.closed && x.userReplies > 0)!;
    sbx.simulator.writeInto(c, 'hello');
    await raw(sbx, `/conversations/${c.id}/assign`, { form: { admin: app.adminId } });
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Some text', from_admin: app.adminId } });
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Some text', from_user: 'default_user' } });
    sbx.simulator.toggleVisitor(app.id);
    // The assignment comes twice: its part on conversation_reply, and on conversation_assigned.
    await until(() => received.length >= 6, { what: 'six messages' });
    socket.terminate();

    for (const message of received) expect(Object.keys(message).sort()).toEqual(Object.keys(envelope).sort());
    const of = (channel: string) => received.filter((m) => m.channel === `${channel}.${app.id}`).map((m) => m.message);
    expect(keysOf(of('conversation_reply')[0])).toEqual(
      expect.arrayContaining(keysOf(sample('rts-conversation_reply.json'))),
    );
    expect(keysOf(of('conversation_assigned')[0])).toEqual(keysOf(sample('rts-conversation_assigned.json')));
    const typing = of('conversation_typing').map(keysOf);
    expect(typing).toContainEqual(keysOf(sample('rts-conversation_typing-admin.json')));
    expect(typing).toContainEqual(keysOf(sample('rts-conversation_typing-user.json')));
    expect(keysOf(of('user_presence_changed')[0])).toEqual(keysOf(sample('rts-user_presence_changed.json')));
  });
});
